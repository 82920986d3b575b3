import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../../lib/route.ts';
import { limits } from '../../plugins/rate-limit.ts';
import { placeOrder } from './place-service.ts';

/** `zlozZamowienie`. Order e-mails are queued with the order (mail/worker.ts sends them). */
export const placeOrderRoutes = (app: FastifyInstance) => {
  route(
    app,
    'placeOrder',
    async (request) => placeOrder(app, request as unknown as FastifyRequest, request.body),
    { rateLimit: limits.placeOrder },
  );
};
