import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { route } from '../../lib/route.ts';
import { memberPrices } from './member-prices.ts';

/** The logged-in buyer's member prices (decision 153): personal, so never in a shared cache. */
const memberPriceRoutes = async (app: FastifyInstance) => {
  route(app, 'getMemberPrices', async (request, reply) => {
    const [org, user] = await Promise.all([request.org(), request.requireUser()]);
    reply.header('cache-control', 'private, no-store');
    return memberPrices(app.db, org.id, user.id, request.query.ids);
  });
};

export const memberPricesModule = fp(memberPriceRoutes, {
  name: 'member-prices',
  dependencies: ['tenancy', 'auth'],
  encapsulate: true,
});
