import { describe, expect, it } from 'vitest';
import { currentPanelPath, loginPath, safeNext } from './next-path.ts';

describe('safeNext', () => {
  it('keeps a path inside the panel with its query', () => {
    expect(safeNext('/produkty/5')).toBe('/produkty/5');
    expect(safeNext('/zamowienia?status=nowe&strona=2')).toBe('/zamowienia?status=nowe&strona=2');
  });

  it.each([
    null,
    '',
    'produkty',
    '//evil.example/x',
    '/\\evil.example',
    '/\tevil',
    'https://evil.example/',
    'javascript:alert(1)',
    '/logowanie?next=/x',
    `/${'a'.repeat(2001)}`,
  ])('sends %j to the dashboard', (raw) => {
    expect(safeNext(raw)).toBe('/');
  });

  it('resolves dot segments inside the panel', () => {
    expect(safeNext('/produkty/../zespol')).toBe('/zespol');
    expect(safeNext('/../../x')).toBe('/x');
  });
});

describe('currentPanelPath and loginPath', () => {
  it('strips the basename and keeps the query', () => {
    expect(currentPanelPath({ pathname: '/panel/produkty/7', search: '?a=1' })).toBe('/produkty/7?a=1');
    expect(currentPanelPath({ pathname: '/panel', search: '' })).toBe('/');
  });

  it('names the reason and the way back, not the dashboard', () => {
    expect(loginPath('wygasla', '/produkty/7')).toBe('/logowanie?powod=wygasla&next=%2Fprodukty%2F7');
    expect(loginPath(undefined, '/')).toBe('/logowanie');
    expect(loginPath('wylogowano')).toBe('/logowanie?powod=wylogowano');
    expect(loginPath(undefined, '//evil.example')).toBe('/logowanie');
  });
});
