import { resolve } from 'node:path';
import { z } from 'zod';
import { SCRYPT_COST, type ScryptCost } from './lib/crypto.ts';

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
  DEFAULT_TENANT: z.string().default('demo'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  DEV_OUTBOX: bool,
  TRUST_PROXY: trustProxy,
  DEMO_PAYMENTS: z.enum(['on', 'off']).optional(),
  ORDER_PAYMENT_TIMEOUT_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(7 * 24 * 60)
    .default(60),
  PAYU_POS_ID: z.string().optional(),
  PAYU_CLIENT_ID: z.string().optional(),
  PAYU_CLIENT_SECRET: z.string().optional(),
  PAYU_SECOND_KEY: z.string().optional(),
  PAYU_SANDBOX: bool,
  PAYU_BASE_URL: z.string().url().optional(),
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
  defaultTenant: string;
  logLevel: string;
  rateLimits: boolean;
  /** `/dev/outbox` is served only when asked for (`DEV_OUTBOX=on`): it shows every club's mail. */
  devOutbox: boolean;
  /** Fastify's `trustProxy`: false unless `TRUST_PROXY` names hops or addresses. */
  trustProxy: false | number | string[];
  /** The built-in demo payment page (no PayU credentials): on outside production unless turned off. */
  demoPayments: boolean;
  /** Unpaid online orders expire after this long and return their stock (also PayU's `validityTime`). */
  orderPaymentTimeoutMs: number;
  payu?: {
    posId: string;
    clientId: string;
    clientSecret: string;
    secondKey: string;
    sandbox: boolean;
    baseUrl?: string;
  };
  seedDemo: boolean;
  /** Media (product photos...) in S3 instead of `mediaDir` when set. */
  s3?: S3Config;
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
    defaultTenant: e.DEFAULT_TENANT,
    logLevel: e.LOG_LEVEL,
    rateLimits: e.RATE_LIMITS === 'on',
    devOutbox: e.DEV_OUTBOX,
    trustProxy: e.TRUST_PROXY,
    demoPayments: e.DEMO_PAYMENTS ? e.DEMO_PAYMENTS === 'on' : e.NODE_ENV !== 'production',
    orderPaymentTimeoutMs: e.ORDER_PAYMENT_TIMEOUT_MINUTES * 60_000,
    payu,
    seedDemo: e.SEED_DEMO === 'on',
    s3,
    passwordHashCost: SCRYPT_COST,
    ...overrides,
  };
};
