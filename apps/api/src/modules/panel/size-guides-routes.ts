import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { route } from '../../lib/route.ts';
import { auditActor } from './audit.ts';
import { getSizeGuide, saveSizeGuide } from './size-guides-service.ts';

/** Size guides of a category and of a product, for owners and managers of the club only. */
const routes = async (app: FastifyInstance) => {
  route(app, 'panelCategorySizeGuide', async (req) =>
    getSizeGuide(app.db, (await req.panelUser()).org.id, 'category', req.params.id),
  );
  route(app, 'panelCategorySizeGuideSave', async (req) =>
    saveSizeGuide(
      app.db,
      auditActor(await req.panelUser()),
      'category',
      req.params.id,
      req.body.TabelaRozmiarow,
    ),
  );
  route(app, 'panelProductSizeGuide', async (req) =>
    getSizeGuide(app.db, (await req.panelUser()).org.id, 'product', req.params.id),
  );
  route(app, 'panelProductSizeGuideSave', async (req) =>
    saveSizeGuide(
      app.db,
      auditActor(await req.panelUser()),
      'product',
      req.params.id,
      req.body.TabelaRozmiarow,
    ),
  );
};

export const panelSizeGuideRoutes = fp(routes, {
  name: 'panel-size-guides',
  dependencies: ['panel-auth'],
  encapsulate: true,
});
