// The whole-page cache (modules/pages/page-cache.ts, mounted by web.ts): public pages are rendered
// once per club and path, kept as identity, gzip and brotli bytes and served to everyone as they
// are (their CSP names inline scripts by hash), and dropped in every process when the panel
// changes something (change bus, decision 48).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { organisations, products } from '../src/db/schema.ts';
import { notifyChange } from '../src/modules/changes/notify.ts';
import { mountWeb, PAGE_CACHE_HEADER, WEB_SERVER_ENTRY } from '../src/web.ts';
import { sleep, within } from './fixtures/changes.ts';
import { orgIdOf } from './fixtures/orders.ts';
import { PANEL, PANEL_LOGIN, panelHeaders, panelLogin } from './fixtures/panel.ts';
import { type RedisServer, redisServerBinary, startRedisServer } from './fixtures/redis-server.ts';
import { missingBuild, type SpawnedServer, spawnServer } from './fixtures/spawn-server.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { TEST_PASSWORDS } from './passwords.ts';

const built = existsSync(WEB_SERVER_ENTRY);

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

/** The response's bytes as sent (fetch would decode them), in the encoding asked for. */
const raw = (base: string, path: string, acceptEncoding: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = httpGet(
      `${base}${path}`,
      { headers: { 'accept-encoding': acceptEncoding, ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
  });

describe.skipIf(!built)('the whole-page cache in one process', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { beforeListen: mountWeb });
  });
  afterAll(() => t?.close());

  it('serves the second request from the cache, byte for byte the page rendered, in each encoding', async () => {
    for (const path of ['/', '/produkty', '/produkt/1', '/regulamin']) {
      const first = await raw(t.url, path, 'br, gzip');
      expect(first.status, path).toBe(200);
      expect(first.headers[PAGE_CACHE_HEADER], path).toBe('MISS');
      expect(first.headers['content-encoding'], path).toBe('br');
      const html = brotliDecompressSync(first.body);
      const csp = first.headers['content-security-policy'] as string;
      expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
      const decoded = { br: brotliDecompressSync, gzip: gunzipSync, identity: (b: Buffer) => b };
      for (const [accept, encoding] of [
        ['gzip, deflate, br, zstd', 'br'],
        ['gzip, deflate', 'gzip'],
        ['identity', 'identity'],
      ] as const) {
        const sent: Buffer[] = [];
        for (let i = 0; i < 3; i++) {
          const again = await raw(t.url, path, accept);
          expect(again.headers[PAGE_CACHE_HEADER], path).toBe('HIT');
          expect(again.headers['content-encoding'], `${path} ${accept}`).toBe(
            encoding === 'identity' ? undefined : encoding,
          );
          expect(again.headers.vary).toMatch(/accept-encoding/i);
          expect(again.headers['content-security-policy']).toBe(csp);
          expect(again.headers.etag).toBe(first.headers.etag);
          expect(again.headers['content-type']).toBe(first.headers['content-type']);
          expect(again.headers['x-content-type-options']).toBe('nosniff');
          expect(Number(again.headers['content-length'])).toBe(again.body.length);
          expect(decoded[encoding](again.body).equals(html), `${path} ${accept}`).toBe(true);
          sent.push(again.body);
        }
        // The stored bytes themselves: nothing is made per response.
        for (const body of sent) expect(body.equals(sent[0]!)).toBe(true);
      }
    }
  });

  it('sends a cached page with the headers it was first sent with, each once', async () => {
    const names = (h: IncomingHttpHeaders) =>
      Object.keys(h)
        .filter((n) => !['date', PAGE_CACHE_HEADER].includes(n))
        .sort();
    const first = await raw(t.url, '/kontakt', 'br');
    expect(first.headers[PAGE_CACHE_HEADER]).toBe('MISS');
    const again = await new Promise<string[]>((resolve, reject) =>
      httpGet(`${t.url}/kontakt`, { headers: { 'accept-encoding': 'br' } }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.rawHeaders));
      }).on('error', reject),
    );
    const sentNames = again.filter((_, i) => i % 2 === 0).map((n) => n.toLowerCase());
    expect(new Set(sentNames).size, 'a header sent twice').toBe(sentNames.length);
    const hit = await raw(t.url, '/kontakt', 'br');
    expect(hit.headers[PAGE_CACHE_HEADER]).toBe('HIT');
    // The security headers the app's hooks set on a rendered page are on the cached one too.
    expect(names(hit.headers)).toEqual(names(first.headers));
    for (const name of [
      'strict-transport-security',
      'x-frame-options',
      'cross-origin-opener-policy',
      'referrer-policy',
    ])
      expect(hit.headers[name], name).toBe(first.headers[name]);
  });

  it('answers a browser that has the page with 304 and no body', async () => {
    const page = await raw(t.url, '/produkt/4', 'gzip');
    const etag = page.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    for (const ifNoneMatch of [etag, etag.slice(2), `"x", ${etag}`]) {
      const again = await raw(t.url, '/produkt/4', 'gzip', { 'if-none-match': ifNoneMatch });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
    }
    expect((await raw(t.url, '/produkt/4', 'gzip', { 'if-none-match': '"x"' })).status).toBe(200);
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
    expect(res.headers.get('content-security-policy')).toBe(page.csp);
    expect(await res.text()).toBe('');
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
        expect(page.csp).toMatch(/'sha256-/);
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
});

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

  it('keeps pages in Redis per club, serves them as stored, drops them on a change', async () => {
    const client = redis.client();
    try {
      const orgId = await orgIdOf(t.app.db, 'demo');
      const pages = `clubshop-pages:page:${orgId}`;
      const first = await get(t.url, '/produkt/5');
      expect(first.cache).toBe('MISS');
      expect(await client.hexists(pages, '/produkt/5')).toBe(1);
      const again = await get(t.url, '/produkt/5');
      expect(again.cache).toBe('HIT');
      expect(again.html).toBe(first.html);
      expect(again.csp).toBe(first.csp);
      const br = await raw(t.url, '/produkt/5', 'gzip, deflate, br, zstd');
      expect(br.headers[PAGE_CACHE_HEADER]).toBe('HIT');
      expect(brotliDecompressSync(br.body).toString()).toBe(first.html);
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
  const admin = new pg.Client({ connectionString: inject('adminUrl') });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
  await admin.end();
  const url = new URL(inject('adminUrl'));
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const a = new pg.Client({ connectionString: inject('adminUrl') });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
};

describe.skipIf(Boolean(problem))('the page cache across processes (PostgreSQL)', () => {
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
