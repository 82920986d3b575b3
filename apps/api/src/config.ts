import { resolve } from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true');

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
  PAYU_POS_ID: z.string().optional(),
  PAYU_CLIENT_ID: z.string().optional(),
  PAYU_CLIENT_SECRET: z.string().optional(),
  PAYU_SECOND_KEY: z.string().optional(),
  PAYU_SANDBOX: bool,
  PAYU_BASE_URL: z.string().url().optional(),
  SEED_DEMO: z.enum(['on', 'off']).default('on'),
});

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
  /** `/dev/outbox` is served outside production, or when asked for. */
  devOutbox: boolean;
  payu?: {
    posId: string;
    clientId: string;
    clientSecret: string;
    secondKey: string;
    sandbox: boolean;
    baseUrl?: string;
  };
  seedDemo: boolean;
};

/** Reads and validates the environment once; a bad variable stops start-up with its name. */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config => {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
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
    devOutbox: e.NODE_ENV !== 'production' || e.DEV_OUTBOX,
    payu,
    seedDemo: e.SEED_DEMO === 'on',
    ...overrides,
  };
};
