import { groszeToZl, msg, OrderStatus, type PaymentOutcome } from '@club/contract';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import type { Organisation } from '../../plugins/tenancy.ts';
import { PaymentStatus } from '../payments/provider.ts';
import { type PaymentStatusChange, paymentMethodOf } from '../payments/registry.ts';
import { heldUntil } from './held-orders.ts';
import { loadOrderForPayment, paymentColumns, startOrderPayment } from './payment-start.ts';
import { recordStatusChange } from './status-history.ts';

/** A new payment is started only with at least this long left to pay (as the crash repair does; also in the SQL below). */
const MIN_VALIDITY_S = 60;

const outcomeColumns = {
  id: orders.id,
  number: orders.number,
  status: orders.status,
  total: orders.total,
  paymentMethod: orders.paymentMethod,
  paymentProvider: orders.paymentProvider,
  paymentStatus: orders.paymentStatus,
  paymentUrl: orders.paymentUrl,
  expiresAt: orders.expiresAt,
  confirmBy: orders.confirmBy,
  buyerConfirmedAt: orders.buyerConfirmedAt,
};
type OutcomeRow = { [K in keyof typeof outcomeColumns]: (typeof orders.$inferSelect)[K] };

const PAID = new Set<string>([PaymentStatus.completed, PaymentStatus.waiting]);
const FAILED = new Set<string>([PaymentStatus.canceled, PaymentStatus.error]);

type RetryFacts = Pick<OutcomeRow, 'status' | 'expiresAt' | 'paymentMethod' | 'paymentStatus'>;

const open = (o: RetryFacts, now = Date.now()) =>
  o.status === OrderStatus.new &&
  o.expiresAt !== null &&
  o.expiresAt.getTime() - now >= MIN_VALIDITY_S * 1000;

const isOnline = (o: Pick<OutcomeRow, 'paymentMethod'>) => paymentMethodOf(o.paymentMethod)?.online === true;

/** An unpaid online order that may get a new payment now (history, thank-you page). */
export const canRetry = (o: RetryFacts, now = Date.now()) =>
  isOnline(o) && !PAID.has(o.paymentStatus) && open(o, now);

export const findOrderOfToken = async (app: FastifyInstance, org: Organisation, token: string) => {
  const id = app.payments.orderOfToken(org.id, token);
  if (id === null) return undefined;
  const [row] = await app.db
    .select(outcomeColumns)
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.organisationId, org.id)))
    .limit(1);
  return row;
};

/** The buyer's view of their order's payment; a token of another club or a forged one: not found. */
export const paymentOutcome = async (
  app: FastifyInstance,
  org: Organisation,
  token: string,
): Promise<PaymentOutcome> => {
  const o = await findOrderOfToken(app, org, token);
  if (!o) throw notFound(msg.paymentNotFound);
  const held = heldUntil(o);
  const Wynik =
    o.status === OrderStatus.cancelled
      ? 'anulowane'
      : PAID.has(o.paymentStatus)
        ? 'oplacone'
        : FAILED.has(o.paymentStatus)
          ? 'nieudana'
          : 'oczekuje';
  return {
    NrZamowienia: o.number,
    Kwota: groszeToZl(o.total),
    Platnosc: o.paymentMethod,
    Status: o.status,
    Wynik,
    MoznaPonowic: canRetry(o),
    // Only a held order says so: the answer of every other order keeps its old shape.
    ...(held && { PotwierdzDo: held.toISOString() }),
  };
};

/** What the refusal of a retry says, in Polish, for an order that cannot be paid again. */
const refusal = (o: OutcomeRow) => {
  if (!isOnline(o)) return conflict(msg.paymentRetryNotOnline);
  if (PAID.has(o.paymentStatus)) return conflict(msg.paymentRetryPaid);
  // Cancelled by the shop or the payment start failed; otherwise its time to pay is (nearly) over.
  if (o.status !== OrderStatus.new && !(o.expiresAt && o.expiresAt.getTime() <= Date.now()))
    return conflict(msg.paymentRetryCancelled);
  return conflict(msg.paymentRetryExpired);
};

/**
 * 'Ponów płatność': a payment still open (the buyer left the provider's page) is offered again;
 * a cancelled one is replaced by a new payment of the same order. The old one is forgotten in
 * one conditional update, so two clicks start one payment and an expiring order is never revived.
 */
export const retryPayment = async (
  app: FastifyInstance,
  org: Organisation,
  token: string,
  log: FastifyBaseLogger,
): Promise<string> => {
  const o = await findOrderOfToken(app, org, token);
  if (!o) throw notFound(msg.paymentNotFound);
  if (!canRetry(o)) throw refusal(o);
  if (!FAILED.has(o.paymentStatus) && o.paymentUrl) return o.paymentUrl;
  const provider = app.payments.providerFor(org);
  const [claimed] = await app.db
    .update(orders)
    .set({
      paymentExternalId: null,
      paymentUrl: null,
      paymentStatus: PaymentStatus.new,
      paymentProvider: provider.name,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(orders.id, o.id),
        eq(orders.organisationId, org.id),
        eq(orders.status, OrderStatus.new),
        eq(orders.paymentStatus, o.paymentStatus),
        gte(orders.expiresAt, sql`now() + interval '60 seconds'`),
      ),
    )
    .returning(paymentColumns);
  if (!claimed) {
    // Another click won the race (its payment is the answer), or the order expired meanwhile.
    const now = await findOrderOfToken(app, org, token);
    if (now && canRetry(now) && now.paymentUrl) return now.paymentUrl;
    throw now ? refusal(now) : notFound(msg.paymentNotFound);
  }
  const order = await loadOrderForPayment(app.db, org.id, {
    ...claimed,
    id: o.id,
    number: o.number,
    total: o.total,
    paymentMethod: o.paymentMethod,
  });
  log.info({ order: o.number }, 'a new payment for an unpaid order');
  // The confirmation e-mail went with the first payment: not sent again.
  return startOrderPayment(app, org, provider, order, log, { mails: false });
};

/** The order's side of a payment notification that moved it: its status history says so. */
export const recordPaymentStatusChange = (tx: Tx, c: PaymentStatusChange) =>
  recordStatusChange(tx, {
    organisationId: c.organisationId,
    orderId: c.orderId,
    from: c.from,
    to: c.to,
    note: c.to === OrderStatus.cancelled ? msg.historyPaymentCanceled : msg.historyPaymentCompleted,
  });
