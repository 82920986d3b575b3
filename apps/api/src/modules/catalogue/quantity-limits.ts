import { fillMessage, msg } from '@club/contract';
import { badRequest } from '../../lib/http-error.ts';

/** The club's quantity limits (organisations' columns): pieces per cart line and per order. */
export type QuantityLimits = { lineQuantityLimit: number; orderQuantityLimit: number };

/** One line as the limits see it; `was` is its quantity before the change being checked (cart only). */
export type LimitedLine = {
  name: string;
  quantity: number;
  /** The product's own limit per line; null: the club's. */
  productLimit: number | null;
  was?: number;
};

export const lineLimitOf = (productLimit: number | null, limits: QuantityLimits) =>
  productLimit ?? limits.lineQuantityLimit;

/**
 * Refuses (400) a line above its limit and an order above the club's total. With `was` (the cart)
 * only growth is refused: a cart filled before a limit was lowered can still be brought under it.
 * Placement passes no `was`, so such a cart cannot be ordered as it is.
 */
export const checkQuantities = (lines: LimitedLine[], limits: QuantityLimits, totalBefore?: number): void => {
  for (const l of lines) {
    const limit = lineLimitOf(l.productLimit, limits);
    if (l.quantity > limit && l.quantity > (l.was ?? 0)) {
      throw badRequest(fillMessage(msg.quantityAboveLineLimit, { produkt: l.name, ile: String(limit) }));
    }
  }
  const total = lines.reduce((s, l) => s + l.quantity, 0);
  if (total > limits.orderQuantityLimit && total > (totalBefore ?? 0)) {
    throw badRequest(fillMessage(msg.quantityAboveOrderLimit, { ile: String(limits.orderQuantityLimit) }));
  }
};

/**
 * The most pieces a cart line may have now: its stock, its limit, and what the order's limit
 * leaves beside the other lines. Never below 1 while there is stock, so a line above a lowered
 * limit keeps a control that can bring it down; 0 (sold out) disables it as before.
 */
export const lineMaximum = (
  stock: number,
  productLimit: number | null,
  othersInCart: number,
  limits: QuantityLimits,
): number => {
  if (stock < 1) return stock;
  const room = limits.orderQuantityLimit - othersInCart;
  return Math.max(1, Math.min(stock, lineLimitOf(productLimit, limits), room));
};

/** The most pieces of a product one order may have (the product page's quantity control). */
export const productMaximum = (productLimit: number | null, limits: QuantityLimits): number =>
  Math.min(lineLimitOf(productLimit, limits), limits.orderQuantityLimit);
