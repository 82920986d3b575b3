import { MENU_MAX_DEPTH, type PanelMenuItem, type PanelMenuItemUpdate } from '@club/contract';

/** Rules of the menu editor's tree: the items come from the API in tree order (each parent before its sub-items). */

/** The ids of an item and of everything below it. */
export const subtree = (items: PanelMenuItem[], id: number): Set<number> => {
  const ids = new Set([id]);
  for (const i of items) if (i.IdParent !== null && ids.has(i.IdParent)) ids.add(i.Id);
  return ids;
};

/** How many levels an item's branch has (1: no sub-items). */
export const branchDepth = (items: PanelMenuItem[], id: number): number => {
  const own = items.find((i) => i.Id === id);
  if (!own) return 1;
  const branch = subtree(items, id);
  const deepest = items.reduce((max, i) => (branch.has(i.Id) ? Math.max(max, i.Poziom) : max), own.Poziom);
  return deepest - own.Poziom + 1;
};

/** Whether an item's branch fits under `parent` (null: the top level) without making the menu too deep. */
export const fitsUnder = (items: PanelMenuItem[], id: number, parent: PanelMenuItem | null): boolean =>
  (parent ? parent.Poziom + 1 : 0) + branchDepth(items, id) <= MENU_MAX_DEPTH;

/** Where a dragged item lands on another: before or after it, or as its last sub-item. */
export type DropZone = 'before' | 'after' | 'inside';

/**
 * The zone under the pointer, `share` being its height from the target's top (0 to 1): the middle
 * makes a sub-item when the branch fits there, the halves place it before or after. null: no drop
 * (onto itself or its own branch, or too deep).
 */
export const dropZone = (
  items: PanelMenuItem[],
  movingId: number,
  target: PanelMenuItem,
  share: number,
): DropZone | null => {
  if (subtree(items, movingId).has(target.Id)) return null;
  if (share > 0.3 && share < 0.7 && fitsUnder(items, movingId, target)) return 'inside';
  const parent = items.find((i) => i.Id === target.IdParent) ?? null;
  if (!fitsUnder(items, movingId, parent)) return null;
  return share < 0.5 ? 'before' : 'after';
};

/** The PATCH body that puts the item in the zone (`Pozycja` counts the new siblings without the item). */
export const dropMove = (
  items: PanelMenuItem[],
  moving: PanelMenuItem,
  target: PanelMenuItem,
  zone: DropZone,
): Pick<PanelMenuItemUpdate, 'IdParent' | 'Pozycja'> => {
  if (zone === 'inside') return { IdParent: target.Id };
  const siblings = items.filter((i) => i.IdParent === target.IdParent && i.Id !== moving.Id);
  const Pozycja = siblings.findIndex((i) => i.Id === target.Id) + (zone === 'after' ? 1 : 0);
  return moving.IdParent === target.IdParent ? { Pozycja } : { IdParent: target.IdParent, Pozycja };
};

/** Where the keyboard stops on an item while dragging: its top, middle and bottom (shares of its height). */
const KEYBOARD_SHARES = [0.15, 0.5, 0.85] as const;

/** An item's card on the screen: its top and height in pixels. */
export type CardBox = { id: number; top: number; height: number };

/**
 * The heights the keyboard's arrows stop at while an item is dragged: one per place it may go
 * (before, inside, after each other item), top to bottom. The mouse gets the same zones from
 * where the pointer is; the arrows step from one to the next.
 */
export const keyboardStops = (items: PanelMenuItem[], movingId: number, cards: CardBox[]): number[] =>
  cards
    .flatMap((card) => {
      const target = items.find((i) => i.Id === card.id);
      if (!target) return [];
      const seen = new Set<DropZone>();
      return KEYBOARD_SHARES.flatMap((share) => {
        const zone = dropZone(items, movingId, target, share);
        if (zone === null || seen.has(zone)) return [];
        seen.add(zone);
        return [card.top + share * card.height];
      });
    })
    .sort((a, b) => a - b);

/** The next stop from height `y` downwards (1) or upwards (-1); null at the end. */
export const nextStop = (stops: number[], y: number, direction: 1 | -1): number | null =>
  (direction > 0 ? stops.find((s) => s > y + 0.5) : stops.findLast((s) => s < y - 0.5)) ?? null;
