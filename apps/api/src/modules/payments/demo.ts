import { createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Organisation } from '../../plugins/tenancy.ts';
import { checkRefundRequest, type PaymentProvider, type PaymentProviderModule } from './provider.ts';
import { signatureHeader, verifySignedNotification, verifySignedRefundNotification } from './signature.ts';

/**
 * A demo payment's token: random, so its page's address names no order and counts none. The
 * second form (`{orderId}.{random}`) is what demo payments started before carry: still found.
 */
const TOKEN_RE = /^(?:[A-Za-z0-9_-]{32}|\d{1,10}\.[A-Za-z0-9_-]{24})$/;

/**
 * The server secret behind the demo provider's per-club second keys, kept in
 * `$DATA_DIR/secrets/demo-payments.key` (made on first use, readable by the owner only).
 */
export const loadDemoSecret = (dataDir: string): Buffer => {
  const dir = join(dataDir, 'secrets');
  const file = join(dir, 'demo-payments.key');
  try {
    return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  } catch {}
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  try {
    writeFileSync(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch {
    // Another process made it first: use theirs.
  }
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
};

/** The demo "second key" of one club: never stored, derived from the server secret. */
export const demoSecondKey = (secret: Buffer, alias: string) =>
  createHmac('sha256', secret).update(`demo-payu-second-key:${alias}`).digest('hex');

/** Whether `token` can be a demo payment's at all (the page looks up only those). */
export const isDemoToken = (token: string) => TOKEN_RE.test(token);

/**
 * A local stand-in for PayU, used when a club has no PayU credentials: the buyer lands on
 * `/platnosc-demo/{token}`, approves or cancels, and the shop is notified with a body in PayU's
 * shape, signed the way PayU signs, through the same notification handler.
 */
export const demoProvider = (org: Organisation, secret: Buffer): PaymentProvider => {
  const secondKey = demoSecondKey(secret, org.alias);
  return {
    name: 'demo',
    async createPayment(_order, ctx) {
      // The payment's id at the "provider" and its page's address: the order is found by it.
      const token = randomBytes(24).toString('base64url');
      return { externalId: token, redirectUrl: `${ctx.publicUrl}/platnosc-demo/${token}` };
    },
    verifyNotification: (headers, rawBody) => verifySignedNotification(headers, rawBody, secondKey),
    /**
     * No money moved, so none goes back: finalized at once. The demo keeps no record of its
     * payments, so what is left of one is for the caller to check (never above the total here);
     * the refund's id follows from the payment and extRefundId, so asking again gives the same one.
     */
    async refund(payment, refund) {
      checkRefundRequest(payment, refund);
      const refundId = createHmac('sha256', secondKey)
        .update(`demo-refund:${payment.externalId}:${refund.extRefundId}`)
        .digest('base64url')
        .slice(0, 24);
      return { refundId, status: 'FINALIZED' };
    },
    verifyRefundNotification: (headers, rawBody) =>
      verifySignedRefundNotification(headers, rawBody, secondKey),
  };
};

/**
 * The demo provider serves any club where demo payments are on (`config.demoPayments`: by
 * default everywhere but production): on its page the buyer marks their own order paid.
 */
export const demoProviderModule: PaymentProviderModule = {
  name: 'demo',
  forClub: (org, env) => (env.config.demoPayments ? demoProvider(org, env.payments.demoSecret()) : null),
};

/** The notification the demo page sends on approve/cancel, signed with the club's demo key. */
export const demoNotification = (
  org: Organisation,
  secret: Buffer,
  order: { externalId: string; number: string; total: number },
  status: 'COMPLETED' | 'CANCELED',
) => {
  const body = JSON.stringify({
    order: {
      orderId: order.externalId,
      extOrderId: order.number,
      status,
      totalAmount: String(order.total),
      currencyCode: 'PLN',
    },
  });
  return {
    body,
    headers: { 'openpayu-signature': signatureHeader(body, demoSecondKey(secret, org.alias), 'SHA-256') },
  };
};
