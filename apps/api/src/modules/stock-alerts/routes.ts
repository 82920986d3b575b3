import { msg } from '@club/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../../lib/http-error.ts';
import { route } from '../../lib/route.ts';
import * as service from './service.ts';

/** Sign-ups per club and IP address, and per club and e-mail address, in an hour. */
export const STOCK_ALERT_LIMITS = {
  perIp: { max: 10, timeWindow: 60 * 60_000 },
  perEmail: { max: 3, timeWindow: 60 * 60_000 },
} as const;

/** "Powiadom mnie" for the storefront, its unsubscribe page, and the panel's waiting counts. */
const routes = async (app: FastifyInstance) => {
  const perEmail = app.createRateLimit({
    ...STOCK_ALERT_LIMITS.perEmail,
    keyGenerator: async (request) => {
      const body = request.body as { Email?: string } | undefined;
      return `stock-alert-email|${(await request.org()).id}|${(body?.Email ?? '').trim().toLowerCase()}`;
    },
  });
  route(
    app,
    'subscribeStockAlert',
    async (request, reply) => {
      const counted = await perEmail(request);
      if (!counted.isAllowed && counted.isExceeded) {
        reply.header('retry-after', counted.ttlInSeconds);
        throw new HttpError(429, msg.tooManyRequests);
      }
      return service.subscribe(app.db, await request.org(), request.body);
    },
    { rateLimit: STOCK_ALERT_LIMITS.perIp },
  );
  route(app, 'getStockAlert', async (request) =>
    service.view(app.db, await request.org(), request.params.token),
  );
  route(app, 'unsubscribeStockAlert', async (request) =>
    service.unsubscribe(app.db, await request.org(), request.params.token),
  );
  route(app, 'panelStockAlertCounts', async (request) =>
    service.counts(app.db, (await request.panelUser()).org, request.params.id),
  );
};

export const stockAlertsModule = fp(routes, {
  name: 'stock-alerts',
  dependencies: ['tenancy', 'rate-limit', 'panel-auth'],
  encapsulate: true,
});
