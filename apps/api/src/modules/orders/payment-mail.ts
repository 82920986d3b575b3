import { formatGrosze, OrderStatus } from '@club/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import { withdrawalUrl } from '../../lib/withdrawal-link.ts';
import { paymentFailedMail, paymentReceivedMail } from '../mail/payment-templates.ts';
import { enqueueBudgetedMail } from '../mail/queue.ts';
import { PaymentStatus } from '../payments/provider.ts';
import type { PaymentStateChange } from '../payments/registry.ts';
import { canRetry } from './payment-outcome.ts';

/**
 * The buyer hears of every payment that was taken or failed: queued in the notification's
 * transaction, so a replayed notification (which changes nothing) mails nothing. A failed one
 * carries the order's return link, whose page lets a guest pay again while the order is open.
 */
export const paymentMailer = (app: FastifyInstance) => async (tx: Tx, c: PaymentStateChange) => {
  const paid = c.paymentStatus === PaymentStatus.completed;
  const failed = c.paymentStatus === PaymentStatus.canceled || c.paymentStatus === PaymentStatus.error;
  if (!paid && !failed) return;
  const [o] = await tx
    .select({
      number: orders.number,
      email: orders.email,
      // What the provider took: a gift card's part is not this payment's.
      total: sql<number>`${orders.total} - ${orders.giftCardPaid}`.mapWith(Number),
      status: orders.status,
      expiresAt: orders.expiresAt,
      paymentMethod: orders.paymentMethod,
      paymentStatus: orders.paymentStatus,
    })
    .from(orders)
    .where(and(eq(orders.id, c.orderId), eq(orders.organisationId, c.organisationId)));
  if (!o) return;
  const mail = {
    to: o.email,
    shopName: c.org.name,
    number: o.number,
    total: formatGrosze(o.total),
    withdrawUrl: withdrawalUrl(app.payments.demoSecret(), await app.tenants.siteUrl(c.org), c.org, {
      id: c.orderId,
      email: o.email,
    }),
  };
  if (paid) {
    // Paid after it was cancelled: the shop refunds it (notifications.ts warns); "to fulfil" would be untrue.
    if (c.to === OrderStatus.cancelled) return;
    await enqueueBudgetedMail(tx, paymentReceivedMail(mail), c.organisationId, 'order');
    return;
  }
  // An order that can no longer be paid gets its cancellation e-mail from the expiry job instead.
  if (!canRetry(o) || !o.expiresAt) return;
  const retryUrl = app.payments.returnUrl(await app.tenants.siteUrl(c.org), c.organisationId, c.orderId);
  await enqueueBudgetedMail(
    tx,
    paymentFailedMail({ ...mail, retryUrl, payBy: o.expiresAt }),
    c.organisationId,
    'order',
  );
};
