import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { route } from '../../lib/route.ts';
import { orderDetails, orderHistory } from './history-service.ts';
import { paymentMailer } from './payment-mail.ts';
import { canRetry, paymentOutcome, recordPaymentStatusChange, retryPayment } from './payment-outcome.ts';
import { placeOrderRoutes } from './place-routes.ts';

/**
 * Orders of the storefront. Each use case has its own service/repository pair beside this file
 * (history-*.ts now; order placement, `zlozZamowienie`, goes in place-*.ts and registers here).
 */
const ordersRoutes = async (app: FastifyInstance) => {
  route(app, 'getOrderHistory', async (request) => {
    const [org, user] = await Promise.all([request.org(), request.requireUser()]);
    return orderHistory(app.db, org.id, user.id, (o) =>
      canRetry(o) ? app.payments.returnToken(org.id, o.id) : null,
    );
  });
  route(app, 'getOrderDetails', async (request) => {
    const [org, user] = await Promise.all([request.org(), request.requireUser()]);
    return orderDetails(app.db, org.id, user.id, request.params.id);
  });
  placeOrderRoutes(app);
  // The thank-you / payment-failed page and 'Ponów płatność', by the return URL's token.
  route(app, 'getPaymentOutcome', async (request) =>
    paymentOutcome(app, await request.org(), request.params.token),
  );
  route(
    app,
    'retryPayment',
    async (request) => ({
      Url: await retryPayment(app, await request.org(), request.body.Token, request.log),
    }),
    { rateLimit: { max: 20, timeWindow: 60_000 } },
  );
  app.payments.onOrderStatusChange(recordPaymentStatusChange);
  app.payments.onPaymentStateChange(paymentMailer(app));
};

export const ordersModule = fp(ordersRoutes, {
  name: 'orders',
  dependencies: ['tenancy', 'auth', 'payments', 'rate-limit'],
  encapsulate: true,
});
