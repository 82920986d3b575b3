import { splitByWeight } from '@club/contract';
import { describe, expect, it } from 'vitest';
import type { InvoiceLine, VatRate } from './invoice-data.ts';
import { priceLines, splitReduction } from './reduction.ts';
import { lineGross, summarise } from './vat.ts';

const line = (unitGross: number, quantity: number, vatRate: VatRate, name = 'Towar'): InvoiceLine => ({
  name,
  quantity,
  unit: 'szt.',
  unitGross,
  vatRate,
});
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('splitByWeight', () => {
  it('gives the grosze left by rounding down to the largest remainders, summing exactly', () => {
    expect(splitByWeight(100, [40, 40, 40])).toEqual([34, 33, 33]);
    expect(splitByWeight(1000, [3333, 6667])).toEqual([333, 667]);
    expect(splitByWeight(0, [5, 5])).toEqual([0, 0]);
    expect(splitByWeight(10, [10, 0])).toEqual([10, 0]);
  });
  it('stays exact past 2^53 in the products, and refuses more than the weights hold', () => {
    const big = 99_999_999;
    expect(sum(splitByWeight(big, [big, big, 1]))).toBe(big);
    expect(() => splitByWeight(11, [5, 5])).toThrow(RangeError);
    expect(() => splitByWeight(-1, [5])).toThrow(RangeError);
  });
});

describe('splitReduction: a price reduction over an invoice’s lines', () => {
  it('spreads it per VAT rate by gross, then over each rate’s lines, summing exactly', () => {
    const lines = [
      line(3333, 3, '23', 'Koszulka'),
      line(1001, 1, '8', 'Książka'),
      line(4999, 1, '23', 'Szalik'),
      line(777, 2, '5', 'Baton'),
    ];
    const shares = splitReduction(lines, 1000);
    expect(sum(shares)).toBe(1000);
    // Rates: 23% 14998, 8% 1001, 5% 1554 of 17553; shares of 1000: 854.43, 57.03, 88.53: the grosz left to 5%.
    const perRate = (rate: VatRate) => sum(shares.filter((_, i) => lines[i]!.vatRate === rate));
    expect([perRate('23'), perRate('8'), perRate('5')]).toEqual([854, 57, 89]);
    // Within 23%: 9999 and 4999 of 14998: 569.36 and 284.64.
    expect([shares[0], shares[2]]).toEqual([569, 285]);
  });

  it('never takes a line below zero, whatever the amount and the lines', () => {
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const rates: VatRate[] = ['23', '8', '5', '0', 'zw'];
    for (let run = 0; run < 300; run++) {
      const lines = Array.from({ length: 1 + next(6) }, () =>
        line(1 + next(50_000), 1 + next(5), rates[next(rates.length)]!),
      );
      const total = sum(lines.map(lineGross));
      const amount = next(total + 1);
      const shares = splitReduction(lines, amount);
      expect(sum(shares)).toBe(amount);
      shares.forEach((s, i) => {
        expect(s).toBeGreaterThanOrEqual(0);
        expect(s).toBeLessThanOrEqual(lineGross(lines[i]!));
      });
    }
  });
});

describe('priceLines: pieces priced again to whole grosze', () => {
  it('is one line when the grosze divide, two (the dearer first) when not, together exactly the gross', () => {
    const l = line(1000, 3, '23');
    expect(priceLines(l, 3, 2700)).toEqual([{ ...l, quantity: 3, unitGross: 900 }]);
    const split = priceLines(l, 3, 2701);
    expect(split).toEqual([
      { ...l, quantity: 1, unitGross: 901 },
      { ...l, quantity: 2, unitGross: 900 },
    ]);
    expect(summarise(split).total.gross).toBe(2701);
    expect(priceLines(l, 0, 0)).toEqual([]);
  });
});
