import { type Promotion, reducedUnitPrice, type ShownPiece } from '@club/contract';
import { OMNIBUS_DAYS } from './price-history.ts';

const DAY = 24 * 60 * 60 * 1000;

/** A base price from `from` (ms) on: a `product_prices` row. */
export type PricePoint = { price: number; from: number };

/** When an automatic promotion was on the shop's pages: [from, to) in ms. */
export type ShownSpan = { promotion: Promotion; from: number; to: number };

/**
 * When a stored automatic promotion could be seen: from its start, but never before it was made
 * (a start typed in the past announced nothing then), until its end or its ending, whichever is
 * first. Pauses are not recorded, so a paused stretch counts as shown: that can only lower the
 * figure, the buyer's side of the doubt.
 */
export const shownSpan = (
  promotion: Promotion,
  row: { startsAt: Date | null; createdAt: Date },
): { from: number; to: number } => ({
  from: Math.max(row.startsAt?.getTime() ?? 0, row.createdAt.getTime()),
  to: promotion.endsAt?.getTime() ?? Number.POSITIVE_INFINITY,
});

/** The last point at or before `at` of a history sorted by `from`. */
const priceAt = (history: readonly PricePoint[], at: number): number | undefined => {
  let found: number | undefined;
  for (const h of history) {
    if (h.from > at) break;
    found = h.price;
  }
  return found;
};

/**
 * Omnibus for a promotion (decision 151): the lowest price of one piece shown in the 30 days
 * before the reduction began at `start`. The window is cut wherever the base price changed or an
 * earlier automatic promotion began or ended; each stretch is priced by the cart's engine with the
 * promotions shown then, on the base price in effect then. A variant's own history comes first,
 * the product's before the variant had its own price. Stretches when the product had no price yet
 * are skipped; with none left (it went on sale already reduced) the figure is `current`, the
 * reduced price itself: there was no other price to compare.
 */
export const lowestShownBefore = (input: {
  piece: ShownPiece;
  start: number;
  /** The variant's own prices (empty for the product's), sorted by `from`. */
  own: readonly PricePoint[];
  /** The product's prices, sorted by `from`. */
  product: readonly PricePoint[];
  earlier: readonly ShownSpan[];
  current: number;
}): number => {
  const { piece, start, own, product, earlier } = input;
  const windowStart = start - OMNIBUS_DAYS * DAY;
  const cuts = new Set([windowStart]);
  const cut = (at: number) => {
    if (at > windowStart && at < start) cuts.add(at);
  };
  for (const h of own) cut(h.from);
  for (const h of product) cut(h.from);
  for (const e of earlier) {
    cut(e.from);
    cut(e.to);
  }
  let lowest = Number.POSITIVE_INFINITY;
  for (const at of cuts) {
    const base = priceAt(own, at) ?? priceAt(product, at);
    if (base === undefined) continue;
    // Priced as shown then: each promotion's own dates and pause are replaced by the span.
    const shown = earlier
      .filter((e) => e.from <= at && at < e.to)
      .map((e) => ({ ...e.promotion, startsAt: null, endsAt: null, paused: false, limitReached: false }));
    const price = reducedUnitPrice(piece, base, shown, new Date(at))?.price ?? base;
    lowest = Math.min(lowest, price);
  }
  return lowest === Number.POSITIVE_INFINITY ? input.current : lowest;
};
