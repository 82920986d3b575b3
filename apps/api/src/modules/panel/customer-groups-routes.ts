import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { route } from '../../lib/route.ts';
import { auditActor } from './audit.ts';
import * as service from './customer-groups-service.ts';

/**
 * Customer groups for member prices (decision 153), for owners and managers like the promotions
 * that use them: every change audited, within the club (another club's group: 404).
 */
const panelCustomerGroupRoutes = async (app: FastifyInstance) => {
  route(app, 'panelCustomerGroups', async (req) =>
    service.listGroups(app.db, (await req.panelUser()).org.id),
  );
  route(app, 'panelCustomerGroup', async (req) =>
    service.getGroup(app.db, (await req.panelUser()).org.id, req.params.id),
  );
  route(app, 'panelCustomerGroupCreate', async (req) =>
    service.createGroup(app.db, auditActor(await req.panelUser()), req.body),
  );
  route(app, 'panelCustomerGroupUpdate', async (req) =>
    service.updateGroup(app.db, auditActor(await req.panelUser()), req.params.id, req.body),
  );
  route(app, 'panelCustomerGroupDelete', async (req, reply) => {
    await service.deleteGroup(app.db, auditActor(await req.panelUser()), req.params.id);
    return reply.code(204).send();
  });
};

export const panelCustomerGroupsModule = fp(panelCustomerGroupRoutes, {
  name: 'panel-customer-groups',
  dependencies: ['panel-auth'],
  encapsulate: true,
});
