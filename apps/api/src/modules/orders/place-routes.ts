import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import { limits } from '../../plugins/rate-limit.ts';
import { confirmHeldOrder } from './held-orders.ts';
import { placeOrder } from './place-service.ts';

/** `zlozZamowienie`. Order e-mails are queued with the order (mail/worker.ts sends them). */
export const placeOrderRoutes = (app: FastifyInstance) => {
  route(
    app,
    'placeOrder',
    async (request) => {
      const org = await request.org();
      const user = await request.currentUser();
      const placer = {
        org,
        user: user && { id: user.id, email: user.email },
        staleTicket: !user && Boolean(request.bearerToken()),
        ip: request.ip,
        log: request.log,
      };
      return placeOrder(app, placer, request.body);
    },
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
