// A club's protection against stock taken off sale by strangers: quantity limits, cash-on-delivery
// orders held until the buyer confirms them by e-mail, orders per e-mail address and per IP per
// hour. Plain constants (no zod): the storefront and the panel import them into the browser.

/** What a club has until its manager changes it (panel: settings). */
export const ORDER_LIMIT_DEFAULTS = {
  /** Pieces one cart line may have (a product may set its own). */
  linePieces: 10,
  /** Pieces one order may have in all. */
  orderPieces: 30,
  /** A cash-on-delivery order above this total (zł) waits for the buyer's confirmation; null: never for its value. */
  codConfirmationAboveZl: 500,
  ordersPerEmailPerHour: 5,
  ordersPerIpPerHour: 10,
} as const;

/** Bounds of the limits a manager may set. */
export const MAX_PIECES_LIMIT = 10_000;
export const MAX_ORDERS_PER_HOUR = 10_000;
export const MAX_COD_CONFIRMATION_ZL = 1_000_000;
