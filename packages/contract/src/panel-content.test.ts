import { describe, expect, it } from 'vitest';
import {
  isNetworkUrl,
  isShopLink,
  PanelBannerSlideInputSchema,
  PanelMenuItemCreateSchema,
  PanelPageInputSchema,
} from './panel-content.ts';

describe('isShopLink', () => {
  it('takes shop paths, http(s) addresses with a host, mailto and tel', () => {
    for (const url of [
      '/',
      '/produkty',
      '/produkty/12?sort=cena#lista',
      'https://klub.example.org/',
      'http://bilety.example.pl/mecz?id=1',
      'mailto:sklep@klub.pl',
      'tel:+48 22 123 45 67',
    ])
      expect(isShopLink(url), url).toBe(true);
  });

  it('refuses other schemes, protocol-relative and host-less addresses, spaces and control characters', () => {
    for (const url of [
      '',
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'data:text/html,x',
      '//evil.example/',
      '/\\evil.example',
      'https://',
      'https://localhost/',
      'https://evil .example/',
      '/a b',
      '/a\nb',
      'produkty',
      'mailto:a@b.pl,c@d.pl',
      'tel:abc',
      `/${'a'.repeat(600)}`,
    ])
      expect(isShopLink(url), url).toBe(false);
  });
});

describe('isNetworkUrl', () => {
  it("matches the network's domain and its sub-domains only", () => {
    expect(isNetworkUrl(1, 'https://www.facebook.com/klub')).toBe(true);
    expect(isNetworkUrl(1, 'https://pl-pl.facebook.com/klub')).toBe(true);
    expect(isNetworkUrl(5, 'https://twitter.com/klub')).toBe(true);
    expect(isNetworkUrl(4, 'https://youtu.be/abc')).toBe(true);
    expect(isNetworkUrl(1, 'https://facebook.com.evil.example/klub')).toBe(false);
    expect(isNetworkUrl(1, 'https://notfacebook.com/klub')).toBe(false);
    expect(isNetworkUrl(9, 'https://facebook.com/')).toBe(false);
  });
});

describe('panel content schemas', () => {
  it('normalises colours and keeps the codes the storefront knows', () => {
    const ok = PanelBannerSlideInputSchema.parse({
      Url: '',
      KolorText: ' #ABC ',
      BgOpacity: 10,
      IsKolorMaski: false,
      KolorMaski: '#000000',
      BanerGrafikaPrzezroczystoscMaski: 80,
      PolozenieTextX: 20,
      PolozenieTextY: 30,
    });
    expect(ok).toMatchObject({ Nazwa: '', Tresc: '', KolorText: '#abc' });
    expect(PanelBannerSlideInputSchema.safeParse({ ...ok, BgOpacity: 60 }).success).toBe(false);
  });

  it('defaults a menu item to the top level in the same window', () => {
    expect(PanelMenuItemCreateSchema.parse({ Tytul: ' Sklep ', Url: '/produkty' })).toEqual({
      Tytul: 'Sklep',
      Url: '/produkty',
      OtworzWNowymOknie: false,
      IdParent: null,
    });
  });

  it('refuses reserved and malformed slugs', () => {
    const base = { Tytul: 'T' };
    expect(PanelPageInputSchema.safeParse({ ...base, Slug: 'o-klubie' }).success).toBe(true);
    for (const Slug of ['koszyk', 'panel', 'O-Klubie', 'a--b', 'ą'])
      expect(PanelPageInputSchema.safeParse({ ...base, Slug }).success, Slug).toBe(false);
  });
});
