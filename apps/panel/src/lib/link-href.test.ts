import { describe, expect, it } from 'vitest';
import { linkHref } from './link-href.ts';

describe('linkHref', () => {
  it.each([
    ['https://klub.example.org/mecze', 'https://klub.example.org/mecze'],
    ['  http://x.pl  ', 'http://x.pl'],
    ['mailto:sklep@sokol-demo.pl', 'mailto:sklep@sokol-demo.pl'],
    ['/regulamin', '/regulamin'],
    ['#dostawa', '#dostawa'],
    ['www.klub.pl', 'https://www.klub.pl'],
    ['klub.pl/bilety?x=1', 'https://klub.pl/bilety?x=1'],
  ])('accepts %j', (raw, href) => {
    expect(linkHref(raw)).toBe(href);
  });

  it.each([
    '',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,<b>x</b>',
    'vbscript:x',
    '//evil.example/x',
    '/\\evil.example',
    'ftp://x.pl/plik',
    'mailto:nie-adres',
    'tekst ze spacją',
    'regulamin',
  ])('refuses %j', (raw) => {
    expect(linkHref(raw)).toBeNull();
  });
});
