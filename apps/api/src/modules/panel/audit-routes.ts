import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { route } from '../../lib/route.ts';
import { listAudit } from './audit.ts';

/** The audit log, for owners and managers alike. */
const routes = async (app: FastifyInstance) => {
  route(app, 'panelAudit', async (req) => listAudit(app.db, (await req.panelUser()).org.id, req.query));
};

export const panelAuditRoutes = fp(routes, {
  name: 'panel-audit',
  dependencies: ['panel-auth'],
  encapsulate: true,
});
