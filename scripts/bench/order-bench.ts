// Order placement under load: 20 concurrent buyers placing orders (`zlozZamowienie`) on
// PostgreSQL, as guests paying on delivery in the demo club, each request with its own cart.
// Reports orders/s and p99, and the ratio to the trivial baseline route of the same run.
import type { Request } from 'autocannon';
import pg from 'pg';
import autocannon from './autocannon.ts';

const PATH = '/api/centauri/sklepyonline/zlozZamowienie/';
const CARTS = Number(process.env.BENCH_ORDER_CARTS ?? 30_000);

const buyer = {
  Nazwa: 'Jan Kibic',
  UlicaINumer: 'ul. Stadionowa 1',
  KodPocztowy: '00-001',
  Miasto: 'Warszawa',
  Telefon: '600700800',
  Email: 'jan.kibic@example.pl',
  Platnosc: 20,
};

/** Carts are written straight into the database (the cart API is not what is measured here). */
const prepare = async (databaseUrl: string) => {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const org = (await db.query(`SELECT id FROM organisations WHERE alias = 'demo'`)).rows[0].id as number;
    const product = (
      await db.query(
        `UPDATE products SET stock = 1000000000
          WHERE id = (SELECT id FROM products p WHERE organisation_id = $1 AND active
            -- Stock of a product with parameters lives on them: a product without any keeps one stock.
            AND NOT EXISTS (SELECT 1 FROM product_parameters pp WHERE pp.product_id = p.id)
            ORDER BY id LIMIT 1)
          RETURNING id, stock`,
        [org],
      )
    ).rows[0] as { id: number; stock: number };
    const shipping = (
      await db.query(
        `SELECT id, name, price FROM shipping_options
          WHERE organisation_id = $1 AND active AND cash_on_delivery ORDER BY position LIMIT 1`,
        [org],
      )
    ).rows[0] as { id: number; name: string; price: number };
    const guids = (
      await db.query(
        `WITH c AS (
           INSERT INTO carts (organisation_id, guid) SELECT $1, gen_random_uuid()::text FROM generate_series(1, $3)
           RETURNING id, guid)
         , l AS (INSERT INTO cart_lines (organisation_id, cart_id, product_id, quantity) SELECT $1, id, $2, 1 FROM c)
         SELECT guid FROM c`,
        [org, product.id, CARTS],
      )
    ).rows.map((r) => r.guid as string);
    return { org, product, shipping, guids };
  } finally {
    await db.end();
  }
};

const count = async (databaseUrl: string, sql: string, params: unknown[]) => {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    return Number((await db.query(sql, params)).rows[0].n);
  } finally {
    await db.end();
  }
};

export type OrderBenchResult = { ordersPerSecond: number; p99: number; ratio: number; errors: number };

export const runOrderBench = async (opts: {
  base: string;
  databaseUrl: string;
  baselineRps: number;
  connections: number;
  duration: number;
}): Promise<OrderBenchResult> => {
  const { product, shipping, guids } = await prepare(opts.databaseUrl);
  let next = 0;
  let reused = 0;
  const request: Request = {
    method: 'POST',
    path: PATH,
    headers: { 'content-type': 'application/json', organizacja: 'demo' },
    // A new cart per request; past the pool, carts repeat (idempotent answers), which is counted.
    setupRequest: (req) => {
      if (next >= guids.length) reused++;
      const Guid = guids[next++ % guids.length];
      return {
        ...req,
        body: JSON.stringify({
          ...buyer,
          SposobDostawy: { Id: shipping.id, Tresc: shipping.name, Meta: shipping.price },
          Guid,
          AkceptacjaRegulaminu: true,
        }),
      };
    },
  };
  const run = (duration: number) =>
    autocannon({ url: opts.base, connections: opts.connections, duration, requests: [request] });
  await run(2); // warm-up
  const ordersBefore = await count(opts.databaseUrl, 'SELECT COUNT(*) AS n FROM orders', []);
  const r = await run(opts.duration);
  // Requests still in flight when autocannon stops are finished by the server: let them land.
  await new Promise((r) => setTimeout(r, 1000));
  const ordersAfter = await count(opts.databaseUrl, 'SELECT COUNT(*) AS n FROM orders', []);
  // Pieces left plus pieces ordered must equal what there was: nothing lost, nothing oversold.
  const accounted = await count(
    opts.databaseUrl,
    `SELECT (SELECT stock FROM products WHERE id = $1)
          + (SELECT COALESCE(SUM(quantity), 0) FROM order_lines WHERE product_id = $1) AS n`,
    [product.id],
  );

  const placed = ordersAfter - ordersBefore;
  const ordersPerSecond = placed / opts.duration;
  const result = {
    ordersPerSecond,
    p99: r.latency.p99,
    ratio: ordersPerSecond / opts.baselineRps,
    errors: r.errors + r.non2xx,
  };
  console.log(
    `\nOrder placement on PostgreSQL (${opts.connections} concurrent buyers, ${opts.duration} s, guest + cash on delivery)`,
  );
  console.log('route                        orders/s     p99 ms   ratio   errors');
  console.log(
    `${'zlozZamowienie'.padEnd(28)} ${ordersPerSecond.toFixed(0).padStart(8)} ${r.latency.p99.toFixed(1).padStart(9)} ${result.ratio.toFixed(3).padStart(7)} ${String(result.errors).padStart(8)}`,
  );
  console.log(
    `orders written ${placed} (answers 2xx: ${r['2xx']}), p50 ${r.latency.p50} ms, ` +
      `stock consistent: ${accounted === 1_000_000_000 ? 'yes' : 'NO'}` +
      (reused ? `, ${reused} requests reused a cart (raise BENCH_ORDER_CARTS)` : ''),
  );
  return result;
};
