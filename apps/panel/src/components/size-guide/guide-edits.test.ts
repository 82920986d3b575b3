import { describe, expect, it } from 'vitest';
import {
  addColumn,
  addRow,
  removeColumn,
  removeRow,
  setCell,
  setHeading,
  startGuide,
} from './guide-edits.ts';

describe('size guide edits', () => {
  it('keeps every row as wide as the headings', () => {
    let g = startGuide(['Rozmiar', 'Wiek']);
    g = addRow(setCell(g, 0, 0, 'S'));
    g = addColumn(setHeading(g, 1, 'Wiek (lata)'));
    expect(g).toEqual({
      Kolumny: ['Rozmiar', 'Wiek (lata)', ''],
      Wiersze: [
        ['S', '', ''],
        ['', '', ''],
      ],
    });
    g = removeColumn(g, 0);
    expect(g).toEqual({
      Kolumny: ['Wiek (lata)', ''],
      Wiersze: [
        ['', ''],
        ['', ''],
      ],
    });
    expect(removeRow(g, 0).Wiersze).toHaveLength(1);
  });

  it('stops at 6 columns and 20 rows', () => {
    let g = startGuide(['A', 'B']);
    for (let i = 0; i < 10; i++) g = addRow(addColumn(g));
    expect(g.Kolumny).toHaveLength(6);
    expect(g.Wiersze).toHaveLength(11);
    for (let i = 0; i < 20; i++) g = addRow(g);
    expect(g.Wiersze).toHaveLength(20);
  });
});
