import { existsSync } from 'node:fs';
import { msg, type SearchResult, SearchResultSchema } from '@club/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchQuery } from '../src/modules/search/repository.ts';
import { SEARCH_RATE_LIMIT } from '../src/modules/search/routes.ts';
import { mountWeb, WEB_SERVER_ENTRY } from '../src/web.ts';
import { S } from './fixtures/checkout.ts';
import { orgIdOf } from './fixtures/orders.ts';
import { PANEL, type PanelClient, panelLogin } from './fixtures/panel.ts';
import { freshClientAddress, rawRequest } from './fixtures/raw-http.ts';
import { createTestApp, type TestApp } from './harness.ts';

/** Storefront search over HTTP (ranking, diacritics, typos, tenancy, paging, messages). */
const SEARCH = `${S}/szukaj`;

let t: TestApp;
let manager: PanelClient;
let demoId: number;
const ids: Record<string, number> = {};

const search = async (q: string, extra = '', org = 'demo'): Promise<SearchResult> => {
  const res = await t.fetch(`${SEARCH}?q=${encodeURIComponent(q)}${extra}`, { org });
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return SearchResultSchema.strict().parse(JSON.parse(text));
};
const names = async (q: string, extra = '', org = 'demo') =>
  (await search(q, extra, org)).Produkty.map((p) => p.Nazwa);

const insert = async (name: string, opts: { active?: boolean; archived?: boolean; org?: number } = {}) => {
  const res = (await t.database.db.execute(sql`
    insert into products (organisation_id, name, price_gross, stock, active, archived_at, position)
    values (${opts.org ?? demoId}, ${name}, 4999, 5, ${opts.active ?? true},
      ${opts.archived ? sql`now()` : sql`null`}, 500)
    returning id`)) as unknown as { rows: { id: number }[] };
  ids[name] = Number(res.rows[0]!.id);
};

beforeAll(async () => {
  t = await createTestApp();
  manager = await panelLogin(t, { role: 'manager' });
  demoId = await orgIdOf(t.database.db, 'demo');
  await insert('Żółty szalik kibica');
  await insert('Szalik żółto-zielony');
  await insert('Koszulka z żółtym nadrukiem');
  await insert('Ukryty szalik próbny', { active: false });
  await insert('Archiwalny szalik próbny', { active: false, archived: true });
  await insert('Szal', { org: demoId });
  await insert('Żółty szalik rywala', { org: await orgIdOf(t.database.db, 'rywal') });
});
afterAll(() => t?.close());

describe('search', () => {
  it('finds a name with Polish letters typed without them, in the product list shape with a total', async () => {
    const r = await search('zolty szalik');
    expect(r.Produkty[0]!.Nazwa).toBe('Żółty szalik kibica');
    expect(r.Produkty[0]).toMatchObject({ Id: ids['Żółty szalik kibica'], CenaBrutto: 49.99, Zdjecie: null });
    expect(r.Liczba).toBe(r.Produkty.length);
    // The other way round too, and in any case.
    expect(await names('ŻÓŁTY SZALIK')).toContain('Żółty szalik kibica');
    expect(await names('Żółty')).toEqual(expect.arrayContaining(['Żółty szalik kibica']));
  });

  it('ranks the name that begins with the query first, then word beginnings, then typos', async () => {
    // 'Szal' is the whole name, 'Szalik …' begins with it, '… szalik …' has it as a word.
    const all = await names('szal', '&count=48');
    expect(all[0]).toBe('Szal');
    const begins = all.indexOf('Szalik żółto-zielony');
    const inside = all.indexOf('Żółty szalik kibica');
    expect(begins).toBeGreaterThan(0);
    expect(inside).toBeGreaterThan(begins);
    // A word beginning ranks before a typo match: 'zolty' begins 'Żółty …', and is one letter off
    // 'żółtym' (a typo match of 'Koszulka z żółtym nadrukiem' would be after it either way).
    const z = await names('zolty');
    expect(z[0]).toBe('Żółty szalik kibica');
  });

  it('is tolerant of one wrong, missing or extra letter in a longer word', async () => {
    expect(await names('zulty szalik')).toContain('Żółty szalik kibica'); // wrong letter
    expect(await names('zolty szalk')).toContain('Żółty szalik kibica'); // missing letter
    expect(await names('zoltty')).toContain('Żółty szalik kibica'); // extra letter
    expect(await names('koszlka nadrukeim')).toContain('Koszulka z żółtym nadrukiem'); // missing, swapped
    expect(await names('pamiatkowi proporczyk')).toEqual(['Pamiątkowy proporczyk']);
    // Two wrong letters in a short word is another word.
    expect(await names('zuxty')).toEqual([]);
    expect((await search('qqqqqq')).Liczba).toBe(0);
  });

  it('finds words in any order and as beginnings while typing', async () => {
    expect(await names('szalik zolty')).toContain('Żółty szalik kibica');
    expect(await names('szalik jedw derb')).toEqual(['Szalik jedwabny „Derby”']);
    expect(await names('pilka')).toEqual(['Piłka meczowa replika']);
  });

  it('never shows hidden or archived products, nor another club’s', async () => {
    expect(await names('szalik probny')).toEqual([]);
    expect(await names('rywala')).toEqual([]);
    expect(await names('zolty szalik', '', 'rywal')).toEqual(['Żółty szalik rywala']);
    expect(await names('szalik', '&count=48', 'rywal')).toEqual(['Szalik FC Rywal', 'Żółty szalik rywala']);
  });

  it('pages through the results with the total of every match', async () => {
    const all = await search('szalik', '&count=48');
    expect(all.Liczba).toBe(all.Produkty.length);
    expect(all.Liczba).toBeGreaterThan(5);
    const first = await search('szalik', '&offset=0&count=3');
    const second = await search('szalik', '&offset=3&count=3');
    expect(first.Liczba).toBe(all.Liczba);
    expect(second.Liczba).toBe(all.Liczba);
    expect([...first.Produkty, ...second.Produkty].map((p) => p.Id)).toEqual(
      all.Produkty.slice(0, 6).map((p) => p.Id),
    );
    // Past the end: no products, the same total.
    const past = await search('szalik', '&offset=100&count=3');
    expect(past).toEqual({ Produkty: [], Liczba: all.Liczba });
    // The suggestions' size and the default page size.
    expect((await search('szalik', '&count=6')).Produkty).toHaveLength(6);
    expect((await search('a b')).Liczba).toBeGreaterThanOrEqual(0);
  });

  it('answers a query without letters or digits with nothing', async () => {
    expect(await search('!!')).toEqual({ Produkty: [], Liczba: 0 });
    expect(await search('„” – …')).toEqual({ Produkty: [], Liczba: 0 });
  });

  it('refuses a missing, too short or too long query and a bad range in Polish', async () => {
    const refused = async (query: string, field: string, message: string) => {
      const res = await t.fetch(`${SEARCH}${query}`);
      const body = (await res.json()) as { Message: string; Fields?: Record<string, string> };
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(body.Fields?.[field] ?? body.Message).toBe(message);
    };
    await refused('', 'q', msg.searchQueryRequired);
    await refused('?q=%20%20', 'q', msg.searchQueryRequired);
    await refused('?q=a', 'q', msg.searchQueryTooShort);
    await refused(`?q=${'a'.repeat(101)}`, 'q', msg.searchQueryTooLong);
    await refused('?q=szalik&count=0', 'count', msg.offsetRange);
    await refused('?q=szalik&count=49', 'count', msg.offsetRange);
    await refused('?q=szalik&offset=-1', 'offset', msg.offsetRange);
    await refused('?q=sza%00lik', 'q', msg.invalidCharacters);
  });

  it('sees a product renamed, hidden or shown in the panel at once (cached answers are dropped)', async () => {
    await insert('Rękawiczki zimowe');
    expect(await names('rekawiczki')).toEqual(['Rękawiczki zimowe']);
    const id = ids['Rękawiczki zimowe']!;
    const status = (Status: string) =>
      manager.fetch(`${PANEL}/products/${id}/status`, { method: 'POST', json: { Status } });
    expect((await status('hidden')).status).toBe(200);
    await expect.poll(() => names('rekawiczki')).toEqual([]);
    expect((await status('active')).status).toBe(200);
    await expect.poll(() => names('rekawiczki')).toEqual(['Rękawiczki zimowe']);
    await t.database.db.execute(sql`update products set name = 'Rękawice bramkarskie' where id = ${id}`);
    await expect.poll(() => names('rekawiczki')).toEqual([]);
    expect(await names('rekawice bramkarskie')).toEqual(['Rękawice bramkarskie']);
  });
});

describe.skipIf(!existsSync(WEB_SERVER_ENTRY))('the search page past the search rate limit', () => {
  it('answers a Polish 429 page, not a 500', async () => {
    const w = await createTestApp({ rateLimits: true }, { beforeListen: mountWeb });
    try {
      const from = freshClientAddress();
      // The page's search counts against the same client's limit as its own calls to the API.
      for (let i = 0; i < SEARCH_RATE_LIMIT.max; i++) {
        const res = await rawRequest(w.url, `${SEARCH}?q=szalik`, { from, headers: { organizacja: 'demo' } });
        expect(res.status).toBe(200);
      }
      const page = await rawRequest(w.url, '/szukaj?q=szalik', { from });
      expect(page.status).toBe(429);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain('<html lang="pl"');
      expect(page.body).toContain(msg.searchTooManyRequests);
      // Another client still searches.
      const other = await rawRequest(w.url, '/szukaj?q=szalik', { from: freshClientAddress() });
      expect(other.status).toBe(200);
    } finally {
      await w.close();
    }
  });
});

describe('search at scale', () => {
  it('uses the search indexes, not a scan of the products', async () => {
    const db = t.database.db;
    await db.execute(sql`
      insert into products (organisation_id, name, price_gross, stock, active, position)
      select ${demoId}, (array['Koszulka','Szalik','Czapka','Kubek','Bluza'])[1 + g % 5] || ' model ' || g, 1000, 1, g % 10 <> 0, 1000 + g
      from generate_series(1, 20000) g`);
    await db.execute(sql`analyze products`);
    // The very query the endpoint runs (EXPLAIN of the text would say the same).
    const plan = async (q: string) => {
      const words = q.split(' ').length;
      const res = (await db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', '0.3', true)`);
        return tx.execute(sql`explain ${searchQuery(demoId, q, words, 0, 6)}`);
      })) as unknown as { rows: Record<string, string>[] };
      return res.rows.map((r) => Object.values(r)[0]).join('\n');
    };
    for (const q of ['zolty szalik', 'szalk model 1231', 'koszulka']) {
      const p = await plan(q);
      expect(p, q).toMatch(/products_search_(fts|trgm)/);
      expect(p, q).not.toMatch(/Seq Scan on products/);
    }
    const timed = async (q: string) => {
      const started = performance.now();
      const r = await search(q, '&count=6');
      console.info(
        `search '${q}' among 20,000 products: ${(performance.now() - started).toFixed(1)} ms, ${r.Liczba} found`,
      );
      return r;
    };
    expect((await timed('zolty szalik')).Produkty[0]!.Nazwa).toBe('Żółty szalik kibica');
    // g % 5 = 1: a scarf.
    expect((await timed('szalk model 1231')).Produkty[0]!.Nazwa).toBe('Szalik model 1231');
    expect((await timed('kos')).Liczba).toBeGreaterThan(1_500);
    expect((await timed('koszulka modek')).Liczba).toBeGreaterThan(1_500);
  });
});
