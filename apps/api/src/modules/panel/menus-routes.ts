import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { route } from '../../lib/route.ts';
import { linkTargets } from './content-links.ts';
import { createMenuItem, deleteMenuItem, listMenu, reorderMenu, updateMenuItem } from './menus-service.ts';

/** The storefront's menus (10 main, 20 side, 30 footer) as trees: every change audited, within the club. */
const routes = async (app: FastifyInstance) => {
  route(app, 'panelMenu', async (req) => listMenu(app.db, await req.panelUser(), req.params.menuId));
  route(app, 'panelMenuItemCreate', async (req) =>
    createMenuItem(app.db, await req.panelUser(), req.params.menuId, req.body),
  );
  route(app, 'panelMenuItemUpdate', async (req) =>
    updateMenuItem(app.db, await req.panelUser(), req.params.menuId, req.params.id, req.body),
  );
  route(app, 'panelMenuReorder', async (req) =>
    reorderMenu(app.db, await req.panelUser(), req.params.menuId, req.body),
  );
  route(app, 'panelMenuItemDelete', async (req, reply) => {
    await deleteMenuItem(app.db, await req.panelUser(), req.params.menuId, req.params.id);
    return reply.code(204).send();
  });
  route(app, 'panelLinkTargets', async (req) => linkTargets(app.db, (await req.panelUser()).org.id));
};

export const panelMenuRoutes = fp(routes, {
  name: 'panel-menus',
  dependencies: ['panel-auth'],
  encapsulate: true,
});
