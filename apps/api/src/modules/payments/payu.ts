import { createHash, randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Organisation } from '../../plugins/tenancy.ts';
import {
  checkRefundRequest,
  type PaymentContext,
  type PaymentOrder,
  type PaymentProvider,
  type PaymentProviderModule,
  PaymentStartError,
  RefundError,
  type RefundErrorReason,
  type RefundStatus,
} from './provider.ts';
import { verifySignedNotification, verifySignedRefundNotification } from './signature.ts';

export type PayuConfig = NonNullable<Organisation['payuConfig']>;

export const PAYU_SANDBOX_URL = 'https://secure.snd.payu.com';
export const PAYU_PRODUCTION_URL = 'https://secure.payu.com';
const TIMEOUT_MS = 10_000;
/** A token is renewed this long before PayU says it expires, so no request carries a dying one. */
const TOKEN_MARGIN_S = 60;

export const payuBaseUrl = (cfg: PayuConfig) =>
  (cfg.baseUrl ?? (cfg.sandbox ? PAYU_SANDBOX_URL : PAYU_PRODUCTION_URL)).replace(/\/$/, '');

/** Changed credentials (a new secret in the panel) must not keep using the old token. */
const tokenKey = (cfg: PayuConfig) =>
  `${payuBaseUrl(cfg)} ${cfg.clientId} ${createHash('sha256').update(cfg.clientSecret).digest('hex').slice(0, 16)}`;

/** PayU answered the OAuth request with an error (`status`: its HTTP status; 401 for bad credentials). */
export class PayuAuthError extends PaymentStartError {
  constructor(readonly status: number) {
    super(`PayU OAuth failed: HTTP ${status}`);
  }
}

/** OAuth tokens per PayU client (base URL + client id), reused until shortly before they expire. */
export class PayuTokens {
  // One entry per PayU client; changed secrets leave old keys behind, so bounded and expiring.
  private cache = new LRUCache<string, string>({ max: 1_000, ttl: 24 * 60 * 60_000 });

  async get(cfg: PayuConfig): Promise<string> {
    const key = tokenKey(cfg);
    const hit = this.cache.get(key);
    if (hit) return hit;
    const res = await fetch(`${payuBaseUrl(cfg)}/pl/standard/user/oauth/authorize`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: cfg.clientId,
        client_secret: cfg.clientSecret,
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const body = (await res.json().catch(() => null)) as {
      access_token?: string;
      expires_in?: number;
    } | null;
    if (!res.ok || !body?.access_token) throw new PayuAuthError(res.status);
    const ttl = Math.max(0, (Number(body.expires_in) || 0) - TOKEN_MARGIN_S);
    if (ttl > 0) this.cache.set(key, body.access_token, { ttl: ttl * 1000 });
    return body.access_token;
  }

  drop(cfg: PayuConfig) {
    this.cache.delete(tokenKey(cfg));
  }
}

/** PayU wants a plain IPv4/IPv6 address; Node reports IPv4 clients of a dual-stack socket as `::ffff:a.b.c.d`. */
const plainIp = (ip: string | null) => (ip ?? '127.0.0.1').replace(/^::ffff:/, '');

const splitName = (full: string) => {
  const [first, ...rest] = full.trim().split(/\s+/);
  return { firstName: first ?? '', lastName: rest.join(' ') };
};

type CreateResponse = { status?: { statusCode?: string }; redirectUri?: string; orderId?: string };

export type PayuStatus = { statusCode?: string; code?: string; codeLiteral?: string; statusDesc?: string };
type RefundResponse = { status?: PayuStatus; refund?: { refundId?: string; status?: string } };

/** PayU's refund error codes (`status.code`, `status.codeLiteral`) and what the panel is told. */
const REFUND_CODES: Record<string, RefundErrorReason> = {
  TRANS_NOT_ENDED: 'not-refundable', // 9101: the payment is not completed yet
  NO_BALANCE: 'balance', // 9102
  AMOUNT_TO_BIG: 'amount', // 9103: above what is left
  AMOUNT_TOO_BIG: 'amount',
  AMOUNT_TO_SMALL: 'amount', // 9104
  AMOUNT_TOO_SMALL: 'amount',
  REFUND_DISABLED: 'not-refundable', // 9105
  REFUND_TOO_OFTEN: 'failed', // 9106: again in a moment
  PAID: 'not-refundable', // 9108: refunded in full already
  REFUND_IDEMPOTENCY_MISMATCH: 'conflict', // 9112
  TRANS_BILLING_ENTRIES_NOT_COMPLETED: 'not-refundable', // 9113
  TRANS_TOO_OLD: 'not-refundable', // 9116
  REMAINING_TRANS_AMOUNT_TOO_SMALL: 'amount', // 9117
};
const REFUND_NUMERIC: Record<string, string> = {
  '9101': 'TRANS_NOT_ENDED',
  '9102': 'NO_BALANCE',
  '9103': 'AMOUNT_TO_BIG',
  '9104': 'AMOUNT_TO_SMALL',
  '9105': 'REFUND_DISABLED',
  '9106': 'REFUND_TOO_OFTEN',
  '9108': 'PAID',
  '9112': 'REFUND_IDEMPOTENCY_MISMATCH',
  '9113': 'TRANS_BILLING_ENTRIES_NOT_COMPLETED',
  '9116': 'TRANS_TOO_OLD',
  '9117': 'REMAINING_TRANS_AMOUNT_TOO_SMALL',
};

/** PayU's refusal of a refund (HTTP status and its `status` object) as a RefundError. */
export const payuRefundError = (httpStatus: number, status: PayuStatus | undefined): RefundError => {
  const literal = status?.codeLiteral?.toUpperCase() ?? REFUND_NUMERIC[status?.code ?? ''];
  const detail =
    `PayU refund: HTTP ${httpStatus} ${status?.statusCode ?? ''} ${status?.code ?? ''} ${literal ?? ''} ${status?.statusDesc ?? ''}`
      .replace(/\s+/g, ' ')
      .trim();
  const reason = literal ? REFUND_CODES[literal] : undefined;
  if (reason) return new RefundError(reason, detail);
  // An order PayU does not know (another POS, a demo payment) cannot be refunded through it.
  if (httpStatus === 404 || status?.statusCode === 'DATA_NOT_FOUND')
    return new RefundError('not-refundable', detail);
  return new RefundError('failed', detail);
};

/** PayU's refund status; anything else it may add is still on its way. */
export const payuRefundStatus = (status: string | undefined): RefundStatus =>
  status === 'FINALIZED' || status === 'CANCELED' ? status : 'PENDING';

/** PayU REST API 2.1: OAuth client credentials, then `POST /api/v2_1/orders`. */
export const payuProvider = (cfg: PayuConfig, tokens: PayuTokens): PaymentProvider => {
  const createOrder = async (token: string, body: unknown) =>
    fetch(`${payuBaseUrl(cfg)}/api/v2_1/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
      // PayU answers 302 to the payment page; the buyer's browser follows it, not we.
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });

  const postRefund = async (token: string, orderId: string, body: unknown) =>
    fetch(`${payuBaseUrl(cfg)}/api/v2_1/orders/${encodeURIComponent(orderId)}/refunds`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });

  return {
    name: 'payu',
    async createPayment(order: PaymentOrder, ctx: PaymentContext) {
      const products = order.lines.map((l) => ({
        name: l.name.slice(0, 255),
        unitPrice: String(l.unitPrice),
        quantity: String(l.quantity),
      }));
      if (order.shippingCost > 0) {
        products.push({
          name: `Dostawa: ${order.shippingName}`.slice(0, 255),
          unitPrice: String(order.shippingCost),
          quantity: '1',
        });
      }
      const body = {
        notifyUrl: `${ctx.publicUrl}/api/payments/payu/notify/${encodeURIComponent(ctx.org.alias)}`,
        continueUrl: ctx.returnUrl,
        customerIp: plainIp(order.customerIp),
        merchantPosId: cfg.posId,
        description: `Zamówienie ${order.number} – ${ctx.org.name}`.slice(0, 255),
        currencyCode: 'PLN',
        totalAmount: String(order.total),
        // Unique per attempt: PayU refuses a repeated extOrderId (e.g. after the shop's database was reset).
        extOrderId: `${order.number}-${randomBytes(4).toString('hex')}`,
        // PayU cancels the payment when the shop cancels the unpaid order (orders/maintenance.ts).
        validityTime: String(Math.max(1, Math.floor(order.validitySeconds))),
        buyer: { email: order.email, phone: order.phone, ...splitName(order.name), language: 'pl' },
        products,
      };
      let token = await tokens.get(cfg);
      let res = await createOrder(token, body);
      if (res.status === 401) {
        // The cached token was revoked early: one retry with a fresh one.
        tokens.drop(cfg);
        token = await tokens.get(cfg);
        res = await createOrder(token, body);
      }
      const json = (await res.json().catch(() => null)) as CreateResponse | null;
      const ok = res.status === 200 || res.status === 201 || res.status === 302;
      if (
        !ok ||
        json?.status?.statusCode !== 'SUCCESS' ||
        !/^https?:\/\//.test(json.redirectUri ?? '') ||
        !json.orderId
      ) {
        throw new PaymentStartError(
          `PayU order create failed: HTTP ${res.status} ${json?.status?.statusCode ?? ''}`,
        );
      }
      return { externalId: json.orderId, redirectUrl: json.redirectUri! };
    },
    verifyNotification: (headers, rawBody) => verifySignedNotification(headers, rawBody, cfg.secondKey),

    /** `POST /api/v2_1/orders/{orderId}/refunds`; PayU answers PENDING and notifies FINALIZED or CANCELED later. */
    async refund(payment, refund) {
      checkRefundRequest(payment, refund);
      const body = {
        refund: {
          description: refund.description.slice(0, 255) || 'Zwrot',
          amount: String(refund.amount),
          extRefundId: refund.extRefundId,
          currencyCode: 'PLN',
        },
      };
      let res: Response;
      try {
        let token = await tokens.get(cfg);
        res = await postRefund(token, payment.externalId, body);
        if (res.status === 401) {
          // The cached token was revoked early: one retry with a fresh one.
          tokens.drop(cfg);
          token = await tokens.get(cfg);
          res = await postRefund(token, payment.externalId, body);
        }
      } catch (e) {
        // Network, timeout or OAuth refused: nothing was refunded; the same extRefundId may be sent again.
        throw new RefundError('failed', `PayU refund: ${(e as Error).message}`);
      }
      const json = (await res.json().catch(() => null)) as RefundResponse | null;
      if (res.ok && json?.status?.statusCode === 'SUCCESS' && json.refund?.refundId) {
        return { refundId: String(json.refund.refundId), status: payuRefundStatus(json.refund.status) };
      }
      throw payuRefundError(res.status, json?.status);
    },
    verifyRefundNotification: (headers, rawBody) =>
      verifySignedRefundNotification(headers, rawBody, cfg.secondKey),
  };
};

/** PayU serves a club with its own configuration, or the default club with the `PAYU_*` variables. */
export const payuProviderModule: PaymentProviderModule = {
  name: 'payu',
  forClub(org, env) {
    const cfg = env.payments.payuConfigFor(org);
    return cfg ? payuProvider(cfg, env.payments.tokens) : null;
  },
};
