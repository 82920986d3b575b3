import { SIZE_GUIDE_MAX_COLUMNS, SIZE_GUIDE_MAX_ROWS, type SizeGuide } from '@club/contract';

/** A new table: the usual first columns and one empty row. */
export const startGuide = (columns: readonly string[]): SizeGuide => ({
  Kolumny: [...columns],
  Wiersze: [columns.map(() => '')],
});

export const setHeading = (g: SizeGuide, column: number, value: string): SizeGuide => ({
  ...g,
  Kolumny: g.Kolumny.map((h, i) => (i === column ? value : h)),
});

export const setCell = (g: SizeGuide, row: number, column: number, value: string): SizeGuide => ({
  ...g,
  Wiersze: g.Wiersze.map((r, i) => (i === row ? r.map((c, j) => (j === column ? value : c)) : r)),
});

export const addColumn = (g: SizeGuide): SizeGuide =>
  g.Kolumny.length >= SIZE_GUIDE_MAX_COLUMNS
    ? g
    : { Kolumny: [...g.Kolumny, ''], Wiersze: g.Wiersze.map((r) => [...r, '']) };

export const removeColumn = (g: SizeGuide, column: number): SizeGuide => ({
  Kolumny: g.Kolumny.filter((_, i) => i !== column),
  Wiersze: g.Wiersze.map((r) => r.filter((_, i) => i !== column)),
});

export const addRow = (g: SizeGuide): SizeGuide =>
  g.Wiersze.length >= SIZE_GUIDE_MAX_ROWS ? g : { ...g, Wiersze: [...g.Wiersze, g.Kolumny.map(() => '')] };

export const removeRow = (g: SizeGuide, row: number): SizeGuide => ({
  ...g,
  Wiersze: g.Wiersze.filter((_, i) => i !== row),
});
