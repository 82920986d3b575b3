import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { withDatabase } from '../src/db/embedded-postgres.ts';
import { type Config, loadConfig } from '../src/lib/config.ts';
import { createMailer } from '../src/modules/mail/mailer.ts';
import type { OutboxMessage } from '../src/modules/mail/message.ts';
import { TEST_HASH_COST } from './passwords.ts';

export type TestApp = {
  url: string;
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** Calls the API over real HTTP; `organizacja: demo` unless the headers say otherwise. */
  fetch(
    path: string,
    init?: RequestInit & { json?: unknown; ticket?: string; org?: string | null },
  ): Promise<Response>;
  /**
   * The development outbox: each message as data, one JSON file each (none when SMTP_URL is set).
   * E-MAIL IS ASYNCHRONOUS: requests only put mail on the durable queue (mail_jobs) and a background
   * worker sends it, so every helper is async and first sends whatever is due (`drainMail()`), then reads the folder:
   * `await t.outbox.messages()`, `await t.outbox.last()`, `await t.outbox.link(re)`. To check that
   * nothing was sent, compare `(await t.outbox.messages()).length` before and after.
   */
  outbox: {
    messages(): Promise<OutboxMessage[]>;
    last(): Promise<OutboxMessage>;
    /** The first match in the newest message whose text or HTML has one. */
    link(pattern: RegExp): Promise<string>;
  };
  /** Sends every queued e-mail that is due now (waits for the background worker too). */
  drainMail(): Promise<void>;
  /** Where this app's database lives, for a second app on the same database (`sameDatabaseAs`). */
  databaseUrl: string;
  close(): Promise<void>;
};

/** A new database on the run's server (empty, or a copy of `template`); dropped by `drop`. */
export const newDatabase = async (
  prefix: string,
  template?: string,
): Promise<{ url: string; name: string; drop: () => Promise<void> }> => {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: inject('adminUrl') });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  } finally {
    await admin.end();
  }
  return {
    url: withDatabase(inject('adminUrl'), name),
    name,
    drop: async () => {
      const a = new pg.Client({ connectionString: inject('adminUrl') });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).finally(() => a.end());
    },
  };
};

const freshDatabase = async (): Promise<{ database: Database; drop: () => Promise<void>; url: string }> => {
  const { url, drop } = await newDatabase('clubshop_t', inject('pgTemplate'));
  return { database: await openDatabase({ url, poolSize: 10 }), url, drop };
};

/** A whole shop on a fresh copy of the seeded template database, listening on a real port. */
export const createTestApp = async (
  overrides: Partial<Config> = {},
  options: {
    beforeListen?: (app: FastifyInstance) => Promise<void>;
    /** Extra environment variables, read by `loadConfig` as at start-up (e.g. `DEV_OUTBOX: 'on'`). */
    env?: Record<string, string>;
    /** A second shop process on the first one's database (with its own pool). */
    sameDatabaseAs?: TestApp;
    /** The app's log lines (pino JSON, level info and up) go here instead of nowhere. */
    logStream?: { write(line: string): void };
  } = {},
): Promise<TestApp> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'clubshop-app-'));
  const first = options.sameDatabaseAs;
  // Each shop gets its own copy of the seeded media: the panel deletes and replaces files
  // (banner slides, logos), which must not pull images from under tests running in parallel.
  // A second process on the same database shares the first one's media, as in production.
  let mediaDir = overrides.mediaDir ?? first?.config.mediaDir;
  if (!mediaDir) {
    mediaDir = join(dataDir, 'media');
    cpSync(inject('mediaDir'), mediaDir, { recursive: true });
  }
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      RATE_LIMITS: 'off',
      // A domain's proof is never looked up on the real network: nothing answers on this port.
      DOMAIN_CHECK_DNS_SERVERS: '127.0.0.1:9',
      ...options.env,
    },
    {
      passwordHashCost: TEST_HASH_COST,
      ...overrides,
      mediaDir,
      // Either process's mail worker may send a queued e-mail: one outbox, as one mail server.
      ...(first && !overrides.outboxDir ? { outboxDir: first.config.outboxDir } : {}),
    },
  );
  const {
    database,
    drop,
    url: databaseUrl,
  } = first
    ? {
        database: await openDatabase({ url: first.databaseUrl, poolSize: 10 }),
        drop: async () => {},
        url: first.databaseUrl,
      }
    : await freshDatabase();
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    outboxDir: config.outboxDir,
    from: config.mailFrom,
  });
  const app = await buildApp(
    { config, db: database.db, genericPlans: database.genericPlans, mailer },
    { logger: options.logStream ? { level: 'info', stream: options.logStream } : false },
  );
  // Routes can only be added before listen (e.g. mountWeb).
  await options.beforeListen?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const messages = (): OutboxMessage[] => {
    try {
      return readdirSync(config.outboxDir)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .map((f) => JSON.parse(readFileSync(join(config.outboxDir, f), 'utf8')) as OutboxMessage);
    } catch {
      return [];
    }
  };
  // Orders' e-mails are made by a job after the order (orders/order-mails.ts), then sent.
  const drainMail = async () => {
    await app.orderMails.drain();
    await app.mailQueue.drain();
  };
  return {
    url,
    app,
    database,
    config,
    fetch(path, init = {}) {
      const { json, ticket, org = 'demo', ...rest } = init;
      const headers = new Headers(rest.headers);
      if (org && !headers.has('organizacja')) headers.set('organizacja', org);
      if (ticket) headers.set('authorization', `Bearer ${ticket}`);
      if (json !== undefined) headers.set('content-type', 'application/json');
      return fetch(url + path, {
        ...rest,
        headers,
        body: json !== undefined ? JSON.stringify(json) : rest.body,
      });
    },
    outbox: {
      messages: async () => {
        await drainMail();
        return messages();
      },
      last: async () => {
        await drainMail();
        const all = messages();
        if (!all.length) throw new Error('outbox is empty');
        return all[all.length - 1]!;
      },
      link: async (pattern) => {
        await drainMail();
        const all = messages();
        for (let i = all.length - 1; i >= 0; i--) {
          const m = `${all[i]!.text}\n${all[i]!.html}`.match(pattern);
          if (m) return m[0];
        }
        throw new Error(`no link matching ${pattern} in the outbox`);
      },
    },
    drainMail,
    databaseUrl,
    async close() {
      // Tests may leave response bodies unread; don't wait for those sockets.
      app.server.closeAllConnections();
      await app.close();
      await database.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

/** Registers a customer account over HTTP (as Ewa Nowak); answers the response, the account unconfirmed. */
export const register = (t: TestApp, email: string, password: string, org = 'demo') =>
  t.fetch('/api/andromeda/kontopanel/register', {
    method: 'POST',
    json: {
      Imie: 'Ewa',
      Nazwisko: 'Nowak',
      Email: email,
      Haslo: password,
      PowtorzHaslo: password,
      AkceptacjaRegulaminu: true,
    },
    org,
  });

/** Logs in over HTTP and returns the ticket. */
export const login = async (t: TestApp, email: string, password: string, org = 'demo'): Promise<string> => {
  const res = await t.fetch('/api/andromeda/kontopanel/login', {
    method: 'POST',
    json: { Login: email, Password: password },
    org,
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { Ticket: string }).Ticket;
};
