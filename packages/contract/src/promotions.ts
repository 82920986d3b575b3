/**
 * The promotions pricing engine (issue 30): one pure function from a cart, the club's promotions,
 * the typed code and the instant to the discounts per line, on shipping and per promotion. The
 * server calls it to show a cart and again, on the rows it has locked, to place an order. Money is
 * integer grosze throughout.
 */
import { fillMessage, msg } from './messages.ts';
import { formatGrosze, splitByWeight } from './money.ts';

export type PricingLine = {
  key: string | number;
  productId: number;
  variantId: number | null;
  categoryIds: readonly number[];
  /** Goods only, per piece. */
  unitPrice: number;
  /** Per piece; 0 without printing. */
  printingPrice: number;
  quantity: number;
  /** A gift card (decision 154): a prepayment, never discounted nor counted towards a minimum. */
  giftCard?: boolean;
};

export type PricingCart = {
  lines: readonly PricingLine[];
  /** The chosen delivery's price; 0 before one is chosen or for a free pickup. */
  shippingPrice: number;
  /** The logged-in buyer's customer groups (members, staff…); none for a guest. */
  customerGroupIds?: readonly number[];
};

export type PromotionScope =
  | { type: 'cart' }
  | { type: 'categories'; ids: readonly number[] }
  | { type: 'products'; ids: readonly number[] }
  | { type: 'variants'; ids: readonly number[] };

export type PromotionDeal =
  | { kind: 'percent'; percent: number }
  /** `perPiece`: off every piece in scope (a shelf price cut), not once off the scope's total. */
  | { kind: 'amount'; amount: number; perPiece?: boolean }
  /** "Free shipping above X" is this with `minimum` X (see `thresholdPromotion`). */
  | { kind: 'freeShipping' }
  /** Of every `buy + get` pieces in scope, `get` are free: the cheapest ones in the cart. */
  | { kind: 'buyXGetY'; buy: number; get: number }
  /** One piece matching each component, together for `price`; `scope` is not used. */
  | { kind: 'bundle'; components: readonly PromotionScope[]; price: number };

export type PromotionKind = PromotionDeal['kind'];

export type Promotion = PromotionDeal & {
  id: number;
  name: string;
  /** null: automatic; otherwise applied only when the buyer types it (case and spaces ignored). */
  code: string | null;
  scope: PromotionScope;
  /** Whether the printing price is part of the discounted base (and of a bundle's price). */
  includesPrinting: boolean;
  /** The items total (goods and printing, before any discount) it needs; 0: none. */
  minimum: number;
  /** Active from `startsAt` (inclusive) to `endsAt` (exclusive); null: open. */
  startsAt: Date | null;
  endsAt: Date | null;
  paused: boolean;
  stackable: boolean;
  /** Only for buyers in one of these groups; absent: everyone. */
  customerGroupIds?: readonly number[];
  /** Set by the server from its usage counts (in total and per customer); the engine only obeys it. */
  limitReached?: boolean;
};

export type CodeRefusal =
  | 'unknown'
  | 'notStarted'
  | 'expired'
  | 'paused'
  | 'limitReached'
  | 'notForCustomer'
  | 'notApplicable'
  | 'minimumNotReached'
  | 'notCombinable';

export type PricedLine = {
  key: string | number;
  before: number;
  discount: number;
  after: number;
  /** The line's discount per promotion, for refunds and the per-promotion statistics. */
  parts: { promotionId: number; amount: number }[];
};

export type AppliedPromotion = {
  id: number;
  name: string;
  code: string | null;
  kind: PromotionKind;
  /** On items and shipping together; the cart shows it as its own line ("Rabat SOKOL10 −12,00 zł"). */
  amount: number;
};

export type CodeStatus =
  | { code: string; applied: true; promotionId: number }
  | { code: string; applied: false; reason: CodeRefusal; minimum?: number };

export type PricedCart = {
  lines: PricedLine[];
  itemsBefore: number;
  itemsDiscount: number;
  itemsAfter: number;
  shippingPrice: number;
  shippingDiscount: number;
  shipping: number;
  total: number;
  /** Those that gave something, in the order they were applied. */
  applied: AppliedPromotion[];
  /** null when no code was typed. */
  code: CodeStatus | null;
};

export const normaliseCode = (code: string): string => code.trim().toUpperCase();

const lineValue = (l: PricingLine): number => l.quantity * (l.unitPrice + l.printingPrice);

const itemsTotal = (cart: PricingCart): number => cart.lines.reduce((s, l) => s + lineValue(l), 0);

/** What minimums measure: goods, not gift cards (money kept for later cannot earn a discount now). */
const goodsTotal = (cart: PricingCart): number =>
  cart.lines.reduce((s, l) => s + (l.giftCard ? 0 : lineValue(l)), 0);

const inScope = (scope: PromotionScope, line: PricingLine): boolean => {
  if (line.giftCard) return false;
  switch (scope.type) {
    case 'cart':
      return true;
    case 'categories':
      return line.categoryIds.some((c) => scope.ids.includes(c));
    case 'products':
      return scope.ids.includes(line.productId);
    case 'variants':
      return line.variantId !== null && scope.ids.includes(line.variantId);
  }
};

const scopesOf = (p: Promotion): readonly PromotionScope[] =>
  p.kind === 'bundle' ? p.components : [p.scope];

/**
 * Why the promotion cannot be used for this cart now, or null. The order puts first what the buyer
 * cannot change (dates, pause, limits) and last what adding to the cart would fix (the minimum).
 */
export const promotionRefusal = (p: Promotion, cart: PricingCart, now: Date): CodeRefusal | null => {
  const t = now.getTime();
  if (p.endsAt !== null && t >= p.endsAt.getTime()) return 'expired';
  if (p.startsAt !== null && t < p.startsAt.getTime()) return 'notStarted';
  if (p.paused) return 'paused';
  if (p.limitReached) return 'limitReached';
  const groups = cart.customerGroupIds ?? [];
  if (p.customerGroupIds && !p.customerGroupIds.some((g) => groups.includes(g))) return 'notForCustomer';
  if (!cart.lines.some((l) => scopesOf(p).some((s) => inScope(s, l)))) return 'notApplicable';
  // One rule for every minimum, the free-shipping threshold too: the value before discounts, so
  // item and shipping promotions never change each other's eligibility.
  if (goodsTotal(cart) < p.minimum) return 'minimumNotReached';
  return null;
};

/**
 * A line's discount share for `pieces` of its `quantity` when `piecesBefore` were already given
 * back: the cumulative share rounded down, so shares of successive partial refunds add up to the
 * line's discount exactly. A refund of k pieces gives back k × (unit + printing) − this share.
 */
export const lineShareForPieces = (
  lineDiscount: number,
  quantity: number,
  pieces: number,
  piecesBefore = 0,
): number => {
  if (quantity < 1 || pieces < 0 || piecesBefore < 0 || piecesBefore + pieces > quantity)
    throw new RangeError(`pieces ${piecesBefore}+${pieces} of ${quantity}`);
  const upTo = (n: number) => Math.floor((lineDiscount * n) / quantity);
  return upTo(piecesBefore + pieces) - upTo(piecesBefore);
};

/** Percent with up to two decimals of `base`, rounded half up, in integers (no float drift). */
export const percentOf = (base: number, percent: number): number => {
  const basisPoints = Math.min(10_000, Math.max(0, Math.round(percent * 100)));
  return Math.floor((base * basisPoints + 5_000) / 10_000);
};

/** The club's free-shipping threshold (`freeShippingThreshold`) as an automatic, stackable promotion. */
export const thresholdPromotion = (threshold: number | null, id = 0): Promotion | null =>
  threshold === null
    ? null
    : {
        id,
        name: msg.promoFreeShipping,
        code: null,
        kind: 'freeShipping',
        scope: { type: 'cart' },
        includesPrinting: true,
        minimum: threshold,
        startsAt: null,
        endsAt: null,
        paused: false,
        stackable: true,
      };

/** What is left to discount, per line, while promotions are applied one after another. */
type State = {
  goods: number[];
  printing: number[];
  /** Pieces not yet taken by a bundle or a buy-X-get-Y group (a piece joins one deal only). */
  freePieces: number[];
  shipping: number;
};

type Piece = { line: number; price: number };

// Piece deals first, on full prices; then percentages, then fixed amounts, each on what is left.
const STAGE: Record<PromotionKind, number> = {
  bundle: 0,
  buyXGetY: 1,
  percent: 2,
  amount: 3,
  freeShipping: 4,
};

/** Applies one promotion to the state; returns its discount per line and on shipping. */
const apply = (
  p: Promotion,
  lines: readonly PricingLine[],
  s: State,
): { perLine: number[]; shipping: number } => {
  const perLine = lines.map(() => 0);
  const base = (i: number) => s.goods[i]! + (p.includesPrinting ? s.printing[i]! : 0);
  const piecePrice = (l: PricingLine) => l.unitPrice + (p.includesPrinting ? l.printingPrice : 0);
  // Goods first: what stays is printing, which a goods-only promotion after this one does not touch.
  const take = (i: number, amount: number) => {
    const fromGoods = Math.min(amount, s.goods[i]!);
    s.goods[i]! -= fromGoods;
    s.printing[i]! -= amount - fromGoods;
    perLine[i]! += amount;
  };
  // A deal's discount spread over all its pieces, not put on the free one: a buyer withdrawing
  // from the paid pieces of "3 for 2" does not keep the free one for nothing.
  const spread = (amount: number, pieces: readonly Piece[]) => {
    const shares = splitByWeight(
      amount,
      pieces.map((x) => x.price),
    );
    pieces.forEach((x, k) => {
      take(x.line, shares[k]!);
      s.freePieces[x.line]! -= 1;
    });
  };
  // Rounded once on the scope's total, then split: per-line rounding would drift from the promise.
  const offScope = (discountOf: (total: number) => number) => {
    const bases = lines.map((l, i) => (inScope(p.scope, l) ? base(i) : 0));
    const total = bases.reduce((a, b) => a + b, 0);
    splitByWeight(Math.min(discountOf(total), total), bases).forEach((share, i) => {
      take(i, share);
    });
  };

  switch (p.kind) {
    case 'percent':
      offScope((total) => percentOf(total, p.percent));
      break;
    case 'amount':
      if (p.perPiece) {
        // Each piece at most down to 0: the cut a shelf shows for one piece, times the pieces.
        lines.forEach((l, i) => {
          if (inScope(p.scope, l)) take(i, Math.min(base(i), p.amount * l.quantity));
        });
      } else offScope(() => p.amount);
      break;
    case 'freeShipping': {
      const shipping = s.shipping;
      s.shipping = 0;
      return { perLine, shipping };
    }
    case 'buyXGetY': {
      const pieces = lines
        .flatMap((l, i) =>
          inScope(p.scope, l)
            ? Array.from({ length: s.freePieces[i]! }, () => ({ line: i, price: piecePrice(l) }))
            : [],
        )
        .sort((a, b) => b.price - a.price || a.line - b.line);
      const groups = p.buy >= 0 && p.get >= 1 ? Math.floor(pieces.length / (p.buy + p.get)) : 0;
      if (groups === 0) break;
      const free = pieces.slice(pieces.length - groups * p.get);
      const paid = pieces.slice(0, groups * p.buy);
      spread(
        free.reduce((sum, x) => sum + x.price, 0),
        [...paid, ...free],
      );
      break;
    }
    case 'bundle': {
      // Each set takes the dearest pieces still free, which is the most the buyer can save.
      for (;;) {
        const left = [...s.freePieces];
        const set: Piece[] = [];
        for (const component of p.components) {
          let best = -1;
          lines.forEach((l, i) => {
            if (
              left[i]! > 0 &&
              inScope(component, l) &&
              (best < 0 || piecePrice(l) > piecePrice(lines[best]!))
            )
              best = i;
          });
          if (best < 0) break;
          left[best]! -= 1;
          set.push({ line: best, price: piecePrice(lines[best]!) });
        }
        const value = set.reduce((sum, x) => sum + x.price, 0);
        if (set.length < p.components.length || set.length === 0 || value <= p.price) break;
        spread(value - p.price, set);
      }
      break;
    }
  }
  return { perLine, shipping: 0 };
};

const assertGrosze = (what: string, n: number) => {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`${what}: ${n} is not whole grosze`);
};

/** The cart priced with exactly these promotions. */
const priceWith = (cart: PricingCart, chosen: readonly Promotion[]) => {
  const { lines } = cart;
  const s: State = {
    goods: lines.map((l) => l.quantity * l.unitPrice),
    printing: lines.map((l) => l.quantity * l.printingPrice),
    freePieces: lines.map((l) => l.quantity),
    shipping: cart.shippingPrice,
  };
  const parts = lines.map((): { promotionId: number; amount: number }[] => []);
  const applied: AppliedPromotion[] = [];
  for (const p of [...chosen].sort((a, b) => STAGE[a.kind] - STAGE[b.kind])) {
    const { perLine, shipping } = apply(p, lines, s);
    perLine.forEach((amount, i) => {
      if (amount > 0) parts[i]!.push({ promotionId: p.id, amount });
    });
    const amount = shipping + perLine.reduce((a, b) => a + b, 0);
    if (amount > 0) applied.push({ id: p.id, name: p.name, code: p.code, kind: p.kind, amount });
  }
  const priced = lines.map((l, i) => {
    const before = lineValue(l);
    const after = s.goods[i]! + s.printing[i]!;
    return { key: l.key, before, discount: before - after, after, parts: parts[i]! };
  });
  const itemsBefore = itemsTotal(cart);
  const itemsAfter = priced.reduce((sum, l) => sum + l.after, 0);
  return {
    lines: priced,
    itemsBefore,
    itemsDiscount: itemsBefore - itemsAfter,
    itemsAfter,
    shippingPrice: cart.shippingPrice,
    shippingDiscount: cart.shippingPrice - s.shipping,
    shipping: s.shipping,
    total: itemsAfter + s.shipping,
    applied,
  };
};

/**
 * Prices the cart. Combining: every usable stackable promotion applies; of the non-stackable ones
 * at most one on the goods and one on delivery join them, those giving the lowest total (none, if
 * none helps). At most one code,
 * the typed one. On a tie the typed code wins (the buyer asked for it), then the earlier in
 * `promotions`. Discounts are capped by what is left of each line and of shipping, so nothing goes
 * below 0.
 */
export const priceCart = (
  cart: PricingCart,
  promotions: readonly Promotion[],
  code: string | null,
  now: Date,
): PricedCart => {
  for (const l of cart.lines) {
    assertGrosze(`line ${l.key} unitPrice`, l.unitPrice);
    assertGrosze(`line ${l.key} printingPrice`, l.printingPrice);
    assertGrosze(`line ${l.key} quantity`, l.quantity);
  }
  assertGrosze('shippingPrice', cart.shippingPrice);

  const typed = code === null || code.trim() === '' ? null : normaliseCode(code);
  const codePromotion =
    typed === null ? undefined : promotions.find((p) => p.code !== null && normaliseCode(p.code) === typed);
  const codeRefusal: CodeRefusal | null =
    typed === null ? null : codePromotion ? promotionRefusal(codePromotion, cart, now) : 'unknown';
  const usable = promotions.filter(
    (p) =>
      (p.code === null || (p === codePromotion && codeRefusal === null)) && !promotionRefusal(p, cart, now),
  );
  const stackable = usable.filter((p) => p.stackable);
  // Delivery and goods are different things: a non-stackable shipping deal never pushes out a
  // non-stackable price cut (the shelf's price holds once a paid delivery is chosen), and the other
  // way round. Of each, at most one non-stackable joins the stackable ones.
  const exclusive = (shipping: boolean) => [
    null,
    ...usable.filter((p) => !p.stackable && (p.kind === 'freeShipping') === shipping),
  ];
  const options = exclusive(false).flatMap((item) =>
    exclusive(true).map((ship) => [...stackable, ...(item ? [item] : []), ...(ship ? [ship] : [])]),
  );

  let best: { chosen: Promotion[]; priced: ReturnType<typeof priceWith> } | null = null;
  for (const chosen of options) {
    const priced = priceWith(cart, chosen);
    const hasCode = codePromotion !== undefined && chosen.includes(codePromotion);
    const bestHasCode = codePromotion !== undefined && best?.chosen.includes(codePromotion);
    if (
      !best ||
      priced.total < best.priced.total ||
      (priced.total === best.priced.total && hasCode && !bestHasCode)
    )
      best = { chosen, priced };
  }
  const { chosen, priced } = best!;

  let status: CodeStatus | null = null;
  if (typed !== null) {
    if (codeRefusal !== null)
      status = {
        code: typed,
        applied: false,
        reason: codeRefusal,
        ...(codeRefusal === 'minimumNotReached' && { minimum: codePromotion!.minimum }),
      };
    else if (!chosen.includes(codePromotion!))
      status = { code: typed, applied: false, reason: 'notCombinable' };
    else status = { code: typed, applied: true, promotionId: codePromotion!.id };
  }
  return { ...priced, code: status };
};

const REFUSAL_MESSAGES: Record<CodeRefusal, string> = {
  unknown: msg.promoCodeUnknown,
  notStarted: msg.promoCodeNotStarted,
  expired: msg.promoCodeExpired,
  paused: msg.promoCodePaused,
  limitReached: msg.promoCodeLimitReached,
  notForCustomer: msg.promoCodeNotForCustomer,
  notApplicable: msg.promoCodeNotApplicable,
  minimumNotReached: msg.promoCodeMinimum,
  notCombinable: msg.promoCodeNotCombinable,
};

/**
 * The promotion that makes any delivery of this cart free (a code, an automatic deal), or null:
 * what the cart and the delivery step show before an option is chosen. Free shipping takes the
 * whole price of whichever option, so the cart is priced with a nominal one. `except`: a promotion
 * shown by a rule of its own (the club's free-shipping threshold).
 */
export const freeDeliveryBy = (
  cart: PricingCart,
  promotions: readonly Promotion[],
  code: string | null,
  now: Date,
  except?: number,
): string | null => freeDeliveryIn(priceCart({ ...cart, shippingPrice: 100 }, promotions, code, now), except);

/** The free-shipping promotion a priced cart applied (but `except`), or null. */
export const freeDeliveryIn = (priced: Pick<PricedCart, 'applied'>, except?: number): string | null =>
  priced.applied.find((a) => a.kind === 'freeShipping' && a.id !== except)?.name ?? null;

/** The Polish message for a refused code; null for an applied one. */
export const codeMessage = (status: CodeStatus): string | null =>
  status.applied
    ? null
    : fillMessage(REFUSAL_MESSAGES[status.reason], { kwota: formatGrosze(status.minimum ?? 0) });

/** A discount's own line in the cart, e-mails, account and panel: "Rabat SOKOL10 (Szaliki −10 %)". */
export const discountLabel = (p: { name: string; code: string | null }): string =>
  p.code ? `Rabat ${p.code} (${p.name})` : `Rabat: ${p.name}`;
