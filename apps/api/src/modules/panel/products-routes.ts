import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { route } from '../../lib/route.ts';
import { auditActor } from './audit.ts';
import * as service from './products-service.ts';

/** Products for owners and managers: every change audited, every query within the club. */
const routes = async (app: FastifyInstance) => {
  route(app, 'panelProducts', async (req) =>
    service.listProducts(app, (await req.panelUser()).org.id, req.query),
  );
  route(app, 'panelProduct', async (req) =>
    service.getProduct(app.db, (await req.panelUser()).org.id, req.params.id),
  );
  route(app, 'panelProductCreate', async (req) =>
    service.createProduct(app.db, auditActor(await req.panelUser()), req.body),
  );
  route(app, 'panelProductUpdate', async (req) =>
    service.updateProduct(app.db, auditActor(await req.panelUser()), req.params.id, req.body),
  );
  route(app, 'panelProductStatus', async (req) =>
    service.setProductStatus(app.db, auditActor(await req.panelUser()), req.params.id, req.body.Status),
  );
};

export const panelProductRoutes = fp(routes, {
  name: 'panel-products',
  dependencies: ['panel-auth'],
  encapsulate: true,
});
