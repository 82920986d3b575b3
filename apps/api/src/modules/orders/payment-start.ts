import { fillMessage, msg, OrderStatus } from '@club/contract';
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import { transactionWithRetry } from '../../db/transactions.ts';
import { conflict, HttpError } from '../../lib/http-error.ts';
import type { Organisation } from '../../plugins/tenancy.ts';
import { type PaymentProvider, PaymentStatus } from '../payments/provider.ts';
import * as payments from '../payments/repository.ts';
import { buyerColumns, buyerOf } from './buyer-columns.ts';
import { chargedLines, linesOfOrder } from './order-lines.ts';
import { enqueueOrderMailsOnce } from './order-mails.ts';
import * as repo from './place-repository.ts';
import { returnStockOnce } from './place-stock.ts';
import { recordStatusChange } from './status-history.ts';

/** A committed order as its payment start and its e-mails need it (from the request, or read back by the repair). */
export type OrderForPayment = {
  id: number;
  number: string;
  total: number;
  /** What a gift card paid of the total: the provider is asked for the rest. */
  giftCardPaid: number;
  shippingName: string;
  shippingCost: number;
  deliveryInfo: string | null;
  paymentMethod: number;
  customerIp: string | null;
  address: repo.DeliveryAddress;
  /** Display names (product - option). */
  lines: { name: string; quantity: number; unitPrice: number; discount?: number }[];
  /** Seconds left until the order expires: PayU's `validityTime`. */
  validitySeconds: number;
};

/** The order columns a new payment needs besides id, number, total and method (for `returning`). */
export const paymentColumns = {
  giftCardPaid: orders.giftCardPaid,
  shippingName: orders.shippingName,
  shippingCost: orders.shippingCost,
  deliveryInfo: orders.deliveryInfo,
  customerIp: orders.customerIp,
  ...buyerColumns,
  validitySeconds: sql<number>`floor(extract(epoch from ${orders.expiresAt} - now()))::int`,
};

type PaymentRow = Pick<OrderForPayment, 'id' | 'number' | 'total' | 'paymentMethod'> &
  Omit<OrderForPayment, 'address' | 'lines'> &
  OrderForPayment['address'];

/** An order claimed for a payment (`paymentColumns`) with its lines, as the payment provider takes it. */
export const loadOrderForPayment = async (db: Db, orgId: number, o: PaymentRow): Promise<OrderForPayment> => {
  const lines = await linesOfOrder(db, orgId, o.id);
  return {
    id: o.id,
    number: o.number,
    total: o.total,
    giftCardPaid: o.giftCardPaid,
    shippingName: o.shippingName,
    shippingCost: o.shippingCost,
    deliveryInfo: o.deliveryInfo,
    paymentMethod: o.paymentMethod,
    customerIp: o.customerIp,
    address: buyerOf(o),
    lines,
    validitySeconds: Number(o.validitySeconds),
  };
};

/**
 * What the provider charges: the order as its lines, or, when a gift card paid part of it, the
 * rest as one item (the provider's items must add up to what it charges).
 */
export const providerCharge = (
  o: Pick<OrderForPayment, 'number' | 'total' | 'giftCardPaid' | 'shippingName' | 'shippingCost' | 'lines'>,
) =>
  o.giftCardPaid > 0
    ? {
        total: o.total - o.giftCardPaid,
        shippingName: o.shippingName,
        shippingCost: 0,
        lines: [
          {
            name: fillMessage(msg.giftCardRestCharged, { numer: o.number }),
            quantity: 1,
            unitPrice: o.total - o.giftCardPaid,
          },
        ],
      }
    : {
        total: o.total,
        shippingName: o.shippingName,
        shippingCost: o.shippingCost,
        lines: chargedLines(o.lines),
      };

/**
 * How long a payment start is its starter's: longer than a provider may take to answer (PayU:
 * three requests of at most 10 s each). A start still unrecorded after it died with its process.
 */
export const PAYMENT_START_LEASE_MS = 90_000;
/** How long a request waits for another request's start of the same payment to get its address. */
export const PAYMENT_START_WAIT_MS = 15_000;

/** A new online order with no payment recorded and no start in progress (or only a dead one). */
export const startableCondition = () =>
  and(
    eq(orders.status, OrderStatus.new),
    isNull(orders.paymentExternalId),
    or(isNull(orders.paymentStartUntil), lte(orders.paymentStartUntil, sql`now()`)),
  );

/** The claim's value: nobody else starts this order's payment until then. */
export const paymentStartLease = () => sql`now() + ${PAYMENT_START_LEASE_MS}::int * interval '1 millisecond'`;

/**
 * Claims the start of an order's payment in one conditional update: of any number of requests
 * and processes at once, exactly one gets true, and the others wait for its address.
 */
export const claimPaymentStart = async (db: Db, orgId: number, orderId: number): Promise<boolean> => {
  const rows = await db
    .update(orders)
    .set({ paymentStartUntil: paymentStartLease() })
    .where(and(eq(orders.id, orderId), eq(orders.organisationId, orgId), startableCondition()))
    .returning({ id: orders.id });
  return rows.length > 0;
};

/** What a repeated request for a cancelled order hears: never a 409 for ever without a way on. */
export const closedOrderError = (order: { number: string; paymentStatus: string }) =>
  order.paymentStatus === PaymentStatus.error
    ? new HttpError(502, msg.orderPaymentFailed)
    : conflict(fillMessage(msg.orderCancelledOrderAgain, { numer: order.number }));

/**
 * Cancels a new order whose payment was never started (payment `ERROR`) and returns its stock,
 * once. Conditional: an order whose payment another start recorded meanwhile is left alone.
 */
export const cancelUnstarted = (db: Db, orgId: number, orderId: number): Promise<boolean> =>
  transactionWithRetry(db, async (tx) => {
    const rows = await tx
      .update(orders)
      .set({ status: OrderStatus.cancelled, paymentStatus: PaymentStatus.error, updatedAt: sql`now()` })
      .where(payments.newOrderWithoutPayment(orgId, orderId))
      .returning({ id: orders.id });
    if (!rows.length) return false;
    await returnStockOnce(tx, orgId, orderId);
    await recordStatusChange(tx, {
      organisationId: orgId,
      orderId,
      from: OrderStatus.new,
      to: OrderStatus.cancelled,
      note: msg.historyPaymentStartFailed,
    });
    return true;
  });

/**
 * The address another start of this order's payment is getting, once it has it; a while at most,
 * then a 409 that asks to try again. A cancelled order answers why.
 */
export const awaitPaymentStart = async (
  app: FastifyInstance,
  orgId: number,
  orderId: number,
  deadline = Date.now() + PAYMENT_START_WAIT_MS,
): Promise<string> => {
  for (;;) {
    const now = await repo.findOrderForResume(app.db, orgId, orderId);
    if (!now) throw new HttpError(502, msg.orderPaymentFailed);
    if (now.status === OrderStatus.cancelled) throw closedOrderError(now);
    if (now.paymentUrl) return now.paymentUrl;
    if (Date.now() > deadline) throw conflict(msg.orderInProgress);
    await new Promise((r) => setTimeout(r, 100));
  }
};

/**
 * Registers the payment with the provider (no transaction open meanwhile), then records it
 * together with the order e-mails in one transaction: the buyer is told of an online order once
 * it can be paid. A provider failure cancels the order and returns its stock (502). The start is
 * claimed first (claimPaymentStart), so two requests never register two payments: the one that
 * does not get the claim waits for the other's address.
 */
export const startOrderPayment = async (
  app: FastifyInstance,
  org: Organisation,
  provider: PaymentProvider,
  o: OrderForPayment,
  log: FastifyBaseLogger = app.log,
  opts: {
    // A new payment of an order (payments/outcome.ts): its e-mails went with the first one.
    mails?: boolean;
    // The caller holds the claim already (the crash repair claims with its read of the order).
    claimed?: boolean;
  } = {},
): Promise<string> => {
  if (!opts.claimed && !(await claimPaymentStart(app.db, org.id, o.id))) {
    return awaitPaymentStart(app, org.id, o.id);
  }
  const storefront = await app.tenants.siteUrl(org);
  let started: { externalId: string; redirectUrl: string } | undefined;
  try {
    started = await provider.createPayment(
      {
        id: o.id,
        number: o.number,
        ...providerCharge(o),
        name: o.address.name,
        email: o.address.email,
        phone: o.address.phone,
        customerIp: o.customerIp,
        validitySeconds: o.validitySeconds,
      },
      {
        org,
        publicUrl: app.config.publicUrl,
        storefrontUrl: storefront,
        returnUrl: app.payments.returnUrl(storefront, org.id, o.id),
      },
    );
  } catch (err) {
    log.error({ err, order: o.number }, 'the payment could not be started: order cancelled');
    await cancelUnstarted(app.db, org.id, o.id);
  }
  if (started) {
    const { externalId, redirectUrl } = started;
    const stored = await transactionWithRetry(app.db, async (tx) => {
      if (!(await payments.storePaymentStart(tx, org.id, o.id, externalId, redirectUrl))) return false;
      if (opts.mails !== false) {
        const links = { secret: app.payments.demoSecret(), siteUrl: async () => storefront };
        await enqueueOrderMailsOnce(
          tx,
          links,
          { organisationId: org.id, orderId: o.id, confirmUrl: null },
          org,
        );
      }
      return true;
    });
    if (stored) return redirectUrl;
  }
  const now = await repo.findOrderForResume(app.db, org.id, o.id);
  if (now && now.status !== OrderStatus.cancelled && now.paymentUrl) return now.paymentUrl;
  throw now ? closedOrderError(now) : new HttpError(502, msg.orderPaymentFailed);
};
