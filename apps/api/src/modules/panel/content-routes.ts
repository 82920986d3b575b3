import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { route } from '../../lib/route.ts';
import { listSocial, saveSocial } from './content-social.ts';

/** The club's social links (kinds 1-5) for owners and managers; each save audited. */
const routes = async (app: FastifyInstance) => {
  route(app, 'panelSocial', async (req) => listSocial(app.db, await req.panelUser()));
  route(app, 'panelSocialUpdate', async (req) => saveSocial(app.db, await req.panelUser(), req.body));
};

export const panelContentRoutes = fp(routes, {
  name: 'panel-content',
  dependencies: ['panel-auth'],
  encapsulate: true,
});
