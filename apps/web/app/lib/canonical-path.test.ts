import type { RouteConfigEntry } from '@react-router/dev/routes';
import { describe, expect, it } from 'vitest';
import routes from '../routes.ts';
import { canonicalPath, PAGE_PATTERNS } from './canonical-path.ts';

/** What each route parameter of routes.ts is, for the cache's patterns. */
const PARAM_KINDS: Record<string, string> = {
  id: ':number',
  kategoriaId: ':number',
  guid: ':token',
  hash: ':token',
  token: ':token',
  slug: ':text',
  plik: ':text',
};

/** Every full path of the route config, optional segments both ways, the catch-all left out. */
const routePaths = (entries: RouteConfigEntry[], parent: string[] = []): string[][] =>
  entries.flatMap((e) => {
    const own = e.path ? e.path.split('/') : [];
    if (own.includes('*')) return [];
    let paths: string[][] = [[...parent]];
    for (const segment of own) {
      const optional = segment.endsWith('?');
      const name = segment.replace(/\?$/, '');
      const part = name.startsWith(':') ? (PARAM_KINDS[name.slice(1)] ?? `unknown ${name}`) : name;
      paths = paths.flatMap((p) => (optional ? [p, [...p, part]] : [[...p, part]]));
    }
    if (e.children) return paths.flatMap((p) => routePaths(e.children!, p));
    return paths;
  });

describe('canonicalPath', () => {
  it('knows every page of routes.ts and nothing else', () => {
    const fromRoutes = new Set(routePaths(routes).map((p) => p.join('/')));
    expect(fromRoutes).toEqual(new Set(PAGE_PATTERNS));
  });

  it('keeps a canonical path as it is', () => {
    for (const path of [
      '/',
      '/produkty',
      '/produkty/12',
      '/produkt/1',
      '/koszyk',
      '/logowanie',
      '/szukaj',
      '/regulamin',
      '/o-klubie',
      '/sitemap.xml',
      '/sitemap/strony.xml',
      '/sitemap/produkty-1.xml',
      '/robots.txt',
      '/za%C5%BC%C3%B3%C5%82%C4%87',
      '/_root.data',
      '/produkty.data',
      '/produkt/1.data',
    ])
      expect(canonicalPath(path), path).toBe(path);
  });

  it('gives one spelling for case, trailing slashes, %-escapes and leading zeros', () => {
    const same: Record<string, string[]> = {
      '/produkty': ['/Produkty', '/PRODUKTY', '/produkty/', '//produkty', '/produk%74y', '/produk%74y/'],
      '/produkt/1': ['/produkt/01', '/PRODUKT/0001', '/produkt/%31', '/produkt/1/', '/Produkt/01/'],
      '/produkty/7': ['/produkty/007', '/Produkty/7/', '/produkty//7'],
      '/sitemap.xml': ['/SITEMAP.XML', '/sitemap.xml/', '/sitemap%2Exml', '/Sitemap%2exml'],
      '/robots.txt': ['/ROBOTS.TXT', '/robots.txt/'],
      '/sitemap/strony.xml': ['/SITEMAP/strony.xml', '/sitemap/strony%2Exml', '/sitemap/strony.xml/'],
      '/regulamin': ['/regulamin/', '/%72egulamin', '/reg%75lamin'],
      '/za%C5%BC%C3%B3%C5%82%C4%87': ['/za%c5%bc%c3%b3%c5%82%c4%87'],
      '/a%20b': ['/a%20b/'],
      '/produkty.data': ['/Produkty.data', '/produkty/.data', '/produk%74y.data'],
      '/_root.data': ['/.data'],
    };
    for (const [canonical, variants] of Object.entries(same))
      for (const variant of variants) expect(canonicalPath(variant), variant).toBe(canonical);
  });

  it('leaves the case of names and the text of numbers that are none: the pages tell those apart', () => {
    // Sub-page slugs and sitemap file names are matched exactly: another case is a 404, not a copy.
    expect(canonicalPath('/Regulamin')).toBe('/Regulamin');
    expect(canonicalPath('/sitemap/STRONY.XML')).toBe('/sitemap/STRONY.XML');
    expect(canonicalPath('/sitemap/produkty-01.xml')).toBe('/sitemap/produkty-01.xml');
    expect(canonicalPath('/produkt/abc')).toBe('/produkt/abc');
    expect(canonicalPath('/produkt/0')).toBe('/produkt/0');
    expect(canonicalPath('/produkt/000')).toBe('/produkt/0');
  });

  it('has no address for token pages, escaped slashes, dot segments, bad escapes and non-pages', () => {
    for (const path of [
      '/resetuj-haslo/abc',
      '/potwierdz-nowy-adres-email/abc',
      '/logowanie/abc',
      '/RESETUJ-HASLO/abc',
      '/produkt/1%2F2',
      '/a%2Fb',
      '/%2e%2e',
      '/produkt/%E0%A4%A',
      '/produkt/1/2',
      '/a/b/c',
    ])
      expect(canonicalPath(path), path).toBeUndefined();
  });

  it('never yields an address another host could be read from', () => {
    for (const path of ['//evil.example', '/%2F%2Fevil.example', '/%5Cevil.example', '/\\evil.example']) {
      const c = canonicalPath(path);
      if (c !== undefined) expect(c, path).toMatch(/^\/[^/\\]/);
    }
    expect(canonicalPath('/%5Cevil.example')).toBe('/%5Cevil.example');
    expect(canonicalPath('//evil.example')).toBe('/evil.example');
  });
});
