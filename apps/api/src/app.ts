import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Db } from './db/client.ts';
import type { Config } from './lib/config.ts';
import { jobsPlugin } from './lib/jobs.ts';
import { loggerOptions } from './lib/log-safety.ts';
import { trustProxyOption } from './lib/trust-proxy.ts';
import { accountsModule } from './modules/accounts/routes.ts';
import { cartMaintenancePlugin } from './modules/cart/maintenance.ts';
import { cartModule } from './modules/cart/routes.ts';
import { catalogueModule } from './modules/catalogue/routes.ts';
import { shownPromotionsPlugin } from './modules/catalogue/shown-promotions.ts';
import { complaintsModule } from './modules/complaints/routes.ts';
import { complaintRefunded } from './modules/complaints/service.ts';
import { contentModule } from './modules/content/routes.ts';
import { giftCardBalanceModule } from './modules/gift-cards/balance-routes.ts';
import { giftCardsModule } from './modules/gift-cards/routes.ts';
import { invoicesModule } from './modules/invoices/routes.ts';
import type { Mailer } from './modules/mail/mailer.ts';
import { devOutboxRoutes } from './modules/mail/outbox-routes.ts';
import { mailWorkerPlugin } from './modules/mail/worker.ts';
import { mediaModule } from './modules/media/routes.ts';
import { mediaStoragePlugin } from './modules/media/storage-plugin.ts';
import { orderMaintenancePlugin } from './modules/orders/maintenance.ts';
import { orderMailsPlugin } from './modules/orders/order-mails.ts';
import { ordersModule } from './modules/orders/routes.ts';
import { cachedPagesPlugin } from './modules/pages/cached-pages.ts';
import { panelAuditRoutes } from './modules/panel/audit-routes.ts';
import { panelAuthRoutes } from './modules/panel/auth-routes.ts';
import { panelBannerRoutes } from './modules/panel/banners-routes.ts';
import { panelCategoryRoutes } from './modules/panel/categories-routes.ts';
import { panelContentRoutes } from './modules/panel/content-routes.ts';
import { panelCustomerGroupsModule } from './modules/panel/customer-groups-routes.ts';
import { panelCustomersModule } from './modules/panel/customers-routes.ts';
import { panelGiftCardsModule } from './modules/panel/gift-cards-routes.ts';
import { panelInboxRoutes } from './modules/panel/inbox-routes.ts';
import { panelMenuRoutes } from './modules/panel/menus-routes.ts';
import { panelOrdersModule } from './modules/panel/orders-routes.ts';
import { panelPageRoutes } from './modules/panel/pages-routes.ts';
import { panelPaymentsConfigModule } from './modules/panel/payments-config-routes.ts';
import { panelPhotosModule } from './modules/panel/photos-routes.ts';
import { panelPreorderRoutes } from './modules/panel/preorders-routes.ts';
import { panelPrintingRoutes } from './modules/panel/printing-routes.ts';
import { panelProductRoutes } from './modules/panel/products-routes.ts';
import { panelPromotionsModule } from './modules/panel/promotions-routes.ts';
import { panelSettingsModule } from './modules/panel/settings-routes.ts';
import { panelShippingModule } from './modules/panel/shipping-routes.ts';
import { panelSizeGuideRoutes } from './modules/panel/size-guides-routes.ts';
import { panelStaffRoutes } from './modules/panel/staff-routes.ts';
import { paymentsModule } from './modules/payments/routes.ts';
import { memberPricesModule } from './modules/promotions/routes.ts';
import { refundsModule } from './modules/refunds/routes.ts';
import { searchModule } from './modules/search/routes.ts';
import { stockAlertsJobPlugin } from './modules/stock-alerts/job.ts';
import { stockAlertsModule } from './modules/stock-alerts/routes.ts';
import { withdrawalsModule } from './modules/withdrawals/routes.ts';
import { returnRefunded } from './modules/withdrawals/service.ts';
import { authPlugin } from './plugins/auth.ts';
import { changesPlugin } from './plugins/changes.ts';
import { closingPlugin } from './plugins/closing.ts';
import { docsPlugin } from './plugins/docs.ts';
import { clientErrors, errorsPlugin, frameworkErrors } from './plugins/errors.ts';
import { panelAuthPlugin } from './plugins/panel-auth.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { tenancyPlugin } from './plugins/tenancy.ts';
import { xsrfPlugin } from './plugins/xsrf.ts';

export type AppDeps = {
  config: Config;
  db: Db;
  /** Database['genericPlans']; `db` when not given. */
  genericPlans?: Db;
  mailer: Mailer;
};

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    /** Prepared statements whose one generic plan fits every value (Database['genericPlans']). */
    genericPlans: Db;
    mailer: Mailer;
  }
}

export const BODY_LIMIT = 256 * 1024;

/** The whole API as one Fastify instance: external plugins → services → routes. */
export const buildApp = async (
  deps: AppDeps,
  options: FastifyServerOptions = {},
): Promise<FastifyInstance> => {
  const app = Fastify({
    bodyLimit: BODY_LIMIT,
    // Forwarded headers count only from the proxies TRUST_PROXY names (none by default).
    trustProxy: trustProxyOption(deps.config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 300 },
    // A client gets 30 s to send its whole request (slow-loris), a silent socket is closed after
    // 90 s, and idle keep-alive lasts 72 s: longer than the usual proxy idle timeout (60 s), so
    // the proxy, not us, closes idle connections.
    requestTimeout: 30_000,
    connectionTimeout: 90_000,
    keepAliveTimeout: 72_000,
    // The 503 while closing comes from closingPlugin in the API's { Message } shape.
    return503OnClosing: false,
    // Bad URL encodings and over-long path parameters answer in the API's Polish shape too.
    frameworkErrors,
    clientErrorHandler: clientErrors,
    ...options,
    // Secrets censored and database errors logged without their parameters, whatever the caller's logger.
    logger: loggerOptions(deps.config.logLevel, options.logger),
  });
  app.setValidatorCompiler(validatorCompiler);
  // Responses are typed by the contract and checked in the API tests; no per-request re-validation.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  void serializerCompiler;

  app.decorate('config', deps.config);
  app.decorate('db', deps.db);
  app.decorate('genericPlans', deps.genericPlans ?? deps.db);
  app.decorate('mailer', deps.mailer);

  // First of the hooks: a cached page needs none of the others (modules/pages/cached-pages.ts).
  await app.register(cachedPagesPlugin);
  await app.register(errorsPlugin);
  await app.register(closingPlugin);
  await app.register(cookie);
  await app.register(helmet, {
    contentSecurityPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    // Not helmet's no-referrer: under it a form the browser posts itself (before the page's
    // scripts run, or without them) says `Origin: null`, which React Router refuses as a
    // cross-site action. Other sites still learn nothing of where a fan came from.
    referrerPolicy: { policy: 'same-origin' },
  });
  await app.register(rateLimitPlugin, { enabled: deps.config.rateLimits, redisUrl: deps.config.redisUrl });
  await app.register(docsPlugin);
  // Cross-process cache invalidation; before every plugin whose caches subscribe.
  await app.register(changesPlugin);
  await app.register(tenancyPlugin, { defaultTenant: deps.config.defaultTenant });
  await app.register(authPlugin);
  await app.register(panelAuthPlugin);
  await app.register(xsrfPlugin, { secure: deps.config.publicUrl.startsWith('https://') });

  // A trivial route: liveness for load balancers and the benchmarks' baseline.
  app.get('/api/health', { schema: { hide: true } }, async () => ({ ok: true }));

  // Media (photos, banners, logos): files under DATA_DIR/media, or S3 when S3_BUCKET is set.
  await app.register(mediaStoragePlugin);

  // The storefront's API (the spec's client).
  await app.register(accountsModule);
  await app.register(shownPromotionsPlugin);
  await app.register(catalogueModule);
  await app.register(searchModule);
  await app.register(cartModule);
  await app.register(giftCardBalanceModule);
  await app.register(memberPricesModule);
  await app.register(paymentsModule);
  await app.register(ordersModule);
  await app.register(contentModule);
  await app.register(mediaModule);

  // The manager's panel: sessions and staff, then one module a screen.
  await app.register(panelAuthRoutes);
  await app.register(panelStaffRoutes);
  await app.register(panelAuditRoutes);
  await app.register(panelCategoryRoutes);
  await app.register(panelProductRoutes);
  await app.register(panelSizeGuideRoutes);
  await app.register(panelPrintingRoutes);
  await app.register(panelPreorderRoutes);
  await app.register(panelPhotosModule);
  await app.register(panelOrdersModule);
  await app.register(withdrawalsModule);
  await app.register(panelCustomersModule);
  await app.register(panelInboxRoutes);
  await app.register(panelBannerRoutes);
  await app.register(panelMenuRoutes);
  await app.register(panelContentRoutes);
  await app.register(panelPageRoutes);
  await app.register(panelSettingsModule);
  await app.register(panelShippingModule);
  await app.register(panelPromotionsModule);
  await app.register(panelGiftCardsModule);
  await app.register(panelCustomerGroupsModule);
  await app.register(panelPaymentsConfigModule);
  await app.register(complaintsModule);
  await app.register(invoicesModule);
  await app.register(giftCardsModule);
  await app.register(stockAlertsModule);
  await app.register(refundsModule, { sources: { complaint: complaintRefunded, return: returnRefunded } });

  // Background jobs (pg-boss): started before, and stopped before, the workers below.
  await app.register(jobsPlugin);
  // Background: the durable mail queue's sender.
  await app.register(mailWorkerPlugin);
  // Background: unpaid orders expire, orders a crash left without payment are repaired.
  await app.register(orderMaintenancePlugin);
  // Background: carts untouched for 30 days are deleted.
  await app.register(cartMaintenancePlugin);
  await app.register(stockAlertsJobPlugin);
  await app.register(orderMailsPlugin);
  if (deps.config.devOutbox) await app.register(devOutboxRoutes);
  return app;
};
