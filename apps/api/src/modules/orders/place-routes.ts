import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../../lib/route.ts';
import { limits } from '../../plugins/rate-limit.ts';
import { confirmHeldOrder } from './held-orders.ts';
import { placeOrder } from './place-service.ts';

/** `zlozZamowienie`. Order e-mails are queued with the order (mail/worker.ts sends them). */
export const placeOrderRoutes = (app: FastifyInstance) => {
  route(
    app,
    'placeOrder',
    async (request) => placeOrder(app, request as unknown as FastifyRequest, request.body),
    { rateLimit: limits.placeOrder },
  );
  // The link of a held cash-on-delivery order's e-mail, sent on by its storefront page.
  route(
    app,
    'confirmOrder',
    async (request) => confirmHeldOrder(app.db, await request.org(), request.body.Token),
    { rateLimit: { max: 20, timeWindow: 60_000 } },
  );
};
