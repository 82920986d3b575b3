// `npm run bench` (or `-- --only pages`): storefront pages from the whole-page cache and rendered
// anew, as ratios to the hello route measured by the same server in the same run, with one worker
// and with two (WEB_CONCURRENCY, PostgreSQL).
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from './autocannon.ts';
import { cpuSecondsOf, freshPgDatabase, postgresPids, processTree, startServer } from './server.ts';

type Options = { port: number; connections: number; duration: number };
type Case = { name: string; path: string; uncached?: boolean; headers?: Record<string, string> };

const CASES: Case[] = [
  { name: 'cached /', path: '/' },
  { name: 'cached /produkt/1', path: '/produkt/1' },
  { name: 'cached /produkty', path: '/produkty' },
  // As browsers ask: the cached page's brotli bytes, as stored.
  {
    name: 'cached /produkt/1, browser',
    path: '/produkt/1',
    headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
  },
  // A query string is never cached: each request renders the page (loaders, API calls, SSR).
  { name: 'uncached /', path: '/', uncached: true },
  { name: 'uncached /produkt/1', path: '/produkt/1', uncached: true },
];

/** Cores kept busy while `run` goes: the shop's processes, PostgreSQL, and this process (the client). */
const coresBusy = async <T>(serverPid: number, run: () => Promise<T>) => {
  const server = processTree(serverPid);
  const postgres = postgresPids();
  const sum = (pids: number[]) => pids.reduce((s, pid) => s + cpuSecondsOf(pid), 0);
  const before = { server: sum(server), postgres: sum(postgres), client: process.cpuUsage(), at: Date.now() };
  const result = await run();
  const seconds = (Date.now() - before.at) / 1000;
  const client = process.cpuUsage(before.client);
  return {
    result,
    cores: {
      server: (sum(server) - before.server) / seconds,
      postgres: (sum(postgres) - before.postgres) / seconds,
      client: (client.user + client.system) / 1e6 / seconds,
    },
  };
};
type Cores = Awaited<ReturnType<typeof coresBusy>>['cores'];

const measure = async (base: string, c: Case | undefined, opts: Options) => {
  let n = 0;
  const r = await autocannon({
    url: `${base}${c?.path ?? '/api/health'}`,
    connections: opts.connections,
    duration: opts.duration,
    headers: c?.headers,
    requests: c?.uncached ? [{ setupRequest: (req) => ({ ...req, path: `${c.path}?n=${n++}` }) }] : undefined,
  });
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx };
};

/**
 * The cost of a page's bytes alone: a bare node:http server (no framework, one process) answering
 * a 15-byte body and a body of `bytes`, to the same client, as a ratio. The identity rows above
 * send a whole document per request, so they are bounded by this, not only by the shop.
 */
const bareBodyRatio = async (bytes: number, opts: Options) => {
  const server = spawn(
    process.execPath,
    [
      '-e',
      `const big = Buffer.alloc(${bytes}, 'a'), small = Buffer.from('{"status":"ok"}');
      require('node:http').createServer((req, res) => {
        const b = req.url === '/big' ? big : small;
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': b.length });
        res.end(b);
      }).listen(${opts.port}, '127.0.0.1', () => console.log('ready'));`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  try {
    await once(server.stdout!, 'data');
    const rps = async (path: string) =>
      (
        await autocannon({
          url: `http://127.0.0.1:${opts.port}${path}`,
          connections: opts.connections,
          duration: opts.duration,
        })
      ).requests.average;
    const small = await rps('/');
    const big = await rps('/big');
    return { small, big, ratio: big / small };
  } finally {
    server.kill();
    await once(server, 'exit');
  }
};

const runWorkers = async (workers: number, databaseUrl: string, opts: Options) => {
  const server = await startServer(opts.port, {
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: '10',
    WEB_CONCURRENCY: String(workers),
  });
  const base = server.url;
  try {
    // Warm up: JIT, pools, and the cache of every cached case.
    for (const c of CASES) await fetch(`${base}${c.path}`).then((r) => r.text());
    const productBytes = (await (await fetch(`${base}/produkt/1`)).arrayBuffer()).byteLength;
    await autocannon({ url: `${base}/produkt/1`, connections: 10, duration: 2 });
    server.resetPeaks();
    const pid = server.proc.pid!;
    const { result: baseline, cores } = await coresBusy(pid, () => measure(base, undefined, opts));
    const rows = [{ name: 'baseline GET /api/health', ...baseline, ratio: 1, cores }];
    for (const c of CASES) {
      const { result: m, cores } = await coresBusy(pid, () => measure(base, c, opts));
      rows.push({ name: c.name, ...m, ratio: m.rps / baseline.rps, cores });
    }
    console.log(
      `\nPages, PostgreSQL, WEB_CONCURRENCY=${workers} (${opts.connections} connections, ${opts.duration} s each)`,
    );
    console.log(
      'route                          req/s     p99 ms   ratio   errors   cores busy: shop / postgres / client',
    );
    for (const r of rows) {
      const { server, postgres, client } = r.cores;
      console.log(
        `${r.name.padEnd(28)} ${r.rps.toFixed(0).padStart(8)} ${r.p99.toFixed(1).padStart(9)} ${r.ratio.toFixed(3).padStart(7)} ${String(r.errors).padStart(8)}   ${server.toFixed(2)} / ${postgres.toFixed(2)} / ${client.toFixed(2)}`,
      );
    }
    const peaks = server.servingPeakRssMb().map((mb) => `${mb.toFixed(0)} MB`);
    console.log(
      `peak resident memory of each serving process under this load (after the warm-up): ${peaks.join(', ')}`,
    );
    return { rows, productBytes };
  } finally {
    await server.stop();
  }
};

/** Cached and uncached pages against the hello baseline, at one worker and at two. */
export const runPageBench = async (opts: Options) => {
  const databaseUrl = await freshPgDatabase(`clubshop_bench_pages_${opts.port}`);
  if (!databaseUrl) {
    console.log('\nPostgreSQL is not reachable: page bench skipped (set BENCH_DATABASE_URL).');
    return;
  }
  // Seeded beforehand (`npm run seed`), so both runs measure processes started on a shop's database,
  // as after any restart. A first start that seeds the demo itself renders its pictures with
  // sharp and keeps ~40-50 MB more resident (architecture, known limits); at one worker it was the
  // only process measured that way, at two none was.
  execFileSync(process.execPath, ['apps/api/dist/seed-cli.js'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'clubshop-bench-seed-')),
    },
    stdio: 'ignore',
  });
  const { rows: one, productBytes } = await runWorkers(1, databaseUrl, opts);
  const bare = await bareBodyRatio(productBytes, opts);
  console.log(
    `\nThe bytes alone: a bare node:http server, same client, ${(productBytes / 1024).toFixed(0)} kB body (the product page's) ${bare.big.toFixed(0)} req/s against a 15-byte one ${bare.small.toFixed(0)}: ratio ${bare.ratio.toFixed(3)}`,
  );
  const { rows: two } = await runWorkers(2, databaseUrl, opts);
  // What a second worker can add here if each request costs every party what it did at one
  // worker: the cores one worker, PostgreSQL and the client left idle. An estimate: a client
  // that reads faster responses in bigger batches costs less per request (cached rows beat it).
  const cores = availableParallelism();
  const room = (c: Cores) => cores / Math.max(c.server + c.postgres + c.client, 1);
  console.log(
    `\nWEB_CONCURRENCY=2 against 1 (req/s at two workers / at one; room: ${cores} cores / the cores busy at one worker)`,
  );
  for (const [i, r] of one.entries()) {
    console.log(
      `${r.name.padEnd(28)} ${(two[i]!.rps / r.rps).toFixed(2).padStart(6)}x   room ${room(r.cores).toFixed(2)}x`,
    );
  }
};
