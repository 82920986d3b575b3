import type { Promotion } from '@club/contract';
import { describe, expect, it } from 'vitest';
import { lowestShownBefore, shownSpan } from './promotion-omnibus.ts';

const DAY = 24 * 60 * 60 * 1000;
const START = Date.parse('2025-06-01T10:00:00Z');
const daysBefore = (n: number) => START - n * DAY;

const piece = { productId: 1, variantId: null, categoryIds: [10] };
const sale = (id: number, percent: number, extra: Partial<Promotion> = {}): Promotion =>
  ({
    id,
    name: `Wyprzedaż ${id}`,
    kind: 'percent',
    percent,
    code: null,
    scope: { type: 'products', ids: [1] },
    includesPrinting: false,
    minimum: 0,
    startsAt: null,
    endsAt: null,
    paused: false,
    stackable: false,
    ...extra,
  }) as Promotion;

const lowest = (input: Partial<Parameters<typeof lowestShownBefore>[0]>) =>
  lowestShownBefore({ piece, start: START, own: [], product: [], earlier: [], current: 8000, ...input });

describe('the lowest price of the 30 days before a promotion', () => {
  it('is the regular price when nothing changed', () => {
    expect(lowest({ product: [{ price: 10000, from: daysBefore(200) }] })).toBe(10000);
  });

  it('takes a lower base price of 20 days before the start, not of the 30 days before today', () => {
    const product = [
      { price: 10000, from: daysBefore(200) },
      { price: 9000, from: daysBefore(25) },
      { price: 10000, from: daysBefore(20) },
    ];
    expect(lowest({ product })).toBe(9000);
    // The price in effect when the window opened counts; older cuts do not.
    expect(
      lowest({
        product: [
          { price: 7000, from: daysBefore(60) },
          { price: 10000, from: daysBefore(31) },
        ],
      }),
    ).toBe(10000);
    expect(
      lowest({
        product: [
          { price: 7000, from: daysBefore(60) },
          { price: 10000, from: daysBefore(29) },
        ],
      }),
    ).toBe(7000);
    // A price set at the very start is the regular price of the reduction, not before it.
    expect(
      lowest({
        product: [
          { price: 10000, from: daysBefore(60) },
          { price: 5000, from: START },
        ],
      }),
    ).toBe(10000);
  });

  it('counts an earlier automatic promotion shown in the window, on the base price of its time', () => {
    const product = [
      { price: 12000, from: daysBefore(200) },
      { price: 10000, from: daysBefore(15) },
    ];
    // 10 % off 12,000 from 40 to 12 days before: 10,800 while the base was 12,000, then 9,000.
    const earlier = [{ promotion: sale(7, 10), from: daysBefore(40), to: daysBefore(12) }];
    expect(lowest({ product, earlier })).toBe(9000);
    // Ended before the window opened: not counted.
    expect(
      lowest({ product, earlier: [{ promotion: sale(7, 50), from: daysBefore(90), to: daysBefore(31) }] }),
    ).toBe(10000);
    // Another product's promotion is not this product's price.
    const other = sale(8, 50, { scope: { type: 'products', ids: [2] } });
    expect(
      lowest({ product, earlier: [{ promotion: other, from: daysBefore(20), to: daysBefore(10) }] }),
    ).toBe(10000);
  });

  it('prices stacked earlier promotions as the cart combined them', () => {
    const product = [{ price: 10000, from: daysBefore(200) }];
    const earlier = [
      { promotion: sale(1, 10, { stackable: true }), from: daysBefore(20), to: daysBefore(5) },
      { promotion: sale(2, 10, { stackable: true }), from: daysBefore(10), to: daysBefore(8) },
    ];
    // 10 % then 10 % of what is left: 8,100 between 10 and 8 days before.
    expect(lowest({ product, earlier })).toBe(8100);
  });

  it("reads a variant by its own prices, and by the product's before it had its own", () => {
    const variantPiece = { ...piece, variantId: 5 };
    const product = [{ price: 9000, from: daysBefore(200) }];
    const own = [{ price: 11000, from: daysBefore(10) }];
    expect(lowest({ piece: variantPiece, own, product })).toBe(9000);
    expect(lowest({ piece: variantPiece, own: [{ price: 11000, from: daysBefore(100) }], product })).toBe(
      11000,
    );
  });

  it('is the reduced price itself for a product that went on sale already reduced', () => {
    expect(lowest({ product: [{ price: 10000, from: START + DAY }], current: 8000 })).toBe(8000);
    expect(lowest({ product: [], current: 8000 })).toBe(8000);
  });
});

describe('when a promotion was shown', () => {
  it('from its start but not before it was made, to its end or its ending', () => {
    const made = new Date(daysBefore(3));
    expect(shownSpan(sale(1, 10), { startsAt: new Date(daysBefore(10)), createdAt: made })).toEqual({
      from: made.getTime(),
      to: Number.POSITIVE_INFINITY,
    });
    expect(
      shownSpan(sale(1, 10, { endsAt: new Date(START) }), {
        startsAt: new Date(daysBefore(1)),
        createdAt: made,
      }),
    ).toEqual({ from: daysBefore(1), to: START });
    expect(shownSpan(sale(1, 10), { startsAt: null, createdAt: made }).from).toBe(made.getTime());
  });
});
