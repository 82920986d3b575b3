import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { accountsModule } from './modules/accounts/routes.ts';
import { cartModule } from './modules/cart/routes.ts';
import { catalogueModule } from './modules/catalogue/routes.ts';
import { contentModule } from './modules/content/routes.ts';
import type { Mailer } from './modules/mail/mailer.ts';
import { devOutboxRoutes } from './modules/mail/outbox-routes.ts';
import { mediaModule } from './modules/media/routes.ts';
import { ordersModule } from './modules/orders/routes.ts';
import { paymentsModule } from './modules/payments/routes.ts';
import { authPlugin } from './plugins/auth.ts';
import { docsPlugin } from './plugins/docs.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { tenancyPlugin } from './plugins/tenancy.ts';
import { xsrfPlugin } from './plugins/xsrf.ts';

export type AppDeps = { config: Config; db: Db; mailer: Mailer; redis?: Redis };

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
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
    logger: options.logger ?? { level: deps.config.logLevel },
    bodyLimit: BODY_LIMIT,
    trustProxy: true,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 300 },
    ...options,
  });
  app.setValidatorCompiler(validatorCompiler);
  // Responses are typed by the contract and checked in the API tests; no per-request re-validation.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  void serializerCompiler;

  app.decorate('config', deps.config);
  app.decorate('db', deps.db);
  app.decorate('mailer', deps.mailer);

  await app.register(errorsPlugin);
  await app.register(cookie);
  await app.register(helmet, {
    contentSecurityPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  await app.register(rateLimitPlugin, { enabled: deps.config.rateLimits, redis: deps.redis });
  await app.register(docsPlugin);
  await app.register(tenancyPlugin, { defaultTenant: deps.config.defaultTenant });
  await app.register(authPlugin);
  await app.register(xsrfPlugin, { secure: deps.config.publicUrl.startsWith('https://') });

  // A trivial route: liveness for load balancers and the benchmarks' baseline.
  app.get('/api/health', { schema: { hide: true } }, async () => ({ ok: true }));

  await app.register(accountsModule);
  await app.register(catalogueModule);
  await app.register(cartModule);
  await app.register(paymentsModule);
  await app.register(ordersModule);
  await app.register(contentModule);
  await app.register(mediaModule);
  if (deps.config.devOutbox) await app.register(devOutboxRoutes);
  return app;
};
