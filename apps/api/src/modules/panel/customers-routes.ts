import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { route } from '../../lib/route.ts';
import { anonymiseCustomer, customerDetail, listCustomers } from './customers.ts';
import { dashboard } from './dashboard.ts';

/** The panel's customers (list, detail, GDPR anonymisation) and its dashboard. */
const panelCustomersRoutes = async (app: FastifyInstance) => {
  route(app, 'panelCustomers', async (request) => {
    const { org } = await request.panelUser();
    return listCustomers(app.db, org, request.query);
  });
  route(app, 'panelCustomer', async (request) => {
    const { org } = await request.panelUser();
    return customerDetail(app.db, org, request.params.id);
  });
  route(app, 'panelCustomerAnonymise', async (request) => {
    const actor = await request.panelUser();
    return anonymiseCustomer(app.db, actor, request.params.id, app.config.passwordHashCost);
  });
  route(app, 'panelDashboard', async (request) => {
    const { org } = await request.panelUser();
    return dashboard(app.db, org);
  });
};

export const panelCustomersModule = fp(panelCustomersRoutes, {
  name: 'panel-customers',
  dependencies: ['panel-auth'],
  encapsulate: true,
});
