// `npm run bench`: requests/s and p99 of the API's hot reads, each as a ratio to a trivial
// route measured in the same run (these machines are noisy), on the default (the embedded
// PostgreSQL in DATA_DIR) and on an external PostgreSQL, with the default's figures against it.
import { parseArgs } from 'node:util';
import type { Request } from 'autocannon';
import autocannon from './autocannon.ts';
import { runCatalogueBench } from './catalogue-bench.ts';
import { runLaunchBench } from './launch-bench.ts';
import { runOrderBench } from './order-bench.ts';
import { runPageBench } from './page-bench.ts';
import { runPanelBench } from './panel-bench.ts';
import { type BenchServer, freshPgDatabase, startServer } from './server.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 6);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const H = { organizacja: 'demo' };

// `npm run bench -- --only panel`: only the panel's product list (PostgreSQL, against the baseline
// route), for iterating on it. `--ports A,B`: the default's suite listens on A and PostgreSQL's on B,
// in a database named after B, so two runs on one machine neither share a port nor drop each
// other's database.
const { values: args } = parseArgs({
  options: { only: { type: 'string' }, ports: { type: 'string', default: '3901,3902' } },
});
const ONLY = args.only;
// `--only catalogue`: only the storefront catalogue at 41 and 100,000 products and the sitemap (default).
// `--only pages`: storefront pages cached and uncached, one worker and two (PostgreSQL).
// `--only launch`: a limited edition's launch day (PostgreSQL, two workers).
const PARTS = ['panel', 'catalogue', 'pages', 'launch'];
if (ONLY !== undefined && !PARTS.includes(ONLY))
  throw new Error(`--only: unknown part '${ONLY}' (known: ${PARTS.join(', ')})`);
const [DEFAULT_PORT, PG_PORT] = args.ports.split(',').map(Number) as [number, number];
if (!(DEFAULT_PORT > 0 && PG_PORT > 0)) throw new Error('--ports: two port numbers, e.g. --ports 3901,3902');

type Row = { name: string; rps: number; p99: number; ratio: number; errors: number };
/** The issue's load for the default's figures: getProdukty/0/64 at 32 connections. */
const HOT_CONNECTIONS = 32;
type Hot = { rps: number; p99: number; errors: number; shopRssMb: number; databasePssMb: number };

const measure = async (url: string, requests?: Request[]) => {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers: H, requests });
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx };
};

const prepareCart = async (base: string): Promise<string> => {
  const res = await fetch(`${base}/api/centauri/sklepyonline/koszyk/`, {
    method: 'POST',
    headers: { ...H, 'content-type': 'application/json' },
    body: JSON.stringify([
      { Id: 0, IdWyrob: 17, Ilosc: 2, Parametr: null },
      { Id: 0, IdWyrob: 24, Ilosc: 1, Parametr: null },
    ]),
  });
  if (!res.ok) throw new Error(`cannot prepare a cart: ${res.status} ${await res.text()}`);
  return res.text();
};

/** getProdukty/0/64 at 32 connections, with the shop's and its database's memory at the peak of the load. */
const hotLoad = async (server: BenchServer): Promise<Hot> => {
  let peak = { shopRssMb: 0, databasePssMb: 0 };
  const sample = () => {
    const m = server.memory();
    if (m.shopRssMb + m.databasePssMb > peak.shopRssMb + peak.databasePssMb) peak = m;
  };
  const timer = setInterval(sample, 250);
  try {
    const r = await autocannon({
      url: `${server.url}/api/centauri/sklepyonline/getProdukty/0/64`,
      connections: HOT_CONNECTIONS,
      duration: DURATION,
      headers: H,
    });
    return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx, ...peak };
  } finally {
    clearInterval(timer);
  }
};

const runSuite = async (
  label: string,
  port: number,
  env: Record<string, string>,
  after?: (server: BenchServer, rows: Row[]) => Promise<unknown>,
) => {
  // Another process answering there would be measured instead of this build.
  const taken = await fetch(`http://127.0.0.1:${port}/api/health`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`port ${port} is in use: choose others with --ports A,B`);
  const server = await startServer(port, env);
  const base = server.url;
  const S = `${base}/api/centauri/sklepyonline`;
  try {
    const guid = await prepareCart(base);
    // Warm up JIT, pools and caches.
    await autocannon({ url: `${S}/getProdukty/0/64`, connections: 10, duration: 2, headers: H });
    const cases: [string, string, Request[]?][] = [['baseline GET /api/health', `${base}/api/health`]];
    if (ONLY === undefined)
      cases.push(
        ['getProdukty/0/64', `${S}/getProdukty/0/64`],
        ['pokazProdukt/1', `${S}/pokazProdukt/1`],
        [
          'pobierzKatalogi + counts',
          `${S}/pobierzKatalogi`,
          [
            { path: '/api/centauri/sklepyonline/pobierzKatalogi' },
            { path: '/api/centauri/sklepyonline/getiloscwyrobowdlakatalogu/' },
          ],
        ],
        ['koszyk GET', `${S}/koszyk/${guid}`],
      );
    const rows: Row[] = [];
    let baseline = 0;
    for (const [name, url, requests] of cases) {
      const m = await measure(url, requests);
      if (!baseline) baseline = m.rps;
      rows.push({ name, rps: m.rps, p99: m.p99, ratio: m.rps / baseline, errors: m.errors });
    }
    console.log(`\n${label} (${CONNECTIONS} connections, ${DURATION} s each)`);
    console.log('route                          req/s     p99 ms   ratio   errors');
    for (const r of rows) {
      console.log(
        `${r.name.padEnd(28)} ${r.rps.toFixed(0).padStart(8)} ${r.p99.toFixed(1).padStart(9)} ${r.ratio.toFixed(2).padStart(7)} ${String(r.errors).padStart(8)}`,
      );
    }
    const hot = ONLY === undefined ? await hotLoad(server) : undefined;
    if (hot)
      console.log(
        `getProdukty/0/64 at ${HOT_CONNECTIONS} connections: ${hot.rps.toFixed(0)} req/s, p99 ${hot.p99.toFixed(1)} ms, ${hot.errors} errors; at the peak the shop ${hot.shopRssMb.toFixed(0)} MB resident${hot.databasePssMb ? ` + its PostgreSQL ${hot.databasePssMb.toFixed(0)} MB PSS = ${(hot.shopRssMb + hot.databasePssMb).toFixed(0)} MB` : ''}`,
      );
    await after?.(server, rows);
    // After every case (orders included): what the process holds once the load has passed.
    console.log(
      `resident memory after the run: ${server.rssMb().toFixed(0)} MB now, ${server.peakRssMb().toFixed(0)} MB peak`,
    );
    return { rows, hot };
  } finally {
    await server.stop();
  }
};

const catalogue = (server: BenchServer, rows: Row[]) =>
  runCatalogueBench({
    base: server.url,
    databaseUrl: server.databaseUrl(),
    baselineRps: rows[0]!.rps,
    connections: CONNECTIONS,
    duration: DURATION,
  });

const embedded =
  ONLY === undefined
    ? await runSuite('Default: embedded PostgreSQL in DATA_DIR', DEFAULT_PORT, {})
    : undefined;
const pgUrl =
  ONLY === 'catalogue' || ONLY === 'pages' || ONLY === 'launch'
    ? null
    : await freshPgDatabase(PG_PORT === 3902 ? 'clubshop_bench' : `clubshop_bench_${PG_PORT}`);
const external = pgUrl
  ? await runSuite(
      'External PostgreSQL',
      PG_PORT,
      { DATABASE_URL: pgUrl, DATABASE_POOL_SIZE: '10' },
      async (server, rows) => {
        const opts = {
          base: server.url,
          databaseUrl: pgUrl,
          baselineRps: rows[0]!.rps,
          connections: CONNECTIONS,
          duration: DURATION,
        };
        if (ONLY !== 'panel') await runOrderBench(opts);
        await runPanelBench(opts);
      },
    )
  : undefined;
if (!pgUrl && ONLY !== 'catalogue' && ONLY !== 'pages' && ONLY !== 'launch')
  console.log('\nPostgreSQL is not reachable: skipped (set BENCH_DATABASE_URL).');
if (embedded?.hot) {
  const d = embedded.hot;
  const total = d.shopRssMb + d.databasePssMb;
  console.log(`\nThe default (embedded PostgreSQL), getProdukty/0/64 at ${HOT_CONNECTIONS} connections:`);
  console.log(
    `  memory at the peak: shop ${d.shopRssMb.toFixed(0)} MB resident + PostgreSQL ${d.databasePssMb.toFixed(0)} MB PSS = ${total.toFixed(0)} MB (target under 250: ${(total / 250).toFixed(2)} of it)`,
  );
  console.log(`  p99 ${d.p99.toFixed(1)} ms (target under 100: ${(d.p99 / 100).toFixed(2)} of it)`);
  if (external?.hot)
    console.log(
      `  throughput ${d.rps.toFixed(0)} req/s against ${external.hot.rps.toFixed(0)} on the external PostgreSQL: ${(external.hot.rps / d.rps).toFixed(2)}x slower (target at most 1.2x)`,
    );
}
// Last, on a fresh default of its own: the big catalogue must not change the figures above.
if (ONLY === undefined || ONLY === 'catalogue')
  await runSuite('Default (embedded PostgreSQL), storefront catalogue', DEFAULT_PORT, {}, catalogue);
if (ONLY === undefined || ONLY === 'pages')
  await runPageBench({ port: PG_PORT, connections: CONNECTIONS, duration: DURATION });
if (ONLY === undefined || ONLY === 'launch') await runLaunchBench({ port: PG_PORT });
