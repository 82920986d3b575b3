/** Trees kept as flat rows with a parent id and a position among siblings (categories, menu items). */
export type TreeRow = { id: number; parentId: number | null; position: number };

/** Direct children in position order (id breaks ties). */
export const childrenOf = <R extends TreeRow>(rows: R[], parentId: number | null): R[] =>
  rows.filter((r) => r.parentId === parentId).sort((a, b) => a.position - b.position || a.id - b.id);

/** The node and every node under it (a visited set, so damaged data with a cycle cannot loop). */
export const subtreeOf = (rows: TreeRow[], id: number): Set<number> => {
  const seen = new Set<number>([id]);
  const stack = [id];
  while (stack.length) {
    const current = stack.pop()!;
    for (const r of rows) {
      if (r.parentId === current && !seen.has(r.id)) {
        seen.add(r.id);
        stack.push(r.id);
      }
    }
  }
  return seen;
};

/**
 * Every node once, depth-first in position order; `entry` gets the node, its depth (0 at the top)
 * and its index among its siblings.
 */
export const flattenTree = <R extends TreeRow, T>(
  rows: R[],
  entry: (row: R, depth: number, index: number) => T,
): T[] => {
  const out: T[] = [];
  const ids = new Set(rows.map((r) => r.id));
  const placed = new Set<number>();
  const walk = (parentId: number | null, depth: number) => {
    for (const [i, r] of childrenOf(rows, parentId).entries()) {
      if (placed.has(r.id)) continue;
      placed.add(r.id);
      out.push(entry(r, depth, i));
      walk(r.id, depth + 1);
    }
  };
  walk(null, 0);
  // A node whose parent is gone (or a damaged cycle) still shows, at the top level.
  for (const r of rows)
    if (!placed.has(r.id) && (r.parentId === null || !ids.has(r.parentId))) walk(r.parentId, 0);
  return out;
};
