import type { Category, CategoryCounts } from '@club/contract';

/** `more`: how many subcategories were left out of `children` (loaded when the branch opens). */
export type CategoryNode = {
  id: number;
  name: string;
  count: number;
  children: CategoryNode[];
  more?: number;
};

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

/** Trees up to this many categories go to the page whole; bigger ones only with the open branch. */
export const FULL_TREE_MAX = 80;

const size = (list: CategoryNode[]): number => list.reduce((n, c) => n + 1 + size(c.children), 0);

/**
 * What the product list page renders of a big tree:
 * the top level, and the subcategories along the way to the current category. Other branches
 * keep only the number of their subcategories; the browser loads them when one is opened.
 */
export const pruneCategoryTree = (tree: CategoryNode[], currentId: number | null): CategoryNode[] => {
  if (size(tree) <= FULL_TREE_MAX) return tree;
  const open = new Set(categoryPath(tree, currentId));
  const prune = (list: CategoryNode[]): CategoryNode[] =>
    list.map((n) =>
      open.has(n.id)
        ? { ...n, children: prune(n.children) }
        : {
            id: n.id,
            name: n.name,
            count: n.count,
            children: [],
            ...(n.children.length && { more: n.children.length }),
          },
    );
  return prune(tree);
};

/** Every category of the shop by id (including empty ones), for names and existence checks. */
export const findCategory = (categories: Category[], id: number): Category | undefined =>
  categories.find((c) => c.Id === id);
