import type { MenuItem } from '@club/contract';
import { describe, expect, it } from 'vitest';
import { internalMenuPaths, robotsTxt, sitemapXml } from './sitemap.ts';

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
