// The manager's panel product list at 100,000 products on PostgreSQL:
// the demo club gets 100,000 more products, a manager's panel session is written straight into the
// database (login is not what is measured), then each list query runs under load.
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import autocannon from './autocannon.ts';

const PRODUCTS = Number(process.env.BENCH_PANEL_PRODUCTS ?? 100_000);

const prepare = async (databaseUrl: string): Promise<string> => {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const org = (await db.query(`SELECT id FROM organisations WHERE alias = 'demo'`)).rows[0].id as number;
    await db.query(
      `INSERT INTO products (organisation_id, category_id, name, description, price_gross, stock, position, created_at)
       SELECT $1,
         (SELECT id FROM categories c WHERE c.organisation_id = $1 ORDER BY c.id OFFSET (g % 8) LIMIT 1),
         'Produkt ' || (ARRAY['Koszulka','Szalik','Bluza','Czapka','Kubek'])[1 + g % 5] || ' ' || lpad(g::text, 6, '0'),
         '', 1000 + (g * 37) % 50000, (g * 13) % 40, 1000 + g, now() - (g || ' seconds')::interval
       FROM generate_series(1, $2::int) g`,
      [org, PRODUCTS],
    );
    // What autovacuum does on a live database: statistics and the visibility map.
    await db.query('VACUUM ANALYZE products');
    const user = (
      await db.query(
        `SELECT id FROM users WHERE organisation_id = $1 AND role IN ('owner', 'manager') LIMIT 1`,
        [org],
      )
    ).rows[0].id as number;
    const token = randomBytes(32).toString('base64url');
    await db.query(
      `INSERT INTO panel_sessions (organisation_id, user_id, token_hash, expires_at)
       VALUES ($1, $2, $3, now() + interval '1 hour')`,
      [org, user, createHash('sha256').update(token).digest('hex')],
    );
    return token;
  } finally {
    await db.end();
  }
};

export const runPanelBench = async (opts: {
  base: string;
  databaseUrl: string;
  baselineRps: number;
  connections: number;
  duration: number;
}) => {
  const token = await prepare(opts.databaseUrl);
  const headers = { organizacja: 'demo', cookie: `panel_session=${token}` };
  const cases: [string, string][] = [
    ['newest first', '/api/panel/products?count=20'],
    ['by name, page 51', '/api/panel/products?count=20&offset=1000&sort=nazwa'],
    ['low stock, by stock', '/api/panel/products?count=20&stan=low&sort=stan'],
    ['search "szalik 0001"', '/api/panel/products?count=20&q=szalik%200001'],
  ];
  await autocannon({ url: opts.base + cases[0]![1], connections: 10, duration: 2, headers }); // warm-up
  console.log(
    `\nPanel product list, ${PRODUCTS} more products (${opts.connections} connections, ${opts.duration} s each)`,
  );
  console.log('query                          req/s     p99 ms   ratio   errors');
  for (const [name, path] of cases) {
    const r = await autocannon({
      url: opts.base + path,
      connections: opts.connections,
      duration: opts.duration,
      headers,
    });
    const errors = r.errors + r.non2xx;
    console.log(
      `${name.padEnd(28)} ${r.requests.average.toFixed(0).padStart(8)} ${r.latency.p99.toFixed(1).padStart(9)} ${(r.requests.average / opts.baselineRps).toFixed(2).padStart(7)} ${String(errors).padStart(8)}`,
    );
  }
};
