import { describe, expect, it } from 'vitest';
import type { InvoiceLine } from '../invoices/invoice-data.ts';
import { summarise, summariseCorrection } from '../invoices/vat.ts';
import { linesAfterRefunds } from './correction.ts';

const issued: InvoiceLine[] = [
  { name: 'Koszulka (L)', quantity: 3, unit: 'szt.', unitGross: 15000, vatRate: '23' },
  { name: 'Książka', quantity: 1, unit: 'szt.', unitGross: 4000, vatRate: '5' },
  { name: 'Kurier DPD', quantity: 1, unit: 'usł.', unitGross: 1599, vatRate: '23' },
];
const total = (lines: InvoiceLine[]) => summarise(lines).total.gross;

describe('linesAfterRefunds: the invoice after its refunds, in the order made', () => {
  it('pieces and shipping given back leave their lines; nothing given back changes nothing', () => {
    expect(linesAfterRefunds(issued, 2, [])).toEqual(issued);
    const after = linesAfterRefunds(issued, 2, [
      { kind: 'pieces', pieces: new Map([[0, 1]]), shipping: true },
    ]);
    expect(after.map((l) => l.quantity)).toEqual([2, 1, 0]);
  });

  it('a price reduction lowers the goods by exactly its amount, per VAT rate, leaving shipping alone', () => {
    const after = linesAfterRefunds(issued, 2, [{ kind: 'reduction', amount: 1001 }]);
    expect(total(issued) - total(after)).toBe(1001);
    // 45000 of 49000 at 23%: 919.29 → 919; 44081 over 3 pieces: two at 146,94 zł, one at 146,93 zł.
    expect(after).toEqual([
      { ...issued[0], quantity: 2, unitGross: 14694 },
      { ...issued[0], quantity: 1, unitGross: 14693 },
      { ...issued[1], unitGross: 4000 - 82 },
      issued[2],
    ]);
    const c = summariseCorrection(issued, after);
    expect(c.difference.gross).toBe(-1001);
    expect(c.rates.map((r) => [r.rate, r.difference.gross])).toEqual([
      ['23', -919],
      ['5', -82],
    ]);
  });

  it('pieces given back after a reduction leave at the reduced price, the dearer first; a reduction above the goods reaches shipping', () => {
    const after = linesAfterRefunds(issued, 2, [
      { kind: 'reduction', amount: 1001 },
      { kind: 'pieces', pieces: new Map([[0, 1]]), shipping: false },
    ]);
    expect(after.slice(0, 2)).toEqual([
      { ...issued[0], quantity: 1, unitGross: 14694 },
      { ...issued[0], quantity: 1, unitGross: 14693 },
    ]);
    const all = linesAfterRefunds(issued, 2, [{ kind: 'reduction', amount: 49_000 + 599 }]);
    expect(total(all)).toBe(1000);
    expect(all.at(-1)!.unitGross).toBeLessThan(1599);
  });
});

describe('linesAfterRefunds on an invoice of a discounted order', () => {
  // 3 shirts at 150 zł less a 10,01 zł discount: 439,99 zł billed as 2 × 146,67 + 1 × 146,65 (order line 0).
  const discounted: InvoiceLine[] = [
    {
      name: 'Koszulka (L), po rabacie',
      quantity: 2,
      unit: 'szt.',
      unitGross: 14667,
      vatRate: '23',
      orderLine: 0,
    },
    {
      name: 'Koszulka (L), po rabacie',
      quantity: 1,
      unit: 'szt.',
      unitGross: 14665,
      vatRate: '23',
      orderLine: 0,
    },
    { name: 'Książka', quantity: 1, unit: 'szt.', unitGross: 4000, vatRate: '5', orderLine: 1 },
    { name: 'Kurier DPD', quantity: 1, unit: 'usł.', unitGross: 1599, vatRate: '23' },
  ];

  it('pairs pieces with their order line, not with the invoice line at that position', () => {
    // One piece of order line 1 (the book) given back: the shirts stay, whatever their split.
    const book = linesAfterRefunds(discounted, 2, [
      { kind: 'pieces', pieces: new Map([[1, 1]]), shipping: false },
    ]);
    expect(book.map((l) => [l.name, l.quantity])).toEqual([
      ['Koszulka (L), po rabacie', 2],
      ['Koszulka (L), po rabacie', 1],
      ['Książka', 0],
      ['Kurier DPD', 1],
    ]);
    // Two shirts of order line 0: the dearer pieces leave first; shipping given back leaves its line.
    const shirts = linesAfterRefunds(discounted, 2, [
      { kind: 'pieces', pieces: new Map([[0, 2]]), shipping: true },
    ]);
    expect(total(shirts)).toBe(14665 + 4000);
  });
});
