import { existsSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedLargeCatalogue } from '../src/seed/large.ts';
import { mountWeb, WEB_SERVER_ENTRY } from '../src/web.ts';
import { orgIdOf } from './fixtures/orders.ts';
import { createTestApp, type TestApp } from './harness.ts';

/**
 * With 300+ categories the product list renders the tree's open branch only
 * (decision 71); the demo's own small tree still goes whole (catalogue.spec.ts).
 */
type IdRows = { rows: { id: number | string }[] };

const treeOf = (html: string) => {
  const start = html.indexOf('<nav aria-labelledby');
  const nav = html.slice(start, html.indexOf('</nav>', start));
  const ids = [...nav.matchAll(/href="\/produkty\/(\d+)"/g)].map((m) => Number(m[1]));
  return { nav, ids };
};

describe.skipIf(!existsSync(WEB_SERVER_ENTRY))('the product list with 372 more categories', () => {
  let t: TestApp;
  let tops: number[];
  let middle: number;
  let leaves: number[];
  beforeAll(async () => {
    t = await createTestApp({}, { beforeListen: mountWeb });
    const db = t.database.db;
    const demoId = await orgIdOf(db, 'demo');
    await db.transaction((tx) => seedLargeCatalogue(tx, { products: 1500, orders: 0 }));
    const ids = async (q: ReturnType<typeof sql>) =>
      ((await db.execute(q)) as unknown as IdRows).rows.map((r) => Number(r.id));
    tops = await ids(
      sql`select id from categories where organisation_id = ${demoId} and parent_id is null order by position, id`,
    );
    const big = tops.at(-1)!;
    middle = (
      await ids(sql`select id from categories where parent_id = ${big} order by position, id limit 1`)
    )[0]!;
    leaves = await ids(sql`select id from categories where parent_id = ${middle} order by position, id`);
  }, 120_000);
  afterAll(() => t?.close());

  it('renders the top level only, each parent with the number of its subcategories', async () => {
    const res = await fetch(`${t.url}/produkty`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const { nav, ids } = treeOf(html);
    expect(tops.length).toBeGreaterThan(12);
    expect(ids.sort((a, b) => a - b)).toEqual([...tops].sort((a, b) => a - b));
    // Every top category of the big catalogue has products, so each has a disclosure button.
    expect(nav.match(/aria-expanded="false"/g)?.length).toBeGreaterThanOrEqual(12);
    expect(nav.length).toBeLessThan(15_000);
  });

  it('opens the branch down to the current category, with its subcategories', async () => {
    const html = await (await fetch(`${t.url}/produkty/${middle}`)).text();
    const { ids } = treeOf(html);
    expect(ids).toEqual(expect.arrayContaining([...tops, middle, ...leaves]));
    // The other five middle categories of that top one are there, closed; nothing deeper.
    expect(ids).toHaveLength(tops.length + 6 + leaves.length);
    expect(html).toMatch(
      new RegExp(
        `href="/produkty/${middle}"[^>]*aria-current="page"|aria-current="page"[^>]*href="/produkty/${middle}"`,
      ),
    );
  });
});
