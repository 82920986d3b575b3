import { OrderStatus } from '@club/contract';
import { and, asc, eq, isNotNull, isNull, sql, sum } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { orderLines, orders, organisations, paymentEvents } from '../../db/schema.ts';
import { returnProductStock } from '../orders/place-stock.ts';

const paymentColumns = {
  id: orders.id,
  organisationId: orders.organisationId,
  number: orders.number,
  status: orders.status,
  total: orders.total,
  paymentProvider: orders.paymentProvider,
  paymentStatus: orders.paymentStatus,
  paymentExternalId: orders.paymentExternalId,
};

/** The order a notification is about, locked so notifications for one order apply one at a time. */
export const lockOrderByNumber = async (tx: Tx, orgId: number, number: string) => {
  const [row] = await tx
    .select(paymentColumns)
    .from(orders)
    .where(and(eq(orders.organisationId, orgId), eq(orders.number, number)))
    .limit(1)
    .for('update');
  return row;
};

/** The order whose payment the provider knows by `externalId` (the demo page's token). */
export const findOrderByPayment = async (db: Db, provider: string, externalId: string) => {
  const [row] = await db
    .select(paymentColumns)
    .from(orders)
    .where(and(eq(orders.paymentExternalId, externalId), eq(orders.paymentProvider, provider)))
    .limit(1);
  return row;
};

export const findOrganisation = async (db: Db | Tx, id: number) => {
  const [row] = await db.select().from(organisations).where(eq(organisations.id, id)).limit(1);
  return row;
};

/** Records a notification; false when this exact body was seen before for the order (a replay). */
export const insertEvent = async (
  tx: Tx,
  e: {
    organisationId: number;
    orderId: number;
    provider: string;
    status: string;
    bodyHash: string;
    payload: unknown;
  },
): Promise<boolean> => {
  const rows = await tx
    .insert(paymentEvents)
    .values(e)
    .onConflictDoNothing({ target: [paymentEvents.orderId, paymentEvents.bodyHash] })
    .returning({ id: paymentEvents.id });
  return rows.length > 0;
};

export const setPaymentState = (
  tx: Db | Tx,
  orgId: number,
  orderId: number,
  state: { paymentStatus: string; status?: number },
) =>
  tx
    .update(orders)
    .set({ ...state, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), eq(orders.organisationId, orgId)));

/**
 * Records the provider's payment on a new order that has none yet; false when another start
 * (the crash repair, or the buyer's own request) recorded one first, or the order was cancelled.
 */
export const storePaymentStart = async (
  db: Db | Tx,
  orgId: number,
  orderId: number,
  externalId: string,
  url: string,
): Promise<boolean> => {
  const rows = await db
    .update(orders)
    // The start is over: its claim (orders/payment-start.ts) is let go with it.
    .set({ paymentExternalId: externalId, paymentUrl: url, paymentStartUntil: null, updatedAt: new Date() })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.organisationId, orgId),
        eq(orders.status, OrderStatus.new),
        isNull(orders.paymentExternalId),
      ),
    )
    .returning({ id: orders.id });
  return rows.length > 0;
};

/**
 * Gives a cancelled order's pieces back to stock, exactly once: whoever sets `stock_returned_at`
 * first does it; a second cancel (replayed notification, panel, payment error) finds it set.
 * Products are updated in id order, the order placement locks them in, so the two cannot deadlock.
 */
export const returnStockOnce = async (tx: Tx, orgId: number, orderId: number): Promise<boolean> => {
  const claimed = await tx
    .update(orders)
    .set({ stockReturnedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), eq(orders.organisationId, orgId), isNull(orders.stockReturnedAt)))
    .returning({ id: orders.id });
  if (!claimed.length) return false;
  const perLine = await tx
    .select({
      productId: orderLines.productId,
      parameterId: orderLines.parameterId,
      quantity: sum(orderLines.quantity).mapWith(Number),
    })
    .from(orderLines)
    .where(
      and(
        eq(orderLines.orderId, orderId),
        eq(orderLines.organisationId, orgId),
        isNotNull(orderLines.productId),
      ),
    )
    .groupBy(orderLines.productId, orderLines.parameterId)
    .orderBy(asc(orderLines.productId));
  const perProduct = new Map<number, { parameterId: number | null; quantity: number }[]>();
  for (const l of perLine) {
    const list = perProduct.get(l.productId!) ?? [];
    list.push({ parameterId: l.parameterId, quantity: l.quantity });
    perProduct.set(l.productId!, list);
  }
  // Per option too (stock is kept per parameter), products in id order.
  for (const [productId, pieces] of perProduct) await returnProductStock(tx, orgId, productId, pieces);
  return true;
};
