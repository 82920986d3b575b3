// `npm run bench:web`: Lighthouse (mobile preset, Debian's Chromium) on the home page, the product
// list and a product page: the four scores, LCP, CLS, TBT and the gzipped JavaScript each page
// loads; then SSR throughput of home and product pages as a ratio to the API's trivial route.
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer } from './server.ts';

const PORT = 3903;
const server = await startServer(PORT, {});
const pages = [
  ['home', '/'],
  ['product list', '/produkty'],
  ['product page', '/produkt/1'],
] as const;

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});

const gzippedJs = async (urls: string[]) => {
  let total = 0;
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    total += gzipSync(body, { level: 9 }).length;
  }
  return total;
};

try {
  console.log('page            perf  a11y  best  seo   LCP ms  CLS     TBT ms  JS gz kB');
  for (const [name, path] of pages) {
    const url = `${server.url}${path}`;
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    if (!result) throw new Error(`no Lighthouse result for ${url}`);
    const { categories: c, audits: a } = result.lhr;
    const requests =
      (a['network-requests']?.details as { items?: { url: string; resourceType?: string }[] })?.items ?? [];
    const scripts = requests
      .filter((r) => r.resourceType === 'Script' && r.url.startsWith(server.url))
      .map((r) => r.url);
    const js = await gzippedJs(scripts);
    const score = (k: string) => String(Math.round((c[k]?.score ?? 0) * 100)).padStart(5);
    console.log(
      `${name.padEnd(14)} ${score('performance')} ${score('accessibility')} ${score('best-practices')} ${score('seo')} ${String(Math.round(a['largest-contentful-paint']?.numericValue ?? 0)).padStart(8)} ${(a['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3).padStart(6)} ${String(Math.round(a['total-blocking-time']?.numericValue ?? 0)).padStart(8)} ${(js / 1024).toFixed(1).padStart(9)}`,
    );
    for (const k of ['accessibility', 'best-practices', 'seo'] as const) {
      const failing = c[k]?.auditRefs
        .filter((r) => r.weight > 0 && (a[r.id]?.score ?? 1) < 1)
        .map((r) => r.id);
      if (failing?.length) console.log(`   ${k} audits below 100%: ${failing.join(', ')}`);
    }
  }

  const run = async (url: string) =>
    (await autocannon({ url, connections: 20, duration: 6 })).requests.average;
  const base = await run(`${server.url}/api/health`);
  const home = await run(`${server.url}/`);
  const product = await run(`${server.url}/produkt/1`);
  console.log(`\nSSR throughput (20 connections, 6 s): baseline /api/health ${base.toFixed(0)} req/s`);
  console.log(`  home        ${home.toFixed(0).padStart(6)} req/s  ratio ${(home / base).toFixed(3)}`);
  console.log(`  produkt/1   ${product.toFixed(0).padStart(6)} req/s  ratio ${(product / base).toFixed(3)}`);
  console.log(`resident memory: ${server.rssMb().toFixed(0)} MB, peak ${server.peakRssMb().toFixed(0)} MB`);
} finally {
  chrome.kill();
  await server.stop();
}
