import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { z } from 'zod';
import type { organisations } from '../db/schema.ts';
import { SCRYPT_COST, type ScryptCost } from './crypto.ts';

const bool = z
  .enum(['0', '1', 'true', 'false', 'on', 'off'])
  .optional()
  .transform((v) => v === '1' || v === 'true' || v === 'on');

/** `TRUST_PROXY`: unset = no proxy is trusted; a number = that many hops; otherwise addresses/CIDRs. */
const trustProxy = z
  .string()
  .optional()
  .transform((v, ctx): false | number | string[] => {
    if (!v || v === 'false' || v === 'off') return false;
    if (/^\d+$/.test(v)) return Number(v);
    const list = v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (list.some((a) => !/^[0-9a-fA-F:.]+(\/\d{1,3})?$|^(loopback|linklocal|uniquelocal)$/.test(a))) {
      ctx.addIssue({ code: 'custom', message: 'a hop count or a comma-separated list of addresses/CIDRs' });
      return z.NEVER;
    }
    return list;
  });

/**
 * `SECRETS_KEY`: one or more 32-byte keys in base64 (`openssl rand -base64 32`), comma-separated.
 * The first encrypts; every one decrypts, so a key can be rotated without losing stored secrets.
 */
const secretsKeys = z
  .string()
  .optional()
  .transform((v, ctx): Buffer[] => {
    const parts = (v ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const keys = parts.map((p) => Buffer.from(p, 'base64'));
    if (parts.some((p, i) => !/^[A-Za-z0-9+/]{43}=$/.test(p) || keys[i]!.length !== 32)) {
      ctx.addIssue({
        code: 'custom',
        message: '32-byte keys in base64 (openssl rand -base64 32), comma-separated',
      });
      return z.NEVER;
    }
    return keys;
  });

/** `DOMAIN_CHECK_DNS_SERVERS`: resolvers as `ip`, `ip:port` or `[ipv6]:port`, comma-separated. */
const dnsServers = z
  .string()
  .optional()
  .transform((v, ctx): string[] => {
    const list = (v ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const ok = (a: string) => {
      const m = /^\[([0-9a-fA-F:.]+)\](?::(\d{1,5}))?$/.exec(a) ?? /^([0-9.]+)(?::(\d{1,5}))?$/.exec(a);
      const ip = m?.[1] ?? a;
      const port = m?.[2] === undefined ? 53 : Number(m[2]);
      return isIP(ip) !== 0 && port >= 1 && port <= 65_535;
    };
    if (!list.every(ok)) {
      ctx.addIssue({ code: 'custom', message: 'addresses (ip, ip:port or [ipv6]:port), comma-separated' });
      return z.NEVER;
    }
    return list;
  });

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Sklep klubowy <sklep@localhost>'),
  PUBLIC_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  // Whole-page cache (modules/pages): how long a public page is kept (0: off), the budget of all
  // pages (per process, or in Redis) and of one club's, in MB and in pages.
  PAGE_CACHE_TTL: z.coerce.number().int().min(0).max(3600).default(30),
  PAGE_CACHE_MB: z.coerce.number().int().min(1).max(4096).default(32),
  PAGE_CACHE_CLUB_MB: z.coerce.number().int().min(1).max(4096).default(8),
  PAGE_CACHE_CLUB_PAGES: z.coerce.number().int().min(1).max(100_000).default(500),
  // Worker processes (node:cluster); on the embedded database they share the primary's server.
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  DEFAULT_TENANT: z.string().default('demo'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  DEV_OUTBOX: bool,
  TRUST_PROXY: trustProxy,
  DEMO_PAYMENTS: z.enum(['on', 'off']).optional(),
  // OpenAPI page and JSON at /api/docs: on outside production unless turned off.
  API_DOCS: z.enum(['on', 'off']).optional(),
  ORDER_PAYMENT_TIMEOUT_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(7 * 24 * 60)
    .default(60),
  ORDER_CONFIRMATION_TIMEOUT_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24)
    .default(24),
  PAYU_POS_ID: z.string().optional(),
  PAYU_CLIENT_ID: z.string().optional(),
  PAYU_CLIENT_SECRET: z.string().optional(),
  PAYU_SECOND_KEY: z.string().optional(),
  PAYU_SANDBOX: bool,
  PAYU_BASE_URL: z.string().url().optional(),
  // panel: payments: keys that encrypt secrets stored in the database (clubs' PayU keys).
  SECRETS_KEY: secretsKeys,
  SEED_DEMO: z.enum(['on', 'off']).default('on'),
  // Media in S3-compatible storage when S3_BUCKET is set; otherwise on disk under DATA_DIR/media.
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'an S3 bucket name')
    .optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool,
  // domains: how the shop checks a club's proof of a domain (modules/panel/domain-proof.ts).
  DOMAIN_CHECK_DNS_SERVERS: dnsServers,
  DOMAIN_CHECK_HTTP_PORT: z.coerce.number().int().min(1).max(65535).default(80),
  DOMAIN_CHECK_PRIVATE: z.enum(['allow', 'refuse']).default('refuse'),
  // The most one storage call may take, retries included; then the request gets a Polish 503.
  S3_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(300).default(15),
});

/** Every variable `loadConfig` reads; README.md and .env.example document each (a test checks). */
export const ENV_VARIABLES = Object.keys(EnvSchema.shape);

/** S3-compatible media storage; without keys the AWS SDK's default credential chain applies. */
export type S3Config = {
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `http://host/bucket/key` instead of `http://bucket.host/key` (MinIO and most local servers). */
  forcePathStyle: boolean;
  /** The most one call (a put, a get up to its headers...) may take, retries included. */
  timeoutMs: number;
};

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  mediaDir: string;
  outboxDir: string;
  databaseUrl?: string;
  databasePoolSize: number;
  smtpUrl?: string;
  mailFrom: string;
  publicUrl: string;
  redisUrl?: string;
  /**
   * Whole-page cache: how long a public page is served from the cache (0: no cache), the bytes of
   * all pages (this process's memory, or Redis), the bytes and the pages of one club.
   */
  pageCache: { ttlMs: number; maxBytes: number; clubBytes: number; clubPages: number };
  /** WEB_CONCURRENCY: worker processes server.ts forks (node:cluster); 1 = no cluster. */
  webConcurrency: number;
  defaultTenant: string;
  logLevel: string;
  rateLimits: boolean;
  /** URLs per sitemap file (default and sitemaps.org limit: 50,000); tests set a few to see the split. */
  sitemapUrlsPerFile?: number;
  /** `/dev/outbox` is served only when asked for (`DEV_OUTBOX=on`): it shows every club's mail. */
  devOutbox: boolean;
  /** Fastify's `trustProxy`: false unless `TRUST_PROXY` names hops or addresses. */
  trustProxy: false | number | string[];
  /** The built-in demo payment page (no PayU credentials): on outside production unless turned off. */
  demoPayments: boolean;
  /** Swagger UI and the OpenAPI JSON at /api/docs: on outside production unless turned off. */
  apiDocs: boolean;
  /** Unpaid online orders expire after this long and return their stock (also PayU's `validityTime`). */
  orderPaymentTimeoutMs: number;
  /** A held cash-on-delivery order not confirmed by the buyer within this long is cancelled and returns its stock. */
  orderConfirmationTimeoutMs: number;
  /** PayU from the environment: the same fields a club stores in the panel. */
  payu?: NonNullable<typeof organisations.$inferSelect.payuConfig>;
  /** PAYU_BASE_URL: another PayU address for every PayU configuration, the clubs' too (a test double). */
  payuBaseUrl?: string;
  /** SECRETS_KEY: the first encrypts stored secrets, each decrypts; empty: secrets cannot be saved. */
  secretsKeys: Buffer[];
  seedDemo: boolean;
  /** Media (product photos...) in S3 instead of `mediaDir` when set. */
  s3?: S3Config;
  /**
   * How a club's proof of a domain is checked: the DNS servers asked (empty: the system's), the
   * port of the `/.well-known/` file (80), whether a domain may point at a private or loopback
   * address for that (never in production: the check would reach the shop's own network), and
   * how long each step may take.
   */
  domainCheck: { dnsServers: string[]; httpPort: number; allowPrivate: boolean; timeoutMs: number };
  /**
   * Image uploads decoded at once in this process, and how many may wait for a place (more are
   * refused with a 503). Not an environment variable: the defaults bound memory; tests set others.
   */
  imageJobs: { concurrency: number; maxWaiting: number };
  /**
   * scrypt cost of new password hashes; older hashes are upgraded at login. Not an environment
   * variable: production always uses OWASP's cost, only tests set a cheaper one for speed.
   */
  passwordHashCost: ScryptCost;
};

/** Reads and validates the environment once; a bad variable stops start-up with its name. */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config => {
  // An empty value means unset, so `.env.example` can be loaded as it is.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY))
    throw new Error('Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  const s3 = e.S3_BUCKET
    ? {
        endpoint: e.S3_ENDPOINT,
        bucket: e.S3_BUCKET,
        region: e.S3_REGION,
        accessKeyId: e.S3_ACCESS_KEY_ID,
        secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        forcePathStyle: e.S3_FORCE_PATH_STYLE,
        timeoutMs: Math.round(e.S3_TIMEOUT_SECONDS * 1000),
      }
    : undefined;
  const payu =
    e.PAYU_POS_ID && e.PAYU_CLIENT_ID && e.PAYU_CLIENT_SECRET && e.PAYU_SECOND_KEY
      ? {
          posId: e.PAYU_POS_ID,
          clientId: e.PAYU_CLIENT_ID,
          clientSecret: e.PAYU_CLIENT_SECRET,
          secondKey: e.PAYU_SECOND_KEY,
          sandbox: e.PAYU_SANDBOX,
          baseUrl: e.PAYU_BASE_URL,
        }
      : undefined;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    mediaDir: resolve(dataDir, 'media'),
    outboxDir: resolve(dataDir, 'outbox'),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    redisUrl: e.REDIS_URL,
    pageCache: {
      ttlMs: e.PAGE_CACHE_TTL * 1000,
      maxBytes: e.PAGE_CACHE_MB * 1024 * 1024,
      // A club's budget is at most the whole.
      clubBytes: Math.min(e.PAGE_CACHE_CLUB_MB, e.PAGE_CACHE_MB) * 1024 * 1024,
      clubPages: e.PAGE_CACHE_CLUB_PAGES,
    },
    webConcurrency: e.WEB_CONCURRENCY,
    defaultTenant: e.DEFAULT_TENANT,
    logLevel: e.LOG_LEVEL,
    rateLimits: e.RATE_LIMITS === 'on',
    devOutbox: e.DEV_OUTBOX,
    trustProxy: e.TRUST_PROXY,
    demoPayments: e.DEMO_PAYMENTS ? e.DEMO_PAYMENTS === 'on' : e.NODE_ENV !== 'production',
    apiDocs: e.API_DOCS ? e.API_DOCS === 'on' : e.NODE_ENV !== 'production',
    orderPaymentTimeoutMs: e.ORDER_PAYMENT_TIMEOUT_MINUTES * 60_000,
    orderConfirmationTimeoutMs: e.ORDER_CONFIRMATION_TIMEOUT_HOURS * 3_600_000,
    payu,
    payuBaseUrl: e.PAYU_BASE_URL,
    secretsKeys: e.SECRETS_KEY,
    seedDemo: e.SEED_DEMO === 'on',
    s3,
    domainCheck: {
      dnsServers: e.DOMAIN_CHECK_DNS_SERVERS,
      httpPort: e.DOMAIN_CHECK_HTTP_PORT,
      allowPrivate: e.DOMAIN_CHECK_PRIVATE === 'allow',
      timeoutMs: 5_000,
    },
    imageJobs: { concurrency: 2, maxWaiting: 8 },
    passwordHashCost: SCRYPT_COST,
    ...overrides,
  };
};
