import type { Category, CategoryCounts } from '@club/contract';

export type CategoryNode = { id: number; name: string; count: number; children: CategoryNode[] };

/**
 * The category tree of the product list (spec 2 'Product list'): only categories with products
 * show (a parent's count includes its subcategories), each with its count. Input order is kept
 * (the shop's own order); a category whose parent is hidden or unknown becomes a root.
 */
export const buildCategoryTree = (categories: Category[], counts: CategoryCounts): CategoryNode[] => {
  const nodes = new Map<number, CategoryNode>();
  for (const c of categories) {
    const count = counts[String(c.Id)] ?? 0;
    if (count > 0) nodes.set(c.Id, { id: c.Id, name: c.Name, count, children: [] });
  }
  const roots: CategoryNode[] = [];
  for (const c of categories) {
    const node = nodes.get(c.Id);
    if (!node) continue;
    const parent = c.IdParent != null && c.IdParent !== c.Id ? nodes.get(c.IdParent) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
};

/** Ids from the root down to `id` (inclusive); empty when the id is not in the tree. */
export const categoryPath = (tree: CategoryNode[], id: number | null): number[] => {
  if (id == null) return [];
  const walk = (list: CategoryNode[], trail: number[]): number[] | null => {
    for (const n of list) {
      const here = [...trail, n.id];
      if (n.id === id) return here;
      const found = walk(n.children, here);
      if (found) return found;
    }
    return null;
  };
  return walk(tree, []) ?? [];
};

/** Every category of the shop by id (including empty ones), for names and existence checks. */
export const findCategory = (categories: Category[], id: number): Category | undefined =>
  categories.find((c) => c.Id === id);
