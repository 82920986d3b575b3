import type { PanelMenuItem } from '@club/contract';
import { describe, expect, it } from 'vitest';
import { branchDepth, dropMove, dropZone, fitsUnder, keyboardStops, nextStop, subtree } from './menu-tree.ts';

const item = (Id: number, IdParent: number | null, Poziom: number, Pozycja: number): PanelMenuItem => ({
  Id,
  IdParent,
  Tytul: `Pozycja ${Id}`,
  Url: '/',
  OtworzWNowymOknie: false,
  Pozycja,
  Poziom,
  LiczbaPodrzednych: 0,
});

// 1
// ├ 2
// │ └ 3
// └ 4
// 5
// 6
const items = [
  item(1, null, 0, 0),
  item(2, 1, 1, 0),
  item(3, 2, 2, 0),
  item(4, 1, 1, 1),
  item(5, null, 0, 1),
  item(6, null, 0, 2),
];
const byId = (id: number) => items.find((i) => i.Id === id)!;

describe('menu tree', () => {
  it('finds an item’s branch and its depth', () => {
    expect([...subtree(items, 1)].sort()).toEqual([1, 2, 3, 4]);
    expect([...subtree(items, 2)].sort()).toEqual([2, 3]);
    expect([...subtree(items, 5)]).toEqual([5]);
    expect(branchDepth(items, 1)).toBe(3);
    expect(branchDepth(items, 2)).toBe(2);
    expect(branchDepth(items, 6)).toBe(1);
  });

  it('lets a branch go only where the menu stays three levels deep', () => {
    expect(fitsUnder(items, 5, byId(2))).toBe(true);
    expect(fitsUnder(items, 5, byId(3))).toBe(false);
    expect(fitsUnder(items, 2, byId(4))).toBe(false);
    expect(fitsUnder(items, 2, byId(5))).toBe(true);
    expect(fitsUnder(items, 1, null)).toBe(true);
  });

  it('drops in the middle as a sub-item, on the halves before or after, never into its own branch', () => {
    expect(dropZone(items, 6, byId(5), 0.5)).toBe('inside');
    expect(dropZone(items, 6, byId(5), 0.1)).toBe('before');
    expect(dropZone(items, 6, byId(5), 0.9)).toBe('after');
    expect(dropZone(items, 1, byId(3), 0.5)).toBeNull();
    expect(dropZone(items, 1, byId(1), 0.1)).toBeNull();
    // Item 2's branch (two levels) cannot go under item 4 (level 1): the middle places it beside.
    expect(dropZone(items, 2, byId(4), 0.4)).toBe('before');
    // Item 1's branch (three levels) cannot go beside item 3 (level 2) at all.
    expect(dropZone(items, 1, byId(3), 0.9)).toBeNull();
  });

  it('turns a drop into the move the API makes', () => {
    expect(dropMove(items, byId(6), byId(5), 'inside')).toEqual({ IdParent: 5 });
    // Same level: only the place, counted without the moved item.
    expect(dropMove(items, byId(6), byId(1), 'before')).toEqual({ Pozycja: 0 });
    expect(dropMove(items, byId(1), byId(6), 'after')).toEqual({ Pozycja: 2 });
    expect(dropMove(items, byId(1), byId(5), 'before')).toEqual({ Pozycja: 0 });
    // Another level: the new parent and the place among its items.
    expect(dropMove(items, byId(6), byId(4), 'before')).toEqual({ IdParent: 1, Pozycja: 1 });
    expect(dropMove(items, byId(3), byId(5), 'after')).toEqual({ IdParent: null, Pozycja: 2 });
  });

  it('stops the keyboard at each place a dragged item may go, top to bottom', () => {
    // Cards 100 px high, one under another in tree order.
    const cards = items.map((i, n) => ({ id: i.Id, top: n * 100, height: 100 }));
    // Item 6 (no sub-items) may go before, inside and after every other item except item 3 (third
    // level: nothing goes inside it); its own card has no stops.
    const stops = keyboardStops(items, 6, cards);
    expect(stops).toEqual([15, 50, 85, 115, 150, 185, 215, 250, 315, 350, 385, 415, 450, 485]);
    // Item 2’s branch (two levels) cannot go near item 3 (its own branch) nor inside item 4: before
    // or after it only.
    expect(keyboardStops(items, 2, cards)).toEqual([15, 50, 85, 315, 350, 415, 450, 485, 515, 550, 585]);
    expect(nextStop(stops, 50, 1)).toBe(85);
    expect(nextStop(stops, 50, -1)).toBe(15);
    expect(nextStop(stops, 550, 1)).toBeNull();
    expect(nextStop(stops, 15, -1)).toBeNull();
  });
});
