import { describe, expect, it } from 'vitest';
import { buildCategoryTree, type CategoryNode, categoryPath, pruneCategoryTree } from './category-tree.ts';

const cats = [
  { Id: 1, IdParent: null, Name: 'Odzież', HasChild: true },
  { Id: 2, IdParent: 1, Name: 'Koszulki', HasChild: false },
  { Id: 3, IdParent: 1, Name: 'Pusta', HasChild: false },
  { Id: 4, IdParent: null, Name: 'Bilety', HasChild: false },
  { Id: 5, IdParent: null, Name: 'Archiwum', HasChild: true },
  { Id: 6, IdParent: 5, Name: 'Stare', HasChild: false },
];

describe('buildCategoryTree', () => {
  it('keeps only categories with products, with counts and children', () => {
    const tree = buildCategoryTree(cats, { '1': 7, '2': 7, '3': 0, '4': 2, '5': 0, '6': 0 });
    expect(tree).toEqual([
      { id: 1, name: 'Odzież', count: 7, children: [{ id: 2, name: 'Koszulki', count: 7, children: [] }] },
      { id: 4, name: 'Bilety', count: 2, children: [] },
    ]);
  });
  it('treats missing counts as empty and lifts orphans to the top', () => {
    const tree = buildCategoryTree(cats, { '2': 1 });
    expect(tree).toEqual([{ id: 2, name: 'Koszulki', count: 1, children: [] }]);
  });
});

describe('categoryPath', () => {
  const tree = buildCategoryTree(cats, { '1': 7, '2': 7, '4': 2 });
  it('lists the branch from the root down to the category', () => {
    expect(categoryPath(tree, 2)).toEqual([1, 2]);
    expect(categoryPath(tree, 4)).toEqual([4]);
  });
  it('is empty for no or unknown category', () => {
    expect(categoryPath(tree, null)).toEqual([]);
    expect(categoryPath(tree, 99)).toEqual([]);
  });
});

describe('pruneCategoryTree', () => {
  // 12 top categories, 6 under each, 4 under each of those: 372, as the big catalogue seed makes.
  const big: CategoryNode[] = Array.from({ length: 12 }, (_, t) => ({
    id: 1000 + t,
    name: `Top ${t}`,
    count: 24,
    children: Array.from({ length: 6 }, (_, m) => ({
      id: 2000 + t * 10 + m,
      name: `Middle ${t}.${m}`,
      count: 4,
      children: Array.from({ length: 4 }, (_, l) => ({
        id: 3000 + t * 100 + m * 10 + l,
        name: `Leaf ${t}.${m}.${l}`,
        count: 1,
        children: [],
      })),
    })),
  }));
  const ids = (list: CategoryNode[]): number[] => list.flatMap((n) => [n.id, ...ids(n.children)]);

  it('leaves a small tree whole', () => {
    const tree = buildCategoryTree(cats, { '1': 7, '2': 7, '4': 2 });
    expect(pruneCategoryTree(tree, null)).toBe(tree);
  });
  it('keeps the top level of a big tree, with the number of hidden subcategories', () => {
    const pruned = pruneCategoryTree(big, null);
    expect(ids(pruned)).toHaveLength(12);
    expect(pruned[0]).toEqual({ id: 1000, name: 'Top 0', count: 24, children: [], more: 6 });
  });
  it('opens the branch down to the current category, and its own subcategories', () => {
    const pruned = pruneCategoryTree(big, 2013);
    expect(ids(pruned)).toHaveLength(12 + 6 + 4);
    const top = pruned.find((n) => n.id === 1001)!;
    expect(top.children.map((c) => c.more)).toEqual([4, 4, 4, undefined, 4, 4]);
    expect(top.children[3]!.children.map((c) => c.id)).toEqual([3130, 3131, 3132, 3133]);
    expect(categoryPath(pruned, 2013)).toEqual([1001, 2013]);
  });
});
