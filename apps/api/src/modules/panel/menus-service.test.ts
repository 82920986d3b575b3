import { describe, expect, it } from 'vitest';
import { buildMenuList } from './menus-service.ts';

const row = (id: number, parentId: number | null, position = 0) => ({
  id,
  organisationId: 1,
  menuId: 10,
  parentId,
  title: `m${id}`,
  url: `/m${id}`,
  newWindow: false,
  position,
});

describe('buildMenuList', () => {
  it('lists parents before their sub-items, siblings by position, with depth, place and counts', () => {
    const list = buildMenuList([row(1, null, 1), row(2, null, 0), row(3, 1, 1), row(4, 1, 0), row(5, 4, 0)]);
    expect(list.map((i) => [i.Id, i.Poziom, i.Pozycja, i.LiczbaPodrzednych])).toEqual([
      [2, 0, 0, 0],
      [1, 0, 1, 2],
      [4, 1, 0, 1],
      [5, 2, 0, 0],
      [3, 1, 1, 0],
    ]);
  });

  it('shows items whose parent is gone at the top level, and never loops on a cycle', () => {
    const list = buildMenuList([row(1, null), row(2, 99), row(3, 4), row(4, 3)]);
    expect(list.map((i) => i.Id)).toEqual([1, 2]);
  });
});
