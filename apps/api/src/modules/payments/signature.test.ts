import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/http-error.ts';
import { parseSignatureHeader, signatureHeader, verifySignedNotification } from './signature.ts';

const KEY = 'b6ca15b0d1020e8094d9b5f8d163db54';
const BODY =
  '{"order":{"orderId":"LDLW5N7MF4140324GUEST000P01","extOrderId":"ZS/2026/000042","status":"COMPLETED"}}';
const status = (fn: () => unknown) => {
  try {
    fn();
    return 200;
  } catch (e) {
    return e instanceof HttpError ? e.statusCode : -1;
  }
};

describe('OpenPayu-Signature', () => {
  it("is PayU's hash of the raw body followed by the second key", () => {
    const md5 = createHash('md5')
      .update(BODY + KEY)
      .digest('hex');
    expect(signatureHeader(BODY, KEY, 'MD5')).toBe(
      `sender=checkout;signature=${md5};algorithm=MD5;content=DOCUMENT`,
    );
    expect(parseSignatureHeader(signatureHeader(BODY, KEY, 'SHA-256'))).toMatchObject({
      sender: 'checkout',
      algorithm: 'SHA-256',
      content: 'DOCUMENT',
      signature: createHash('sha256')
        .update(BODY + KEY)
        .digest('hex'),
    });
  });

  it('verifies MD5, SHA-256 and SHA256 and returns the order part', () => {
    for (const alg of ['MD5', 'SHA-256', 'SHA256'] as const) {
      const n = verifySignedNotification(
        { 'openpayu-signature': signatureHeader(BODY, KEY, alg) },
        BODY,
        KEY,
      );
      expect(n).toEqual({
        orderId: 'LDLW5N7MF4140324GUEST000P01',
        extOrderId: 'ZS/2026/000042',
        status: 'COMPLETED',
      });
    }
    // Some integrations send the X- variant of the header.
    expect(
      status(() =>
        verifySignedNotification({ 'x-openpayu-signature': signatureHeader(BODY, KEY) }, BODY, KEY),
      ),
    ).toBe(200);
  });

  it('refuses a missing or malformed header (400) and a wrong signature (401)', () => {
    const v = (h: Record<string, string>, body = BODY, key = KEY) =>
      status(() => verifySignedNotification(h, body, key));
    expect(v({})).toBe(400);
    expect(v({ 'openpayu-signature': 'sender=checkout;algorithm=MD5' })).toBe(400);
    expect(v({ 'openpayu-signature': signatureHeader(BODY, KEY, 'MD5').replace('MD5', 'SHA1') })).toBe(400);
    expect(v({ 'openpayu-signature': signatureHeader(BODY, KEY, 'MD5').replace('MD5', 'SHA-256') })).toBe(
      401,
    );
    expect(v({ 'openpayu-signature': signatureHeader(BODY, 'inny') })).toBe(401);
    expect(v({ 'openpayu-signature': signatureHeader(BODY, KEY) }, `${BODY}\n`)).toBe(401);
    expect(v({ 'openpayu-signature': signatureHeader('[]', KEY) }, '[]')).toBe(400);
  });
});
