import {
  type CodeRefusal,
  freeDeliveryBy,
  freeDeliveryIn,
  type PricedCart,
  type PricingCart,
  type Promotion,
  priceCart,
  promotionOfRow,
  thresholdPromotion,
} from '@club/contract';
import type { Db, Tx } from '../../db/client.ts';
import { freeShippingThresholdOf, type PricingPromotion, promotionsForPricing } from './repository.ts';

/** A cart or order line as promotions see it: goods and printing per piece kept apart. */
export type PromotionLine = {
  key: number;
  productId: number;
  variantId: number | null;
  categoryId: number | null;
  unitPrice: number;
  printingPrice: number;
  quantity: number;
  /** A gift card: never discounted, not counted towards minimums. */
  giftCard?: boolean;
};

/** The free-shipping threshold's place among the promotions (decision 149): not a stored one. */
export const THRESHOLD_PROMOTION_ID = 0;

/**
 * Refusals the buyer is shown in the cart and that no change of the cart can lift: the code is
 * not kept in the cart, and an order whose code became so meanwhile is refused, not placed
 * without the discount the buyer was shown.
 */
export const HARD_REFUSALS: readonly CodeRefusal[] = [
  'unknown',
  'notStarted',
  'expired',
  'paused',
  'limitReached',
  'notForCustomer',
];

export type Pricing = {
  priced: PricedCart;
  stored: Map<number, PricingPromotion>;
  /** The promotion (not the club's threshold) that makes any delivery of these lines free, or null. */
  freeDelivery(): string | null;
};

const limitReached = (r: PricingPromotion) =>
  (r.usageLimit !== null && r.used >= r.usageLimit) ||
  (r.codeLimit !== null && r.codeUsed !== null && r.codeUsed >= r.codeLimit);

/**
 * Prices lines with the club's promotions, the typed code and the free-shipping threshold, by the
 * contract's engine: the cart, the summary and the placement all call this, so they agree.
 */
export const priceWithPromotions = async (
  db: Db | Tx,
  orgId: number,
  lines: readonly PromotionLine[],
  opts: {
    code: string | null;
    shippingPrice: number;
    /** The club's free-shipping threshold when the caller has read it; absent: read here, alongside. */
    freeShippingFrom?: number | null;
    /** The logged-in buyer's groups (`customerGroupsOf`); none for a guest. */
    customerGroupIds?: readonly number[];
    now?: Date;
  },
): Promise<Pricing> => {
  const [rows, freeShippingFrom] = await Promise.all([
    promotionsForPricing(db, orgId, opts.code),
    opts.freeShippingFrom !== undefined ? opts.freeShippingFrom : freeShippingThresholdOf(db, orgId),
  ]);
  const promotions: Promotion[] = rows.map((r) => promotionOfRow(r, r.code, limitReached(r)));
  const threshold = thresholdPromotion(freeShippingFrom, THRESHOLD_PROMOTION_ID);
  if (threshold) promotions.push(threshold);
  const cart: PricingCart = {
    lines: lines.map((l) => ({
      key: l.key,
      productId: l.productId,
      variantId: l.variantId,
      // The product's own category, as the panel's checks and the shelf's prices take it (decision 150).
      categoryIds: l.categoryId === null ? [] : [l.categoryId],
      unitPrice: l.unitPrice,
      printingPrice: l.printingPrice,
      quantity: l.quantity,
      giftCard: l.giftCard ?? false,
    })),
    shippingPrice: opts.shippingPrice,
    customerGroupIds: opts.customerGroupIds ?? [],
  };
  const now = opts.now ?? new Date();
  const priced = priceCart(cart, promotions, opts.code, now);
  return {
    priced,
    stored: new Map(rows.map((r) => [r.id, r])),
    // A paid delivery priced already tells; without one the engine is asked with a nominal price.
    freeDelivery: () =>
      cart.shippingPrice > 0
        ? freeDeliveryIn(priced, THRESHOLD_PROMOTION_ID)
        : freeDeliveryBy(cart, promotions, opts.code, now, THRESHOLD_PROMOTION_ID),
  };
};

/** Each applied promotion's part on the items (from the lines) and on delivery. */
export const appliedAmounts = (priced: PricedCart) =>
  priced.applied.map((a) => {
    const items = priced.lines.reduce(
      (s, l) => s + l.parts.filter((p) => p.promotionId === a.id).reduce((t, p) => t + p.amount, 0),
      0,
    );
    return { ...a, items, shipping: a.amount - items };
  });
