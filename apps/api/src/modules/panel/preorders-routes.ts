import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { route } from '../../lib/route.ts';
import { auditActor } from './audit.ts';
import { listPreorders, savePreorder } from './preorders-service.ts';

/** Pre-orders in the panel (decision 144): the list to fulfil and a variant's settings, the club's own only. */
const routes = async (app: FastifyInstance) => {
  route(app, 'panelPreorders', async (req) => listPreorders(app.db, (await req.panelUser()).org.id));
  route(app, 'panelPreorderSave', async (req) =>
    savePreorder(app.db, auditActor(await req.panelUser()), req.params.id, req.params.parameterId, req.body),
  );
};

export const panelPreorderRoutes = fp(routes, {
  name: 'panel-preorders',
  dependencies: ['panel-auth'],
  encapsulate: true,
});
