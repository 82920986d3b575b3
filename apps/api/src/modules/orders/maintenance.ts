import { msg, OrderStatus } from '@club/contract';
import { and, asc, eq, isNotNull, isNull, lte, notInArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Tx } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import { transactionWithRetry } from '../../db/transactions.ts';
import { JOB_QUEUES } from '../../lib/jobs.ts';
import { orderExpiredMail } from '../mail/order-templates.ts';
import { enqueueMail } from '../mail/queue.ts';
import { PaymentStatus } from '../payments/provider.ts';
import * as payments from '../payments/repository.ts';
import { heldCondition } from './held-orders.ts';
import {
  cancelUnstarted,
  loadOrderForPayment,
  paymentColumns,
  paymentStartLease,
  startableCondition,
  startOrderPayment,
} from './payment-start.ts';
import { returnStockOnce } from './place-stock.ts';
import { recordStatusChange } from './status-history.ts';

/**
 * Unpaid online orders, held orders nobody confirmed, and orders a crash left without a payment.
 * A pass runs once a minute on the `order-maintenance` queue (pg-boss's cron: one process takes
 * it; the queue lets one pass run at a time). Safe anyway with several: every change is a
 * conditional update of the order row, so one process wins and the others find nothing to do.
 */

/**
 * The background pass leaves an order this long to the request that placed it; a buyer's retry
 * does not wait (a start in progress holds its claim, see claimPaymentStart).
 */
export const REPAIR_GRACE_MS = 2 * 60_000;
/** A payment is started only with at least this long left to pay; otherwise the order just expires. */
const MIN_VALIDITY_S = 60;
/** Every minute. */
const SCHEDULE = '* * * * *';
const BATCH = 50;

/** Paid, or paid and waiting for the shop to accept: never cancelled for being late. */
const PAID = [PaymentStatus.completed, PaymentStatus.waiting];

type Cancelled = { organisationId: number; number: string; email: string; started: string | null };

/**
 * Cancels the orders `due` selects (oldest `by` first, a batch at most) and returns their stock,
 * each in a transaction of its own: products are locked in id order per order, as everywhere
 * else. The conditional update claims the order (another process finds nothing), returnStockOnce
 * returns its stock exactly once; `after` runs in the same transaction.
 */
const cancelDueOrders = async (
  app: FastifyInstance,
  due: () => SQL | undefined,
  by: PgColumn,
  note: string,
  after?: (tx: Tx, order: Cancelled) => Promise<void>,
): Promise<number> => {
  const rows = await app.db.select({ id: orders.id }).from(orders).where(due()).orderBy(asc(by)).limit(BATCH);
  let cancelled = 0;
  for (const { id } of rows) {
    const done = await transactionWithRetry(app.db, async (tx) => {
      const [row] = await tx
        .update(orders)
        .set({ status: OrderStatus.cancelled, updatedAt: sql`now()` })
        .where(and(eq(orders.id, id), due()))
        .returning({
          organisationId: orders.organisationId,
          number: orders.number,
          email: orders.email,
          started: orders.paymentExternalId,
        });
      if (!row) return false;
      await returnStockOnce(tx, row.organisationId, id);
      await recordStatusChange(tx, {
        organisationId: row.organisationId,
        orderId: id,
        from: OrderStatus.new,
        to: OrderStatus.cancelled,
        note,
      });
      await after?.(tx, row);
      return true;
    });
    if (done) cancelled++;
  }
  return cancelled;
};

/**
 * Cancels online orders not paid by their `expires_at` and returns their stock (exactly once,
 * see returnStockOnce). The payment status is kept, so a payment that still completes later is
 * recorded and logged as one to refund. A buyer who got the order confirmation is told.
 */
export const expireUnpaidOrders = async (app: FastifyInstance): Promise<number> => {
  const unpaid = () =>
    and(
      isNotNull(orders.expiresAt),
      eq(orders.status, OrderStatus.new),
      lte(orders.expiresAt, sql`now()`),
      notInArray(orders.paymentStatus, PAID),
    );
  const cancelled = await cancelDueOrders(
    app,
    unpaid,
    orders.expiresAt,
    msg.historyExpired,
    async (tx, row) => {
      if (!row.started) return;
      // They had the order confirmation (sent with the payment start): tell them it is off.
      const org = await payments.findOrganisation(tx, row.organisationId);
      if (org) {
        const mail = orderExpiredMail({ to: row.email, shopName: org.name, number: row.number });
        await enqueueMail(tx, mail, org.id);
      }
    },
  );
  if (cancelled) app.log.info({ cancelled }, 'unpaid orders expired, stock returned');
  return cancelled;
};

/**
 * Cancels held cash-on-delivery orders their buyer did not confirm by the deadline and returns
 * their stock (exactly once: the conditional update claims the order, returnStockOnce the stock).
 * A confirmation racing it waits for the row and then finds the order cancelled. The buyer is not
 * mailed: the address may be a stranger's, who never asked for the order.
 */
export const expireHeldOrders = async (app: FastifyInstance): Promise<number> => {
  const overdue = () => and(heldCondition(), lte(orders.confirmBy, sql`now()`));
  const cancelled = await cancelDueOrders(app, overdue, orders.confirmBy, msg.historyConfirmationExpired);
  if (cancelled) app.log.info({ cancelled }, 'unconfirmed held orders expired, stock returned');
  return cancelled;
};

/** The new online orders without a payment and without a start in progress, older than `graceMs`. */
const unstartedCondition = (graceMs = REPAIR_GRACE_MS) =>
  and(
    isNotNull(orders.expiresAt),
    startableCondition(),
    isNull(orders.paymentUrl),
    lte(orders.updatedAt, sql`now() - ${graceMs}::int * interval '1 millisecond'`),
  );

/**
 * Finishes one order a crash left between its commit and its payment start: claims its start
 * (claimPaymentStart's condition, so no other request or process starts it meanwhile), then
 * starts its payment with the time left, or cancels it (payment ERROR, stock returned) when its
 * club can no longer take that payment. Returns the payment address; null when the order needs
 * no repair (yet): it has a payment, or a start in progress. The background pass leaves young
 * orders to their request (REPAIR_GRACE_MS); the buyer's retry passes `graceMs: 0`.
 */
export const repairOrder = async (
  app: FastifyInstance,
  orderId: number,
  log: FastifyBaseLogger = app.log,
  opts: { graceMs?: number } = {},
): Promise<string | null> => {
  const [claimed] = await app.db
    .update(orders)
    .set({ paymentStartUntil: paymentStartLease() })
    .where(and(eq(orders.id, orderId), unstartedCondition(opts.graceMs)))
    .returning({
      id: orders.id,
      organisationId: orders.organisationId,
      number: orders.number,
      total: orders.total,
      paymentMethod: orders.paymentMethod,
      paymentProvider: orders.paymentProvider,
      ...paymentColumns,
    });
  if (!claimed) return null;
  const validitySeconds = Number(claimed.validitySeconds);
  // Too late to pay: the expiry cancels it (and the buyer's retry is told so).
  if (validitySeconds < MIN_VALIDITY_S) return null;
  const org = await payments.findOrganisation(app.db, claimed.organisationId);
  if (!org) return null;
  let provider: ReturnType<typeof app.payments.providerFor> | undefined;
  try {
    provider = app.payments.providerFor(org);
  } catch {}
  if (!provider || provider.name !== claimed.paymentProvider) {
    // PayU removed, or demo payments switched off, since the order was placed.
    log.warn({ order: claimed.number }, 'order left without payment: its provider is gone, cancelled');
    await cancelUnstarted(app.db, org.id, claimed.id);
    return null;
  }
  const order = await loadOrderForPayment(app.db, org.id, claimed);
  log.warn(
    { order: order.number },
    'order without a payment start (a crash, or its request is gone): starting it',
  );
  return startOrderPayment(app, org, provider, order, log, { claimed: true });
};

/** Looks for crash-orphaned orders and repairs each (a failure of one does not stop the others). */
export const repairUnstartedOrders = async (app: FastifyInstance): Promise<number> => {
  const found = await app.db
    .select({ id: orders.id })
    .from(orders)
    .where(unstartedCondition())
    .orderBy(asc(orders.id))
    .limit(BATCH);
  for (const { id } of found) {
    try {
      await repairOrder(app, id);
    } catch (err) {
      // startOrderPayment already cancelled it when the provider refused.
      app.log.error({ err, orderId: id }, 'repairing an order without payment failed');
    }
  }
  return found.length;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** One pass of order expiry (unpaid, unconfirmed) and crash repair (tests call it instead of waiting). */
    orderMaintenance: { runOnce(): Promise<void> };
  }
}

/** Every minute, on one of the shop's processes: expire unpaid orders and unconfirmed held ones, repair orders a crash left without payment. */
export const orderMaintenancePlugin = fp(
  async (app: FastifyInstance) => {
    const runOnce = async () => {
      await expireUnpaidOrders(app);
      await expireHeldOrders(app);
      await repairUnstartedOrders(app);
    };
    app.decorate('orderMaintenance', { runOnce });
    app.addHook('onReady', async () => {
      await app.jobs.schedule(JOB_QUEUES.orderMaintenance, SCHEDULE);
      await app.jobs.work(JOB_QUEUES.orderMaintenance, runOnce);
    });
  },
  { name: 'order-maintenance', dependencies: ['jobs'] },
);
