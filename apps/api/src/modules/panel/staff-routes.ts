import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { route } from '../../lib/route.ts';
import { limits } from '../../plugins/rate-limit.ts';
import * as service from './staff-service.ts';

/** Staff management: owners only (the contract marks these endpoints `panel: 'owner'`). */
const routes = async (app: FastifyInstance) => {
  route(app, 'panelStaff', async (req) => service.listStaff(app, (await req.panelOwner()).org.id));
  route(app, 'panelStaffCreate', async (req) => service.addStaff(app, await req.panelOwner(), req.body), {
    rateLimit: limits.staffInvite,
  });
  route(
    app,
    'panelStaffReinvite',
    async (req) => service.reinviteStaff(app, await req.panelOwner(), req.params.id),
    {
      rateLimit: limits.staffInvite,
    },
  );
  route(app, 'panelStaffRole', async (req) =>
    service.changeStaffRole(app, await req.panelOwner(), req.params.id, req.body.Rola),
  );
  route(app, 'panelStaffDelete', async (req, reply) => {
    await service.removeStaff(app, await req.panelOwner(), req.params.id);
    return reply.code(204).send();
  });
};

export const panelStaffRoutes = fp(routes, {
  name: 'panel-staff',
  dependencies: ['tenancy', 'panel-auth'],
  encapsulate: true,
});
