import { describe, expect, it } from 'vitest';
import { splitByWeight } from './money.ts';
import {
  codeMessage,
  freeDeliveryBy,
  lineShareForPieces,
  type PricedCart,
  type PricingLine,
  type Promotion,
  type PromotionDeal,
  percentOf,
  priceCart,
  thresholdPromotion,
} from './promotions.ts';
import { piecesRefund } from './refunds.ts';

const NOW = new Date('2025-06-01T10:00:00Z');
const SHIPPING = 1599;

// Scarves are category 10, shirts and shorts 20, socks 30.
const scarf = { productId: 1, variantId: null, categoryIds: [10], unitPrice: 4999, printingPrice: 0 };
const scarfMid = { ...scarf, productId: 6, unitPrice: 3999 };
const scarfCheap = { ...scarf, productId: 5, unitPrice: 2999 };
const shirtM = { productId: 2, variantId: 21, categoryIds: [20], unitPrice: 18999, printingPrice: 0 };
const shirtL = { ...shirtM, variantId: 22 };
const shorts = { productId: 3, variantId: null, categoryIds: [20], unitPrice: 8999, printingPrice: 0 };
const socks = { productId: 4, variantId: null, categoryIds: [30], unitPrice: 2999, printingPrice: 0 };
const priced = (unitPrice: number) => ({ ...socks, productId: 90 + unitPrice, unitPrice });

type Product = Omit<PricingLine, 'key' | 'quantity'>;
const cart = (...lines: [Product, number][]) => lines.map(([p, quantity], key) => ({ ...p, key, quantity }));

const promo = (id: number, deal: PromotionDeal, extra: Partial<Promotion> = {}): Promotion =>
  ({
    id,
    name: `Promocja ${id}`,
    code: null,
    scope: { type: 'cart' },
    includesPrinting: false,
    minimum: 0,
    startsAt: null,
    endsAt: null,
    paused: false,
    stackable: false,
    ...deal,
    ...extra,
  }) as Promotion;

const pct = (percent: number) => ({ kind: 'percent', percent }) as const;
const off = (amount: number) => ({ kind: 'amount', amount }) as const;
const freeShip = { kind: 'freeShipping' } as const;
const threeForTwo = { kind: 'buyXGetY', buy: 2, get: 1 } as const;
const kit = {
  kind: 'bundle',
  components: [
    { type: 'products', ids: [2] },
    { type: 'products', ids: [3] },
    { type: 'products', ids: [4] },
  ],
  price: 25000,
} as const;
const scarves = { scope: { type: 'categories', ids: [10] } } as const;

const price = (
  lines: PricingLine[],
  promotions: Promotion[],
  code: string | null = null,
  shippingPrice = SHIPPING,
) => priceCart({ lines, shippingPrice }, promotions, code, NOW);

/** Every result adds up: parts to lines, lines to the items discount, promotions to all discounts. */
const checkSums = (r: PricedCart) => {
  for (const l of r.lines) {
    expect(l.after).toBeGreaterThanOrEqual(0);
    expect(l.before - l.discount).toBe(l.after);
    expect(l.parts.reduce((s, p) => s + p.amount, 0)).toBe(l.discount);
  }
  expect(r.lines.reduce((s, l) => s + l.discount, 0)).toBe(r.itemsDiscount);
  expect(r.applied.reduce((s, a) => s + a.amount, 0)).toBe(r.itemsDiscount + r.shippingDiscount);
  expect(r.shipping).toBeGreaterThanOrEqual(0);
  expect(r.total).toBe(r.itemsAfter + r.shipping);
};

type Row = {
  name: string;
  lines: PricingLine[];
  promotions: Promotion[];
  code?: string;
  shipping?: number;
  total: number;
  discounts?: number[];
  applied?: [number, number][];
};

const rows: Row[] = [
  { name: 'no promotion', lines: cart([scarf, 2], [socks, 1]), promotions: [], total: 12997 + 1599 },
  // Rounding: percent of the scope's total, half up.
  {
    name: '10 % of 1999 (199.9) is 200',
    lines: cart([priced(1999), 1]),
    promotions: [promo(1, pct(10))],
    total: 3398,
  },
  {
    name: '10 % of 1994 (199.4) is 199',
    lines: cart([priced(1994), 1]),
    promotions: [promo(1, pct(10))],
    total: 3394,
  },
  {
    name: '12.5 % of 1996 (249.5) is 250',
    lines: cart([priced(1996), 1]),
    promotions: [promo(1, pct(12.5))],
    total: 3345,
  },
  // Scope.
  {
    name: 'category: 10 % off the scarves only (999.8 → 1000)',
    lines: cart([scarf, 2], [socks, 1]),
    promotions: [promo(1, pct(10), scarves)],
    total: 12997 - 1000 + 1599,
    discounts: [1000, 0],
  },
  {
    name: 'product: 20 % off shorts (1799.8 → 1800)',
    lines: cart([shorts, 1], [socks, 1]),
    promotions: [promo(1, pct(20), { scope: { type: 'products', ids: [3] } })],
    total: 11998 - 1800 + 1599,
    discounts: [1800, 0],
  },
  {
    name: 'variant: 10 % off shirts in L, not in M',
    lines: cart([shirtM, 1], [shirtL, 2]),
    promotions: [promo(1, pct(10), { scope: { type: 'variants', ids: [22] } })],
    total: 56997 - 3800 + 1599,
    discounts: [0, 3800],
  },
  {
    name: 'printing not included: 20 % of 189.99 zł, the 30 zł print paid in full',
    lines: cart([{ ...shirtM, printingPrice: 3000 }, 1]),
    promotions: [promo(1, pct(20))],
    total: 21999 - 3800 + 1599,
  },
  {
    name: 'printing included: 20 % of 219.99 zł',
    lines: cart([{ ...shirtM, printingPrice: 3000 }, 1]),
    promotions: [promo(1, pct(20), { includesPrinting: true })],
    total: 21999 - 4400 + 1599,
  },
  // Fixed amounts.
  {
    name: '50 zł off 29.99 zł: the line stops at 0, shipping is still paid',
    lines: cart([socks, 1]),
    promotions: [promo(1, off(5000))],
    total: 1599,
    discounts: [2999],
    applied: [[1, 2999]],
  },
  {
    name: '10 zł over 33.33 + 33.33 + 33.34 zł by the largest remainders',
    lines: cart([priced(3333), 1], [{ ...priced(3333), productId: 2 }, 1], [priced(3334), 1]),
    promotions: [promo(1, off(1000))],
    total: 10000 - 1000 + 1599,
    discounts: [333, 333, 334],
  },
  {
    name: '20 zł off scarves only',
    lines: cart([scarf, 1], [socks, 1]),
    promotions: [promo(1, off(2000), scarves)],
    total: 7998 - 2000 + 1599,
    discounts: [2000, 0],
  },
  {
    name: 'a shelf cut of 20 zł a piece: two scarves 40 zł less, a piece never below 0',
    lines: cart([scarf, 2], [socks, 1]),
    promotions: [promo(1, { ...off(2000), perPiece: true }, scarves)],
    total: 2 * 4999 - 4000 + 2999 + 1599,
    discounts: [4000, 0],
  },
  {
    name: 'a shelf cut of 50 zł a piece on a 49.99 zł scarf: free, not less',
    lines: cart([scarf, 2]),
    promotions: [promo(1, { ...off(5000), perPiece: true }, scarves)],
    total: 1599,
    discounts: [2 * 4999],
  },
  // Shipping.
  {
    name: 'a non-stackable sale and a non-stackable free shipping: both, they take different things',
    lines: cart([scarf, 1]),
    promotions: [promo(1, pct(20), scarves), promo(2, freeShip)],
    total: 4999 - 1000,
    applied: [
      [1, 1000],
      [2, 1599],
    ],
  },
  {
    name: 'two non-stackable sales: only the better one',
    lines: cart([scarf, 1]),
    promotions: [promo(1, pct(20), scarves), promo(2, pct(30), scarves)],
    total: 4999 - 1500 + 1599,
    applied: [[2, 1500]],
  },
  {
    name: 'free-shipping code',
    lines: cart([scarf, 1]),
    promotions: [promo(1, freeShip, { code: 'DOSTAWA' })],
    code: 'DOSTAWA',
    total: 4999,
    applied: [[1, 1599]],
  },
  {
    name: 'free-shipping code with a free pickup: nothing to give',
    lines: cart([scarf, 1]),
    promotions: [promo(1, freeShip, { code: 'DOSTAWA' })],
    code: 'DOSTAWA',
    shipping: 0,
    total: 4999,
    applied: [],
  },
  {
    name: 'threshold 200 zł not reached at 199.99 zł',
    lines: cart([priced(19999), 1]),
    promotions: [thresholdPromotion(20000)!],
    total: 19999 + 1599,
  },
  {
    name: 'threshold 200 zł reached at 200.00 zł (inclusive)',
    lines: cart([priced(20000), 1]),
    promotions: [thresholdPromotion(20000)!],
    total: 20000,
  },
  {
    name: 'threshold measured before discounts: 200 zł − 10 % still ships free',
    lines: cart([priced(20000), 1]),
    promotions: [thresholdPromotion(20000)!, promo(1, pct(10), { stackable: true })],
    total: 18000,
  },
  {
    name: 'free-shipping code and reached threshold: shipping discounted once',
    lines: cart([priced(20000), 1]),
    promotions: [thresholdPromotion(20000)!, promo(1, freeShip, { code: 'DOSTAWA' })],
    code: 'DOSTAWA',
    total: 20000,
    applied: [[0, 1599]],
  },
  // Minimum value.
  {
    name: 'automatic promotion below its minimum does not apply',
    lines: cart([priced(9999), 1]),
    promotions: [promo(1, pct(10), { minimum: 10000 })],
    total: 9999 + 1599,
  },
  {
    name: 'automatic promotion at its minimum applies',
    lines: cart([priced(10000), 1]),
    promotions: [promo(1, pct(10), { minimum: 10000 })],
    total: 9000 + 1599,
  },
  // Combining.
  {
    name: 'stackable automatic 10 % and stackable 20 zł code: percent first, then the amount',
    lines: cart([scarf, 2], [socks, 1]),
    promotions: [
      promo(1, pct(10), { stackable: true }),
      promo(2, off(2000), { stackable: true, code: 'KLUB20' }),
    ],
    code: 'KLUB20',
    // 1300 split [1000, 300]; then 2000 over what is left (8998, 2699) split [1539, 461].
    total: 12997 - 3300 + 1599,
    discounts: [2539, 761],
    applied: [
      [1, 1300],
      [2, 2000],
    ],
  },
  {
    name: 'best of: 20 % scarf sale beats a 10 % cart code',
    lines: cart([scarf, 2], [socks, 1]),
    promotions: [promo(1, pct(20), scarves), promo(2, pct(10), { code: 'KLUB10' })],
    code: 'KLUB10',
    total: 12997 - 2000 + 1599,
    applied: [[1, 2000]],
  },
  {
    name: 'best of: the 10 % cart code beats the 20 % scarf sale',
    lines: cart([scarf, 1], [socks, 5]),
    promotions: [promo(1, pct(20), scarves), promo(2, pct(10), { code: 'KLUB10' })],
    code: 'KLUB10',
    total: 19994 - 1999 + 1599,
    applied: [[2, 1999]],
  },
  {
    name: 'best of two automatic: 10 zł beats 15 % of 49.99 zł (7.50 zł)',
    lines: cart([scarf, 1]),
    promotions: [promo(1, pct(15)), promo(2, off(1000))],
    total: 3999 + 1599,
    applied: [[2, 1000]],
  },
  {
    name: 'a non-stackable promotion joins the stackable ones',
    lines: cart([priced(20000), 1]),
    promotions: [thresholdPromotion(20000)!, promo(1, off(1000))],
    total: 19000,
    applied: [
      [1, 1000],
      [0, 1599],
    ],
  },
  {
    name: 'at most one code: the other code does not apply',
    lines: cart([scarf, 1]),
    promotions: [
      promo(1, off(500), { code: 'KLUB5', stackable: true }),
      promo(2, off(1000), { code: 'KLUB10', stackable: true }),
    ],
    code: 'KLUB5',
    total: 4499 + 1599,
    applied: [[1, 500]],
  },
  {
    name: 'never below 0: 100 % and 50 zł together leave the goods at 0',
    lines: cart([socks, 1]),
    promotions: [
      promo(1, pct(100), { stackable: true }),
      promo(2, off(5000), { stackable: true, code: 'X' }),
    ],
    code: 'X',
    total: 1599,
    discounts: [2999],
    applied: [[1, 2999]],
  },
  // Buy X get Y.
  {
    name: '3 for 2 with mixed prices: the cheapest piece free, spread over its group',
    lines: cart([scarf, 2], [scarfMid, 1], [scarfCheap, 1]),
    promotions: [promo(1, threeForTwo, scarves)],
    total: 16996 - 2999 + 1599,
    // 2999 over the pieces 49.99, 49.99 (line 0) and 29.99 (line 2): 1154 + 1153, 692.
    discounts: [2307, 0, 692],
  },
  {
    name: '3 for 2 with 6 pieces: the two cheapest free',
    lines: cart([scarf, 3], [scarfMid, 1], [scarfCheap, 2]),
    promotions: [promo(1, threeForTwo, scarves)],
    total: 24994 - 5998 + 1599,
  },
  {
    name: '3 for 2 with 2 pieces: nothing',
    lines: cart([scarf, 2], [socks, 1]),
    promotions: [promo(1, threeForTwo, scarves)],
    total: 12997 + 1599,
  },
  // Bundles.
  {
    name: 'bundle shirt + shorts + socks for 250 zł, the second shirt at full price',
    lines: cart([shirtM, 2], [shorts, 1], [socks, 1]),
    promotions: [promo(1, kit)],
    total: 49996 - 5997 + 1599,
    discounts: [3676, 1741, 580],
  },
  {
    name: 'bundle without printing: the print is paid on top of 250 zł',
    lines: cart([{ ...shirtM, printingPrice: 3000 }, 1], [shorts, 1], [socks, 1]),
    promotions: [promo(1, kit)],
    total: 25000 + 3000 + 1599,
  },
  {
    name: 'bundle with printing: 250 zł covers the print',
    lines: cart([{ ...shirtM, printingPrice: 3000 }, 1], [shorts, 1], [socks, 1]),
    promotions: [promo(1, kit, { includesPrinting: true })],
    total: 25000 + 1599,
  },
  {
    name: 'two bundles and a spare pair of socks',
    lines: cart([shirtM, 1], [shirtL, 1], [shorts, 2], [socks, 3]),
    promotions: [promo(1, kit)],
    total: 2 * 25000 + 2999 + 1599,
  },
  {
    name: 'bundle dearer than its pieces: nothing',
    lines: cart([shirtM, 1], [shorts, 1], [socks, 1]),
    promotions: [promo(1, { ...kit, price: 40000 })],
    total: 30997 + 1599,
  },
  {
    name: 'bundle incomplete (no socks): nothing',
    lines: cart([shirtM, 1], [shorts, 1]),
    promotions: [promo(1, kit)],
    total: 27998 + 1599,
  },
];

describe('priceCart: a table of carts and totals in grosze', () => {
  it.each(rows)('$name', (row) => {
    const r = price(row.lines, row.promotions, row.code ?? null, row.shipping ?? SHIPPING);
    expect(r.total).toBe(row.total);
    if (row.discounts) expect(r.lines.map((l) => l.discount)).toEqual(row.discounts);
    if (row.applied) expect(r.applied.map((a) => [a.id, a.amount])).toEqual(row.applied);
    checkSums(r);
  });
});

describe('discount codes', () => {
  const sokol = (extra: Partial<Promotion> = {}) =>
    promo(7, pct(10), { code: 'SOKOL10', name: 'Szaliki −10 %', ...scarves, ...extra });
  const status = (extra: Partial<Promotion>, lines = cart([scarf, 1]), code = 'SOKOL10', groups?: number[]) =>
    priceCart({ lines, shippingPrice: SHIPPING, customerGroupIds: groups }, [sokol(extra)], code, NOW).code;
  const ms = (n: number) => new Date(NOW.getTime() + n);

  it('is applied from its start instant (inclusive) until its end (exclusive)', () => {
    expect(status({ startsAt: NOW })).toEqual({ code: 'SOKOL10', applied: true, promotionId: 7 });
    expect(status({ endsAt: ms(1) })?.applied).toBe(true);
    expect(status({ startsAt: ms(1) })).toEqual({ code: 'SOKOL10', applied: false, reason: 'notStarted' });
    expect(status({ endsAt: NOW })).toEqual({ code: 'SOKOL10', applied: false, reason: 'expired' });
  });

  it('ignores case and spaces, refuses unknown, paused, used-up and other groups’ codes', () => {
    expect(status({}, cart([scarf, 1]), '  sokol10 ')?.applied).toBe(true);
    expect(status({}, cart([scarf, 1]), 'SOKOL11')).toMatchObject({ reason: 'unknown' });
    expect(status({ paused: true })).toMatchObject({ reason: 'paused' });
    expect(status({ limitReached: true })).toMatchObject({ reason: 'limitReached' });
    expect(status({ customerGroupIds: [7] }, cart([scarf, 1]), 'SOKOL10', [3])).toMatchObject({
      reason: 'notForCustomer',
    });
    expect(status({ customerGroupIds: [7] }, cart([scarf, 1]), 'SOKOL10', [3, 7])?.applied).toBe(true);
  });

  it('is refused when nothing in the cart is in its scope, or below its minimum', () => {
    expect(status({}, cart([socks, 1]))).toEqual({
      code: 'SOKOL10',
      applied: false,
      reason: 'notApplicable',
    });
    const below = status({ minimum: 10000 }, cart([scarf, 1], [priced(5000), 1]));
    expect(below).toEqual({ code: 'SOKOL10', applied: false, reason: 'minimumNotReached', minimum: 10000 });
    expect(status({ minimum: 10000 }, cart([scarf, 1], [priced(5001), 1]))?.applied).toBe(true);
  });

  it('a refused code leaves the price as without it', () => {
    const r = price(cart([scarf, 1]), [sokol({ paused: true })], 'SOKOL10');
    expect(r.total).toBe(4999 + 1599);
    expect(r.applied).toEqual([]);
  });

  it('says why in Polish', () => {
    const m = (code: Parameters<typeof codeMessage>[0]) => codeMessage(code);
    expect(m({ code: 'X', applied: false, reason: 'expired' })).toBe('Kod rabatowy wygasł.');
    expect(m({ code: 'X', applied: false, reason: 'notApplicable' })).toBe(
      'Kod rabatowy nie obejmuje produktów w koszyku.',
    );
    expect(m({ code: 'X', applied: false, reason: 'minimumNotReached', minimum: 10000 })).toBe(
      'Minimalna wartość koszyka dla tego kodu to 100,00\u00a0zł.',
    );
    expect(m({ code: 'X', applied: true, promotionId: 1 })).toBeNull();
  });

  it('a non-stackable code that loses to an automatic promotion is reported', () => {
    const r = price(cart([scarf, 2]), [promo(1, pct(20)), sokol()], 'SOKOL10');
    expect(r.code).toEqual({ code: 'SOKOL10', applied: false, reason: 'notCombinable' });
    expect(codeMessage(r.code!)).toMatch(/nie łączy się/);
  });

  it('on a tie the typed code wins over an automatic promotion', () => {
    const r = price(cart([scarf, 2]), [promo(1, pct(10), scarves), sokol()], 'SOKOL10');
    expect(r.applied).toEqual([
      { id: 7, name: 'Szaliki −10 %', code: 'SOKOL10', kind: 'percent', amount: 1000 },
    ]);
  });
});

describe('splitting for refunds', () => {
  it('splits by the largest remainders, summing exactly', () => {
    expect(splitByWeight(1000, [3333, 3333, 3334])).toEqual([333, 333, 334]);
    expect(splitByWeight(100, [100, 100, 100])).toEqual([34, 33, 33]);
    expect(splitByWeight(1, [1, 2])).toEqual([0, 1]);
    expect(splitByWeight(0, [5, 5])).toEqual([0, 0]);
    expect(() => splitByWeight(3, [1, 1])).toThrow(RangeError);
  });

  it('gives each refund of k of n pieces a share, all shares summing to the line discount', () => {
    expect([0, 1, 2].map((before) => lineShareForPieces(1000, 3, 1, before))).toEqual([333, 333, 334]);
    expect(lineShareForPieces(1000, 3, 3)).toBe(1000);
    expect(lineShareForPieces(1001, 2, 1) + lineShareForPieces(1001, 2, 1, 1)).toBe(1001);
    expect(lineShareForPieces(1000, 3, 2) + lineShareForPieces(1000, 3, 1, 2)).toBe(1000);
    expect(() => lineShareForPieces(1000, 3, 2, 2)).toThrow(RangeError);
  });

  it('rounds percentages half up in whole grosze', () => {
    expect([percentOf(1999, 10), percentOf(1994, 10), percentOf(1995, 10), percentOf(1996, 12.5)]).toEqual([
      200, 199, 200, 250,
    ]);
    expect(percentOf(2999, 150)).toBe(2999);
  });

  it('refuses prices that are not whole grosze', () => {
    expect(() => price(cart([priced(19.99), 1]), [])).toThrow(RangeError);
  });

  it('has no threshold promotion without a threshold', () => {
    expect(thresholdPromotion(null)).toBeNull();
  });
});

describe('piecesRefund', () => {
  it("gives back the pieces' price less their share, successive refunds adding up to the line", () => {
    const line = { unitPrice: 6999, discount: 1000, quantity: 3 };
    expect(piecesRefund(line, 1)).toBe(6999 - 333);
    expect(piecesRefund(line, 2, 1)).toBe(2 * 6999 - 667);
    expect(piecesRefund(line, 1) + piecesRefund(line, 2, 1)).toBe(3 * 6999 - 1000);
    expect(piecesRefund({ ...line, discount: 0 }, 2)).toBe(2 * 6999);
  });
});

describe('gift cards in the cart (decision 154)', () => {
  const card = {
    productId: 50,
    variantId: 51,
    categoryIds: [10],
    unitPrice: 10000,
    printingPrice: 0,
    giftCard: true,
  };

  it('are never discounted, even by a whole-cart code or their category', () => {
    const r = price(
      cart([card, 1], [scarf, 1]),
      [promo(1, pct(10), { code: 'WSZYSTKO' }), promo(2, pct(20), scarves)],
      'WSZYSTKO',
    );
    checkSums(r);
    expect(r.lines[0]!.discount).toBe(0);
    expect(r.lines[1]!.discount).toBeGreaterThan(0);
  });

  it('do not count towards a minimum or the free-shipping threshold', () => {
    const r = price(cart([card, 1], [scarf, 1]), [
      thresholdPromotion(10000)!,
      promo(3, off(1000), { minimum: 10000 }),
    ]);
    checkSums(r);
    expect(r.shipping).toBe(SHIPPING);
    expect(r.itemsDiscount).toBe(0);
    const alone = price(cart([card, 1]), [promo(4, pct(50))]);
    expect(alone.total).toBe(10000 + SHIPPING);
  });
});

describe('freeDeliveryBy: the promotion that makes any delivery free, before one is chosen', () => {
  const lines = cart([scarf, 1]);
  const by = (promotions: Promotion[], code: string | null = null, except?: number) =>
    freeDeliveryBy({ lines, shippingPrice: 0 }, promotions, code, NOW, except);

  it('names a free-shipping code once it is typed and the cart meets it, not before', () => {
    const code = promo(1, freeShip, { code: 'DOSTAWA', name: 'Dostawa gratis' });
    expect(by([code], 'dostawa')).toBe('Dostawa gratis');
    expect(by([code])).toBeNull();
    expect(by([{ ...code, minimum: 10_000 }], 'DOSTAWA')).toBeNull();
  });

  it('names an automatic deal, but not the threshold it is told to leave out', () => {
    expect(by([promo(2, freeShip, { name: 'Tydzień kibica' })])).toBe('Tydzień kibica');
    const threshold = thresholdPromotion(1000, 0)!;
    expect(by([threshold])).toBe(threshold.name);
    expect(by([threshold], null, 0)).toBeNull();
  });

  it('is not fooled by an amount off that reaches the delivery, nor by discounts on goods', () => {
    expect(by([promo(3, off(10_000), { code: 'STOWKA' })], 'STOWKA')).toBeNull();
    expect(by([promo(4, pct(20), scarves)])).toBeNull();
  });
});
