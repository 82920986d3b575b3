import { fillMessage, msg } from '@club/contract';
import { escapeLiteral } from 'pg';
import { pgError } from '../../db/transactions.ts';
import { conflict, type HttpError } from '../../lib/http-error.ts';

/** A product of the order as `place_order_locked` takes it (migration 0034, decision 148). */
export type LockedProduct = {
  id: number;
  /** Pieces from the product's stock (pre-ordered ones take from their variant's cap instead). */
  stock: number;
  /** Every piece of the product in the order: a numbered edition numbers them all. */
  pieces: number;
  /** `products_version` as read before the lock: the product's name, price, VAT and printing. */
  version: string;
  /** Ordered without a variant: the product must still have none. */
  bare: boolean;
};
export type LockedVariant = {
  product: number;
  id: number;
  qty: number;
  /** Taken from the pre-order's cap instead of stock. */
  pre: boolean;
  /** The variant's own price as read before the lock; null: the product's. */
  price: number | null;
};
export type LockedResult = { number: string; editions: { product: number; from: number; to: number }[] };

const int = (n: number) => {
  if (!Number.isSafeInteger(n)) throw new Error(`place_order_locked: ${n} is not an integer`);
  return n;
};
const md5 = (s: string) => {
  if (!/^[0-9a-f]{32}$/.test(s)) throw new Error('place_order_locked: a version is not an md5');
  return s;
};

/**
 * The statement that ends a placement, sent with the COMMIT in one message (simple protocol, so
 * the values are written into it): integers, booleans and md5 digests only, checked here, and
 * quoted as a literal besides.
 */
export const lockedStatement = (
  orgId: number,
  orderId: number,
  products: LockedProduct[],
  variants: LockedVariant[],
): string => {
  const input = {
    org: int(orgId),
    order: int(orderId),
    products: products.map((p) => ({
      id: int(p.id),
      stock: int(p.stock),
      pieces: int(p.pieces),
      version: md5(p.version),
      bare: p.bare === true,
    })),
    variants: variants.map((v) => ({
      product: int(v.product),
      id: int(v.id),
      qty: int(v.qty),
      pre: v.pre === true,
      price: v.price === null ? null : int(v.price),
    })),
  };
  return `SELECT place_order_locked(${escapeLiteral(JSON.stringify(input))}::jsonb) AS placed`;
};

export const readLocked = (rows: Record<string, unknown>[] | null): LockedResult => {
  const placed = rows?.[0]?.placed as LockedResult | undefined;
  if (!placed?.number) throw new Error('place_order_locked answered no number');
  return placed;
};

/** Gives each line of a numbered product its numbers, as the statement handed them out (line order). */
export const withEditions = <L extends { productId: number }>(
  lines: L[],
  editions: LockedResult['editions'],
): (L & { editionFrom?: number; editionTo?: number })[] => {
  const left = [...editions];
  return lines.map((l) => {
    const i = left.findIndex((e) => e.product === l.productId);
    if (i < 0) return l;
    const [e] = left.splice(i, 1);
    return { ...l, editionFrom: e!.from, editionTo: e!.to };
  });
};

/** The product or a variant changed between the read and the lock: the placement runs again. */
export const changedWhileOrdered = (err: unknown) => pgError(err).code === 'CS40R';

/**
 * The buyer's Polish 409 for a refusal of the locked statement (its MESSAGE names the product,
 * or gives its id when the product no longer exists); null for any other error.
 */
export const lockedRefusal = (err: unknown, nameOf: (productId: number) => string): HttpError | null => {
  const e = pgError(err);
  const produkt = /^\d+$/.test(e.message ?? '') ? nameOf(Number(e.message)) : (e.message ?? '');
  if (e.code === 'CS409') return conflict(fillMessage(msg.orderNotEnoughStock, { produkt }));
  if (e.code === 'CS410') return conflict(fillMessage(msg.orderProductGone, { produkt }));
  if (e.code === 'CS412')
    return conflict(fillMessage(msg.preorderCapReached, { produkt, zostalo: e.detail ?? '0' }));
  return null;
};
