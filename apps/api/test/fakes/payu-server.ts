import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { isIP } from 'node:net';

/**
 * A local HTTP server speaking the parts of PayU's REST API 2.1 the shop uses: OAuth client
 * credentials, order create (validated as PayU validates it), refunds (PayU's rules: a completed
 * order, never more than is left, idempotent on extRefundId) and signed order and refund
 * notifications sent back to the shop's notifyUrl. Not an in-process mock: the shop reaches it over HTTP.
 */
export type FakePayuOptions = {
  posId: string;
  clientId: string;
  clientSecret: string;
  secondKey: string;
  /** Seconds; PayU's sandbox gives 43199. */
  expiresIn?: number;
  /** A fixed port (the Playwright run starts it as a web server); default: any free one. */
  port?: number;
};

export type PayuOrderBody = {
  notifyUrl: string;
  continueUrl: string;
  customerIp: string;
  merchantPosId: string;
  description: string;
  currencyCode: string;
  totalAmount: string;
  extOrderId: string;
  /** Seconds the payment may take; PayU's default is 86400. */
  validityTime?: string;
  buyer: { email: string; phone?: string; firstName?: string; lastName?: string; language?: string };
  products: { name: string; unitPrice: string; quantity: string }[];
};

export type PayuOrder = {
  orderId: string;
  body: PayuOrderBody;
  redirectUri: string;
  /** PayU's order status: NEW until a notification (or `complete`) moves it. */
  status: string;
};

export type PayuRefundBody = {
  refund: { description: string; amount?: string; extRefundId?: string; currencyCode?: string };
};

export type PayuRefund = {
  orderId: string;
  refundId: string;
  extRefundId?: string;
  amount: number;
  description: string;
  status: 'PENDING' | 'FINALIZED' | 'CANCELED';
};

/** One call to the refund endpoint, as received and as answered. */
export type PayuRefundCall = {
  orderId: string;
  authorization: string | undefined;
  body: unknown;
  status: number;
  answer: unknown;
};
export type Algorithm = 'MD5' | 'SHA-256' | 'SHA256';

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (c) => (data += c));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

const invalid = (res: ServerResponse, field: string) =>
  json(res, 400, {
    status: {
      statusCode: 'ERROR_VALUE_INVALID',
      code: '8300',
      codeLiteral: field,
      statusDesc: `Invalid field: ${field}`,
    },
  });

const isUrl = (s: unknown) => {
  try {
    return typeof s === 'string' && /^https?:$/.test(new URL(s).protocol);
  } catch {
    return false;
  }
};
const parseOr = (raw: string): unknown => {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
};
const isAmount = (s: unknown) => typeof s === 'string' && /^\d+$/.test(s);

/** The first problem PayU would report about an order body, or null. */
const validateOrder = (b: Partial<PayuOrderBody>, posId: string, seenExt: Set<string>): string | null => {
  if (!isUrl(b.notifyUrl)) return 'notifyUrl';
  if (!isUrl(b.continueUrl)) return 'continueUrl';
  if (typeof b.customerIp !== 'string' || !isIP(b.customerIp)) return 'customerIp';
  if (b.merchantPosId !== posId) return 'merchantPosId';
  if (typeof b.description !== 'string' || !b.description) return 'description';
  if (b.currencyCode !== 'PLN') return 'currencyCode';
  if (!isAmount(b.totalAmount) || Number(b.totalAmount) <= 0) return 'totalAmount';
  if (typeof b.extOrderId !== 'string' || !b.extOrderId) return 'extOrderId';
  if (seenExt.has(b.extOrderId)) return 'extOrderId (ORDER_NOT_UNIQUE)';
  if (b.validityTime !== undefined && (!isAmount(b.validityTime) || Number(b.validityTime) < 1))
    return 'validityTime';
  if (!b.buyer || typeof b.buyer.email !== 'string' || !b.buyer.email.includes('@')) return 'buyer.email';
  if (b.buyer.language !== 'pl') return 'buyer.language';
  if (!Array.isArray(b.products) || !b.products.length) return 'products';
  let sum = 0;
  for (const p of b.products) {
    if (typeof p.name !== 'string' || !p.name) return 'products.name';
    if (!isAmount(p.unitPrice)) return 'products.unitPrice';
    if (!isAmount(p.quantity) || Number(p.quantity) < 1) return 'products.quantity';
    sum += Number(p.unitPrice) * Number(p.quantity);
  }
  if (sum !== Number(b.totalAmount)) return 'totalAmount (products do not add up)';
  return null;
};

export const signPayu = (body: string, secondKey: string, algorithm: Algorithm) =>
  createHash(algorithm === 'MD5' ? 'md5' : 'sha256')
    .update(body + secondKey)
    .digest('hex');

export const startFakePayu = async (opts: FakePayuOptions) => {
  const tokens = new Map<string, number>();
  const orders = new Map<string, PayuOrder>();
  const seenExt = new Set<string>();
  const refunds = new Map<string, PayuRefund>();
  const refundCalls: PayuRefundCall[] = [];
  const state = {
    tokenRequests: 0,
    orderRequests: 0,
    failOrders: 0,
    /** The next this many refund requests fail with HTTP 500 (nothing refunded). */
    failRefunds: 0,
    /** The next this many refund requests are refused for good: 9102 NO_BALANCE. */
    refuseRefunds: 0,
    /** The next this many refund requests are carried out but never answered (the socket is cut). */
    dropRefunds: 0,
    expiresIn: opts.expiresIn ?? 43199,
  };
  let refundSeq = 5_000_000_000;

  /** What is left to refund of an order: its total less every refund not cancelled. */
  const leftOf = (o: PayuOrder) =>
    Number(o.body.totalAmount) -
    [...refunds.values()]
      .filter((r) => r.orderId === o.orderId && r.status !== 'CANCELED')
      .reduce((sum, r) => sum + r.amount, 0);

  const refundJson = (r: PayuRefund) => ({
    refundId: r.refundId,
    ...(r.extRefundId !== undefined && { extRefundId: r.extRefundId }),
    amount: String(r.amount),
    currencyCode: 'PLN',
    description: r.description,
    creationDateTime: '2026-05-03T10:00:00.000+02:00',
    status: r.status,
    statusDateTime: '2026-05-03T10:00:00.000+02:00',
  });

  /** PayU's answer to `POST /api/v2_1/orders/{orderId}/refunds` (token already checked). */
  const refundAnswer = (orderId: string, raw: string): [number, unknown] => {
    const o = orders.get(orderId);
    if (!o)
      return [
        404,
        { status: { statusCode: 'DATA_NOT_FOUND', statusDesc: 'Could not find data for given criteria.' } },
      ];
    let body: Partial<PayuRefundBody>;
    try {
      body = JSON.parse(raw);
    } catch {
      return [400, { status: { statusCode: 'ERROR_SYNTAX', statusDesc: 'Invalid JSON' } }];
    }
    const r = body?.refund;
    const refused = (code: string, codeLiteral: string, statusDesc: string): [number, unknown] => [
      400,
      { status: { statusCode: 'ERROR_VALUE_INVALID', severity: 'ERROR', code, codeLiteral, statusDesc } },
    ];
    if (!r || typeof r !== 'object')
      return refused('8300', 'MISSING_REFUND_SECTION', 'Missing refund section');
    if (typeof r.description !== 'string' || !r.description)
      return refused('8300', 'description', 'Missing description');
    if (r.currencyCode !== undefined && r.currencyCode !== o.body.currencyCode)
      return refused('8300', 'currencyCode', 'Currency does not match the order');
    if (r.amount !== undefined && !isAmount(r.amount)) return refused('8300', 'amount', 'Invalid amount');
    if (r.extRefundId !== undefined && (typeof r.extRefundId !== 'string' || !r.extRefundId))
      return refused('8300', 'extRefundId', 'Invalid extRefundId');
    const left = leftOf(o);
    const amount = r.amount !== undefined ? Number(r.amount) : left;
    // The same extRefundId again: the same refund, or a refusal when the request differs.
    const earlier =
      r.extRefundId !== undefined
        ? [...refunds.values()].find((x) => x.orderId === orderId && x.extRefundId === r.extRefundId)
        : undefined;
    if (earlier) {
      if (earlier.amount !== amount)
        return refused('9112', 'REFUND_IDEMPOTENCY_MISMATCH', 'Refund with this extRefundId differs');
      return [
        200,
        {
          orderId,
          refund: refundJson(earlier),
          status: { statusCode: 'SUCCESS', statusDesc: 'Refund queued for processing' },
        },
      ];
    }
    if (o.status !== 'COMPLETED') return refused('9101', 'TRANS_NOT_ENDED', 'Transaction not ended');
    if (left <= 0) return refused('9108', 'PAID', 'Refund already paid');
    if (amount <= 0) return refused('9104', 'AMOUNT_TO_SMALL', 'Refund amount too small');
    if (amount > left) return refused('9103', 'AMOUNT_TO_BIG', 'Refund amount exceeds transaction amount');
    const refund: PayuRefund = {
      orderId,
      refundId: String(refundSeq++),
      ...(r.extRefundId !== undefined && { extRefundId: r.extRefundId }),
      amount,
      description: r.description,
      status: 'PENDING',
    };
    refunds.set(refund.refundId, refund);
    return [
      200,
      {
        orderId,
        refund: refundJson(refund),
        status: { statusCode: 'SUCCESS', statusDesc: 'Refund queued for processing' },
      },
    ];
  };
  let base = '';

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', base);
    const raw = await readBody(req);
    if (req.method === 'POST' && url.pathname === '/pl/standard/user/oauth/authorize') {
      state.tokenRequests++;
      if (!req.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
        return json(res, 415, { error: 'unsupported_media_type' });
      }
      const form = new URLSearchParams(raw);
      if (form.get('grant_type') !== 'client_credentials')
        return json(res, 400, { error: 'unsupported_grant_type' });
      if (form.get('client_id') !== opts.clientId || form.get('client_secret') !== opts.clientSecret) {
        return json(res, 401, { error: 'invalid_client', error_description: 'Bad client credentials' });
      }
      const token = randomBytes(16).toString('hex');
      tokens.set(token, Date.now() + state.expiresIn * 1000);
      return json(res, 200, {
        access_token: token,
        token_type: 'bearer',
        expires_in: state.expiresIn,
        grant_type: 'client_credentials',
      });
    }
    if (req.method === 'POST' && url.pathname === '/api/v2_1/orders') {
      state.orderRequests++;
      const token = req.headers.authorization?.match(/^Bearer (\S+)$/)?.[1];
      const expires = token ? tokens.get(token) : undefined;
      if (!expires || expires < Date.now()) return json(res, 401, { error: 'invalid_token' });
      if (state.failOrders > 0) {
        state.failOrders--;
        return json(res, 500, { status: { statusCode: 'ERROR_INTERNAL', statusDesc: 'Simulated failure' } });
      }
      let body: Partial<PayuOrderBody>;
      try {
        body = JSON.parse(raw);
      } catch {
        return invalid(res, 'body');
      }
      const problem = validateOrder(body, opts.posId, seenExt);
      if (problem) return invalid(res, problem);
      seenExt.add(body.extOrderId!);
      const orderId = randomBytes(10).toString('hex').toUpperCase();
      const redirectUri = `${base}/pay/${orderId}`;
      orders.set(orderId, { orderId, body: body as PayuOrderBody, redirectUri, status: 'NEW' });
      return json(
        res,
        302,
        { status: { statusCode: 'SUCCESS' }, redirectUri, orderId, extOrderId: body.extOrderId },
        { location: redirectUri },
      );
    }
    const refundPath = /^\/api\/v2_1\/orders\/([^/]+)\/refunds$/.exec(url.pathname);
    if (req.method === 'POST' && refundPath) {
      const orderId = decodeURIComponent(refundPath[1]!);
      const authorization = req.headers.authorization;
      const answer = (status: number, body: unknown) => {
        refundCalls.push({ orderId, authorization, body: parseOr(raw), status, answer: body });
        return json(res, status, body);
      };
      const token = authorization?.match(/^Bearer (\S+)$/)?.[1];
      const expires = token ? tokens.get(token) : undefined;
      if (!expires || expires < Date.now()) return answer(401, { error: 'invalid_token' });
      if (state.failRefunds > 0) {
        state.failRefunds--;
        return answer(500, { status: { statusCode: 'ERROR_INTERNAL', statusDesc: 'Simulated failure' } });
      }
      if (state.refuseRefunds > 0) {
        state.refuseRefunds--;
        return answer(400, {
          status: {
            statusCode: 'ERROR_VALUE_INVALID',
            code: '9102',
            codeLiteral: 'NO_BALANCE',
            statusDesc: 'No balance',
          },
        });
      }
      if (state.dropRefunds > 0) {
        state.dropRefunds--;
        const [status, body] = refundAnswer(orderId, raw);
        refundCalls.push({ orderId, authorization, body: parseOr(raw), status, answer: body });
        return res.destroy();
      }
      return answer(...refundAnswer(orderId, raw));
    }
    // PayU's hosted payment page, as far as a browser test needs it: 'Zapłać' completes the order,
    // notifies the shop (signed, at the order's notifyUrl) and sends the buyer to its continueUrl.
    const payPage = /^\/pay\/([^/]+)$/.exec(url.pathname);
    if (payPage) {
      const o = orders.get(decodeURIComponent(payPage[1]!));
      if (!o) return json(res, 404, { status: { statusCode: 'DATA_NOT_FOUND' } });
      if (req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(
          `<!doctype html><html lang="pl"><title>PayU (fake)</title><main><h1>PayU (fake)</h1><p>${o.body.description.replace(/[<>&"]/g, '')}</p><form method="post"><button type="submit">Zapłać</button></form></main></html>`,
        );
      }
      if (req.method === 'POST') {
        o.status = 'COMPLETED';
        const body = notificationBody(o.orderId, 'COMPLETED');
        await fetch(o.body.notifyUrl, {
          method: 'POST',
          headers: {
            'content-type': 'application/json;charset=UTF-8',
            'openpayu-signature': `sender=checkout;signature=${signPayu(body, opts.secondKey, 'SHA-256')};algorithm=SHA-256;content=DOCUMENT`,
          },
          body,
        }).catch(() => {});
        res.writeHead(302, { location: o.body.continueUrl });
        return res.end();
      }
    }
    // What a browser test checks afterwards: the refund calls received, as `refundCalls` holds them.
    if (req.method === 'GET' && url.pathname === '/_fake/refunds') return json(res, 200, refundCalls);
    // A browser test's switch: the next `n` refund requests fail with HTTP 500 (state.failRefunds).
    if (req.method === 'POST' && url.pathname === '/_fake/refunds/fail') {
      state.failRefunds = Math.max(0, Number(url.searchParams.get('n') ?? 1) || 0);
      return json(res, 200, { failRefunds: state.failRefunds });
    }
    json(res, 404, { status: { statusCode: 'NOT_FOUND' } });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  /** A notification body as PayU sends it for `status`. */
  const notificationBody = (orderId: string, status: string, override: Record<string, unknown> = {}) => {
    const o = orders.get(orderId);
    if (!o) throw new Error(`fake PayU: no order ${orderId}`);
    return JSON.stringify({
      order: {
        orderId,
        extOrderId: o.body.extOrderId,
        orderCreateDate: '2026-05-02T18:03:00.000+02:00',
        notifyUrl: o.body.notifyUrl,
        customerIp: o.body.customerIp,
        merchantPosId: o.body.merchantPosId,
        description: o.body.description,
        currencyCode: o.body.currencyCode,
        totalAmount: o.body.totalAmount,
        buyer: o.body.buyer,
        payMethod: { type: 'PBL' },
        products: o.body.products,
        status,
        ...override,
      },
      localReceiptDateTime: '2026-05-02T18:04:00.000+02:00',
      properties: [{ name: 'PAYMENT_ID', value: '5000000000' }],
    });
  };

  /** A refund notification body as PayU sends it, with the refund's current status. */
  const refundNotificationBody = (refundId: string, override: Record<string, unknown> = {}) => {
    const r = refunds.get(refundId);
    if (!r) throw new Error(`fake PayU: no refund ${refundId}`);
    const o = orders.get(r.orderId)!;
    return JSON.stringify({
      orderId: r.orderId,
      extOrderId: o.body.extOrderId,
      refund: {
        refundId: r.refundId,
        ...(r.extRefundId !== undefined && { extRefundId: r.extRefundId }),
        amount: String(r.amount),
        currencyCode: o.body.currencyCode,
        status: r.status,
        statusDateTime: '2026-05-03T10:05:00.000+02:00',
        reason: 'refund',
        reasonDescription: r.description,
        refundDate: '2026-05-03T10:05:00.000+02:00',
        ...override,
      },
    });
  };

  /**
   * Posts a notification to the order's notifyUrl, signed with the second key. The shop under
   * test listens elsewhere than its PUBLIC_URL, so `shopUrl` replaces the URL's origin.
   */
  const send = async (orderId: string, body: string, signatureHeader: string | null, shopUrl: string) => {
    const o = orders.get(orderId)!;
    const target = new URL(o.body.notifyUrl);
    const headers: Record<string, string> = { 'content-type': 'application/json;charset=UTF-8' };
    if (signatureHeader !== null) headers['openpayu-signature'] = signatureHeader;
    const res = await fetch(shopUrl + target.pathname, { method: 'POST', headers, body });
    return { status: res.status, text: await res.text() };
  };

  return {
    url: base,
    state,
    orders,
    lastOrder: () => [...orders.values()].at(-1),
    notificationBody,
    header: (body: string, algorithm: Algorithm = 'SHA-256', key = opts.secondKey) =>
      `sender=checkout;signature=${signPayu(body, key, algorithm)};algorithm=${algorithm};content=DOCUMENT`,
    send,
    /** Sends a correctly signed notification for `status`; returns the shop's answer and the body sent. */
    notify: async (orderId: string, status: string, shopUrl: string, algorithm: Algorithm = 'SHA-256') => {
      const body = notificationBody(orderId, status);
      orders.get(orderId)!.status = status;
      const header = `sender=checkout;signature=${signPayu(body, opts.secondKey, algorithm)};algorithm=${algorithm};content=DOCUMENT`;
      return { ...(await send(orderId, body, header, shopUrl)), body, header };
    },
    refunds,
    refundCalls,
    /** Revokes every token issued so far, as PayU may before they expire. */
    revokeTokens: () => tokens.clear(),
    /** Marks an order paid without telling the shop (PayU refunds completed orders only). */
    complete: (orderId: string) => {
      const o = orders.get(orderId);
      if (!o) throw new Error(`fake PayU: no order ${orderId}`);
      o.status = 'COMPLETED';
    },
    leftOf: (orderId: string) => leftOf(orders.get(orderId)!),
    refundNotificationBody,
    /**
     * Moves a refund to its final state and sends PayU's refund notification for it to the
     * order's notifyUrl (origin replaced by `shopUrl`), signed with the second key.
     */
    notifyRefund: async (
      refundId: string,
      status: 'FINALIZED' | 'CANCELED',
      shopUrl: string,
      algorithm: Algorithm = 'SHA-256',
    ) => {
      const r = refunds.get(refundId);
      if (!r) throw new Error(`fake PayU: no refund ${refundId}`);
      r.status = status;
      const body = refundNotificationBody(refundId);
      const header = `sender=checkout;signature=${signPayu(body, opts.secondKey, algorithm)};algorithm=${algorithm};content=DOCUMENT`;
      return { ...(await send(r.orderId, body, header, shopUrl)), body, header };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

export type FakePayu = Awaited<ReturnType<typeof startFakePayu>>;
