import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { route } from '../../lib/route.ts';
import { limits } from '../../plugins/rate-limit.ts';
import { giftCardBalance } from './balance.ts';

const balanceRoutes = async (app: FastifyInstance) => {
  // Guessing codes costs attempts: every try counts per club and address, known code or not.
  route(
    app,
    'getGiftCardBalance',
    async (request) => giftCardBalance(app.db, (await request.org()).id, request.body.Kod),
    { rateLimit: limits.giftCardBalance },
  );
};

/** `POST kartapodarunkowa/saldo`: a holder checks their card's balance (decision 154). */
export const giftCardBalanceModule = fp(balanceRoutes, {
  name: 'gift-card-balance',
  dependencies: ['tenancy', 'rate-limit'],
  encapsulate: true,
});
