// The shop survives its database (terminated connections during order traffic) and answers in the
// API's Polish { Message } shape while the database is away and while it shuts down.
import { existsSync, mkdtempSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { msg } from '@club/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { connectionLoss } from '../src/db/connection-errors.ts';
import { mountWeb, WEB_SERVER_ENTRY } from '../src/web.ts';
import { startTcpProxy } from './fakes/tcp-proxy.ts';
import { line, loadCatalogue, loadShipping, makeCart, orderBody, placeOk } from './fixtures/checkout.ts';
import { holdPoint } from './fixtures/hold.ts';
import { missingBuild, type SpawnedServer, spawnServer } from './fixtures/spawn-server.ts';
import { createTestApp, newDatabase, type TestApp } from './harness.ts';
import { DEMO_CUSTOMER } from './passwords.ts';

const problem = missingBuild();

const servers: SpawnedServer[] = [];
const drops: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.stop(3_000)));
});
afterAll(async () => {
  for (const drop of drops) await drop();
});

/** A fresh copy of the seeded test template (known passwords), and its name. */
const seededDatabase = async () => {
  const { name, url, drop } = await newDatabase('clubshop_b', inject('pgTemplate'));
  drops.push(drop);
  return { name, url };
};

/** The checkout fixtures speak to a TestApp through its `fetch`; this one is a spawned process. */
const clientOf = (base: string) =>
  ({
    fetch(path, init = {}) {
      const { json, ticket, org = 'demo', ...rest } = init;
      const headers = new Headers(rest.headers);
      if (org) headers.set('organizacja', org);
      if (ticket) headers.set('authorization', `Bearer ${ticket}`);
      if (json !== undefined) headers.set('content-type', 'application/json');
      return fetch(base + path, {
        ...rest,
        headers,
        body: json !== undefined ? JSON.stringify(json) : rest.body,
      });
    },
  }) as Pick<TestApp, 'fetch'> as TestApp;

describe('a lost database connection', () => {
  it.skipIf(problem)(
    'terminated during order traffic: the process lives, requests get the Polish 503, then orders work',
    async () => {
      const database = await seededDatabase();
      // Enough stock that every order of the run can succeed.
      const setup = new pg.Client({ connectionString: database.url });
      await setup.connect();
      await setup.query('UPDATE products SET stock = 1000000');
      await setup.end();
      const server = await spawnServer({
        env: {
          DATABASE_URL: database.url,
          DATA_DIR: mkdtempSync(join(tmpdir(), 'clubshop-outage-')),
          RATE_LIMITS: 'off',
          DATABASE_POOL_SIZE: '8',
        },
        timeoutMs: 30_000,
      });
      servers.push(server);
      expect(server.healthy, server.output()).toBe(true);
      const shop = clientOf(server.url);
      const login = await shop.fetch('/api/andromeda/kontopanel/login', {
        method: 'POST',
        json: { Login: DEMO_CUSTOMER.email, Password: DEMO_CUSTOMER.password },
      });
      const { Ticket: ticket } = (await login.json()) as { Ticket: string };
      const product = (await loadCatalogue(shop))('Szalik klubowy tkany');
      const shipping = (await loadShipping(shop))('Kurier DPD');

      // Many buyers at once: cart, then order, over and over.
      const statuses: number[] = [];
      const bodies503: unknown[] = [];
      let traffic = true;
      const record = async (res: Response) => {
        statuses.push(res.status);
        if (res.status === 503) bodies503.push(await res.json());
        else await res.body?.cancel();
        return res.status;
      };
      const buyOnce = async () => {
        const cart = await shop.fetch('/api/centauri/sklepyonline/koszyk/', {
          method: 'POST',
          json: [line(product, 1)],
          ticket,
        });
        if (cart.status !== 200) return record(cart);
        statuses.push(200);
        const guid = await cart.text();
        return record(
          await shop.fetch('/api/centauri/sklepyonline/zlozZamowienie/', {
            method: 'POST',
            json: orderBody(guid, shipping),
            ticket,
          }),
        );
      };
      // A request the server never answered (the process died) counts as status 0.
      const buyer = async () => {
        while (traffic) {
          try {
            await buyOnce();
          } catch {
            statuses.push(0);
            return;
          }
        }
      };
      const buyers = Array.from({ length: 16 }, buyer);

      // Kill every connection of the shop, several times, while the orders go on.
      const admin = new pg.Client({ connectionString: inject('adminUrl') });
      await admin.connect();
      let terminated = 0;
      for (let round = 0; round < 6; round++) {
        await new Promise((r) => setTimeout(r, 300));
        const { rows } = await admin.query(
          'SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE datname = $1',
          [database.name],
        );
        terminated += rows.filter((r) => r.ok).length;
      }
      await new Promise((r) => setTimeout(r, 300));
      traffic = false;
      await Promise.all(buyers);
      await admin.end();

      expect(terminated).toBeGreaterThan(0);
      expect(server.process.exitCode, server.output()).toBeNull();
      expect(server.process.signalCode).toBeNull();
      // Every failure is the Polish 503; nothing else but success.
      expect(bodies503.length, server.output()).toBeGreaterThan(0);
      for (const body of bodies503) expect(body).toEqual({ Message: msg.databaseUnavailable });
      expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
      // The lost connections are logged (pool and requests), without the query text or parameters.
      const logged = server.output().split('\n');
      expect(logged.some((l) => /database: an? (idle connection|connection in use) failed/.test(l))).toBe(
        true,
      );
      const unavailable = logged.filter((l) => l.includes('"database unavailable"'));
      expect(unavailable.length).toBeGreaterThan(0);
      for (const l of unavailable) expect(l).not.toMatch(/Failed query|params/);

      // Back on its own: an order goes through.
      const guid = await makeCart(shop, [line(product, 1)], { ticket });
      await placeOk(shop, orderBody(guid, shipping), { ticket });
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    },
    60_000,
  );

  it('gives a connection lost as its transaction begins back to the pool', async () => {
    const { url } = await seededDatabase();
    const target = new URL(url);
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const viaProxy = new URL(target);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    // One connection: a pool that loses it for good cannot answer anything any more.
    const database = await openDatabase({
      url: viaProxy.toString(),
      poolSize: 1,
      log: { warn() {}, error() {} },
    });
    try {
      await database.db.execute(sql`SELECT 1`);
      proxy.freeze();
      const begun = database.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT 1`);
      });
      begun.catch(() => {});
      // BEGIN is on its way and gets no answer; then the connection is gone.
      await new Promise((r) => setTimeout(r, 300));
      await proxy.cut();
      await expect(begun).rejects.toThrow();
      await proxy.restore();
      const started = Date.now();
      expect(await database.db.execute(sql`SELECT 1 AS one`)).toMatchObject({ rows: [{ one: 1 }] });
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      // A pool still owing a connection would wait for it for ever.
      await Promise.race([database.close(), new Promise((r) => setTimeout(r, 2_000))]);
      await proxy.close();
    }
  });

  it('a statement over the pool limit is cancelled and counts as the database being unavailable', async () => {
    const { url } = await seededDatabase();
    const database = await openDatabase({ url, poolSize: 1, statementTimeoutMs: 200 });
    try {
      const error = await database.db.execute(sql`SELECT pg_sleep(2)`).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(connectionLoss(error)).toMatchObject({ code: '57014' });
      // The pool still works afterwards.
      expect(await database.db.execute(sql`SELECT 1 AS one`)).toMatchObject({ rows: [{ one: 1 }] });
    } finally {
      await database.close();
    }
  });
});

describe.skipIf(Boolean(problem))('the compiled server on SIGTERM', () => {
  /** A started shop and a request to it held in flight by a table lock the test owns. */
  const shopWithHeldRequest = async () => {
    const database = await seededDatabase();
    const server = await spawnServer({
      env: { DATABASE_URL: database.url, DATA_DIR: mkdtempSync(join(tmpdir(), 'clubshop-term-')) },
      timeoutMs: 30_000,
    });
    servers.push(server);
    expect(server.healthy, server.output()).toBe(true);
    const locker = new pg.Client({ connectionString: database.url });
    await locker.connect();
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE shipping_options IN ACCESS EXCLUSIVE MODE');
    const inFlight = fetch(`${server.url}/api/centauri/sklepyonline/getwysylki`, {
      headers: { organizacja: 'demo' },
    });
    // The request is waiting on the lock.
    for (let i = 0; i < 100; i++) {
      const { rows } = await locker.query(
        "SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted AND relation = 'shipping_options'::regclass",
      );
      if (rows[0].n > 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    return { server, locker, inFlight };
  };

  it('finishes the request in flight, refuses new connections, then exits 0', async () => {
    const { server, locker, inFlight } = await shopWithHeldRequest();
    server.process.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    expect(server.process.exitCode).toBeNull();
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
    await locker.query('COMMIT');
    await locker.end();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.json()).not.toHaveLength(0);
    expect(await server.exited).toBe(0);
  }, 40_000);

  it('exits at once on a second signal', async () => {
    const { server, locker, inFlight } = await shopWithHeldRequest();
    inFlight.catch(() => {});
    server.process.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    expect(server.process.exitCode).toBeNull();
    const t0 = Date.now();
    server.process.kill('SIGTERM');
    expect(await server.exited).toBe(1);
    expect(Date.now() - t0).toBeLessThan(2_000);
    await locker.end();
  }, 40_000);
});

/** Raw HTTP/1.1 on one socket: requests written when we say, every byte read back. */
const rawConnection = (port: number) => {
  const socket = connect(port, '127.0.0.1');
  let received = '';
  socket.setEncoding('utf8').on('data', (d: string) => {
    received += d;
  });
  const ended = new Promise<void>((r) => socket.once('close', () => r()));
  return {
    send: (path: string) =>
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\norganizacja: demo\r\n\r\n`),
    /** All responses once the server has closed the connection. */
    responses: async () => {
      await ended;
      return received
        .split(/(?=HTTP\/1\.1 \d{3})/)
        .map((r) => ({ status: Number(r.slice(9, 12)), body: r.slice(r.indexOf('\r\n\r\n') + 4) }));
    },
  };
};

describe('shutting down', () => {
  it('finishes requests in flight and answers new ones on open connections with the Polish 503', async () => {
    const hold = holdPoint();
    const t = await createTestApp(
      {},
      {
        beforeListen: async (app) => {
          app.get('/test/slow', async () => {
            await hold.here();
            return { done: true };
          });
        },
      },
    );
    try {
      const conn = rawConnection(Number(new URL(t.url).port));
      conn.send('/test/slow');
      await hold.reached;
      const closed = t.app.close();
      await new Promise((r) => setTimeout(r, 50));
      // Pipelined on the connection that is still open: it arrives while the server closes.
      const arrived = new Promise((r) => t.app.server.once('request', r));
      conn.send('/api/health');
      await arrived;
      hold.release();
      const [first, second] = await conn.responses();
      await closed;
      expect(first).toMatchObject({ status: 200, body: '{"done":true}' });
      expect(second?.status).toBe(503);
      expect(JSON.parse(second!.body)).toEqual({ Message: msg.shuttingDown });
    } finally {
      hold.release();
      await t.close();
    }
  });
});

describe('timeouts', () => {
  it('bounds how long a client may take to send a request and how long a socket may stay silent', async () => {
    const t = await createTestApp();
    try {
      expect(t.app.server.requestTimeout).toBe(30_000);
      expect(t.app.server.timeout).toBe(90_000);
      // Longer than a proxy's usual 60 s idle timeout, shorter than the socket timeout.
      expect(t.app.server.keepAliveTimeout).toBe(72_000);
    } finally {
      await t.close();
    }
  });
});

/** A GET with a chosen Host header (fetch does not let us set it). */
const getWithHost = (url: string, host: string) =>
  new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
    const req = httpRequest(url, { headers: { host, accept: 'text/html' } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });

describe.runIf(existsSync(WEB_SERVER_ENTRY))('storefront pages while the database is unreachable', () => {
  it('answer the Polish 503 page (not a 500), and pages again once it is back', async () => {
    const base = await createTestApp();
    const target = new URL(base.databaseUrl);
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const viaProxy = new URL(target);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    // The shop reaches its database through the proxy; whole pages are not cached, so each is rendered.
    const t = await createTestApp(
      { pageCache: { ttlMs: 0, maxBytes: 0, clubBytes: 0, clubPages: 0 } },
      { sameDatabaseAs: { ...base, databaseUrl: viaProxy.toString() }, beforeListen: mountWeb },
    );
    try {
      expect((await getWithHost(`${t.url}/produkty`, '127.0.0.1')).status).toBe(200);
      await proxy.cut();
      // Settings and clubs the processes still hold expire within seconds: the pages then need the database.
      await new Promise((r) => setTimeout(r, 5_500));
      for (const [path, host] of [
        ['/produkty', '127.0.0.1'],
        ['/', '127.0.0.1'],
        // A host no club was looked up for yet: the club itself is not known.
        ['/', 'nieznany.localhost'],
      ] as const) {
        const res = await getWithHost(t.url + path, host);
        expect(res.status, `${host}${path}: ${res.body.slice(0, 300)}`).toBe(503);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.headers['retry-after']).toBe('5');
        expect(res.body).toContain('<html lang="pl"');
        expect(res.body).toContain(msg.databaseUnavailable);
      }
      await proxy.restore();
      await expect
        .poll(async () => (await getWithHost(`${t.url}/produkty`, '127.0.0.1')).status, { timeout: 15_000 })
        .toBe(200);
    } finally {
      await t.close();
      await proxy.close();
      await base.close();
    }
  }, 60_000);
});
