import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { route } from '../../lib/route.ts';
import {
  applyRefundNotification,
  panelOrderRefunds,
  type RefundDeps,
  type RefundSources,
  refundOrder,
  resendRefund,
} from './service.ts';

/**
 * Refunds from the panel's order screen, and the providers' later word on them. `sources` move a
 * return or a complaint on when its refund, sent again, is accepted (those modules use this one).
 */
const refundsRoutes = async (app: FastifyInstance, opts: { sources?: RefundSources }) => {
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
  route(
    app,
    'panelOrderRefundResend',
    async (request) => {
      const actor = await request.panelOwner();
      await resendRefund(
        { ...deps, sources: opts.sources },
        actor,
        request.params.id,
        request.params.refundId,
      );
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
