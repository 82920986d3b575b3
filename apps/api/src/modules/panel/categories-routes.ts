import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { route } from '../../lib/route.ts';
import { auditActor } from './audit.ts';
import * as service from './categories-service.ts';

/** The category tree for owners and managers: every change audited, every query within the club. */
const routes = async (app: FastifyInstance) => {
  route(app, 'panelCategories', async (req) =>
    service.listCategories(app.db, (await req.panelUser()).org.id),
  );
  route(app, 'panelCategoryCreate', async (req) =>
    service.createCategory(app.db, auditActor(await req.panelUser()), req.body),
  );
  route(app, 'panelCategoryUpdate', async (req) =>
    service.updateCategory(app.db, auditActor(await req.panelUser()), req.params.id, req.body),
  );
  route(app, 'panelCategoryReorder', async (req) =>
    service.reorderCategories(app.db, auditActor(await req.panelUser()), req.body),
  );
  route(app, 'panelCategoryDelete', async (req, reply) => {
    await service.deleteCategory(app.db, auditActor(await req.panelUser()), req.params.id);
    return reply.code(204).send();
  });
};

export const panelCategoryRoutes = fp(routes, {
  name: 'panel-categories',
  dependencies: ['panel-auth'],
  encapsulate: true,
});
