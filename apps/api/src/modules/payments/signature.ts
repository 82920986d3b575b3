import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { msg } from '@club/contract';
import { z } from 'zod';
import { HttpError } from '../../lib/http-error.ts';
import type { PaymentNotification, RefundNotification, RefundStatus } from './provider.ts';

/** PayU names the hash in the header; MD5 is still the default of many POS configurations. */
const ALGORITHMS: Record<string, 'md5' | 'sha256'> = { MD5: 'md5', 'SHA-256': 'sha256', SHA256: 'sha256' };

export type SignatureAlgorithm = 'MD5' | 'SHA-256' | 'SHA256';

const header = (headers: IncomingHttpHeaders, name: string) => {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/** `sender=checkout;signature=…;algorithm=MD5;content=DOCUMENT` → its parts. */
export const parseSignatureHeader = (value: string): Record<string, string> => {
  const parts: Record<string, string> = {};
  for (const part of value.split(';')) {
    const i = part.indexOf('=');
    if (i > 0) parts[part.slice(0, i).trim().toLowerCase()] = part.slice(i + 1).trim();
  }
  return parts;
};

/** PayU's notification signature: hash(raw body + second key), hex. */
export const signBody = (rawBody: string, secondKey: string, algorithm: SignatureAlgorithm): string =>
  createHash(ALGORITHMS[algorithm]!)
    .update(rawBody + secondKey, 'utf8')
    .digest('hex');

export const signatureHeader = (
  rawBody: string,
  secondKey: string,
  algorithm: SignatureAlgorithm = 'SHA-256',
) =>
  `sender=checkout;signature=${signBody(rawBody, secondKey, algorithm)};algorithm=${algorithm};content=DOCUMENT`;

const NotificationSchema = z.object({
  order: z.object({
    orderId: z.string().min(1).max(200),
    extOrderId: z.string().min(1).max(200),
    status: z.string().min(1).max(50),
    totalAmount: z.string().max(20).optional(),
    currencyCode: z.string().max(3).optional(),
  }),
});

const RefundNotificationSchema = z.object({
  orderId: z.string().min(1).max(200),
  extOrderId: z.string().min(1).max(200).optional(),
  refund: z.object({
    refundId: z.string().min(1).max(200),
    extRefundId: z.string().min(1).max(200).optional(),
    amount: z.string().regex(/^\d{1,15}$/),
    currencyCode: z.string().length(3),
    status: z.enum(['PENDING', 'FINALIZED', 'CANCELED'] satisfies RefundStatus[]),
  }),
});

/**
 * Verifies `OpenPayu-Signature` over the raw body with the second key and parses the JSON.
 * Missing or malformed header, or an unsupported algorithm: 400; wrong signature: 401.
 */
const verifySignedBody = (headers: IncomingHttpHeaders, rawBody: string, secondKey: string): unknown => {
  const value = header(headers, 'openpayu-signature') ?? header(headers, 'x-openpayu-signature');
  if (!value) throw new HttpError(400, msg.paymentSignatureInvalid);
  const parts = parseSignatureHeader(value);
  const algorithm = parts.algorithm?.toUpperCase() as SignatureAlgorithm | undefined;
  const given = parts.signature?.toLowerCase();
  if (!algorithm || !(algorithm in ALGORITHMS) || !given || !/^[0-9a-f]+$/.test(given)) {
    throw new HttpError(400, msg.paymentSignatureInvalid);
  }
  const expected = Buffer.from(signBody(rawBody, secondKey, algorithm), 'hex');
  const actual = Buffer.from(given, 'hex');
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) {
    throw new HttpError(401, msg.paymentSignatureInvalid);
  }
  try {
    return JSON.parse(rawBody);
  } catch {
    throw new HttpError(400, msg.paymentNotificationInvalid);
  }
};

/** An order notification: signature checked as verifySignedBody does, then its `order` part (400 without one). */
export const verifySignedNotification = (
  headers: IncomingHttpHeaders,
  rawBody: string,
  secondKey: string,
): PaymentNotification => {
  const parsed = NotificationSchema.safeParse(verifySignedBody(headers, rawBody, secondKey));
  if (!parsed.success) throw new HttpError(400, msg.paymentNotificationInvalid);
  return parsed.data.order;
};

/** Whether a notification body (PayU sends both to the same notifyUrl) is about a refund. */
export const isRefundNotification = (rawBody: string): boolean => {
  try {
    const json = JSON.parse(rawBody) as unknown;
    return typeof json === 'object' && json !== null && 'refund' in json;
  } catch {
    return false;
  }
};

/** A refund notification, signed like an order's: `{ orderId, extOrderId, refund: {…} }` (400 otherwise). */
export const verifySignedRefundNotification = (
  headers: IncomingHttpHeaders,
  rawBody: string,
  secondKey: string,
): RefundNotification => {
  const parsed = RefundNotificationSchema.safeParse(verifySignedBody(headers, rawBody, secondKey));
  if (!parsed.success) throw new HttpError(400, msg.paymentNotificationInvalid);
  const { orderId, extOrderId, refund } = parsed.data;
  return {
    orderId,
    ...(extOrderId !== undefined && { extOrderId }),
    refundId: refund.refundId,
    ...(refund.extRefundId !== undefined && { extRefundId: refund.extRefundId }),
    amount: Number(refund.amount),
    currencyCode: refund.currencyCode,
    status: refund.status,
  };
};
