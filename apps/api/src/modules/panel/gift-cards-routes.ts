import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { route } from '../../lib/route.ts';
import { auditActor } from './audit.ts';
import * as service from './gift-cards-service.ts';

/**
 * Gift cards for owners and managers (decision 154): find a card a holder asks about, see where
 * its money went, block it. The code itself is never here: only its hash is stored.
 */
const panelGiftCardRoutes = async (app: FastifyInstance) => {
  route(app, 'panelGiftCards', async (req) =>
    service.listGiftCards(app.db, (await req.panelUser()).org.id, req.query),
  );
  route(app, 'panelGiftCard', async (req) =>
    service.getGiftCard(app.db, (await req.panelUser()).org.id, req.params.id),
  );
  route(app, 'panelGiftCardDisable', async (req) =>
    service.disableGiftCard(app.db, auditActor(await req.panelUser()), req.params.id),
  );
};

export const panelGiftCardsModule = fp(panelGiftCardRoutes, {
  name: 'panel-gift-cards',
  dependencies: ['panel-auth'],
  encapsulate: true,
});
