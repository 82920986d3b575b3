// The storefront catalogue at the demo's 41 products and at 100,000: each catalogue route
// under load at both sizes with the growth factor, then the sitemap (index and every file) at the
// large size: time and URL count. Figures are ratios to the hello baseline of the same run.

import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { seedLargeCatalogue } from '../../apps/api/src/seed/large.ts';
import autocannon from './autocannon.ts';

const PRODUCTS = Number(process.env.BENCH_CATALOGUE_PRODUCTS ?? 100_000);
const H = { organizacja: 'demo' };
const S = '/api/centauri/sklepyonline';

type Opts = { base: string; databaseUrl: string; baselineRps: number; connections: number; duration: number };
type Figure = { rps: number; p99: number; errors: number };

const json = async <T>(base: string, path: string): Promise<T> => {
  const res = await fetch(base + path, { headers: H });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return (await res.json()) as T;
};

/** The routes to measure, worked out from the catalogue as it is now (the deep page: 90% into the list). */
const routes = async (base: string, smallCategory: number): Promise<[string, string][]> => {
  // Pages of 32: full at both sizes, so both sizes return as many rows (the demo has 41 products).
  const deep = Math.max(0, Math.floor((await activeCount(base)) * 0.9) - 32);
  return [
    ['getProdukty/0/32', `${S}/getProdukty/0/32`],
    ['deep page (90%), 32', `${S}/getProdukty/${deep}/32`],
    ['small category', `${S}/getProdukty/0/64?kategoriaId=${smallCategory}`],
    ['unknown category', `${S}/getProdukty/0/64?kategoriaId=999999`],
    ['related (category - 1)', `${S}/getProdukty/0/8?kategoriaId=${smallCategory}&excludeProduktId=1`],
    ['category counts', `${S}/getiloscwyrobowdlakatalogu/`],
    ['pobierzKatalogi', `${S}/pobierzKatalogi`],
    ['pokazProdukt/1', `${S}/pokazProdukt/1`],
  ];
};

/** Active products of the demo club, from the sitemap's product files (50,000 a file). */
const activeCount = async (base: string) => {
  const { PlikiProduktow } = await json<{ PlikiProduktow: number }>(base, `${S}/mapastrony`);
  if (PlikiProduktow === 0) return 0;
  const last = await json<number[]>(base, `${S}/mapastrony/${PlikiProduktow}`);
  return (PlikiProduktow - 1) * 50_000 + last.length;
};

const measure = async (base: string, path: string, o: Opts): Promise<Figure> => {
  await autocannon({ url: base + path, connections: 4, duration: 1, headers: H }); // warm-up, caches
  const r = await autocannon({
    url: base + path,
    connections: o.connections,
    duration: o.duration,
    headers: H,
  });
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx };
};

/** Fetches /sitemap.xml and every file it names; the time of the whole walk and the URLs listed. */
const walkSitemap = async (base: string) => {
  const site = base.replace('127.0.0.1', 'localhost');
  const started = performance.now();
  const index = await (await fetch(`${site}/sitemap.xml`)).text();
  const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  let urls = 0;
  let largest = 0;
  let slowest = 0;
  for (const f of files) {
    const t0 = performance.now();
    const res = await fetch(site + f);
    const body = await res.text();
    if (!res.ok) throw new Error(`${f}: ${res.status}`);
    slowest = Math.max(slowest, performance.now() - t0);
    const n = body.split('<url>').length - 1;
    urls += n;
    largest = Math.max(largest, n);
  }
  return { ms: performance.now() - started, files: files.length, urls, largest, slowestFileMs: slowest };
};

export const runCatalogueBench = async (o: Opts) => {
  // The demo's smallest non-empty category: a small category at both sizes.
  const counts = await json<Record<string, number>>(o.base, `${S}/getiloscwyrobowdlakatalogu/`);
  const smallCategory = Number(
    Object.entries(counts)
      .filter(([, n]) => n > 0)
      .sort((a, b) => a[1] - b[1])[0]![0],
  );
  // The machine's load drifts between the two sizes (other work on it): each size gets its own
  // hello baseline, and the growth compares the ratios to it.
  const small = new Map<string, Figure>();
  const smallRoutes = await routes(o.base, smallCategory);
  const baseSmall = (await measure(o.base, '/api/health', o)).rps;
  for (const [name, path] of smallRoutes) small.set(name, await measure(o.base, path, o));
  const smallSitemap = await walkSitemap(o.base);

  const database = await openDatabase({ url: o.databaseUrl });
  const seeded = performance.now();
  try {
    await database.db.transaction((tx) => seedLargeCatalogue(tx, { products: PRODUCTS }));
    await database.db.execute(sql`vacuum analyze`);
  } finally {
    await database.close();
  }
  const seedSeconds = (performance.now() - seeded) / 1000;
  // The server heard the catalogue change on the bus; the first sitemap walk builds its caches.
  const cold = await walkSitemap(o.base);
  const warm = await walkSitemap(o.base);
  const large = new Map<string, Figure>();
  const baseLarge = (await measure(o.base, '/api/health', o)).rps;
  for (const [name, path] of await routes(o.base, smallCategory))
    large.set(name, await measure(o.base, path, o));

  console.log(
    `\nCatalogue routes at 41 and ${PRODUCTS} products (${o.connections} connections, ${o.duration} s each; ratio: to the hello baseline measured just before, ${baseSmall.toFixed(0)} and ${baseLarge.toFixed(0)} req/s; growth: ratio at 41 / ratio at ${PRODUCTS})`,
  );
  console.log(
    'route                        req/s@41  p99@41  ratio@41   req/s@big  p99@big  ratio@big  growth  errors',
  );
  for (const [name] of smallRoutes) {
    const a = small.get(name)!;
    const b = large.get(name)!;
    console.log(
      `${name.padEnd(26)} ${a.rps.toFixed(0).padStart(9)} ${a.p99.toFixed(1).padStart(7)} ${(a.rps / baseSmall).toFixed(3).padStart(9)} ${b.rps.toFixed(0).padStart(11)} ${b.p99.toFixed(1).padStart(8)} ${(b.rps / baseLarge).toFixed(3).padStart(10)} ${(a.rps / baseSmall / (b.rps / baseLarge)).toFixed(2).padStart(7)} ${String(a.errors + b.errors).padStart(7)}`,
    );
  }
  console.log(
    `big catalogue seeded in ${seedSeconds.toFixed(1)} s; sitemap at 41: ${smallSitemap.urls} URLs in ${smallSitemap.files} files, ${smallSitemap.ms.toFixed(0)} ms`,
  );
  for (const [label, s] of [
    ['first (builds the caches)', cold],
    ['again (cached)', warm],
  ] as const)
    console.log(
      `sitemap at ${PRODUCTS}, ${label}: ${s.urls} URLs in ${s.files} files (largest ${s.largest}), ${s.ms.toFixed(0)} ms in all, slowest file ${s.slowestFileMs.toFixed(0)} ms`,
    );
};
