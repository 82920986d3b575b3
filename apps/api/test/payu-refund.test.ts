import { createServer, type IncomingHttpHeaders } from 'node:http';
import { msg } from '@club/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type PayuConfig, PayuTokens, payuProvider } from '../src/modules/payments/payu.ts';
import {
  type PaymentProvider,
  RefundError,
  type RefundPayment,
  type RefundRequest,
} from '../src/modules/payments/provider.ts';
import type { Organisation } from '../src/plugins/tenancy.ts';
import { type FakePayu, startFakePayu } from './fakes/payu-server.ts';

const PAYU = {
  posId: '300746',
  clientId: '300746',
  clientSecret: '2ee86a66e5d97e3fadc400c9f19b065d',
  secondKey: 'b6ca15b0d1020e8094d9b5f8d163db54',
};
const org = { alias: 'demo', name: 'MKS Sokół Demo' } as Organisation;
const ctx = { org };

let payu: FakePayu;
let provider: PaymentProvider;
/** Where the fake sends notifications in place of the shop: what arrived, answered 200. */
let shop: {
  url: string;
  received: { headers: IncomingHttpHeaders; body: string }[];
  close: () => Promise<void>;
};

const startShop = async (): Promise<typeof shop> => {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.end('OK');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

const config = (over: Partial<PayuConfig> = {}): PayuConfig => ({
  ...PAYU,
  sandbox: true,
  baseUrl: payu.url,
  ...over,
});

beforeAll(async () => {
  payu = await startFakePayu(PAYU);
  shop = await startShop();
  provider = payuProvider(config(), new PayuTokens());
});
afterAll(async () => {
  await payu?.close();
  await shop?.close();
});
beforeEach(() => {
  payu.state.failRefunds = 0;
});

let seq = 0;
/** An order registered at PayU through the provider, for `total` grosze; paid unless told otherwise. */
const paidOrder = async (total: number, paid = true): Promise<RefundPayment> => {
  seq++;
  const { externalId } = await provider.createPayment(
    {
      id: seq,
      number: `ZS/2026/${String(seq).padStart(6, '0')}`,
      total,
      shippingName: 'Odbiór osobisty',
      shippingCost: 0,
      name: 'Jan Kibic',
      email: 'jan.kibic@example.pl',
      phone: '600700800',
      customerIp: '127.0.0.1',
      lines: [{ name: 'Szalik klubowy', unitPrice: total, quantity: 1 }],
      validitySeconds: 3600,
    },
    {
      org,
      publicUrl: 'http://sklep.example.pl',
      storefrontUrl: 'http://sklep.example.pl',
      returnUrl: 'http://sklep.example.pl/potwierdzenie',
    },
  );
  if (paid) payu.complete(externalId);
  return { externalId, total };
};

const ask = (amount: number, extRefundId: string): RefundRequest => ({
  amount,
  description: 'Zwrot za zamówienie',
  extRefundId,
});

/** The refusal a refund ends in (or null when PayU took it). */
const refusal = async (p: Promise<unknown>) => {
  try {
    await p;
    return null;
  } catch (e) {
    if (!(e instanceof RefundError)) throw e;
    return { reason: e.reason, status: e.statusCode, message: e.message };
  }
};

describe('PayU refunds over its REST API', () => {
  it('a full refund: sent as PayU expects it, with our bearer token, and PENDING until PayU says more', async () => {
    const payment = await paidOrder(9900);
    const refund = await provider.refund(payment, ask(9900, 'ZS-1-zwrot-1'), ctx);
    expect(refund).toEqual({ refundId: expect.stringMatching(/^\d+$/), status: 'PENDING' });
    const call = payu.refundCalls.at(-1)!;
    expect(call).toMatchObject({ orderId: payment.externalId, status: 200 });
    expect(call.authorization).toMatch(/^Bearer [0-9a-f]{32}$/);
    expect(call.body).toEqual({
      refund: {
        description: 'Zwrot za zamówienie',
        amount: '9900',
        extRefundId: 'ZS-1-zwrot-1',
        currencyCode: 'PLN',
      },
    });
    expect(payu.leftOf(payment.externalId)).toBe(0);
    // Nothing is left: PayU refuses another.
    expect(await refusal(provider.refund(payment, ask(1, 'ZS-1-zwrot-2'), ctx))).toEqual({
      reason: 'not-refundable',
      status: 409,
      message: msg.refundNotPossible,
    });
  });

  it('partial refunds up to the paid total; one above the rest is refused with the Polish message', async () => {
    const payment = await paidOrder(12_345);
    expect((await provider.refund(payment, ask(4000, 'p-1'), ctx)).status).toBe('PENDING');
    expect((await provider.refund(payment, ask(3000, 'p-2'), ctx)).status).toBe('PENDING');
    expect(payu.leftOf(payment.externalId)).toBe(5345);
    expect(await refusal(provider.refund(payment, ask(5346, 'p-3'), ctx))).toEqual({
      reason: 'amount',
      status: 409,
      message: msg.refundAmountTooHigh,
    });
    expect(payu.refundCalls.at(-1)!.answer).toMatchObject({
      status: { statusCode: 'ERROR_VALUE_INVALID', codeLiteral: 'AMOUNT_TO_BIG' },
    });
    // The refused one took nothing: exactly the rest still goes.
    await provider.refund(payment, ask(5345, 'p-4'), ctx);
    const sum = [...payu.refunds.values()]
      .filter((r) => r.orderId === payment.externalId)
      .reduce((s, r) => s + r.amount, 0);
    expect(sum).toBe(12_345);
    expect(payu.leftOf(payment.externalId)).toBe(0);
  });

  it('more than the payment, or nothing, is refused before PayU is asked', async () => {
    const payment = await paidOrder(5000);
    const calls = payu.refundCalls.length;
    expect(await refusal(provider.refund(payment, ask(5001, 'x-1'), ctx))).toMatchObject({
      reason: 'amount',
      message: msg.refundAmountTooHigh,
    });
    expect(await refusal(provider.refund(payment, ask(0, 'x-2'), ctx))).toMatchObject({
      reason: 'amount',
      message: msg.refundAmountInvalid,
    });
    expect(payu.refundCalls.length).toBe(calls);
  });

  it('the same extRefundId again is the same refund; with another amount it is refused', async () => {
    const payment = await paidOrder(8000);
    const [a, b] = await Promise.all([
      provider.refund(payment, ask(2500, 'idem-1'), ctx),
      provider.refund(payment, ask(2500, 'idem-1'), ctx),
    ]);
    const c = await provider.refund(payment, ask(2500, 'idem-1'), ctx);
    expect(b).toEqual(a);
    expect(c).toEqual(a);
    expect([...payu.refunds.values()].filter((r) => r.orderId === payment.externalId)).toHaveLength(1);
    expect(payu.leftOf(payment.externalId)).toBe(5500);
    expect(await refusal(provider.refund(payment, ask(3000, 'idem-1'), ctx))).toEqual({
      reason: 'conflict',
      status: 409,
      message: msg.refundConflict,
    });
    expect(payu.leftOf(payment.externalId)).toBe(5500);
  });

  it('an unpaid order cannot be refunded; a PayU failure can be tried again with the same id', async () => {
    const unpaid = await paidOrder(3000, false);
    expect(await refusal(provider.refund(unpaid, ask(3000, 'u-1'), ctx))).toMatchObject({
      reason: 'not-refundable',
      message: msg.refundNotPossible,
    });
    const payment = await paidOrder(3000);
    payu.state.failRefunds = 1;
    expect(await refusal(provider.refund(payment, ask(3000, 'f-1'), ctx))).toEqual({
      reason: 'failed',
      status: 502,
      message: msg.refundFailed,
    });
    expect(payu.leftOf(payment.externalId)).toBe(3000);
    expect((await provider.refund(payment, ask(3000, 'f-1'), ctx)).status).toBe('PENDING');
    expect(payu.leftOf(payment.externalId)).toBe(0);
  });

  it('a payment PayU does not know is not refundable', async () => {
    expect(
      await refusal(provider.refund({ externalId: 'NIEZNANE000P01', total: 100 }, ask(100, 'n-1'), ctx)),
    ).toMatchObject({ reason: 'not-refundable' });
    expect(payu.refundCalls.at(-1)).toMatchObject({ orderId: 'NIEZNANE000P01', status: 404 });
  });
});

describe('PayU refunds: the token', () => {
  it('PayU answers 401 without a valid token', async () => {
    const payment = await paidOrder(1000);
    const url = `${payu.url}/api/v2_1/orders/${payment.externalId}/refunds`;
    const body = JSON.stringify({ refund: { description: 'Zwrot', amount: '1000' } });
    for (const authorization of [undefined, 'Bearer nieznany-token']) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(authorization && { authorization }) },
        body,
      });
      expect(res.status).toBe(401);
    }
    expect(payu.leftOf(payment.externalId)).toBe(1000);
  });

  it('a revoked token is renewed once and the refund goes through', async () => {
    const payment = await paidOrder(1000);
    await provider.refund(payment, ask(100, 't-0'), ctx);
    payu.revokeTokens();
    const calls = payu.refundCalls.length;
    expect((await provider.refund(payment, ask(900, 't-1'), ctx)).status).toBe('PENDING');
    expect(payu.refundCalls.slice(calls).map((c) => c.status)).toEqual([401, 200]);
  });

  it('wrong credentials: refused as a failure, nothing refunded', async () => {
    const payment = await paidOrder(1000);
    const wrong = payuProvider(config({ clientSecret: 'zle-haslo' }), new PayuTokens());
    const calls = payu.refundCalls.length;
    expect(await refusal(wrong.refund(payment, ask(1000, 'w-1'), ctx))).toEqual({
      reason: 'failed',
      status: 502,
      message: msg.refundFailed,
    });
    expect(payu.refundCalls.length).toBe(calls);
    expect(payu.leftOf(payment.externalId)).toBe(1000);
  });
});

describe('PayU refund notifications', () => {
  it('FINALIZED arrives at the notifyUrl signed with the second key, and the provider reads it', async () => {
    const payment = await paidOrder(7000);
    const { refundId } = await provider.refund(payment, ask(2000, 'n-fin'), ctx);
    const before = shop.received.length;
    const sent = await payu.notifyRefund(refundId, 'FINALIZED', shop.url, 'MD5');
    expect(sent.status).toBe(200);
    const got = shop.received.slice(before);
    expect(got).toHaveLength(1);
    expect(got[0]!.body).toBe(sent.body);
    expect(provider.verifyRefundNotification(got[0]!.headers, got[0]!.body)).toEqual({
      orderId: payment.externalId,
      extOrderId: expect.stringMatching(/^ZS\/2026\/\d{6}-[0-9a-f]{8}$/),
      refundId,
      extRefundId: 'n-fin',
      amount: 2000,
      currencyCode: 'PLN',
      status: 'FINALIZED',
    });
    // Not an order notification: the order path refuses it.
    expect(() => provider.verifyNotification(got[0]!.headers, got[0]!.body)).toThrow();
  });

  it('CANCELED gives the amount back to what is left', async () => {
    const payment = await paidOrder(7000);
    const { refundId } = await provider.refund(payment, ask(7000, 'n-can'), ctx);
    expect(payu.leftOf(payment.externalId)).toBe(0);
    const sent = await payu.notifyRefund(refundId, 'CANCELED', shop.url);
    const n = provider.verifyRefundNotification({ 'openpayu-signature': sent.header }, sent.body);
    expect(n).toMatchObject({ refundId, status: 'CANCELED', amount: 7000 });
    expect(payu.leftOf(payment.externalId)).toBe(7000);
  });

  it('forged, unsigned or changed refund notifications are rejected', async () => {
    const payment = await paidOrder(7000);
    const { refundId } = await provider.refund(payment, ask(1000, 'n-bad'), ctx);
    const body = payu.refundNotificationBody(refundId, { status: 'FINALIZED' });
    const status = (headers: IncomingHttpHeaders, raw = body) => {
      try {
        provider.verifyRefundNotification(headers, raw);
        return 200;
      } catch (e) {
        return (e as { statusCode?: number }).statusCode;
      }
    };
    expect(status({ 'openpayu-signature': payu.header(body) })).toBe(200);
    expect(status({ 'openpayu-signature': payu.header(body, 'SHA-256', 'cudzy-klucz') })).toBe(401);
    expect(status({})).toBe(400);
    expect(status({ 'openpayu-signature': payu.header(body) }, body.replace('"1000"', '"9000"'))).toBe(401);
    // Signed by the second key of another POS.
    const other = payuProvider(config({ secondKey: 'inny-drugi-klucz' }), new PayuTokens());
    expect(() => other.verifyRefundNotification({ 'openpayu-signature': payu.header(body) }, body)).toThrow(
      expect.objectContaining({ statusCode: 401, message: msg.paymentSignatureInvalid }),
    );
  });
});
