import { describe, expect, it } from 'vitest';
import { isCanonicalListSearch, listSearch, pageCount, pageItems, parseListQuery } from './paging.ts';

const q = (search: string) => new URLSearchParams(search);
const pages = (current: number, count: number) =>
  pageItems(current, count).map((i) => ('page' in i ? i.page : '…'));

describe('parseListQuery', () => {
  it('reads the page and the order, defaults for absent ones, ignores other parameters', () => {
    expect(parseListQuery(q(''))).toEqual({ page: 1, sort: 'domyslne' });
    expect(parseListQuery(q('strona=3&sortuj=cena-rosnaco&utm_source=x'))).toEqual({
      page: 3,
      sort: 'cena-rosnaco',
    });
    expect(parseListQuery(q('sortuj='))).toEqual({ page: 1, sort: 'domyslne' });
  });

  it('refuses what names no page', () => {
    for (const bad of [
      'strona=0',
      'strona=-1',
      'strona=02',
      'strona=1.5',
      'strona=abc',
      'strona=',
      'strona=1000001',
    ])
      expect(parseListQuery(q(bad)), bad).toBeNull();
    for (const bad of ['sortuj=cena', 'sortuj=NAZWA', 'strona=2&strona=3', 'sortuj=nowe&sortuj=nazwa'])
      expect(parseListQuery(q(bad)), bad).toBeNull();
  });
});

describe('listSearch and isCanonicalListSearch', () => {
  it('leave out page 1 and the default order, sort first', () => {
    expect(listSearch({ page: 1, sort: 'domyslne' })).toBe('');
    expect(listSearch({ page: 2, sort: 'domyslne' })).toBe('?strona=2');
    expect(listSearch({ page: 1, sort: 'nazwa' })).toBe('?sortuj=nazwa');
    expect(listSearch({ page: 4, sort: 'cena-malejaco' })).toBe('?sortuj=cena-malejaco&strona=4');
  });

  it('tell the canonical address from other spellings of the same page', () => {
    const canonical = (s: string) => isCanonicalListSearch(q(s), parseListQuery(q(s))!);
    expect(canonical('')).toBe(true);
    expect(canonical('strona=2')).toBe(true);
    expect(canonical('sortuj=nazwa&strona=2')).toBe(true);
    expect(canonical('sortuj=nazwa&strona=2&fbclid=1')).toBe(true);
    expect(canonical('strona=1')).toBe(false);
    expect(canonical('sortuj=domyslne')).toBe(false);
    expect(canonical('sortuj=')).toBe(false);
    expect(canonical('strona=2&sortuj=nazwa')).toBe(false);
  });
});

describe('pageCount and pageItems', () => {
  it('counts pages of 64, at least one', () => {
    expect(pageCount(0, 64)).toBe(1);
    expect(pageCount(64, 64)).toBe(1);
    expect(pageCount(65, 64)).toBe(2);
    expect(pageCount(100_041, 64)).toBe(1564);
  });

  it('shows first, last, the current page with neighbours, gaps of two or more pages', () => {
    expect(pages(1, 1)).toEqual([1]);
    expect(pages(1, 2)).toEqual([1, 2]);
    expect(pages(2, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pages(1, 10)).toEqual([1, 2, '…', 10]);
    expect(pages(5, 10)).toEqual([1, '…', 4, 5, 6, '…', 10]);
    expect(pages(4, 10)).toEqual([1, 2, 3, 4, 5, '…', 10]);
    expect(pages(10, 10)).toEqual([1, '…', 9, 10]);
  });
});
