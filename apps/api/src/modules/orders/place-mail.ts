import type { FastifyInstance } from 'fastify';
import type { Organisation } from '../../plugins/tenancy.ts';
import { type OrderMail, orderConfirmationMail, shopOrderNotificationMail } from '../mail/order-templates.ts';

/** The buyer's confirmation and the shop's notice. A mail server failure is logged, never the order's. */
export const sendOrderMails = async (
  app: FastifyInstance,
  org: Organisation,
  mail: OrderMail,
): Promise<void> => {
  const sends = [app.mailer.send({ to: mail.address.email, ...orderConfirmationMail(mail) })];
  if (org.shopEmail) {
    sends.push(
      app.mailer.send({ to: org.shopEmail, replyTo: mail.address.email, ...shopOrderNotificationMail(mail) }),
    );
  }
  for (const r of await Promise.allSettled(sends)) {
    if (r.status === 'rejected')
      app.log.error({ err: r.reason, order: mail.number }, 'sending an order e-mail failed');
  }
};
