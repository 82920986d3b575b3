import { msg } from '@club/contract';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';

/** Per-route limits (routes opt in); counters in Redis when configured, so N processes share them. */
export const rateLimitPlugin = fp(async (app: FastifyInstance, opts: { enabled: boolean; redis?: Redis }) => {
  await app.register(rateLimit, {
    global: false,
    ...(opts.redis && { redis: opts.redis, nameSpace: 'clubshop-rl:' }),
    skipOnError: true,
    keyGenerator: (request) => {
      const tenant =
        request.headers.organizacja ?? request.headers['x-organizacja'] ?? request.headers.host ?? '';
      return `${String(tenant)}|${request.ip}`;
    },
    allowList: () => !opts.enabled,
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      Message: msg.tooManyRequests,
    }),
  });
});

/** Limits per minute for the abuse-prone routes. */
export const limits = {
  login: { max: 10, timeWindow: 60_000 },
  register: { max: 5, timeWindow: 60_000 },
  remindPassword: { max: 5, timeWindow: 60_000 },
  sendMessage: { max: 5, timeWindow: 60_000 },
  sendAccreditation: { max: 5, timeWindow: 60_000 },
  placeOrder: { max: 20, timeWindow: 60_000 },
} as const;
