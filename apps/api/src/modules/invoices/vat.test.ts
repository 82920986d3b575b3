import { describe, expect, it } from 'vitest';
import type { InvoiceLine, VatRate } from './invoice-data.ts';
import { shippingLine } from './invoice-data.ts';
import { divideHalfUp, summarise, summariseCorrection, vatFromGross } from './vat.ts';

const line = (unitGross: number, vatRate: VatRate, quantity = 1, name = 'Szalik'): InvoiceLine => ({
  name,
  quantity,
  unit: 'szt.',
  unitGross,
  vatRate,
});

describe('divideHalfUp', () => {
  it('rounds exact halves up and the rest to the nearest', () => {
    expect(divideHalfUp(5, 10)).toBe(1);
    expect(divideHalfUp(4, 10)).toBe(0);
    expect(divideHalfUp(15, 10)).toBe(2);
    expect(divideHalfUp(25, 10)).toBe(3);
    expect(divideHalfUp(123, 246)).toBe(1);
    expect(divideHalfUp(122, 246)).toBe(0);
    expect(divideHalfUp(0, 123)).toBe(0);
  });

  it('refuses what it is not made for', () => {
    expect(() => divideHalfUp(-1, 10)).toThrow(RangeError);
    expect(() => divideHalfUp(1.5, 10)).toThrow(RangeError);
    expect(() => divideHalfUp(1, 0)).toThrow(RangeError);
  });
});

describe('vatFromGross', () => {
  it('takes the VAT out of a gross amount, to the grosz', () => {
    expect(vatFromGross(12300, '23')).toBe(2300);
    expect(vatFromGross(10000, '23')).toBe(1870); // 1869,918…
    expect(vatFromGross(10800, '8')).toBe(800);
    expect(vatFromGross(1000, '8')).toBe(74); // 74,07…
    expect(vatFromGross(10500, '5')).toBe(500);
    expect(vatFromGross(999, '5')).toBe(48); // 47,57…
    expect(vatFromGross(1, '23')).toBe(0); // 0,187…
    expect(vatFromGross(3, '23')).toBe(1); // 0,56…
    expect(vatFromGross(10000, '0')).toBe(0);
    expect(vatFromGross(10000, 'zw')).toBe(0);
  });
});

describe('summarise', () => {
  it('computes the VAT once per rate, not per line, and shares it out over the lines', () => {
    // Per line: 3 × round(18,699) = 57 gr; from the rate's sum: round(56,098) = 56 gr.
    const s = summarise([line(100, '23'), line(100, '23'), line(100, '23')]);
    expect(s.rates).toEqual([{ rate: '23', net: 244, vat: 56, gross: 300 }]);
    expect(s.lines.map((l) => l.vat)).toEqual([19, 19, 18]);
    expect(s.lines.map((l) => l.net)).toEqual([81, 81, 82]);
    expect(s.total).toEqual({ net: 244, vat: 56, gross: 300 });
  });

  it('multiplies by the quantity before taking the VAT out', () => {
    // 3 × 0,33 zł at 23 %: round(99 × 23 / 123 = 18,51) = 19, not 3 × round(6,17) = 18.
    const s = summarise([line(33, '23', 3)]);
    expect(s.rates).toEqual([{ rate: '23', net: 80, vat: 19, gross: 99 }]);
    expect(s.lines[0]).toMatchObject({ net: 80, vat: 19, gross: 99 });
  });

  it('gives the grosze left over to the lines with the largest remainders', () => {
    // Exact shares 1,682… (10 gr), 0,186… (1 gr), 0,747… (4 gr) at 23 %: total round(2,617) = 3.
    const s = summarise([line(10, '23'), line(1, '23'), line(4, '23')]);
    expect(s.rates[0]!.vat).toBe(3);
    expect(s.lines.map((l) => l.vat)).toEqual([2, 0, 1]);
  });

  it('keeps rates apart, in the order 23, 8, 5, 0, zw, with the shipping as a line', () => {
    const s = summarise([
      line(4999, 'zw', 1, 'Karnet'),
      line(8999, '23', 2, 'Koszulka'),
      line(3500, '8', 1, 'Bilet'),
      line(1250, '5', 1, 'Książka'),
      line(2000, '0', 1, 'Eksport'),
      shippingLine('Kurier', 1599, '23'),
    ]);
    expect(s.rates).toEqual([
      { rate: '23', net: 15933, vat: 3664, gross: 19597 },
      { rate: '8', net: 3241, vat: 259, gross: 3500 },
      { rate: '5', net: 1190, vat: 60, gross: 1250 },
      { rate: '0', net: 2000, vat: 0, gross: 2000 },
      { rate: 'zw', net: 4999, vat: 0, gross: 4999 },
    ]);
    expect(s.total).toEqual({ net: 27363, vat: 3983, gross: 31346 });
    expect(s.lines.at(-1)).toMatchObject({ net: 1300, vat: 299, gross: 1599 });
  });

  it('refuses fractions and negative amounts', () => {
    expect(() => summarise([line(100, '23', 1.5)])).toThrow(RangeError);
    expect(() => summarise([line(-100, '23')])).toThrow(RangeError);
    expect(() => summarise([line(10.5, '23')])).toThrow(RangeError);
  });

  it('adds up: per-rate gross to the order total, lines to their rate, net + VAT to gross', () => {
    // A fixed-seed generator keeps the cases the same on every run.
    let seed = 28;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const rates: VatRate[] = ['23', '8', '5', '0', 'zw'];
    for (let round = 0; round < 500; round++) {
      const lines = Array.from({ length: 1 + next(12) }, () =>
        line(next(50000), rates[next(rates.length)]!, 1 + next(5)),
      );
      const orderTotal = lines.reduce((sum, l) => sum + l.quantity * l.unitGross, 0);
      const s = summarise(lines);
      expect(s.rates.reduce((sum, r) => sum + r.gross, 0)).toBe(orderTotal);
      expect(s.total.gross).toBe(orderTotal);
      for (const r of s.rates) {
        const ofRate = s.lines.filter((l) => l.line.vatRate === r.rate);
        expect(ofRate.reduce((sum, l) => sum + l.vat, 0)).toBe(r.vat);
        expect(ofRate.reduce((sum, l) => sum + l.net, 0)).toBe(r.net);
        expect(r.net + r.vat).toBe(r.gross);
        expect(r.vat).toBe(vatFromGross(r.gross, r.rate));
      }
      for (const l of s.lines) {
        expect(l.net + l.vat).toBe(l.gross);
        expect(l.vat).toBeGreaterThanOrEqual(0);
        expect(Math.abs(l.vat - vatFromGross(l.gross, l.line.vatRate))).toBeLessThanOrEqual(1);
      }
    }
  });
});

describe('summariseCorrection', () => {
  it('gives the difference per rate, each side computed as an invoice of its own', () => {
    const before = [line(100, '23', 3), line(3500, '8', 2, 'Bilet'), shippingLine('Kurier', 1599, '23')];
    const after = [line(100, '23', 1), shippingLine('Kurier', 1599, '23')];
    const c = summariseCorrection(before, after);
    expect(c.rates).toEqual([
      {
        rate: '23',
        before: { net: 1544, vat: 355, gross: 1899 },
        after: { net: 1381, vat: 318, gross: 1699 },
        difference: { net: -163, vat: -37, gross: -200 },
      },
      {
        rate: '8',
        before: { net: 6481, vat: 519, gross: 7000 },
        after: { net: 0, vat: 0, gross: 0 },
        difference: { net: -6481, vat: -519, gross: -7000 },
      },
    ]);
    expect(c.difference).toEqual({ net: -6644, vat: -556, gross: -7200 });
    expect(c.after.total.gross - c.before.total.gross).toBe(c.difference.gross);
  });
});
