import { msg } from '@club/contract';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/http-error.ts';
import type { Organisation } from '../../plugins/tenancy.ts';
import { demoProvider, demoSecondKey } from './demo.ts';
import { payuRefundError, payuRefundStatus } from './payu.ts';
import { checkRefundRequest, RefundError } from './provider.ts';
import { isRefundNotification, signatureHeader, verifySignedRefundNotification } from './signature.ts';

const KEY = 'b6ca15b0d1020e8094d9b5f8d163db54';
const REFUND_BODY = JSON.stringify({
  orderId: '2DVZMPMFPN140219GUEST000P01',
  extOrderId: 'ZS/2026/000042-0a1b2c3d',
  refund: {
    refundId: '912128',
    extRefundId: 'ZS/2026/000042/zwrot/1',
    amount: '15516',
    currencyCode: 'PLN',
    status: 'FINALIZED',
    statusDateTime: '2026-05-03T10:05:00.000+02:00',
    reason: 'refund',
    reasonDescription: 'na prośbę klienta',
    refundDate: '2026-05-03T10:05:00.000+02:00',
  },
});
const ORDER_BODY =
  '{"order":{"orderId":"LDLW5N7MF4140324GUEST000P01","extOrderId":"ZS/2026/000042","status":"COMPLETED"}}';

const statusOf = (fn: () => unknown) => {
  try {
    fn();
    return 200;
  } catch (e) {
    return e instanceof HttpError ? e.statusCode : -1;
  }
};
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    if (e instanceof RefundError) return { reason: e.reason, status: e.statusCode, message: e.message };
    throw e;
  }
  return null;
};

describe('checkRefundRequest', () => {
  const payment = { externalId: 'X', total: 5000 };
  it('takes whole grosze above zero up to the payment, with an id', () => {
    expect(
      refusal(() => checkRefundRequest(payment, { amount: 5000, description: 'd', extRefundId: 'a' })),
    ).toBeNull();
    expect(
      refusal(() => checkRefundRequest(payment, { amount: 1, description: 'd', extRefundId: 'a' })),
    ).toBeNull();
  });

  it('refuses zero, fractions and more than was paid, in Polish', () => {
    for (const amount of [0, -1, 12.5, Number.NaN]) {
      expect(
        refusal(() => checkRefundRequest(payment, { amount, description: 'd', extRefundId: 'a' })),
      ).toEqual({
        reason: 'amount',
        status: 409,
        message: msg.refundAmountInvalid,
      });
    }
    expect(
      refusal(() => checkRefundRequest(payment, { amount: 5001, description: 'd', extRefundId: 'a' })),
    ).toEqual({
      reason: 'amount',
      status: 409,
      message: msg.refundAmountTooHigh,
    });
    expect(() => checkRefundRequest(payment, { amount: 1, description: 'd', extRefundId: '' })).toThrow(
      /extRefundId/,
    );
  });
});

describe("PayU's refund answers", () => {
  it('maps its error codes (literal or numeric) onto reasons with Polish messages', () => {
    const err = (http: number, status: Record<string, string> | undefined) => {
      const e = payuRefundError(http, status);
      return [e.reason, e.statusCode, e.message];
    };
    expect(
      err(400, { statusCode: 'ERROR_VALUE_INVALID', code: '9103', codeLiteral: 'AMOUNT_TO_BIG' }),
    ).toEqual(['amount', 409, msg.refundAmountTooHigh]);
    expect(err(400, { statusCode: 'ERROR_VALUE_INVALID', code: '9103' })).toEqual([
      'amount',
      409,
      msg.refundAmountTooHigh,
    ]);
    expect(err(400, { statusCode: 'ERROR_VALUE_INVALID', codeLiteral: 'TRANS_NOT_ENDED' })[0]).toBe(
      'not-refundable',
    );
    expect(err(400, { statusCode: 'ERROR_VALUE_INVALID', code: '9108', codeLiteral: 'PAID' })[0]).toBe(
      'not-refundable',
    );
    expect(err(400, { statusCode: 'ERROR_VALUE_INVALID', codeLiteral: 'NO_BALANCE' })).toEqual([
      'balance',
      409,
      msg.refundNoBalance,
    ]);
    expect(err(400, { statusCode: 'ERROR_VALUE_INVALID', code: '9112' })).toEqual([
      'conflict',
      409,
      msg.refundConflict,
    ]);
    expect(err(404, { statusCode: 'DATA_NOT_FOUND' })[0]).toBe('not-refundable');
    expect(err(500, { statusCode: 'ERROR_INTERNAL' })).toEqual(['failed', 502, msg.refundFailed]);
    expect(err(401, undefined)).toEqual(['failed', 502, msg.refundFailed]);
    // The provider's own words stay for the log.
    expect(payuRefundError(400, { statusCode: 'ERROR_VALUE_INVALID', code: '9103' }).detail).toBe(
      'PayU refund: HTTP 400 ERROR_VALUE_INVALID 9103 AMOUNT_TO_BIG',
    );
  });

  it('reads its refund status; anything unknown is still pending', () => {
    expect(payuRefundStatus('FINALIZED')).toBe('FINALIZED');
    expect(payuRefundStatus('CANCELED')).toBe('CANCELED');
    expect(payuRefundStatus('PENDING')).toBe('PENDING');
    expect(payuRefundStatus(undefined)).toBe('PENDING');
    expect(payuRefundStatus('WAITING')).toBe('PENDING');
  });
});

describe('refund notifications', () => {
  it('are verified like order notifications and parsed into a small typed result', () => {
    for (const alg of ['MD5', 'SHA-256', 'SHA256'] as const) {
      expect(
        verifySignedRefundNotification(
          { 'openpayu-signature': signatureHeader(REFUND_BODY, KEY, alg) },
          REFUND_BODY,
          KEY,
        ),
      ).toEqual({
        orderId: '2DVZMPMFPN140219GUEST000P01',
        extOrderId: 'ZS/2026/000042-0a1b2c3d',
        refundId: '912128',
        extRefundId: 'ZS/2026/000042/zwrot/1',
        amount: 15516,
        currencyCode: 'PLN',
        status: 'FINALIZED',
      });
    }
  });

  it('refuse a missing header (400), a wrong signature (401) and a body that is no refund (400)', () => {
    const v = (h: Record<string, string>, body = REFUND_BODY) =>
      statusOf(() => verifySignedRefundNotification(h, body, KEY));
    expect(v({})).toBe(400);
    expect(v({ 'openpayu-signature': signatureHeader(REFUND_BODY, 'cudzy-klucz') })).toBe(401);
    expect(v({ 'openpayu-signature': signatureHeader(REFUND_BODY, KEY) }, `${REFUND_BODY} `)).toBe(401);
    expect(v({ 'openpayu-signature': signatureHeader(ORDER_BODY, KEY) }, ORDER_BODY)).toBe(400);
    const odd = REFUND_BODY.replace('"FINALIZED"', '"REFUNDED"');
    expect(v({ 'openpayu-signature': signatureHeader(odd, KEY) }, odd)).toBe(400);
    const fraction = REFUND_BODY.replace('"15516"', '"155.16"');
    expect(v({ 'openpayu-signature': signatureHeader(fraction, KEY) }, fraction)).toBe(400);
  });

  it('are told apart from order notifications by their body', () => {
    expect(isRefundNotification(REFUND_BODY)).toBe(true);
    expect(isRefundNotification(ORDER_BODY)).toBe(false);
    expect(isRefundNotification('nie json')).toBe(false);
    expect(isRefundNotification('null')).toBe(false);
  });
});

describe('the demo provider refunds', () => {
  const org = { alias: 'demo' } as Organisation;
  const demo = demoProvider(org, Buffer.alloc(32, 7));
  const payment = { externalId: 'a'.repeat(32), total: 9900 };
  const ctx = { org };

  it('at once (FINALIZED), the same refund for the same extRefundId, another for another', async () => {
    const a = await demo.refund(payment, { amount: 4000, description: 'Zwrot', extRefundId: 'z1' }, ctx);
    expect(a).toEqual({ refundId: expect.stringMatching(/^[A-Za-z0-9_-]{24}$/), status: 'FINALIZED' });
    expect(
      await demo.refund(payment, { amount: 4000, description: 'Zwrot', extRefundId: 'z1' }, ctx),
    ).toEqual(a);
    const b = await demo.refund(payment, { amount: 5900, description: 'Zwrot', extRefundId: 'z2' }, ctx);
    expect(b.refundId).not.toBe(a.refundId);
  });

  it('never above what was paid', async () => {
    await expect(
      demo.refund(payment, { amount: 9901, description: 'Zwrot', extRefundId: 'z3' }, ctx),
    ).rejects.toMatchObject({ reason: 'amount', message: msg.refundAmountTooHigh });
  });

  it("verifies refund notifications with the club's demo key", () => {
    const signed = {
      'openpayu-signature': signatureHeader(REFUND_BODY, demoSecondKey(Buffer.alloc(32, 7), 'demo')),
    };
    expect(demo.verifyRefundNotification(signed, REFUND_BODY)).toMatchObject({
      refundId: '912128',
      status: 'FINALIZED',
    });
    const other = demoProvider(org, Buffer.alloc(32, 8));
    expect(statusOf(() => other.verifyRefundNotification(signed, REFUND_BODY))).toBe(401);
  });
});
