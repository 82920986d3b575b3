import { describe, expect, it } from 'vitest';
import { msg } from './messages.ts';
import { SizeGuideSchema } from './size-guide.ts';

const messages = (value: unknown) => {
  const parsed = SizeGuideSchema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
};

describe('SizeGuideSchema', () => {
  it('takes a small table and trims its cells', () => {
    const parsed = SizeGuideSchema.parse({
      Kolumny: [' Rozmiar ', 'Obwód klatki (cm)', 'Długość (cm)', 'Wiek'],
      Wiersze: [
        ['S ', '88–96', '70', ''],
        ['M', '96–104', '72', ''],
      ],
    });
    expect(parsed.Kolumny[0]).toBe('Rozmiar');
    expect(parsed.Wiersze[0]).toEqual(['S', '88–96', '70', '']);
  });

  it('refuses more than 6 columns, fewer than 2, more than 20 rows or none', () => {
    const row = (n: number) => Array.from({ length: n }, () => 'x');
    expect(messages({ Kolumny: row(7), Wiersze: [row(7)] })).toContain(msg.sizeGuideColumns);
    expect(messages({ Kolumny: row(1), Wiersze: [row(1)] })).toContain(msg.sizeGuideColumns);
    expect(messages({ Kolumny: row(2), Wiersze: Array.from({ length: 21 }, () => row(2)) })).toContain(
      msg.sizeGuideRows,
    );
    expect(messages({ Kolumny: row(2), Wiersze: [] })).toContain(msg.sizeGuideRows);
  });

  it('refuses a cell over 40 characters, an empty heading, a ragged or empty row', () => {
    expect(messages({ Kolumny: ['A', 'B'], Wiersze: [['x'.repeat(41), 'y']] })).toEqual([
      msg.sizeGuideCellTooLong,
    ]);
    expect(messages({ Kolumny: ['A', 'x'.repeat(40)], Wiersze: [['1', '2']] })).toEqual([]);
    expect(messages({ Kolumny: ['A', '  '], Wiersze: [['1', '2']] })).toEqual([msg.sizeGuideHeading]);
    expect(messages({ Kolumny: ['A', 'B'], Wiersze: [['1']] })).toEqual([msg.sizeGuideRowWidth]);
    expect(messages({ Kolumny: ['A', 'B'], Wiersze: [['', ' ']] })).toEqual([msg.sizeGuideRowEmpty]);
    expect(messages({ Kolumny: ['A', 'B'], Wiersze: [['1', 'a\u0000']] })).toEqual([msg.invalidCharacters]);
  });
});
