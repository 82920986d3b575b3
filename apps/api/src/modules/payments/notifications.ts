import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { msg, OrderStatus } from '@club/contract';
import type { FastifyInstance } from 'fastify';
import { transactionWithRetry } from '../../db/transactions.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import type { Organisation } from '../../plugins/tenancy.ts';
import { type PaymentProvider, PaymentStatus, transitionFor } from './provider.ts';
import * as repo from './repository.ts';

/** Our order number inside `extOrderId` (`ZS/2026/000042`, PayU's carries a per-attempt suffix). */
const NUMBER_RE = /^(.{1,40}\/\d{4}\/\d{6})(?:-[0-9a-f]{1,16})?$/;

export type NotificationOutcome = 'applied' | 'unchanged' | 'replay';

/**
 * The one path every payment notification takes, PayU's and the demo page's: verify the
 * signature over the raw body, find the order, record the event (a replayed body is recognised
 * by its hash and changes nothing), then move the payment and the order forward, never back.
 */
export const handleNotification = async (
  app: FastifyInstance,
  org: Organisation,
  provider: PaymentProvider,
  headers: IncomingHttpHeaders,
  rawBody: string,
): Promise<NotificationOutcome> => {
  const n = provider.verifyNotification(headers, rawBody);
  const number = NUMBER_RE.exec(n.extOrderId)?.[1];
  if (!number) throw new HttpError(400, msg.paymentNotificationInvalid);
  const bodyHash = createHash('sha256').update(rawBody).digest('hex');

  return transactionWithRetry(app.db, async (tx) => {
    const order = await repo.lockOrderByNumber(tx, org.id, number);
    // Also unknown until the order's payment was registered (PayU may be quicker than our update): PayU retries.
    if (!order || order.paymentProvider !== provider.name || order.paymentExternalId !== n.orderId) {
      throw notFound(msg.paymentNotFound);
    }
    const fresh = await repo.insertEvent(tx, {
      organisationId: org.id,
      orderId: order.id,
      provider: provider.name,
      status: n.status,
      bodyHash,
      payload: JSON.parse(rawBody),
    });
    if (!fresh) return 'replay';
    if (
      (n.totalAmount !== undefined && n.totalAmount !== String(order.total)) ||
      (n.currencyCode ?? 'PLN') !== 'PLN'
    ) {
      app.log.warn(
        { order: order.number, notification: n },
        'payment notification amount differs from the order: ignored',
      );
      return 'unchanged';
    }
    const change = transitionFor(order, n.status);
    if (!change) return 'unchanged';
    await repo.setPaymentState(tx, org.id, order.id, {
      paymentStatus: change.paymentStatus,
      ...(change.orderStatus !== undefined && { status: change.orderStatus }),
    });
    const moved = {
      organisationId: org.id,
      orderId: order.id,
      from: order.status,
      to: change.orderStatus ?? order.status,
      paymentStatus: change.paymentStatus,
    };
    if (moved.to !== order.status) await app.payments.orderStatusChanged(tx, moved);
    await app.payments.paymentStateChanged(tx, { ...moved, org });
    if (change.paymentStatus === PaymentStatus.completed && order.status === OrderStatus.cancelled) {
      app.log.warn({ order: order.number }, 'payment completed for a cancelled order: refund it');
    }
    return 'applied';
  });
};
