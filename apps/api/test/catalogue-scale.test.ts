import { existsSync } from 'node:fs';
import { CategoryCountsSchema, SitemapIndexSchema } from '@club/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as service from '../src/modules/catalogue/service.ts';
import { seedLargeCatalogue } from '../src/seed/large.ts';
import { mountWeb, WEB_SERVER_ENTRY } from '../src/web.ts';
import { Categories, ProductList } from './fixtures/catalogue.ts';
import { changesDelivered } from './fixtures/changes.ts';
import { orgIdOf } from './fixtures/orders.ts';
import { createTestApp, type TestApp } from './harness.ts';

/**
 * The catalogue index (cached id lists, category tree and counts) and the reworked
 * queries return the very rows the original queries returned, on a catalogue big enough to have
 * ties, inactive products, products without a category, three category levels and a parent cycle.
 */
const S = '/api/centauri/sklepyonline';
const PRODUCTS = 1500;
const PER_FILE = 400;

type Row = { id: number; name: string; photo_id: number | null };
const rowsOf = (r: unknown) => (r as { rows: Record<string, unknown>[] }).rows;

let t: TestApp;
let demoId: number;

/** The storefront's list query as it was before (offset over the whole list, photo per row). */
const reference = async (f: { offset: number; count: number; categoryId?: number; excludeId?: number }) => {
  const inTree =
    f.categoryId === undefined
      ? sql``
      : sql`and p.category_id in (
          with recursive tree(id) as (
            select id from categories where organisation_id = ${demoId} and id = ${f.categoryId}
            union
            select c.id from categories c join tree on c.parent_id = tree.id where c.organisation_id = ${demoId}
          ) select id from tree)`;
  const excluding = f.excludeId === undefined ? sql`` : sql`and p.id <> ${f.excludeId}`;
  const res = await t.database.db.execute(sql`
    select p.id, p.name, ph.id as photo_id
    from products p
    left join lateral (
      select id from product_photos where product_id = p.id and organisation_id = p.organisation_id
      order by position, id limit 1) ph on true
    where p.organisation_id = ${demoId} and p.active ${inTree} ${excluding}
    order by p.position, p.id limit ${f.count} offset ${f.offset}`);
  return rowsOf(res).map((r) => ({
    id: Number(r.id),
    name: String(r.name),
    photo_id: r.photo_id == null ? null : Number(r.photo_id),
  }));
};

const listed = async (path: string): Promise<Row[]> => {
  const res = await t.fetch(S + path);
  expect(res.status, path).toBe(200);
  return ProductList.parse(await res.json()).map((p) => ({
    id: p.Id,
    name: p.Nazwa,
    photo_id: p.Zdjecie?.Id ?? null,
  }));
};

/** Categories of every level: a top one, a middle one, a leaf, an empty one, a cycle member, an unknown id. */
let probes: number[] = [];

beforeAll(async () => {
  t = await createTestApp({ sitemapUrlsPerFile: PER_FILE });
  demoId = await orgIdOf(t.database.db, 'demo');
  const db = t.database.db;
  await db.transaction((tx) => seedLargeCatalogue(tx, { products: PRODUCTS, orders: 20 }));
  // Ties in position (the id decides), products without a category, a two-category parent cycle.
  await db.execute(
    sql`update products set position = (id * 7919) % 97 where organisation_id = ${demoId} and id % 3 = 0`,
  );
  await db.execute(
    sql`update products set category_id = null where organisation_id = ${demoId} and id % 41 = 0`,
  );
  const cyc = rowsOf(
    await db.execute(sql`insert into categories (organisation_id, name, position) values
      (${demoId}, 'Pętla A', 900), (${demoId}, 'Pętla B', 901), (${demoId}, 'Pusta', 902) returning id`),
  ).map((r) => Number(r.id));
  await db.execute(sql`update categories set parent_id = ${cyc[1]!} where id = ${cyc[0]!}`);
  await db.execute(sql`update categories set parent_id = ${cyc[0]!} where id = ${cyc[1]!}`);
  await db.execute(
    sql`update products set category_id = ${cyc[0]!} where organisation_id = ${demoId} and id % 53 = 0`,
  );
  const levels = rowsOf(
    await db.execute(sql`
      select (select id from categories where organisation_id = ${demoId} and name = 'Odzież meczowa') as top,
        (select id from categories where organisation_id = ${demoId} and name = 'Akcesoria: Damskie') as middle,
        (select max(id) from categories where organisation_id = ${demoId} and name like 'Młodzieżowe %') as leaf,
        (select min(id) from categories where organisation_id = ${demoId}) as demo_first`),
  )[0]!;
  probes = [
    Number(levels.top),
    Number(levels.middle),
    Number(levels.leaf),
    Number(levels.demo_first),
    ...cyc,
    999_999,
  ];
}, 120_000);
afterAll(() => t?.close());

describe('catalogue at a larger size: the same rows as the original queries', () => {
  it('pages of the whole catalogue, near and far, with and without an excluded product', async () => {
    const total = Number(
      rowsOf(
        await t.database.db.execute(
          sql`select count(*) as n from products where organisation_id = ${demoId} and active`,
        ),
      )[0]!.n,
    );
    expect(total).toBeGreaterThan(PRODUCTS * 0.9);
    const some = (await reference({ offset: 700, count: 1 }))[0]!.id;
    for (const [offset, count] of [
      [0, 64],
      [64, 64],
      [650, 100],
      [total - 30, 64],
      [total, 10],
      [total + 500, 10],
    ] as const) {
      expect(await listed(`/getProdukty/${offset}/${count}`), `${offset}/${count}`).toEqual(
        await reference({ offset, count }),
      );
      for (const ex of [some, 1, 999_999])
        expect(
          await listed(`/getProdukty/${offset}/${count}?excludeProduktId=${ex}`),
          `${offset} ex ${ex}`,
        ).toEqual(await reference({ offset, count, excludeId: ex }));
    }
  });

  it('pages of categories of every level, an empty one, a parent cycle and an unknown id', async () => {
    for (const categoryId of probes) {
      const first = await reference({ offset: 0, count: 100, categoryId });
      expect(await listed(`/getProdukty/0/100?kategoriaId=${categoryId}`), `category ${categoryId}`).toEqual(
        first,
      );
      expect(await listed(`/getProdukty/30/20?kategoriaId=${categoryId}`)).toEqual(
        await reference({ offset: 30, count: 20, categoryId }),
      );
      const ex = first[3]?.id ?? 1;
      expect(await listed(`/getProdukty/2/5?kategoriaId=${categoryId}&excludeProduktId=${ex}`)).toEqual(
        await reference({ offset: 2, count: 5, categoryId, excludeId: ex }),
      );
    }
    expect(await listed('/getProdukty/0/10?kategoriaId=999999')).toEqual([]);
  });

  it('without the cache (change bus not listening) the plain queries give the same rows, counts and tree', async () => {
    const plain = service.uncached(t.database.db);
    for (const categoryId of [undefined, ...probes])
      for (const [offset, count, excludeProductId] of [
        [0, 50, undefined],
        [900, 64, undefined],
        [1, 7, 5],
      ] as const) {
        const rows = await service.listProducts(plain, demoId, {
          offset,
          count,
          categoryId,
          excludeProductId,
        });
        expect(
          rows.map((p) => ({ id: p.Id, name: p.Nazwa, photo_id: p.Zdjecie?.Id ?? null })),
          `${categoryId} ${offset}`,
        ).toEqual(await reference({ offset, count, categoryId, excludeId: excludeProductId }));
      }
    const counts = CategoryCountsSchema.parse(
      await (await t.fetch(`${S}/getiloscwyrobowdlakatalogu/`)).json(),
    );
    expect(counts).toEqual(await service.categoryCounts(plain, demoId));
    const cats = Categories.parse(await (await t.fetch(`${S}/pobierzKatalogi`)).json());
    expect(cats).toEqual(await service.listCategories(plain, demoId));
    expect(cats.length).toBeGreaterThan(372);
    // A category's count is the length of its list.
    for (const id of probes.slice(0, 3))
      expect(counts[String(id)]).toBe(
        (await reference({ offset: 0, count: 100_000, categoryId: id })).length,
      );
  });

  it('a catalogue change in the database reaches the cached lists, counts and tree through the change bus', async () => {
    const before = await listed('/getProdukty/0/5');
    const gone = before[0]!.id;
    const leaf = probes[2]!;
    const countsBefore = CategoryCountsSchema.parse(
      await (await t.fetch(`${S}/getiloscwyrobowdlakatalogu/`)).json(),
    );
    await t.database.db.execute(sql`update products set active = false where id = ${gone}`);
    await t.database.db.execute(
      sql`update products set category_id = ${leaf} where id = ${before[1]!.id} and category_id is distinct from ${leaf}`,
    );
    await t.database.db.execute(
      sql`insert into categories (organisation_id, name, position) values (${demoId}, 'Nowa', 999)`,
    );
    // Each statement's notice arrives on its own; a marker sent after them arrives after them all.
    // (Polling stopped once at a list read before the first notice and a tree read after the last.)
    await changesDelivered(t, 'catalogue');
    const now = await listed('/getProdukty/0/5');
    const cats = Categories.parse(await (await t.fetch(`${S}/pobierzKatalogi`)).json());
    expect(now).toEqual(await reference({ offset: 0, count: 5 }));
    expect(cats.some((c) => c.Name === 'Nowa')).toBe(true);
    const counts = CategoryCountsSchema.parse(
      await (await t.fetch(`${S}/getiloscwyrobowdlakatalogu/`)).json(),
    );
    expect(counts).toEqual(await service.categoryCounts(service.uncached(t.database.db), demoId));
    expect(counts).not.toEqual(countsBefore);
    // A stock-only update (every order makes one) announces nothing and changes nothing cached.
    await t.database.db.execute(sql`update products set stock = stock + 1 where id = ${now[0]!.id}`);
    expect(await listed('/getProdukty/0/5')).toEqual(now);
  });
});

describe('sitemap files of at most N product URLs (N injectable; 50,000 in production)', () => {
  it('splits the active products into files of PER_FILE, in list order, each once; past the last: 404', async () => {
    const index = SitemapIndexSchema.parse(await (await t.fetch(`${S}/mapastrony`)).json());
    const all = await reference({ offset: 0, count: 1_000_000 });
    expect(index.PlikiProduktow).toBe(Math.ceil(all.length / PER_FILE));
    expect(index.PlikiProduktow).toBeGreaterThan(1);
    const ids: number[] = [];
    for (let n = 1; n <= index.PlikiProduktow; n++) {
      const file = z.array(z.number()).parse(await (await t.fetch(`${S}/mapastrony/${n}`)).json());
      expect(file.length).toBeLessThanOrEqual(PER_FILE);
      if (n < index.PlikiProduktow) expect(file).toHaveLength(PER_FILE);
      ids.push(...file);
    }
    expect(ids).toEqual(all.map((r) => r.id));
    expect((await t.fetch(`${S}/mapastrony/${index.PlikiProduktow + 1}`)).status).toBe(404);
    expect((await t.fetch(`${S}/mapastrony/0`)).status).toBe(400);
    // Another club's index counts its own products only.
    const rival = SitemapIndexSchema.parse(await (await t.fetch(`${S}/mapastrony`, { org: 'rywal' })).json());
    expect(rival.PlikiProduktow).toBe(1);
  });
});

describe.skipIf(!existsSync(WEB_SERVER_ENTRY))('/sitemap.xml: an index of files of at most N URLs', () => {
  let w: TestApp;
  beforeAll(async () => {
    w = await createTestApp({ sitemapUrlsPerFile: 10 }, { beforeListen: mountWeb });
  });
  afterAll(() => w?.close());

  it('names the pages file and one product file per 10 products; together they list every product once', async () => {
    const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    const site = w.config.publicUrl;
    const index = await w.fetch('/sitemap.xml', { org: null });
    expect(index.status).toBe(200);
    const indexXml = await index.text();
    expect(indexXml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const files = locsOf(indexXml);
    // 43 demo products: 5 files of at most 10.
    expect(files).toEqual([
      `${site}/sitemap/strony.xml`,
      ...[1, 2, 3, 4, 5].map((n) => `${site}/sitemap/produkty-${n}.xml`),
    ]);
    const products: string[] = [];
    for (const file of files.slice(1)) {
      const res = await w.fetch(new URL(file).pathname, { org: null });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
      const locs = locsOf(await res.text());
      expect(locs.length).toBeLessThanOrEqual(10);
      products.push(...locs);
    }
    const all = ProductList.parse(await (await w.fetch(`${S}/getProdukty/0/100`)).json());
    expect(products).toEqual(all.map((p) => `${site}/produkt/${p.Id}`));
    const pages = locsOf(await (await w.fetch('/sitemap/strony.xml', { org: null })).text());
    expect(pages).toContain(`${site}/`);
    expect(pages).toContain(`${site}/produkty`);
    expect(pages.some((l) => /\/produkty\/\d+$/.test(l))).toBe(true);
    expect(pages.some((l) => /\/produkt\/\d+$/.test(l))).toBe(false);
    for (const missing of ['/sitemap/produkty-6.xml', '/sitemap/produkty-0.xml', '/sitemap/inne.xml'])
      expect((await w.fetch(missing, { org: null })).status, missing).toBe(404);
    const robots = await (await w.fetch('/robots.txt', { org: null })).text();
    expect(robots).toContain(`Sitemap: ${site}/sitemap.xml`);
  });
});

describe('sitemap at 100,000 products (PostgreSQL, the real limit of 50,000)', () => {
  let big: TestApp;
  beforeAll(async () => {
    big = await createTestApp();
    await big.database.db.execute(sql`
      insert into products (organisation_id, name, price_gross, stock, position)
      select o.id, 'Produkt ' || g, 1000 + g % 5000, g % 20, 1000 + g
      from organisations o, generate_series(1, 100000) g where o.alias = 'demo'`);
    await big.database.db.execute(sql`vacuum analyze products`);
    // The club's catalogue index is built by the first catalogue request of any kind (a shopper's
    // list, usually); the sitemap's own time is what is measured below.
    expect((await big.fetch(`${S}/getProdukty/0/64`)).status).toBe(200);
  }, 120_000);
  afterAll(() => big?.close());

  it('splits 100,044 products into files of 50,000, 50,000 and 44, each answered in under a second', async () => {
    const started = performance.now();
    const index = SitemapIndexSchema.parse(await (await big.fetch(`${S}/mapastrony`)).json());
    expect(performance.now() - started).toBeLessThan(1000);
    expect(index.PlikiProduktow).toBe(3);
    const sizes: number[] = [];
    const seen = new Set<number>();
    for (let n = 1; n <= 3; n++) {
      const t0 = performance.now();
      const ids = z.array(z.number()).parse(await (await big.fetch(`${S}/mapastrony/${n}`)).json());
      expect(performance.now() - t0, `file ${n}`).toBeLessThan(1000);
      sizes.push(ids.length);
      for (const id of ids) seen.add(id);
    }
    expect(sizes).toEqual([50_000, 50_000, 44]);
    expect(seen.size).toBe(100_044);
  });
});
