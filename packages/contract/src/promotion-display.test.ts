import { describe, expect, it } from 'vitest';
import { formatGrosze } from './money.ts';
import {
  isAnnouncedReduction,
  promotionBadge,
  promotionsFor,
  reducedUnitPrice,
} from './promotion-display.ts';
import { type Promotion, type PromotionDeal, percentOf, priceCart } from './promotions.ts';

const NOW = new Date('2025-06-01T10:00:00Z');

const promo = (id: number, deal: PromotionDeal, extra: Partial<Promotion> = {}): Promotion =>
  ({
    id,
    name: `Promocja ${id}`,
    code: null,
    scope: { type: 'categories', ids: [10] },
    includesPrinting: false,
    minimum: 0,
    startsAt: null,
    endsAt: null,
    paused: false,
    stackable: false,
    ...deal,
    ...extra,
  }) as Promotion;

const scarf = { productId: 1, variantId: null, categoryIds: [10] };
const shirtM = { productId: 2, variantId: 21, categoryIds: [20] };

/** What the cart charges for one piece bought alone, with every promotion it is given. */
const cartPrice = (
  piece: typeof scarf | typeof shirtM,
  unitPrice: number,
  promotions: Promotion[],
  shippingPrice = 0,
) =>
  priceCart(
    { lines: [{ key: 'x', ...piece, unitPrice, printingPrice: 0, quantity: 1 }], shippingPrice },
    promotions,
    null,
    NOW,
  ).lines[0]!.after;

describe('announced reductions', () => {
  it('are automatic percents and per-product amounts for everyone, without a minimum', () => {
    expect(isAnnouncedReduction(promo(1, { kind: 'percent', percent: 20 }))).toBe(true);
    expect(
      isAnnouncedReduction(promo(1, { kind: 'percent', percent: 20 }, { scope: { type: 'cart' } })),
    ).toBe(true);
    expect(isAnnouncedReduction(promo(1, { kind: 'amount', amount: 500 }))).toBe(true);
    // An amount off the whole cart is split over its lines: not the price of a piece.
    expect(isAnnouncedReduction(promo(1, { kind: 'amount', amount: 500 }, { scope: { type: 'cart' } }))).toBe(
      false,
    );
    expect(isAnnouncedReduction(promo(1, { kind: 'percent', percent: 20 }, { minimum: 20000 }))).toBe(false);
    expect(isAnnouncedReduction(promo(1, { kind: 'percent', percent: 20 }, { code: 'SOKOL' }))).toBe(false);
    expect(isAnnouncedReduction(promo(1, { kind: 'percent', percent: 20 }, { customerGroupIds: [3] }))).toBe(
      false,
    );
    expect(isAnnouncedReduction(promo(1, { kind: 'buyXGetY', buy: 2, get: 1 }))).toBe(false);
  });

  it('price one piece exactly as priceCart does, rounding by percentOf', () => {
    const cases: [Promotion[], number][] = [
      [[promo(1, { kind: 'percent', percent: 20 })], 4999],
      [[promo(1, { kind: 'percent', percent: 12.5 })], 3333],
      [[promo(1, { kind: 'amount', amount: 1000 })], 4999],
      // More off than the price: nothing below 0.
      [[promo(1, { kind: 'amount', amount: 9000 })], 4999],
      // Two stackable and one of two non-stackable, the better one: as the cart combines them.
      [
        [
          promo(1, { kind: 'percent', percent: 10 }, { stackable: true }),
          promo(2, { kind: 'amount', amount: 300 }, { stackable: true }),
          promo(3, { kind: 'percent', percent: 15 }),
          promo(4, { kind: 'amount', amount: 900 }),
        ],
        4999,
      ],
    ];
    for (const [promotions, unit] of cases) {
      const shown = reducedUnitPrice(scarf, unit, promotions, NOW);
      expect(shown?.price).toBe(cartPrice(scarf, unit, promotions));
    }
    expect(reducedUnitPrice(scarf, 4999, [promo(1, { kind: 'percent', percent: 20 })], NOW)?.price).toBe(
      4999 - percentOf(4999, 20),
    );
  });

  it('equal the cart given every promotion, badges and codes too, before delivery is chosen', () => {
    const all = [
      promo(1, { kind: 'percent', percent: 20 }, { name: 'Wyprzedaż' }),
      promo(2, { kind: 'buyXGetY', buy: 2, get: 1 }),
      promo(3, { kind: 'percent', percent: 50 }, { minimum: 20000 }),
      promo(4, { kind: 'percent', percent: 50 }, { code: 'POLOWA' }),
      promo(5, { kind: 'freeShipping' }),
    ];
    const shown = reducedUnitPrice(scarf, 4999, all, NOW)!;
    expect(shown.price).toBe(cartPrice(scarf, 4999, all));
    expect(shown.applied.map((a) => a.name)).toEqual(['Wyprzedaż']);
    // With a paid delivery the non-stackable free shipping joins the sale instead of pushing it
    // out: the piece costs what the shelf said (shipping deals do not compete with price cuts).
    expect(cartPrice(scarf, 4999, all, 1599)).toBe(shown.price);
  });

  it('show nothing out of scope, before the start, after the end, paused or at the limit', () => {
    const sale = (extra: Partial<Promotion>) => [promo(1, { kind: 'percent', percent: 20 }, extra)];
    expect(reducedUnitPrice(shirtM, 18999, sale({}), NOW)).toBeNull();
    expect(reducedUnitPrice(scarf, 4999, sale({ startsAt: new Date(NOW.getTime() + 1) }), NOW)).toBeNull();
    expect(reducedUnitPrice(scarf, 4999, sale({ endsAt: NOW }), NOW)).toBeNull();
    expect(reducedUnitPrice(scarf, 4999, sale({ paused: true }), NOW)).toBeNull();
    expect(reducedUnitPrice(scarf, 4999, sale({ limitReached: true }), NOW)).toBeNull();
    // A variant's own promotion takes that variant only.
    const variant = [promo(1, { kind: 'percent', percent: 20 }, { scope: { type: 'variants', ids: [21] } })];
    expect(reducedUnitPrice(shirtM, 18999, variant, NOW)?.price).toBe(15199);
    expect(reducedUnitPrice({ ...shirtM, variantId: 22 }, 18999, variant, NOW)).toBeNull();
  });
});

describe('promotion badges', () => {
  it('say what a deal that is not a price cut gives', () => {
    expect(promotionBadge(promo(1, { kind: 'buyXGetY', buy: 2, get: 1 }))).toBe('3 w cenie 2');
    expect(promotionBadge(promo(1, { kind: 'freeShipping' }))).toBe('Darmowa dostawa');
    expect(promotionBadge(promo(1, { kind: 'freeShipping' }, { minimum: 20000 }))).toBe(
      `Darmowa dostawa od ${formatGrosze(20000)}`,
    );
    expect(promotionBadge(promo(1, { kind: 'percent', percent: 12.5 }, { minimum: 10000 }))).toBe(
      `−12,5% przy zakupach od ${formatGrosze(10000)}`,
    );
    expect(promotionBadge(promo(1, { kind: 'bundle', components: [], price: 100 }))).toBe(
      'Taniej w zestawie',
    );
  });

  it('never for codes, a price cut or a whole-cart offer', () => {
    expect(promotionBadge(promo(1, { kind: 'buyXGetY', buy: 2, get: 1 }, { code: 'TRZY' }))).toBeNull();
    expect(promotionBadge(promo(1, { kind: 'percent', percent: 20 }))).toBeNull();
    expect(promotionBadge(promo(1, { kind: 'freeShipping' }, { scope: { type: 'cart' } }))).toBeNull();
  });

  it('go to the products in scope', () => {
    const deal = promo(1, { kind: 'buyXGetY', buy: 2, get: 1 });
    expect(promotionsFor([deal], scarf)).toEqual([deal]);
    expect(promotionsFor([deal], shirtM)).toEqual([]);
  });
});
