import { msg, PRODUCT_SORTS, type ProductSort } from '@club/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as service from '../src/modules/catalogue/service.ts';
import { ProductList } from './fixtures/catalogue.ts';
import { changesDelivered } from './fixtures/changes.ts';
import { orgIdOf } from './fixtures/orders.ts';
import { createTestApp, type TestApp } from './harness.ts';

/**
 * getProdukty pages beyond 64 in five orders, the default
 * (no `sort`, as the spec's clients send) exactly the list order of before; getiloscproduktow
 * counts what the list pages over. A category of 150 products under a parent, with price and
 * position ties, Polish names and a few inactive products.
 */
const S = '/api/centauri/sklepyonline';
const rowsOf = (r: unknown) => (r as { rows: Record<string, unknown>[] }).rows;
const IN_CATEGORY = 150;
const INITIALS = [
  'Ąkacja',
  'Azalia',
  'Łoś',
  'Lis',
  'Mewa',
  'Żubr',
  'Zebra',
  'Śledź',
  'Sowa',
  'ćma',
  'Cyranka',
];

let t: TestApp;
let demoId: number;
let parentId: number;
let childId: number;

const listed = async (path: string) => {
  const res = await t.fetch(S + path);
  expect(res.status, path).toBe(200);
  return ProductList.parse(await res.json());
};
const ids = async (path: string) => (await listed(path)).map((p) => p.Id);
const count = async (query = '') => {
  const res = await t.fetch(`${S}/getiloscproduktow${query}`);
  expect(res.status).toBe(200);
  return z
    .number()
    .int()
    .parse(await res.json());
};

/** The order the API must give, from the database: ties fall back to (position, id). */
const ORDER_BY: Record<Exclude<ProductSort, 'nazwa'>, string> = {
  domyslne: 'p.position, p.id',
  nowe: 'p.created_at desc, p.id desc',
  'cena-rosnaco': 'p.price_gross, p.position, p.id',
  'cena-malejaco': 'p.price_gross desc, p.position, p.id',
};
const reference = async (sort: Exclude<ProductSort, 'nazwa'>, categoryId?: number): Promise<number[]> => {
  const inTree =
    categoryId === undefined
      ? sql``
      : sql`and p.category_id in (
          with recursive tree(id) as (
            select id from categories where organisation_id = ${demoId} and id = ${categoryId}
            union
            select c.id from categories c join tree on c.parent_id = tree.id where c.organisation_id = ${demoId}
          ) select id from tree)`;
  const res = await t.database.db.execute(
    sql`select p.id from products p where p.organisation_id = ${demoId} and p.active ${inTree} order by ${sql.raw(ORDER_BY[sort])}`,
  );
  return rowsOf(res).map((r) => Number(r.id));
};

/** Every page of `count` of a list, walked by offset, concatenated. */
const walk = async (query: string, pageSize: number, total: number) => {
  const pages: number[][] = [];
  for (let offset = 0; offset < total + pageSize; offset += pageSize)
    pages.push(await ids(`/getProdukty/${offset}/${pageSize}${query}`));
  return pages;
};

beforeAll(async () => {
  t = await createTestApp();
  demoId = await orgIdOf(t.database.db, 'demo');
  const db = t.database.db;
  parentId = Number(
    rowsOf(
      await db.execute(sql`insert into categories (organisation_id, name, position) values
        (${demoId}, 'Stronicowanie', 800) returning id`),
    )[0]!.id,
  );
  childId = Number(
    rowsOf(
      await db.execute(sql`insert into categories (organisation_id, parent_id, name, position) values
        (${demoId}, ${parentId}, 'Stronicowanie: dzieci', 801) returning id`),
    )[0]!.id,
  );
  // Prices repeat every 7 products, positions every 5 (ties both ways), creation times spread
  // backwards with some equal; a third in the subcategory; every 13th inactive; every 10th sold out.
  await db.execute(sql`
    insert into products (organisation_id, category_id, name, price_gross, stock, position, active, created_at)
    select ${demoId}::int, case when g % 3 = 0 then ${childId}::int else ${parentId}::int end,
      (array[${sql.join(
        INITIALS.map((n) => sql`${n}`),
        sql`, `,
      )}])[1 + g % ${INITIALS.length}::int] || ' ' || g,
      1000 + (g % 7) * 250, case when g % 10 = 0 then 0 else g end, 5000 + g % 5, g % 13 <> 0,
      now() - ((g / 2) || ' minutes')::interval
    from generate_series(1, ${IN_CATEGORY}::int) g`);
});
afterAll(() => t?.close());

describe('getProdukty with sort: every order pages without gaps or overlaps', () => {
  // A test's writes drop cached pages when their notice arrives: not in the middle of the next test.
  beforeEach(() => changesDelivered(t, 'catalogue'));

  it('without sort the rows are exactly those of the list order of before; domyslne is the same', async () => {
    const all = await reference('domyslne');
    expect(all.length).toBeGreaterThan(64 + 41);
    expect(await ids('/getProdukty/0/64')).toEqual(all.slice(0, 64));
    expect(await ids('/getProdukty/64/64')).toEqual(all.slice(64, 128));
    expect(await ids('/getProdukty/0/64?sort=domyslne')).toEqual(all.slice(0, 64));
    const cat = await reference('domyslne', parentId);
    expect(await ids(`/getProdukty/64/64?kategoriaId=${parentId}`)).toEqual(cat.slice(64, 128));
  });

  it('each order, over the whole shop and over a category with its subcategory, matches the database', async () => {
    for (const sort of ['domyslne', 'nowe', 'cena-rosnaco', 'cena-malejaco'] as const) {
      for (const categoryId of [undefined, parentId, childId]) {
        const want = await reference(sort, categoryId);
        const q = `?sort=${sort}${categoryId ? `&kategoriaId=${categoryId}` : ''}`;
        const pages = await walk(q, 64, want.length);
        expect(pages.flat(), `${sort} ${categoryId}`).toEqual(want);
        // Disjoint pages of 64 (the last one short, then empty ones).
        expect(pages[0]).toHaveLength(Math.min(64, want.length));
        expect(new Set(pages.flat()).size).toBe(want.length);
        expect(pages.at(-1)).toEqual([]);
      }
    }
  });

  it('prices go up and down, ties in the list order; the subcategory is included', async () => {
    const up = await listed(`/getProdukty/0/100?kategoriaId=${parentId}&sort=cena-rosnaco`);
    const prices = up.map((p) => p.CenaBrutto);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const down = await listed(`/getProdukty/0/100?kategoriaId=${parentId}&sort=cena-malejaco`);
    expect(down.map((p) => p.CenaBrutto)).toEqual([...down.map((p) => p.CenaBrutto)].sort((a, b) => b - a));
    expect(down[0]!.CenaBrutto).toBe(25);
    const child = new Set(await ids(`/getProdukty/0/100?kategoriaId=${childId}`));
    expect(up.some((p) => child.has(p.Id))).toBe(true);
  });

  it('names in the Polish alphabet (ą after a, ł after l, ż last), pages disjoint and complete', async () => {
    const total = await count(`?kategoriaId=${parentId}`);
    const pages = await Promise.all(
      [0, 64, 128].map((o) => listed(`/getProdukty/${o}/64?kategoriaId=${parentId}&sort=nazwa`)),
    );
    const names = pages.flat().map((p) => p.Nazwa);
    expect(names).toHaveLength(total);
    expect(new Set(pages.flat().map((p) => p.Id)).size).toBe(total);
    const initials = [...new Set(names.map((n) => n.split(' ')[0]))];
    expect(initials).toEqual([
      'Azalia',
      'Ąkacja',
      'Cyranka',
      'ćma',
      'Lis',
      'Łoś',
      'Mewa',
      'Sowa',
      'Śledź',
      'Zebra',
      'Żubr',
    ]);
    const polish = new Intl.Collator('pl');
    for (let i = 1; i < names.length; i++)
      expect(polish.compare(names[i - 1]!, names[i]!), `${names[i - 1]} ≤ ${names[i]}`).toBeLessThanOrEqual(
        0,
      );
  });

  it('the newest first: a product added now leads nowe, and the cache hears of it', async () => {
    const before = await ids('/getProdukty/0/3?sort=nowe');
    const added = Number(
      rowsOf(
        await t.database.db.execute(sql`insert into products (organisation_id, category_id, name, price_gross, stock, position)
          values (${demoId}, ${childId}, 'Nowość', 100, 3, 0) returning id`),
      )[0]!.id,
    );
    const deadline = Date.now() + 5_000;
    let now = await ids('/getProdukty/0/3?sort=nowe');
    while (now[0] !== added && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      now = await ids('/getProdukty/0/3?sort=nowe');
    }
    expect(now).toEqual([added, ...before.slice(0, 2)]);
    expect((await ids(`/getProdukty/0/1?kategoriaId=${parentId}&sort=cena-rosnaco`))[0]).toBe(added);
    await t.database.db.execute(sql`update products set active = false where id = ${added}`);
  });

  it('excludeProduktId works in every order', async () => {
    for (const sort of PRODUCT_SORTS) {
      const page = await ids(`/getProdukty/0/10?kategoriaId=${parentId}&sort=${sort}`);
      const without = await ids(
        `/getProdukty/0/9?kategoriaId=${parentId}&sort=${sort}&excludeProduktId=${page[3]}`,
      );
      expect(without).toEqual(page.filter((id) => id !== page[3]));
    }
  });

  it('list items carry the stock as MagazynyStany[0].Stan (0: sold out)', async () => {
    const items = await listed(`/getProdukty/0/100?kategoriaId=${childId}`);
    const stock = rowsOf(
      await t.database.db.execute(
        sql`select id, stock from products where organisation_id = ${demoId} and category_id = ${childId}`,
      ),
    );
    const byId = new Map(stock.map((r) => [Number(r.id), Number(r.stock)]));
    for (const p of items) expect(p.MagazynyStany).toEqual([{ Stan: byId.get(p.Id) }]);
    expect(items.some((p) => p.MagazynyStany?.[0]?.Stan === 0)).toBe(true);
  });

  it('an unknown sort is refused in Polish; no other club sees these products', async () => {
    for (const bad of ['cena', 'NAZWA', '', 'x'.repeat(300)]) {
      const res = await t.fetch(`${S}/getProdukty/0/64?sort=${encodeURIComponent(bad)}`);
      expect(res.status, bad).toBe(400);
      expect(await res.json()).toEqual({ Message: msg.invalidSort, Fields: { sort: msg.invalidSort } });
    }
    const rival = ProductList.parse(
      await (await t.fetch(`${S}/getProdukty/0/64?sort=nazwa`, { org: 'rywal' })).json(),
    );
    expect(rival.length).toBeGreaterThan(0);
    expect(rival.some((p) => p.Nazwa.startsWith('Azalia'))).toBe(false);
  });

  it('without the cache (change bus not listening) every order gives the same rows', async () => {
    const plain = service.uncached(t.database.db);
    for (const sort of PRODUCT_SORTS)
      for (const categoryId of [undefined, parentId, childId, 999_999])
        for (const [offset, n] of [
          [0, 64],
          [64, 64],
          [100, 7],
        ] as const) {
          const rows = await service.listProducts(plain, demoId, { offset, count: n, categoryId, sort });
          const q = `?sort=${sort}${categoryId ? `&kategoriaId=${categoryId}` : ''}`;
          expect(
            rows.map((p) => p.Id),
            `${sort} ${categoryId} ${offset}`,
          ).toEqual(await ids(`/getProdukty/${offset}/${n}${q}`));
        }
  });
});

describe('getiloscproduktow: what the list pages over', () => {
  it('counts the shop, a category with its subcategories (as getiloscwyrobowdlakatalogu), unknown: 0', async () => {
    const counts = z
      .record(z.string(), z.number())
      .parse(await (await t.fetch(`${S}/getiloscwyrobowdlakatalogu/`)).json());
    expect(await count()).toBe((await reference('domyslne')).length);
    expect(await count(`?kategoriaId=${parentId}`)).toBe((await reference('domyslne', parentId)).length);
    expect(await count(`?kategoriaId=${parentId}`)).toBe(counts[String(parentId)]);
    expect(await count(`?kategoriaId=${childId}`)).toBe(counts[String(childId)]);
    expect(await count('?kategoriaId=999999')).toBe(0);
    const plain = service.uncached(t.database.db);
    for (const id of [undefined, parentId, childId, 999_999])
      expect(await service.productCount(plain, demoId, id)).toBe(await count(id ? `?kategoriaId=${id}` : ''));
    const bad = await t.fetch(`${S}/getiloscproduktow?kategoriaId=abc`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { Message: string }).Message).toBe(msg.invalidNumber);
  });
});
