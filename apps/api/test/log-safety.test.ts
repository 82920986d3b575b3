import { msg, XSRF_COOKIE, XSRF_HEADER } from '@club/contract';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { freePort } from './fakes/smtp-server.ts';
import { userOf } from './fixtures/orders.ts';
import { createTestApp, login, type TestApp } from './harness.ts';
import { DEMO_CUSTOMER } from './passwords.ts';

/**
 * A database error carries the failed query's parameters (Drizzle puts them in its message and in
 * `params`, PostgreSQL quotes row values in `detail`). None of that, nor a ticket, cookie or
 * password from the request, may reach the log.
 */
describe('log lines hold no secrets', () => {
  let t: TestApp;
  let log = '';
  let ticket: string;
  let hash: string;
  const xsrf = 'log-test-xsrf-token-0123456789';

  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        logStream: {
          write: (line) => {
            log += line;
          },
        },
        // Test-only routes that fail the way a bug would, with the customer's hash in the query.
        beforeListen: async (app) => {
          app.post('/test/fail-unique', async (request) => {
            request.log.info({ headers: request.headers, body: request.body }, 'test: request received');
            const customer = await userOf(app.db, 'demo', DEMO_CUSTOMER.email);
            const other = await userOf(app.db, 'demo', 'kierownik@sokol-demo.pl');
            // Unique violation (SQLSTATE 23505): an unexpected error, answered 500.
            await app.db
              .update(users)
              .set({ email: other.email, passwordHash: customer.passwordHash })
              .where(eq(users.id, customer.id));
          });
          app.post('/test/fail-nul', async () => {
            const customer = await userOf(app.db, 'demo', DEMO_CUSTOMER.email);
            // U+0000 in text (SQLSTATE 22021): a value validation should have refused, answered 400.
            await app.db
              .update(users)
              .set({ firstName: 'x\u0000', passwordHash: customer.passwordHash })
              .where(eq(users.id, customer.id));
          });
        },
      },
    );
    ticket = await login(t, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    hash = (await userOf(t.database.db, 'demo', DEMO_CUSTOMER.email)).passwordHash;
  });
  afterAll(() => t?.close());

  const post = (path: string) =>
    t.fetch(path, {
      method: 'POST',
      ticket,
      headers: { cookie: `${XSRF_COOKIE}=${xsrf}`, [XSRF_HEADER]: xsrf },
      json: { Haslo: DEMO_CUSTOMER.password, Ticket: ticket, nested: { Password: DEMO_CUSTOMER.password } },
    });

  const expectNoSecrets = () => {
    const salt = hash.split('$')[4]!;
    const digest = hash.split('$')[5]!;
    for (const secret of [
      hash,
      salt,
      digest,
      ticket,
      xsrf,
      DEMO_CUSTOMER.password,
      'kierownik@sokol-demo.pl',
    ])
      expect(log).not.toContain(secret);
    expect(log).not.toContain('params');
  };

  it('logs an unexpected database error (500) by type, code and constraint, without its values', async () => {
    const res = await post('/test/fail-unique');
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ Message: msg.serverError });
    const line = log.split('\n').find((l) => l.includes('unhandled error'));
    expect(line).toBeDefined();
    const entry = JSON.parse(line!) as {
      err: { type: string; cause?: { code?: string; constraint?: string } };
    };
    expect(entry.err.type).toBe('DrizzleQueryError');
    expect(entry.err.cause).toMatchObject({ code: '23505', constraint: 'users_org_email' });
    expectNoSecrets();
  });

  it('censors authorization, cookies, the XSRF header and password fields wherever they are logged', async () => {
    const line = log.split('\n').find((l) => l.includes('test: request received'));
    expect(line).toBeDefined();
    expect(line).toContain('[redacted]');
    expectNoSecrets();
  });

  it('logs request URLs without one-time link tokens', async () => {
    const token = 'a1b2c3d4-0000-4000-8000-0123456789ab';
    await t.fetch(`/api/andromeda/kontopanel/confirm-account/${token}`);
    await t.fetch(`/api/andromeda/kontopanel/changeemailconfirm/${token}?x=1`, { ticket });
    // A held order's confirmation link: the storefront page it opens.
    const orderToken = 'Zq3'.repeat(14).concat('x');
    await t.fetch(`/potwierdz-zamowienie/${orderToken}`);
    expect(log).toContain('/confirm-account/[redacted]');
    expect(log).toContain('/potwierdz-zamowienie/[redacted]');
    expect(log).not.toContain(token);
    expect(log).not.toContain(orderToken);
  });

  it('answers a value the database refuses with a 400 and logs it without the values', async () => {
    const res = await post('/test/fail-nul');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ Message: msg.invalidRequest });
    expect(log).toContain('database refused a value');
    expectNoSecrets();
  });
});

describe('warnings say why', () => {
  const collect = () => {
    const lines: string[] = [];
    return {
      lines,
      stream: { write: (line: string) => void lines.push(line) },
      /** The first log line with `text`, parsed, once it has been written. */
      async find(text: string) {
        const end = Date.now() + 10_000;
        for (;;) {
          const line = lines.find((l) => l.includes(text));
          if (line) return JSON.parse(line) as { err?: { type?: string; message?: string; code?: string } };
          if (Date.now() > end) throw new Error(`no log line with "${text}"`);
          await new Promise((r) => setTimeout(r, 50));
        }
      },
    };
  };

  it('Redis unavailable: the connection error, not {"type":"string"}', async () => {
    const log = collect();
    const port = await freePort();
    const app = await createTestApp(
      { rateLimits: true, redisUrl: `redis://127.0.0.1:${port}` },
      { logStream: log.stream },
    );
    try {
      const entry = await log.find('Redis unavailable: rate limit counters');
      expect(entry.err?.message).toBeTruthy();
      expect(`${entry.err?.code} ${entry.err?.message}`).toContain('ECONNREFUSED');
    } finally {
      await app.close();
    }
  });

  it('LISTEN connection lost: the database error, not {"type":"string"}', async () => {
    const log = collect();
    const app = await createTestApp({}, { logStream: log.stream });
    const admin = new pg.Client({ connectionString: inject('adminUrl') });
    await admin.connect();
    try {
      const database = new URL(app.databaseUrl).pathname.slice(1);
      await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND application_name = 'clubshop-changes'`,
        [database],
      );
      const entry = await log.find('changes: the listening connection was lost');
      expect(entry.err?.message).toBeTruthy();
      expect(`${entry.err?.code} ${entry.err?.message}`).toMatch(/57P01|terminat/);
    } finally {
      await admin.end();
      await app.close();
    }
  });
});
