import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PaymentStatus } from '../payments/provider.ts';
import { issueCardsOfOrder } from './issue.ts';

/** Gift cards bought are issued when their order's payment is completed (decision 154). */
const giftCardsRoutes = async (app: FastifyInstance) => {
  app.payments.onPaymentStateChange(async (tx, c) => {
    if (c.paymentStatus !== PaymentStatus.completed) return;
    // Not in a savepoint: a card that cannot be issued must not leave the payment recorded without it.
    const issued = await issueCardsOfOrder(tx, c.org, c.orderId, () => app.tenants.siteUrl(c.org));
    if (issued) app.log.info({ orderId: c.orderId, cards: issued }, 'gift cards issued');
  });
};

export const giftCardsModule = fp(giftCardsRoutes, {
  name: 'gift-cards',
  dependencies: ['tenancy', 'payments'],
  encapsulate: true,
});
