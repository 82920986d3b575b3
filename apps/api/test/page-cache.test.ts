// The whole-page cache (modules/pages/page-cache.ts, mounted by web.ts): public pages are rendered
// once per club and path, served to everyone with a fresh CSP nonce, and dropped in every process
// when the panel changes something (change bus, decision 48).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { organisations, products } from '../src/db/schema.ts';
import { notifyChange } from '../src/modules/changes/notify.ts';
import { mountWeb, PAGE_CACHE_HEADER, WEB_SERVER_ENTRY } from '../src/web.ts';
import { orgIdOf } from './fixtures/orders.ts';
import { PANEL, PANEL_LOGIN, panelHeaders, panelLogin } from './fixtures/panel.ts';
import { type RedisServer, redisServerBinary, startRedisServer } from './fixtures/redis-server.ts';
import { missingBuild, type SpawnedServer, spawnServer } from './fixtures/spawn-server.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { TEST_PASSWORDS } from './passwords.ts';

const onPostgres = process.env.TEST_DB === 'postgres';
const built = existsSync(WEB_SERVER_ENTRY);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const within = async <T>(ms: number, check: () => Promise<T> | T): Promise<T> => {
  const deadline = Date.now() + ms;
  let last: T = await check();
  while (!last && Date.now() < deadline) {
    await sleep(50);
    last = await check();
  }
  if (!last) throw new Error(`not within ${ms} ms`);
  return last;
};

type Page = { status: number; cache: string | null; csp: string | null; html: string; headers: Headers };
const get = async (base: string, path: string, init: RequestInit = {}): Promise<Page> => {
  const res = await fetch(`${base}${path}`, init);
  return {
    status: res.status,
    cache: res.headers.get(PAGE_CACHE_HEADER),
    csp: res.headers.get('content-security-policy'),
    html: await res.text(),
    headers: res.headers,
  };
};

/** The CSP's nonce, after checking every nonce in the page is that one (and there are some). */
const nonceOf = (page: Page): string => {
  const nonce = page.csp?.match(/'nonce-([^']+)'/)?.[1];
  expect(nonce, 'a nonce in the CSP').toBeTruthy();
  const inPage = [...page.html.matchAll(/nonce="([^"]*)"/g)].map((m) => m[1]);
  expect(inPage.length).toBeGreaterThan(0);
  expect(new Set(inPage)).toEqual(new Set([nonce]));
  return nonce!;
};
const withoutNonce = (html: string, nonce: string) => html.split(nonce).join('NONCE');

describe.skipIf(!built)(
  `the whole-page cache in one process (${onPostgres ? 'PostgreSQL' : 'PGlite'})`,
  () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({}, { beforeListen: mountWeb });
    });
    afterAll(() => t?.close());

    it('serves the second request from the cache, identical but for a fresh nonce matching its CSP', async () => {
      for (const path of ['/', '/produkty', '/produkt/1', '/regulamin']) {
        const first = await get(t.url, path);
        expect(first.status, path).toBe(200);
        expect(first.cache, path).toBe('MISS');
        const firstNonce = nonceOf(first);
        const nonces = new Set([firstNonce]);
        for (let i = 0; i < 5; i++) {
          const again = await get(t.url, path);
          expect(again.cache, path).toBe('HIT');
          const nonce = nonceOf(again);
          expect(nonces.has(nonce), `${path}: nonce used before`).toBe(false);
          nonces.add(nonce);
          expect(withoutNonce(again.html, nonce)).toBe(withoutNonce(first.html, firstNonce));
          // The response's own headers are kept: type, security headers; the CSP otherwise the same.
          expect(again.headers.get('content-type')).toBe(first.headers.get('content-type'));
          expect(again.headers.get('x-content-type-options')).toBe('nosniff');
          expect(again.csp!.replace(nonce, 'N')).toBe(first.csp!.replace(firstNonce, 'N'));
        }
      }
    });

    it('answers HEAD from the cache with the headers and length of the GET, and no body', async () => {
      const identity = { 'accept-encoding': 'identity' };
      const page = await get(t.url, '/produkty', { headers: identity });
      expect(page.cache).toBe('HIT');
      expect(page.headers.get('content-encoding')).toBeNull();
      const res = await fetch(`${t.url}/produkty`, { method: 'HEAD', headers: identity });
      expect(res.status).toBe(200);
      expect(res.headers.get(PAGE_CACHE_HEADER)).toBe('HIT');
      expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(page.html));
      expect(res.headers.get('content-security-policy')).toMatch(/'nonce-[^']+'/);
      expect(await res.text()).toBe('');
    });

    it('sends cached pages gzipped to browsers that take it, with the same content', async () => {
      const plain = await get(t.url, '/produkty');
      const res = await fetch(`${t.url}/produkty`, { headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.headers.get(PAGE_CACHE_HEADER)).toBe('HIT');
      expect(res.headers.get('content-encoding')).toBe('gzip');
      expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
      const page = { ...plain, csp: res.headers.get('content-security-policy'), html: await res.text() };
      expect(withoutNonce(page.html, nonceOf(page))).toBe(withoutNonce(plain.html, nonceOf(plain)));
    });

    it('caches robots.txt and React Router data requests too', async () => {
      expect((await get(t.url, '/robots.txt')).cache).toBe('MISS');
      const robots = await get(t.url, '/robots.txt');
      expect(robots.cache).toBe('HIT');
      expect(robots.headers.get('cache-control')).toBe('public, max-age=3600');
      expect(robots.html).toContain('Sitemap:');
      await get(t.url, '/produkty.data');
      expect((await get(t.url, '/produkty.data')).cache).toBe('HIT');
    });

    it('never caches a 404, a page with a query string, or a POST', async () => {
      for (const path of ['/nie-ma-takiej-strony', '/produkty/999999', '/produkt/999999']) {
        for (let i = 0; i < 2; i++) {
          const page = await get(t.url, path);
          expect(page.status, path).toBe(404);
          expect(page.cache, path).toBeNull();
        }
      }
      // The demo club's 41 products fit one page: '?strona=2' would be a 404.
      for (const query of ['?utm_source=x', '?sortuj=nazwa', '?sortuj=cena-rosnaco']) {
        for (let i = 0; i < 2; i++) {
          const page = await get(t.url, `/produkty${query}`);
          expect(page.status).toBe(200);
          expect(page.cache, query).toBeNull();
          nonceOf(page);
        }
      }
      const post = await fetch(`${t.url}/regulamin`, { method: 'POST', body: 'a=1' });
      expect(post.headers.get(PAGE_CACHE_HEADER)).toBeNull();
      await post.text();
    });

    it('keeps serving a page until a change is announced, then renders it anew', async () => {
      const name = `Opis ${randomBytes(4).toString('hex')}`;
      await get(t.url, '/produkt/2');
      // A write nobody announced (the catalogue triggers of migration 0009 leave descriptions out):
      // the cached page stays, which is what the cache is for.
      await t.app.db
        .update(products)
        .set({ description: `<p>${name}</p>` })
        .where(eq(products.id, 2));
      const stale = await get(t.url, '/produkt/2');
      expect(stale.cache).toBe('HIT');
      expect(stale.html).not.toContain(name);
      const [demo] = await t.app.db
        .select({ id: organisations.id })
        .from(organisations)
        .where(eq(organisations.alias, 'demo'));
      await t.app.db.transaction((tx) => notifyChange(tx, { organisationId: demo!.id, topic: 'catalogue' }));
      const fresh = await within(5_000, async () => {
        const p = await get(t.url, '/produkt/2');
        return p.html.includes(name) ? p : undefined;
      });
      expect(fresh!.cache).toBe('MISS');
    });

    it('a panel write drops the club pages even when its service announces nothing', async () => {
      const before = await get(t.url, '/produkt/3');
      expect(before.status).toBe(200);
      expect((await get(t.url, '/produkt/3')).cache).toBe('HIT');
      const panel = await panelLogin(t);
      const res = await panel.fetch(`${PANEL}/products/3/status`, {
        method: 'POST',
        json: { Status: 'hidden' },
      });
      expect(res.status, await res.clone().text()).toBe(200);
      await within(5_000, async () => (await get(t.url, '/produkt/3')).status === 404);
    });
  },
);

describe.skipIf(!built || !redisServerBinary)('the whole-page cache in Redis (REDIS_URL)', () => {
  let redis: RedisServer;
  let t: TestApp;
  beforeAll(async () => {
    redis = await startRedisServer();
    t = await createTestApp({ redisUrl: redis.url }, { beforeListen: mountWeb });
  });
  afterAll(async () => {
    await t?.close();
    redis?.stop();
  });

  it('keeps pages in Redis per club, serves them with fresh nonces, drops them on a change', async () => {
    const client = redis.client();
    try {
      const orgId = await orgIdOf(t.app.db, 'demo');
      const pages = `clubshop-pages:page:${orgId}`;
      const first = await get(t.url, '/produkt/5');
      expect(first.cache).toBe('MISS');
      expect(await client.hexists(pages, '/produkt/5')).toBe(1);
      const again = await get(t.url, '/produkt/5');
      expect(again.cache).toBe('HIT');
      expect(withoutNonce(again.html, nonceOf(again))).toBe(withoutNonce(first.html, nonceOf(first)));
      expect(nonceOf(again)).not.toBe(nonceOf(first));
      await t.app.db.transaction((tx) => notifyChange(tx, { organisationId: orgId, topic: 'content' }));
      await within(5_000, async () => (await client.exists(pages)) === 0);
      expect((await get(t.url, '/produkt/5')).cache).toBe('MISS');
    } finally {
      client.disconnect();
    }
  });
});

const problem = missingBuild();

/** A fresh copy of the test template database on the PostgreSQL server, dropped by `drop()`. */
const pgCopy = async () => {
  const name = `clubshop_pc_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
  await admin.end();
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const a = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
};

describe.runIf(onPostgres && !problem)('the page cache across processes (PostgreSQL)', () => {
  const servers: SpawnedServer[] = [];
  const drops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop(5_000)));
    for (const d of drops) await d();
  });

  it('a panel change through process A drops the cached page in process B within 5 s', async () => {
    const db = await pgCopy();
    drops.push(db.drop);
    const start = () =>
      spawnServer({
        env: {
          DATABASE_URL: db.url,
          RATE_LIMITS: 'off',
          DATA_DIR: mkdtempSync(join(tmpdir(), 'clubshop-pc-')),
        },
        timeoutMs: 60_000,
      });
    const [a, b] = await Promise.all([start(), start()]);
    servers.push(a, b);
    expect(a.healthy, a.output()).toBe(true);
    expect(b.healthy, b.output()).toBe(true);

    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    const { rows } = await client.query<{ email: string }>(
      `SELECT u.email FROM users u JOIN organisations o ON o.id = u.organisation_id
        WHERE o.alias = 'demo' AND u.role = 'owner' LIMIT 1`,
    );
    await client.end();
    const xsrf = randomBytes(18).toString('base64url');
    const login = await fetch(`${a.url}${PANEL_LOGIN}`, {
      method: 'POST',
      headers: { ...panelHeaders(undefined, xsrf), organizacja: 'demo', 'content-type': 'application/json' },
      body: JSON.stringify({ Email: rows[0]!.email, Haslo: TEST_PASSWORDS.manager }),
    });
    expect(login.status).toBe(200);
    const token = login.headers
      .getSetCookie()
      .map((c) => c.match(/^[^=]+=([^;]*)/)?.[1])
      .find((v) => v && v.length > 20)!;

    await get(b.url, '/produkt/4');
    const cached = await get(b.url, '/produkt/4');
    expect(cached.status).toBe(200);
    expect(cached.cache).toBe('HIT');

    const changedAt = Date.now();
    const res = await fetch(`${a.url}${PANEL}/products/4/status`, {
      method: 'POST',
      headers: { ...panelHeaders(token, xsrf), organizacja: 'demo', 'content-type': 'application/json' },
      body: JSON.stringify({ Status: 'hidden' }),
    });
    expect(res.status, await res.text()).toBe(200);
    await within(5_000, async () => (await get(b.url, '/produkt/4')).status === 404);
    expect(Date.now() - changedAt).toBeLessThan(5_000);
    expect(b.output()).not.toContain('page cache: dropping failed');
  }, 120_000);

  it('WEB_CONCURRENCY=2 runs two workers that answer requests, restarts a killed one, stops on SIGTERM', async () => {
    const db = await pgCopy();
    drops.push(db.drop);
    const s = await spawnServer({
      env: { DATABASE_URL: db.url, RATE_LIMITS: 'off', WEB_CONCURRENCY: '2', LOG_LEVEL: 'info' },
      timeoutMs: 60_000,
    });
    servers.push(s);
    expect(s.healthy, s.output()).toBe(true);
    /** The pids that logged a request with `marker` in its URL. */
    const pidsFor = (marker: string) =>
      new Set(
        s
          .output()
          .split('\n')
          .filter((l) => l.includes('"incoming request"') && l.includes(marker))
          .map((l) => (JSON.parse(l) as { pid: number }).pid),
      );
    const round = async (marker: string) => {
      // A new connection each time: the primary hands connections to the listening workers in
      // turn (the second may still be starting: health answers once the first listens).
      let i = 0;
      await within(30_000, async () => {
        for (let j = 0; j < 10; j++) {
          const r = await fetch(`${s.url}/api/health?${marker}=${i++}`, { headers: { connection: 'close' } });
          expect(r.status).toBe(200);
          await r.text();
        }
        await sleep(100);
        return pidsFor(marker).size >= 2;
      });
      return pidsFor(marker);
    };
    const first = await round('runda1');
    expect(first.size).toBe(2);
    expect(first.has(s.process.pid!)).toBe(false);

    // A worker that dies is replaced; the shop keeps answering meanwhile.
    const victim = [...first][0]!;
    process.kill(victim, 'SIGKILL');
    await within(10_000, () => s.output().includes(`worker ${victim} exited`));
    const second = await within(15_000, async () => {
      const pids = await round(`runda2${Date.now()}`).catch(() => new Set<number>());
      return pids.size === 2 && !pids.has(victim) ? pids : undefined;
    });
    expect([...second!].filter((p) => first.has(p))).toHaveLength(1);

    expect(await s.stop(20_000)).toBe(0);
    expect(s.output()).toContain('all workers stopped');
  }, 120_000);
});

describe.runIf(!problem)('WEB_CONCURRENCY on the embedded database', () => {
  it('runs one process and says why', async () => {
    const s = await spawnServer({ env: { WEB_CONCURRENCY: '3', RATE_LIMITS: 'off' }, timeoutMs: 60_000 });
    try {
      expect(s.healthy, s.output()).toBe(true);
      expect(s.output()).toContain('WEB_CONCURRENCY=3 ignored');
      expect(s.output()).toContain('Running 1 process');
    } finally {
      expect(await s.stop()).toBe(0);
    }
  }, 90_000);
});
