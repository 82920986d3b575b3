import { describe, expect, it } from 'vitest';
import { buildMenuTree } from './menu-tree.ts';

const row = (id: number, parentId: number | null, title = `m${id}`) => ({
  id,
  parentId,
  title,
  url: `/${title}`,
  newWindow: false,
});

describe('buildMenuTree', () => {
  it('nests children at any depth in the given order', () => {
    const tree = buildMenuTree([row(1, null), row(2, null), row(3, 1), row(4, 3), row(5, 1)]);
    expect(tree.map((i) => i.Id)).toEqual([1, 2]);
    expect(tree[0]!.Podrzedne.map((i) => i.Id)).toEqual([3, 5]);
    expect(tree[0]!.Podrzedne[0]!.Podrzedne.map((i) => i.Id)).toEqual([4]);
    expect(tree[1]!.Podrzedne).toEqual([]);
    expect(tree[0]).toMatchObject({ Tytul: 'm1', Url: '/m1', OtworzWNowymOknie: false });
  });

  it('leaves out orphans and cycles', () => {
    const tree = buildMenuTree([row(1, null), row(2, 99), row(3, 4), row(4, 3)]);
    expect(tree).toEqual([{ Id: 1, Tytul: 'm1', Url: '/m1', OtworzWNowymOknie: false, Podrzedne: [] }]);
  });

  it('gives an empty list for an empty menu', () => {
    expect(buildMenuTree([])).toEqual([]);
  });
});
