// The page figures: a cached page with the encodings a browser sends, as a ratio to a
// hello-world Fastify server in its own process (both loaded with 32 connections by the same
// client, which does not decode bodies), and the server's CPU time per uncached page.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import autocannon from './autocannon.ts';
import { type BenchServer, cpuSecondsOf, processTree } from './server.ts';

const CONNECTIONS = 32;
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };
const PAGES = [
  ['home', '/'],
  ['product list', '/produkty'],
  ['product page', '/produkt/1'],
] as const;

/** `{"hello":"world"}` from Fastify with nothing registered, in a process of its own. */
const helloFastify = async (port: number) => {
  const proc = spawn(
    process.execPath,
    [
      '-e',
      `const app = require('fastify')({ logger: false });
      app.get('/', async () => ({ hello: 'world' }));
      app.listen({ port: ${port}, host: '127.0.0.1' }).then(() => console.log('ready'));`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await once(proc.stdout!, 'data');
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: async () => {
      proc.kill();
      await once(proc, 'exit');
    },
  };
};

const rps = async (url: string, seconds: number, headers?: Record<string, string>) =>
  (await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers })).requests.average;

/** Milliseconds of the shop's CPU (every process of it) per page rendered anew (a query string is never cached). */
const cpuPerUncachedPage = async (server: BenchServer, path: string, seconds: number) => {
  const pids = processTree(server.proc.pid!);
  const cpu = () => pids.reduce((s, pid) => s + cpuSecondsOf(pid), 0);
  let n = 0;
  const before = cpu();
  const r = await autocannon({
    url: `${server.url}${path}`,
    connections: 8,
    duration: seconds,
    requests: [{ setupRequest: (req) => ({ ...req, path: `${path}?n=${n++}` }) }],
  });
  return {
    ms: ((cpu() - before) * 1000) / r.requests.total,
    rps: r.requests.average,
    errors: r.errors + r.non2xx,
  };
};

export const pageFigures = async (server: BenchServer, label: string, helloPort: number, seconds = 8) => {
  // Warm-up: JIT, pools, and the cached pages.
  for (const [, path] of PAGES) await rps(`${server.url}${path}`, 2, BROWSER);
  const hello = await helloFastify(helloPort);
  let base: number;
  try {
    base = await rps(hello.url, seconds);
  } finally {
    await hello.stop();
  }
  console.log(
    `\nPages on ${label}, one process. Baseline: hello-world Fastify in its own process ${base.toFixed(0)} req/s (${CONNECTIONS} connections, ${seconds} s)`,
  );
  console.log('page            cached, browser encodings   ratio   uncached: CPU ms/page   req/s');
  for (const [name, path] of PAGES) {
    const cached = await rps(`${server.url}${path}`, seconds, BROWSER);
    const uncached = await cpuPerUncachedPage(server, path, seconds);
    console.log(
      `${name.padEnd(15)} ${cached.toFixed(0).padStart(14)} req/s ${(cached / base).toFixed(3).padStart(13)} ${uncached.ms.toFixed(2).padStart(18)} ${uncached.rps.toFixed(0).padStart(13)}${uncached.errors ? `  (${uncached.errors} errors)` : ''}`,
    );
  }
};
