import { describe, expect, it } from 'vitest';
import { linkTarget, menuLinkTarget, visibleSocialLinks } from './menu-links.ts';

const item = (Tytul: string, Url: string, OtworzWNowymOknie = false) => ({ Tytul, Url, OtworzWNowymOknie });

describe('linkTarget', () => {
  it('routes site paths through the router', () => {
    expect(linkTarget('/produkty')).toEqual({ kind: 'internal', to: '/produkty', newWindow: false });
    expect(linkTarget(' kontakt ')).toEqual({ kind: 'internal', to: '/kontakt', newWindow: false });
    expect(linkTarget('/regulamin', true)).toEqual({ kind: 'internal', to: '/regulamin', newWindow: true });
  });
  it('keeps http(s), mailto and tel addresses as plain links', () => {
    expect(linkTarget('https://klub.example.org/')).toEqual({
      kind: 'external',
      href: 'https://klub.example.org/',
      newWindow: false,
    });
    expect(linkTarget('HTTP://a.pl', true)).toMatchObject({ kind: 'external', newWindow: true });
    expect(linkTarget('mailto:sklep@klub.pl')).toMatchObject({
      kind: 'external',
      href: 'mailto:sklep@klub.pl',
    });
    expect(linkTarget('tel:+48221234567')).toMatchObject({ kind: 'external' });
    expect(linkTarget('//cdn.example.org/x')).toMatchObject({
      kind: 'external',
      href: 'https://cdn.example.org/x',
    });
  });
  it('drops empty and unsafe addresses', () => {
    expect(linkTarget('')).toEqual({ kind: 'none' });
    expect(linkTarget(null)).toEqual({ kind: 'none' });
    expect(linkTarget('javascript:alert(1)')).toEqual({ kind: 'none' });
    expect(linkTarget(' JavaScript:alert(1)')).toEqual({ kind: 'none' });
    expect(linkTarget('data:text/html,x')).toEqual({ kind: 'none' });
  });
});

describe('menuLinkTarget', () => {
  it("opens 'Zostań promotorem' as an external link in a new window, whatever its address", () => {
    expect(menuLinkTarget(item('Zostań promotorem', 'https://promotor.example.org/'))).toEqual({
      kind: 'external',
      href: 'https://promotor.example.org/',
      newWindow: true,
    });
    expect(menuLinkTarget(item(' zostań promotorem ', '/promotor'))).toEqual({
      kind: 'external',
      href: '/promotor',
      newWindow: true,
    });
    expect(menuLinkTarget(item('Zostań promotorem', 'javascript:x'))).toEqual({ kind: 'none' });
  });
  it('honours OtworzWNowymOknie', () => {
    expect(menuLinkTarget(item('Strona klubu', 'https://klub.example.org/', true))).toMatchObject({
      kind: 'external',
      newWindow: true,
    });
    expect(menuLinkTarget(item('Sklep', '/produkty'))).toEqual({
      kind: 'internal',
      to: '/produkty',
      newWindow: false,
    });
  });
});

describe('visibleSocialLinks', () => {
  it('maps kinds 1-5 to their networks and skips unknown kinds and unsafe addresses', () => {
    expect(
      visibleSocialLinks([
        { Rodzaj: 1, Url: 'https://facebook.com/klub' },
        { Rodzaj: 2, Url: 'https://tiktok.com/@klub' },
        { Rodzaj: 3, Url: 'https://instagram.com/klub' },
        { Rodzaj: 4, Url: 'https://youtube.com/klub' },
        { Rodzaj: 5, Url: 'https://x.com/klub' },
        { Rodzaj: 6, Url: 'https://example.org' },
        { Rodzaj: 1, Url: 'javascript:alert(1)' },
      ]).map((s) => s.name),
    ).toEqual(['Facebook', 'TikTok', 'Instagram', 'YouTube', 'X']);
  });
});
