import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { route } from '../../lib/route.ts';
import { applyRefundNotification, panelOrderRefunds, type RefundDeps, refundOrder } from './service.ts';

/** Refunds from the panel's order screen, and the providers' later word on them. */
const refundsRoutes = async (app: FastifyInstance) => {
  const deps: RefundDeps = { db: app.db, payments: app.payments, log: app.log };
  app.payments.onRefundNotification((org, n) => applyRefundNotification(deps, org, n));

  route(app, 'panelOrderRefunds', async (request) => {
    const { org } = await request.panelUser();
    return panelOrderRefunds(app.db, org.id, request.params.id);
  });
  route(
    app,
    'panelOrderRefund',
    async (request) => {
      // Money: owners only (decision 050); the contract's `panel: 'owner'` checks it before this.
      const actor = await request.panelOwner();
      await refundOrder(deps, actor, request.params.id, request.body);
      return panelOrderRefunds(app.db, actor.org.id, request.params.id);
    },
    { rateLimit: { max: 20, timeWindow: 60_000 } },
  );
};

export const refundsModule = fp(refundsRoutes, {
  name: 'refunds',
  dependencies: ['tenancy', 'payments', 'rate-limit', 'panel-auth'],
  encapsulate: true,
});
