import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { route } from '../../lib/route.ts';
import { auditActor } from './audit.ts';
import * as service from './payments-config-service.ts';

/**
 * The club's payments, for the owner only: PayU credentials (secrets write-only, encrypted),
 * 'test connection', cash on delivery on/off. Registered after the payments module (app.payments).
 */
const panelPaymentsConfigRoutes = async (app: FastifyInstance) => {
  const payments = app.payments;
  // This process forgets its cached club at once; other processes hear the 'payments' notice.
  const refreshTenant = () => app.tenants.invalidate();

  route(app, 'panelPayments', async (req) =>
    service.getPayments(app.db, payments, (await req.panelOwner()).org.id),
  );
  route(app, 'panelPaymentsUpdate', async (req) => {
    const out = await service.updatePayments(app.db, payments, auditActor(await req.panelOwner()), req.body);
    refreshTenant();
    return out;
  });
  route(app, 'panelPayuSave', async (req) => {
    const out = await service.savePayu(
      app.db,
      payments.secrets,
      payments,
      auditActor(await req.panelOwner()),
      req.body,
    );
    refreshTenant();
    return out;
  });
  route(app, 'panelPayuDelete', async (req) => {
    const out = await service.deletePayu(app.db, payments, auditActor(await req.panelOwner()));
    refreshTenant();
    return out;
  });
  route(
    app,
    'panelPayuTest',
    async (req) =>
      service.testPayu(
        app.db,
        payments.secrets,
        app.config.payuBaseUrl,
        (await req.panelOwner()).org.id,
        req.body,
      ),
    // Each test is a request to PayU: a person clicks it a few times, a script would not get far.
    { rateLimit: { max: 10, timeWindow: 60_000 } },
  );
};

export const panelPaymentsConfigModule = fp(panelPaymentsConfigRoutes, {
  name: 'panel-payments',
  dependencies: ['tenancy', 'panel-auth', 'payments'],
  encapsulate: true,
});
