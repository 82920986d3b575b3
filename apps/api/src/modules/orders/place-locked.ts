import { fillMessage, msg } from '@club/contract';
import { sql } from 'drizzle-orm';
import { escapeLiteral } from 'pg';
import type { Tx } from '../../db/client.ts';
import { pgError } from '../../db/transactions.ts';
import { conflict, type HttpError } from '../../lib/http-error.ts';

/** A product of the order as `place_order_locked` takes it (migrations 0034 and 0036, decision 148). */
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
/** A promotion the order used (and the code typed for it): `take_promotion_uses` takes one use of each. */
export type LockedPromotion = {
  id: number;
  /** The promotion code's row; null: automatic (or its shared use only). */
  code: number | null;
  /** `promotions_version` as read before the lock. */
  version: string;
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
  promos: LockedPromotion[] = [],
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
    promos: promos.map((p) => ({
      id: int(p.id),
      code: p.code === null ? null : int(p.code),
      version: md5(p.version),
    })),
  };
  return `SELECT place_order_locked(${escapeLiteral(JSON.stringify(input))}::jsonb) AS placed`;
};

/**
 * The general path's promotion uses, taken under its locks (after the products, as the locked
 * statement takes them): a refusal becomes the buyer's 409 here.
 */
export const takePromotionUses = async (
  tx: Tx,
  orgId: number,
  uses: LockedPromotion[],
  nameOf: (productId: number) => string,
): Promise<void> => {
  if (!uses.length) return;
  const input = uses.map((p) => ({
    id: int(p.id),
    code: p.code === null ? null : int(p.code),
    version: md5(p.version),
  }));
  try {
    await tx.execute(sql`SELECT take_promotion_uses(${orgId}::int, ${JSON.stringify(input)}::jsonb)`);
  } catch (err) {
    throw lockedRefusal(err, nameOf) ?? err;
  }
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
  // A promotion ended or used up, or a code's last use taken by another order, since the cart was shown.
  if (e.code === 'CS413') return conflict(fillMessage(msg.orderPromotionEnded, { nazwa: e.message ?? '' }));
  if (e.code === 'CS414') return conflict(fillMessage(msg.orderPromotionCodeUsed, { kod: e.message ?? '' }));
  if (e.code === 'CS412')
    return conflict(fillMessage(msg.preorderCapReached, { produkt, zostalo: e.detail ?? '0' }));
  return null;
};
