import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import { listAudit } from './audit.ts';

/** The audit log, for owners and managers alike. */
export const panelAuditRoutes = async (app: FastifyInstance) => {
  route(app, 'panelAudit', async (req) => listAudit(app.db, (await req.panelUser()).org.id, req.query));
};
