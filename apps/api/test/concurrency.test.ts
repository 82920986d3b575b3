import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fillMessage, msg } from '@club/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { address, PLACE, S } from './fixtures/checkout.ts';
import { createTestApp, type TestApp } from './harness.ts';

const BUYERS = 50;
const STOCK = 7;
const PRODUCT = 'Kapelusz kibica';
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const SERVER = join(ROOT, 'apps/api/src/server.ts');

type Shop = { url: string };

const json = async <T>(res: Response): Promise<T> => {
  const text = await res.text();
  if (!res.ok) throw new Error(`${res.status} ${text}`);
  return JSON.parse(text) as T;
};

/** The product's id and the cash-on-delivery courier's, read through the API. */
const lookups = async (shop: Shop) => {
  const h = { organizacja: 'demo' };
  const list = await json<{ Id: number; Nazwa: string }[]>(
    await fetch(`${shop.url}${S}/getProdukty/0/100`, { headers: h }),
  );
  const shipping = await json<{ Id: number; Tresc: string; Meta: number }[]>(
    await fetch(`${shop.url}${S}/getwysylki`, { headers: h }),
  );
  return {
    productId: list.find((p) => p.Nazwa === PRODUCT)!.Id,
    courier: shipping.find((s) => s.Tresc === 'Kurier DPD')!,
  };
};

/** One cart per buyer, each with one piece, made before the race starts. */
const prepareCarts = async (shop: Shop, productId: number) => {
  const guids: string[] = [];
  for (let i = 0; i < BUYERS; i++) {
    const res = await fetch(`${shop.url}${S}/koszyk/`, {
      method: 'POST',
      headers: { organizacja: 'demo', 'content-type': 'application/json' },
      body: JSON.stringify([{ Id: 0, IdWyrob: productId, Ilosc: 1, Parametr: null }]),
    });
    if (!res.ok) throw new Error(`cart: ${res.status} ${await res.text()}`);
    guids.push(await res.text());
  }
  return guids;
};

/** All buyers at once, as guests paying on delivery, spread over the shops round-robin. */
const race = async (shops: Shop[], guids: string[], courier: { Id: number; Tresc: string; Meta: number }) =>
  Promise.all(
    guids.map(async (Guid, i) => {
      const res = await fetch(shops[i % shops.length]!.url + PLACE, {
        method: 'POST',
        headers: { organizacja: 'demo', 'content-type': 'application/json' },
        body: JSON.stringify({
          ...address,
          SposobDostawy: courier,
          Platnosc: 20,
          Guid,
          AkceptacjaRegulaminu: true,
        }),
      });
      return { guid: Guid, status: res.status, body: await res.text() };
    }),
  );

type Query = (sql: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/** What must hold after the race, checked in the database. */
const verify = async (query: Query, results: Awaited<ReturnType<typeof race>>, productId: number) => {
  const ok = results.filter((r) => r.status === 200);
  const refusedAll = results.filter((r) => r.status !== 200);
  expect(ok).toHaveLength(STOCK);
  expect(refusedAll).toHaveLength(BUYERS - STOCK);
  for (const r of refusedAll) {
    expect(r.status).toBe(409);
    expect(JSON.parse(r.body).Message).toBe(fillMessage(msg.orderNotEnoughStock, { produkt: PRODUCT }));
  }
  const [product] = (await query('SELECT stock FROM products WHERE id = $1', [productId])).rows;
  expect(product!.stock).toBe(0);
  const orders = (
    await query(
      `SELECT o.number, o.cart_guid, SUM(l.quantity)::int AS pieces
         FROM orders o JOIN order_lines l ON l.order_id = o.id
        WHERE l.product_id = $1 GROUP BY o.id ORDER BY o.number`,
      [productId],
    )
  ).rows;
  expect(orders).toHaveLength(STOCK);
  expect(new Set(orders.map((o) => o.number)).size).toBe(STOCK);
  expect(orders.every((o) => o.pieces === 1)).toBe(true);
  expect(new Set(orders.map((o) => o.cart_guid))).toEqual(new Set(ok.map((r) => r.guid)));
  // Consecutive numbers: none lost, none given twice.
  const seq = orders.map((o) => Number(String(o.number).split('/')[2])).sort((a, b) => a - b);
  expect(seq.at(-1)! - seq[0]!).toBe(STOCK - 1);
  const ordered = (
    await query(
      'SELECT COUNT(*)::int AS n FROM carts WHERE guid = ANY($1::text[]) AND ordered_at IS NOT NULL',
      [`{${results.map((r) => r.guid).join(',')}}`],
    )
  ).rows[0]!;
  expect(ordered.n).toBe(STOCK);
};

describe('50 buyers, 7 pieces: one shop process', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('exactly 7 orders succeed, 43 get 409, stock ends at 0', async () => {
    const { productId, courier } = await lookups(t);
    await t.database.db.execute(`UPDATE products SET stock = ${STOCK} WHERE id = ${Number(productId)}`);
    const guids = await prepareCarts(t, productId);
    const results = await race([t], guids, courier);
    const query: Query = async (text, params) => {
      // Inline parameters through drizzle's sql template.
      const parts = text.split(/\$\d+/);
      const chunks = parts.flatMap((p, i) =>
        i < parts.length - 1 ? [sql.raw(p), sql`${params![i]}`] : [sql.raw(p)],
      );
      const res = (await t.database.db.execute(sql.join(chunks))) as unknown as {
        rows: Record<string, unknown>[];
      };
      return { rows: res.rows };
    };
    await verify(query, results, productId);
  }, 120_000);
});

const freePort = () =>
  new Promise<number>((resolvePort, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const a = srv.address();
      const port = typeof a === 'object' && a ? a.port : 0;
      srv.close(() => resolvePort(port));
    });
  });

/** The shop as `npm run serve` runs it, in its own Node process. */
const startProcess = async (databaseUrl: string): Promise<Shop & { proc: ChildProcess }> => {
  const port = await freePort();
  const proc = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: '10',
      SEED_DEMO: 'off',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'clubshop-proc-')),
      PORT: String(port),
      HOST: '127.0.0.1',
      RATE_LIMITS: 'off',
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`the shop process exited (${proc.exitCode})`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, proc };
    } catch {}
    if (Date.now() - started > 90_000) throw new Error('the shop process did not start in 90 s');
    await new Promise((r) => setTimeout(r, 200));
  }
};

const stopProcess = (proc: ChildProcess) =>
  new Promise<void>((done) => {
    if (proc.exitCode !== null) return done();
    proc.once('exit', () => done());
    proc.kill('SIGTERM');
  });

const pgTemplate = inject('pgTemplate');

describe('50 buyers, 7 pieces: two shop processes on PostgreSQL', () => {
  const name = `clubshop_race_${randomBytes(5).toString('hex')}`;
  let admin: pg.Client;
  let db: pg.Client;
  const shops: (Shop & { proc: ChildProcess })[] = [];

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: inject('adminUrl') });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${pgTemplate}`);
    const u = new URL(inject('adminUrl'));
    u.pathname = `/${name}`;
    db = new pg.Client({ connectionString: u.toString() });
    await db.connect();
    // One after the other: both run the (already applied) migrations at start-up.
    shops.push(await startProcess(u.toString()));
    shops.push(await startProcess(u.toString()));
  }, 200_000);

  afterAll(async () => {
    await Promise.all(shops.map((s) => stopProcess(s.proc)));
    await db?.end();
    await admin?.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin?.end();
  });

  it('exactly 7 orders succeed across both processes, 43 get 409, stock 0, never negative', async () => {
    const { productId, courier } = await lookups(shops[0]!);
    await db.query('UPDATE products SET stock = $1 WHERE id = $2', [STOCK, productId]);
    const guids = await prepareCarts(shops[0]!, productId);
    const results = await race(shops, guids, courier);
    await verify((text, params) => db.query(text, params), results, productId);
    // The failed buyers' carts are untouched: still one piece each, ready for another try.
    const failed = results.find((r) => r.status === 409)!;
    expect(
      await json<number>(
        await fetch(`${shops[1]!.url}${S}/getkoszykilosc/${failed.guid}`, {
          headers: { organizacja: 'demo' },
        }),
      ),
    ).toBe(1);
  }, 120_000);
});
