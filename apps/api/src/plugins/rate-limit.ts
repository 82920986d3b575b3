import { createRequire } from 'node:module';
import { msg } from '@club/contract';
import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { HttpError } from '../lib/http-error.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The counters' Redis client when REDIS_URL is set (its `status` tells whether it is in use). */
    rateLimitRedis: Redis | null;
  }
}

/** Limits per minute for the abuse-prone routes. */
export const limits = {
  login: { max: 10, timeWindow: 60_000 },
  register: { max: 5, timeWindow: 60_000 },
  remindPassword: { max: 5, timeWindow: 60_000 },
  resendConfirmation: { max: 5, timeWindow: 60_000 },
  sendMessage: { max: 5, timeWindow: 60_000 },
  sendAccreditation: { max: 5, timeWindow: 60_000 },
  placeOrder: { max: 20, timeWindow: 60_000 },
  changeEmail: { max: 5, timeWindow: 60_000 },
  confirmAccount: { max: 10, timeWindow: 60_000 },
  staffInvite: { max: 10, timeWindow: 60_000 },
  /** Batches of single-use discount codes (up to 5,000 rows each) per club and address. */
  promotionCodeBatches: { max: 10, timeWindow: 60_000 },
  /** Per IP; the same routes also count per account (accountLimits). */
  changePassword: { max: 5, timeWindow: 60_000 },
  // Anonymous carts: a shopper makes a new cart rarely (the first line, after an order), so new
  // carts are few per address; lines of a cart that exists change often and are counted apart.
  cartCreate: { max: 30, timeWindow: 10 * 60_000 },
  cartLines: { max: 120, timeWindow: 60_000 },
  cartCode: { max: 10, timeWindow: 60_000 },
  /** Gift card codes checked on the balance page, like discount codes in the cart. */
  giftCardBalance: { max: 10, timeWindow: 60_000 },
} as const;

/**
 * Per logged-in account, whatever address it comes from: the actions that check the current
 * password (one scrypt each) share one budget, so one ticket cannot keep the hashing busy.
 */
export const accountLimits = {
  passwordCheck: { max: 5, timeWindow: 15 * 60_000 },
} as const;

/** Counters in process memory (also while Redis is away): at most this many keys per route (LRU). */
const LOCAL_KEYS = 5_000;
/** After a failed Redis call, counters stay in memory this long before Redis is tried again. */
const REDIS_RETRY_AFTER_MS = 5_000;

/**
 * A Redis client for the limit counters that never makes a request wait for Redis: commands
 * fail at once while it is disconnected (no offline queue), and a slow one gives up quickly.
 */
export const createRateLimitRedis = (url: string): Redis =>
  new Redis(url, {
    connectTimeout: 1_000,
    commandTimeout: 300,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    // Keep reconnecting in the background, at most every 5 s.
    retryStrategy: (times) => Math.min(times * 250, 5_000),
    lazyConnect: false,
  });

type Counter = { current: number; ttl: number };
type Incr = (
  key: string,
  cb: (err: Error | null, res: Counter | null) => void,
  timeWindow: number,
  max: number,
) => void;
type Store = { incr: Incr; child(routeOptions: RouteOptions): Store };
type RouteOptions = {
  continueExceeding: boolean;
  exponentialBackoff: boolean;
  routeInfo: { method?: string; url?: string };
};

/** The plugin's own stores (not in its type definitions): memory (LRU) and Redis (Lua INCR). */
type StoreCtor<A extends unknown[]> = new (...args: A) => Store;
const require = createRequire(import.meta.url);
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as StoreCtor<
  [boolean, boolean, number]
>;
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as StoreCtor<
  [boolean, boolean, Redis, string]
>;

/** Whether Redis can be used now; says so in the log once per change, not once per request. */
const redisHealth = (redis: Redis, log: FastifyBaseLogger) => {
  // Unknown until the first connect or failure, so an outage from the start is logged too.
  let up: boolean | undefined;
  let retryAt = 0;
  const set = (ok: boolean, err?: unknown) => {
    if (ok === up) return;
    up = ok;
    if (ok) log.info('Redis connected: rate limit counters are shared between processes');
    else log.warn({ err }, 'Redis unavailable: rate limit counters kept in process memory until it is back');
  };
  redis.on('ready', () => {
    retryAt = 0;
    set(true);
  });
  redis.on('error', (err) => set(false, err));
  return {
    usable: () => redis.status === 'ready' && Date.now() >= retryAt,
    failed(err: unknown) {
      retryAt = Date.now() + REDIS_RETRY_AFTER_MS;
      set(false, err);
    },
    worked: () => set(true),
  };
};

/** Redis when it answers, the process's memory when it does not: a limit never switches off. */
const fallbackStore = (redis: Redis, log: FastifyBaseLogger) => {
  const health = redisHealth(redis, log);
  const make = (shared: Store, local: Store): Store => ({
    incr(key, cb, timeWindow, max) {
      if (!health.usable()) return local.incr(key, cb, timeWindow, max);
      shared.incr(
        key,
        (err, res) => {
          if (err || !res) {
            health.failed(err);
            return local.incr(key, cb, timeWindow, max);
          }
          health.worked();
          cb(null, res);
        },
        timeWindow,
        max,
      );
    },
    child: (routeOptions) =>
      make(shared.child(routeOptions), local.child({ ...routeOptions, cache: LOCAL_KEYS } as RouteOptions)),
  });
  // The plugin calls `new Store(globalParams)` and then `child()` per route.
  return function FallbackStore(this: unknown, params: RouteOptions) {
    return make(
      new RedisStore(params.continueExceeding, params.exponentialBackoff, redis, 'clubshop-rl:'),
      new LocalStore(params.continueExceeding, params.exponentialBackoff, LOCAL_KEYS),
    );
  } as unknown as FastifyRateLimitStoreCtor;
};

/**
 * The counter of a request: its resolved club (an unknown `organizacja` is a 404 before any
 * counting) and the client's address as `trustProxy` allows it. Never raw header text, so a
 * random Host or X-Forwarded-For does not start a fresh counter.
 */
export const rateLimitKey = async (request: FastifyRequest) => `${(await request.org()).id}|${request.ip}`;

/**
 * A limit the handler applies only to some requests of a route (e.g. those that create a cart),
 * with a counter of its own under `name`. Throws the Polish 429 once the counter is over.
 */
export const conditionalLimit = (
  app: FastifyInstance,
  name: string,
  limit: { max: number; timeWindow: number },
) => {
  const check = app.createRateLimit({
    ...limit,
    // Its own key space: the plugin names a route's counters by its URL, and this has none.
    keyGenerator: async (request) => `${name}|${await rateLimitKey(request)}`,
  });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await check(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('retry-after', result.ttlInSeconds);
    throw new HttpError(429, msg.tooManyRequests);
  };
};

/** Per-route limits (routes opt in); counters in Redis when configured, so N processes share them. */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance, opts: { enabled: boolean; redisUrl?: string }) => {
    const redis = opts.enabled && opts.redisUrl ? createRateLimitRedis(opts.redisUrl) : undefined;
    if (redis) app.addHook('onClose', async () => redis.disconnect());
    app.decorate('rateLimitRedis', redis ?? null);
    await app.register(rateLimit, {
      global: false,
      ...(redis && { store: fallbackStore(redis, app.log) }),
      // Switched off (RATE_LIMITS=off): nothing to count, so no tenant lookup either.
      keyGenerator: opts.enabled ? rateLimitKey : () => '',
      allowList: () => !opts.enabled,
      errorResponseBuilder: (_request, context) => ({
        statusCode: context.statusCode,
        Message: msg.tooManyRequests,
      }),
    });
  },
  { name: 'rate-limit' },
);
