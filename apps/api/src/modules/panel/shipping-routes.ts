import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { route } from '../../lib/route.ts';
import { auditActor } from './audit.ts';
import * as service from './shipping-service.ts';

/** The club's shipping options for owners and managers: every change audited, within the club. */
const panelShippingRoutes = async (app: FastifyInstance) => {
  route(app, 'panelShipping', async (req) => service.listShipping(app.db, (await req.panelUser()).org.id));
  route(app, 'panelShippingCreate', async (req) =>
    service.createShipping(app.db, auditActor(await req.panelUser()), req.body),
  );
  route(app, 'panelShippingUpdate', async (req) =>
    service.updateShipping(app.db, auditActor(await req.panelUser()), req.params.id, req.body),
  );
  route(app, 'panelShippingReorder', async (req) =>
    service.reorderShipping(app.db, auditActor(await req.panelUser()), req.body),
  );
  route(app, 'panelShippingDelete', async (req, reply) => {
    await service.deleteShipping(app.db, auditActor(await req.panelUser()), req.params.id);
    return reply.code(204).send();
  });
};

export const panelShippingModule = fp(panelShippingRoutes, {
  name: 'panel-shipping',
  dependencies: ['panel-auth'],
  encapsulate: true,
});
