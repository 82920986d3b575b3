// The page figures: a cached page with the encodings a browser sends, as a ratio to a
// hello-world Fastify server in its own process (both loaded with 32 connections by the same
// client, which does not decode bodies), and the server's CPU time per cached and per uncached
// page. Beside each cached ratio, the ceiling this client allows: a bare node:http server sending
// the very same bytes (headers and brotli body) to it.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { get as httpGet } from 'node:http';
import autocannon from './autocannon.ts';
import { type BenchServer, cpuSecondsOf, processTree } from './server.ts';

const CONNECTIONS = 32;
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };
const PAGES = [
  ['home', '/'],
  ['product list', '/produkty'],
  ['product page', '/produkt/1'],
] as const;

/** A server in a process of its own, from `code` that prints a line once it listens on `port`. */
const serverProcess = async (port: number, code: string) => {
  const proc = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  await once(proc.stdout!, 'data');
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: async () => {
      proc.kill();
      await once(proc, 'exit');
    },
  };
};

/** `{"hello":"world"}` from Fastify with nothing registered, in a process of its own. */
const helloFastify = (port: number) =>
  serverProcess(
    port,
    `const app = require('fastify')({ logger: false });
    app.get('/', async () => ({ hello: 'world' }));
    app.listen({ port: ${port}, host: '127.0.0.1' }).then(() => console.log('ready'));`,
  );

const rps = async (url: string, seconds: number, headers?: Record<string, string>) =>
  (await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers })).requests.average;

/** A bare node:http server in its own process answering every request with these headers and body. */
const sameBytes = (port: number, headers: [string, string][], body: Buffer) =>
  serverProcess(
    port,
    `const body = Buffer.from(${JSON.stringify(body.toString('base64'))}, 'base64');
    const headers = ${JSON.stringify(headers.flat())};
    require('node:http').createServer((req, res) => { res.writeHead(200, headers); res.end(body); })
      .listen(${port}, '127.0.0.1', () => console.log('ready'));`,
  );

/** The page's response as the client gets it: headers (without the per-response ones) and body, as sent. */
const responseBytes = (url: string) =>
  new Promise<{ headers: [string, string][]; body: Buffer }>((resolve, reject) => {
    httpGet(url, { headers: BROWSER }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const headers: [string, string][] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          const name = res.rawHeaders[i]!;
          if (!/^(date|connection|keep-alive)$/i.test(name)) headers.push([name, res.rawHeaders[i + 1]!]);
        }
        resolve({ headers, body: Buffer.concat(chunks) });
      });
    }).on('error', reject);
  });

/**
 * Milliseconds of the shop's CPU (every process of it) per page: rendered anew (a query string is
 * never cached) or, `cached`, from the cache with a browser's encodings.
 */
const cpuPerPage = async (server: BenchServer, path: string, seconds: number, cached = false) => {
  const pids = processTree(server.proc.pid!);
  const cpu = () => pids.reduce((s, pid) => s + cpuSecondsOf(pid), 0);
  let n = 0;
  const before = cpu();
  const r = await autocannon({
    url: `${server.url}${path}`,
    connections: cached ? CONNECTIONS : 8,
    duration: seconds,
    headers: cached ? BROWSER : undefined,
    requests: cached ? undefined : [{ setupRequest: (req) => ({ ...req, path: `${path}?n=${n++}` }) }],
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
  console.log(
    'page            cached, browser encodings   ratio   same bytes, bare node:http: ratio   cached: CPU ms/page   uncached: CPU ms/page   req/s',
  );
  for (const [name, path] of PAGES) {
    const cached = await cpuPerPage(server, path, seconds, true);
    const bytes = await responseBytes(`${server.url}${path}`);
    const bare = await sameBytes(helloPort, bytes.headers, bytes.body);
    let ceiling: number;
    try {
      ceiling = await rps(bare.url, seconds);
    } finally {
      await bare.stop();
    }
    const uncached = await cpuPerPage(server, path, seconds);
    const errors = cached.errors + uncached.errors;
    console.log(
      `${name.padEnd(15)} ${cached.rps.toFixed(0).padStart(14)} req/s ${(cached.rps / base).toFixed(3).padStart(13)} ${(ceiling / base).toFixed(3).padStart(22)} (${bytes.body.length} B) ${cached.ms.toFixed(3).padStart(13)} ${uncached.ms.toFixed(2).padStart(22)} ${uncached.rps.toFixed(0).padStart(9)}${errors ? `  (${errors} errors)` : ''}`,
    );
  }
};
