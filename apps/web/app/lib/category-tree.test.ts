import { describe, expect, it } from 'vitest';
import { buildCategoryTree, categoryPath } from './category-tree.ts';

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
