import type { MenuItem } from '@club/contract';
import { describe, expect, it } from 'vitest';
import {
  internalMenuPaths,
  productSitemapXml,
  productsFileNumber,
  robotsTxt,
  sitemapIndexXml,
  sitemapXml,
} from './sitemap.ts';

const item = (Url: string, Podrzedne: { Url: string }[] = []): MenuItem => ({
  Id: 1,
  Tytul: 't',
  Url,
  OtworzWNowymOknie: false,
  Podrzedne: Podrzedne.map((p) => item(p.Url)),
});

describe('sitemap', () => {
  it('keeps only internal menu links, sub-menus included, without query or trailing slash', () => {
    const menu = [
      item('/produkty', [{ Url: '/produkty/3' }, { Url: 'https://example.org/' }]),
      item('/o-klubie/?x=1#top'),
      item('//cdn.example.org/x'),
      item('mailto:a@b.pl'),
      item('https://promotor.example.org/'),
    ];
    expect(internalMenuPaths(menu)).toEqual(['/produkty', '/produkty/3', '/o-klubie']);
  });

  it('writes absolute, escaped, de-duplicated URLs', () => {
    const xml = sitemapXml('https://sklep.example.pl', ['/', '/produkty', '/produkty', "/a&b'"]);
    expect(xml).toContain('<?xml version="1.0" encoding="UTF-8"?>');
    expect(xml).toContain('<loc>https://sklep.example.pl/</loc>');
    expect(xml.match(/<loc>https:\/\/sklep\.example\.pl\/produkty<\/loc>/g)).toHaveLength(1);
    expect(xml).toContain('<loc>https://sklep.example.pl/a&amp;b&apos;</loc>');
  });
});

describe('robots.txt', () => {
  it('allows the shop, keeps crawlers out of account and checkout, names the sitemap', () => {
    const txt = robotsTxt('http://localhost:3000');
    expect(txt).toMatch(/^User-agent: \*\nAllow: \/\n/);
    expect(txt).toContain('Disallow: /dostawa-i-platnosc');
    expect(txt).toContain('Disallow: /moje-konto');
    expect(txt).toContain('Sitemap: http://localhost:3000/sitemap.xml');
  });
});

describe('sitemap index and product files', () => {
  it('names each file by absolute URL, lists products by id, parses only produkty-N.xml', () => {
    expect(
      sitemapIndexXml('https://sklep.example.pl', ['/sitemap/strony.xml', '/sitemap/produkty-1.xml']),
    ).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        '  <sitemap><loc>https://sklep.example.pl/sitemap/strony.xml</loc></sitemap>\n' +
        '  <sitemap><loc>https://sklep.example.pl/sitemap/produkty-1.xml</loc></sitemap>\n</sitemapindex>\n',
    );
    expect(productSitemapXml('https://a.example/&x', [7, 12])).toContain(
      '  <url><loc>https://a.example/produkt/7</loc></url>\n  <url><loc>https://a.example/produkt/12</loc></url>\n</urlset>',
    );
    expect(productsFileNumber('produkty-12.xml')).toBe(12);
    for (const bad of [
      'produkty-0.xml',
      'produkty-01.xml',
      'produkty-1.xml.gz',
      'strony.xml',
      'produkty-123456.xml',
    ])
      expect(productsFileNumber(bad), bad).toBeUndefined();
  });
});
