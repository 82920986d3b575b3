import type { MenuItem } from '@club/contract';

type Row = { id: number; parentId: number | null; title: string; url: string; newWindow: boolean };

/**
 * Nests menu rows under their parents, keeping the incoming (position) order at every level.
 * Rows whose parent is not in this menu, and rows caught in a parent cycle, never hang off a
 * root, so they are left out instead of looping or showing up at the top level.
 */
export const buildMenuTree = (rows: Row[]): MenuItem[] => {
  const children = new Map<number | null, Row[]>();
  for (const row of rows) {
    const list = children.get(row.parentId) ?? [];
    list.push(row);
    children.set(row.parentId, list);
  }
  const seen = new Set<number>();
  const build = (parentId: number | null): MenuItem[] =>
    (children.get(parentId) ?? [])
      .filter((row) => !seen.has(row.id) && seen.add(row.id))
      .map((row) => ({
        Id: row.id,
        Tytul: row.title,
        Url: row.url,
        OtworzWNowymOknie: row.newWindow,
        Podrzedne: build(row.id),
      }));
  return build(null);
};
