// `npm run bench:web`: Lighthouse (mobile preset, Debian's Chromium) on the home page, the product
// list and a product page: the four scores, FCP, LCP, CLS, TBT and the gzipped JavaScript each page
// loads; then the page figures (page-figures.ts): cached pages with a browser's encodings against
// a hello-world Fastify server, and the CPU time of a page rendered anew.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS } from '../chromium-args.ts';
import { pageFigures } from './page-figures.ts';
import { freshPgDatabase, startServer } from './server.ts';

const PORT = 3903;

const server = await startServer(PORT, {});
const pages = [
  ['home', '/'],
  ['product list', '/produkty'],
  ['product page', '/produkt/1'],
] as const;

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
});

const gzippedJs = async (urls: string[]) => {
  let total = 0;
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    total += gzipSync(body, { level: 9 }).length;
  }
  return total;
};

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/**
 * `simulate` (Lighthouse's default): an unthrottled load, its timings then estimated for a slow
 * phone by Lantern. `devtools`: the same phone's network and CPU applied while the page loads, so
 * the paint times are the browser's own. LIGHTHOUSE_THROTTLING picks; by default both are run.
 */
type Throttling = 'simulate' | 'devtools';
const THROTTLINGS: Throttling[] = process.env.LIGHTHOUSE_THROTTLING
  ? [process.env.LIGHTHOUSE_THROTTLING as Throttling]
  : ['simulate', 'devtools'];
let THROTTLING: Throttling = 'simulate';

/**
 * Lighthouse varies from run to run on a shared machine: each page is measured RUNS times and the
 * run with the median performance score (ties: the median LCP) is reported. A run Lighthouse itself could not finish
 * (runtimeError) is reported by its code and not counted.
 */
const medianRun = async (url: string) => {
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      throttlingMethod: THROTTLING,
    });
    if (!result) throw new Error(`no Lighthouse result for ${url}`);
    if (result.lhr.runtimeError) console.log(`   (run ${i + 1} failed: ${result.lhr.runtimeError.code})`);
    else runs.push(result);
  }
  if (!runs.length) throw new Error(`every Lighthouse run of ${url} failed`);
  // By score, then (most runs score 100 here) by LCP, worst first: the middle run is then the
  // median LCP among equal scores, not whichever of them ran second.
  const lcp = (r: (typeof runs)[number]) => r.lhr.audits['largest-contentful-paint']?.numericValue ?? 0;
  runs.sort(
    (x, y) =>
      (x.lhr.categories.performance?.score ?? 0) - (y.lhr.categories.performance?.score ?? 0) ||
      lcp(y) - lcp(x),
  );
  return runs[Math.floor(runs.length / 2)]!;
};

try {
  for (const method of THROTTLINGS) {
    THROTTLING = method;
    console.log(`\nLighthouse mobile preset, throttling: ${method}, median of ${RUNS} runs per page`);
    console.log('page            perf  a11y  best  seo   FCP ms   LCP ms  CLS     TBT ms  JS gz kB');
    for (const [name, path] of pages) {
      const url = `${server.url}${path}`;
      const result = await medianRun(url);
      // LIGHTHOUSE_REPORT_DIR=dir keeps each page's median report (what the LCP element is, and why).
      if (process.env.LIGHTHOUSE_REPORT_DIR) {
        mkdirSync(process.env.LIGHTHOUSE_REPORT_DIR, { recursive: true });
        writeFileSync(
          join(process.env.LIGHTHOUSE_REPORT_DIR, `${name.replace(/\W+/g, '-')}-${THROTTLING}.json`),
          JSON.stringify(result.lhr),
        );
      }
      const { categories: c, audits: a } = result.lhr;
      const requests =
        (a['network-requests']?.details as { items?: { url: string; resourceType?: string }[] })?.items ?? [];
      const scripts = requests
        .filter((r) => r.resourceType === 'Script' && r.url.startsWith(server.url))
        .map((r) => r.url);
      const js = await gzippedJs(scripts);
      const score = (k: string) => String(Math.round((c[k]?.score ?? 0) * 100)).padStart(5);
      console.log(
        `${name.padEnd(14)} ${score('performance')} ${score('accessibility')} ${score('best-practices')} ${score('seo')} ${String(Math.round(a['first-contentful-paint']?.numericValue ?? 0)).padStart(8)} ${String(Math.round(a['largest-contentful-paint']?.numericValue ?? 0)).padStart(8)} ${(a['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3).padStart(6)} ${String(Math.round(a['total-blocking-time']?.numericValue ?? 0)).padStart(8)} ${(js / 1024).toFixed(1).padStart(9)}`,
      );
      for (const k of ['accessibility', 'best-practices', 'seo'] as const) {
        const failing = c[k]?.auditRefs
          .filter((r) => r.weight > 0 && (a[r.id]?.score ?? 1) < 1)
          .map((r) => r.id);
        if (failing?.length) console.log(`   ${k} audits below 100%: ${failing.join(', ')}`);
      }
    }
  }

  await pageFigures(server, 'the embedded PostgreSQL', PORT + 10);
} finally {
  chrome.kill();
  await server.stop();
}

// The same build on an external PostgreSQL, for comparison.
const pgUrl = await freshPgDatabase('clubshop_bench_web');
if (pgUrl) {
  const pgServer = await startServer(PORT + 1, { DATABASE_URL: pgUrl, DATABASE_POOL_SIZE: '10' });
  try {
    await pageFigures(pgServer, 'PostgreSQL', PORT + 10);
  } finally {
    await pgServer.stop();
  }
} else console.log('\nPostgreSQL is not reachable: the page figures on it skipped (set BENCH_DATABASE_URL).');
