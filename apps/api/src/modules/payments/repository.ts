import { OrderStatus } from '@club/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { orders, organisations, paymentEvents } from '../../db/schema.ts';

const paymentColumns = {
  id: orders.id,
  organisationId: orders.organisationId,
  number: orders.number,
  status: orders.status,
  /** What the provider charges: the order's total less what a gift card paid of it. */
  total: sql<number>`${orders.total} - ${orders.giftCardPaid}`.mapWith(Number),
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

/** The club's order while it is new and has no payment recorded: a start may still record one, or fail it. */
export const newOrderWithoutPayment = (orgId: number, orderId: number) =>
  and(
    eq(orders.id, orderId),
    eq(orders.organisationId, orgId),
    eq(orders.status, OrderStatus.new),
    isNull(orders.paymentExternalId),
  );

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
    .where(newOrderWithoutPayment(orgId, orderId))
    .returning({ id: orders.id });
  return rows.length > 0;
};
