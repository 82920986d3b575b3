import type { IncomingHttpHeaders } from 'node:http';
import { msg, OrderStatus } from '@club/contract';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-error.ts';
import type { Organisation } from '../../plugins/tenancy.ts';

/** What a provider needs to know about an order to start its payment. Money in grosze. */
export type PaymentOrder = {
  id: number;
  number: string;
  total: number;
  shippingName: string;
  shippingCost: number;
  name: string;
  email: string;
  phone: string;
  customerIp: string | null;
  /** Adding up, with the shipping, to `total` (orders/order-lines.ts `chargedLines`). */
  lines: { name: string; unitPrice: number; quantity: number }[];
  /** How long the buyer has to pay; the shop cancels the order after that (PayU's `validityTime`). */
  validitySeconds: number;
};

export type PaymentContext = {
  org: Organisation;
  /** The API's public address (notifications, the demo payment page). */
  publicUrl: string;
  /** The club's storefront, where the buyer comes back to. */
  storefrontUrl: string;
  /** The storefront's thank-you page for this order, with its signed token (`?z=`). */
  returnUrl: string;
};

/** A verified notification, in PayU's shape (the demo provider speaks the same). */
export type PaymentNotification = {
  orderId: string;
  extOrderId: string;
  status: string;
  totalAmount?: string;
  currencyCode?: string;
};

/** The payment a refund goes back through. Money in grosze. */
export type RefundPayment = {
  /** The provider's id of the payment (`orders.payment_external_id`; PayU's orderId). */
  externalId: string;
  /** What the buyer paid. */
  total: number;
};

/** One refund asked of the provider. Money in grosze. */
export type RefundRequest = {
  /** More than zero, at most what is left of the payment (the provider refuses more). */
  amount: number;
  description: string;
  /** Our id of this refund: asking again with it returns the same refund, never a second one. */
  extRefundId: string;
};

export type RefundContext = { org: Organisation };

/** PENDING: accepted, the money is on its way; FINALIZED: paid back; CANCELED: not paid back. */
export type RefundStatus = 'PENDING' | 'FINALIZED' | 'CANCELED';

export type RefundResult = { refundId: string; status: RefundStatus };

/** A verified refund notification, in PayU's shape (the demo provider would speak the same). */
export type RefundNotification = {
  orderId: string;
  extOrderId?: string;
  refundId: string;
  extRefundId?: string;
  /** Grosze. */
  amount: number;
  currencyCode: string;
  status: RefundStatus;
};

/** A provider's name, stored in `orders.payment_provider` with each payment. */
export type ProviderName = string;

export interface PaymentProvider {
  readonly name: ProviderName;
  /** Registers the payment with the provider; the buyer is then sent to `redirectUrl`. */
  createPayment(
    order: PaymentOrder,
    ctx: PaymentContext,
  ): Promise<{ externalId: string; redirectUrl: string }>;
  /** Checks the signature over the raw body and parses it; throws an HttpError (400/401) otherwise. */
  verifyNotification(headers: IncomingHttpHeaders, rawBody: string): PaymentNotification;
  /** Asks the provider to pay `refund.amount` of the payment back; throws a RefundError when it refuses. */
  refund(payment: RefundPayment, refund: RefundRequest, ctx: RefundContext): Promise<RefundResult>;
  /** Like verifyNotification, for the notification a refund's final state arrives in. */
  verifyRefundNotification(headers: IncomingHttpHeaders, rawBody: string): RefundNotification;
}

/**
 * One payment provider as the registry (registry.ts) knows it: asked in the registry's order,
 * the first that serves the club takes its online payments.
 */
export interface PaymentProviderModule {
  readonly name: ProviderName;
  /** The club's provider when this one serves it (configured, allowed here); null otherwise. */
  forClub(org: Organisation, env: ProviderEnv): PaymentProvider | null;
}

/** What providers are built from: the app's settings and the shared state of `app.payments`. */
export type ProviderEnv = {
  config: FastifyInstance['config'];
  payments: FastifyInstance['payments'];
};

/** A provider that could not start a payment (network, credentials, refused order). */
export class PaymentStartError extends Error {}

/**
 * Why a refund was refused. `amount`: more than is left (or not above zero); `not-refundable`:
 * the payment cannot be refunded now; `balance`: the club's provider account lacks the money;
 * `conflict`: this extRefundId was used for another amount; `failed`: the provider could not be
 * reached or failed (worth trying again).
 */
export type RefundErrorReason = 'amount' | 'not-refundable' | 'balance' | 'conflict' | 'failed';

const REFUND_ERROR: Record<RefundErrorReason, { status: number; message: string }> = {
  amount: { status: 409, message: msg.refundAmountTooHigh },
  'not-refundable': { status: 409, message: msg.refundNotPossible },
  balance: { status: 409, message: msg.refundNoBalance },
  conflict: { status: 409, message: msg.refundConflict },
  failed: { status: 502, message: msg.refundFailed },
};

/** A refused refund, with a Polish message for the panel; `detail` is the provider's own words, for the log. */
export class RefundError extends HttpError {
  constructor(
    readonly reason: RefundErrorReason,
    readonly detail = '',
    message = REFUND_ERROR[reason].message,
  ) {
    super(REFUND_ERROR[reason].status, message);
  }
}

/** Checks a refund before it is sent: whole grosze above zero, within the payment, an id to repeat it by. */
export const checkRefundRequest = (payment: RefundPayment, refund: RefundRequest) => {
  if (!Number.isSafeInteger(refund.amount) || refund.amount <= 0) {
    throw new RefundError('amount', `amount ${refund.amount}`, msg.refundAmountInvalid);
  }
  if (refund.amount > payment.total) {
    throw new RefundError('amount', `amount ${refund.amount} above the payment's ${payment.total}`);
  }
  if (!refund.extRefundId || refund.extRefundId.length > 200) {
    // The caller's mistake, not the provider's refusal.
    throw new Error('refund: extRefundId missing or longer than 200 characters');
  }
};

export const PaymentStatus = {
  new: 'NEW',
  pending: 'PENDING',
  waiting: 'WAITING_FOR_CONFIRMATION',
  completed: 'COMPLETED',
  canceled: 'CANCELED',
  /** The provider could not start the payment; the order was cancelled at once. */
  error: 'ERROR',
} as const;

/** How far a payment got; a notification never moves it backwards (they can arrive out of order). */
const RANK: Record<string, number> = {
  NEW: 0,
  PENDING: 1,
  WAITING_FOR_CONFIRMATION: 2,
  COMPLETED: 3,
  CANCELED: 3,
  ERROR: 3,
};
const FINAL = new Set<string>([PaymentStatus.completed, PaymentStatus.canceled, PaymentStatus.error]);

export type Transition = {
  paymentStatus: string;
  /** The order's new status, when the payment changes it. */
  orderStatus?: number;
};

/**
 * PayU's order status mapped onto the order: PENDING and WAITING_FOR_CONFIRMATION are only
 * recorded; COMPLETED makes a new order 'Do realizacji'; CANCELED is recorded, the order waits
 * for a new payment until it expires. Returns null when nothing changes (unknown status, older news, a final state).
 */
export const transitionFor = (
  current: { paymentStatus: string; status: number },
  incoming: string,
): Transition | null => {
  const rank = RANK[incoming];
  if (rank === undefined || FINAL.has(current.paymentStatus)) return null;
  if (rank <= (RANK[current.paymentStatus] ?? 0)) return null;
  if (incoming === PaymentStatus.completed) {
    return {
      paymentStatus: incoming,
      ...(current.status === OrderStatus.new && { orderStatus: OrderStatus.toFulfil }),
    };
  }
  // A cancelled payment leaves the order open: the buyer may pay it again (a new payment) until it
  // expires; then orders/maintenance.ts cancels it and returns the stock.
  return { paymentStatus: incoming };
};
