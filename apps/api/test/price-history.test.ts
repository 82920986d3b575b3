import { type PanelProduct, ProductListItemSchema, ProductSchema } from '@club/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { organisations, productPrices } from '../src/db/schema.ts';
import { S } from './fixtures/checkout.ts';
import { createPublished, PANEL, type PanelClient, panelLogin } from './fixtures/panel.ts';
import { createTestApp, type TestApp } from './harness.ts';

const P = `${PANEL}/products`;
const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
let manager: PanelClient;
let rival: PanelClient;
beforeAll(async () => {
  t = await createTestApp();
  manager = await panelLogin(t, { role: 'manager' });
  rival = await panelLogin(t, { org: 'rywal' });
});
afterAll(() => t?.close());

const list = async (org = 'demo') =>
  z
    .array(ProductListItemSchema.strict())
    .parse(await (await t.fetch(`${S}/getProdukty/0/100`, { org })).json());
const detail = async (id: number, org = 'demo') => {
  const res = await t.fetch(`${S}/pokazProdukt/${id}`, { org });
  expect(res.status).toBe(200);
  return ProductSchema.strict().parse(await res.json());
};
const saved = async (res: Response): Promise<PanelProduct> => {
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return JSON.parse(text);
};
const product = (over: Record<string, unknown> = {}) => ({
  Nazwa: 'Szalik testowy Omnibus',
  Opis: '',
  CenaBrutto: 110,
  KategoriaId: null,
  Stan: 5,
  Parametry: [],
  ...over,
});
const setPrice = (p: PanelProduct, CenaBrutto: number, client = manager) =>
  client.fetch(`${P}/${p.Id}`, { method: 'PUT', json: product({ Nazwa: p.Nazwa, CenaBrutto }) });
const orgId = async (alias: string) =>
  (
    await t.database.db
      .select({ id: organisations.id })
      .from(organisations)
      .where(eq(organisations.alias, alias))
  )[0]!.id;
const history = (productId: number) =>
  t.database.db
    .select()
    .from(productPrices)
    .where(eq(productPrices.productId, productId))
    .orderBy(asc(productPrices.validFrom), asc(productPrices.id));
/** Back-dates a product's history: what a shop that has sold it for months would have. */
const backdate = async (
  productId: number,
  organisationId: number,
  prices: [daysAgo: number, zl: number][],
) => {
  await t.database.db
    .update(productPrices)
    .set({ validFrom: sql`now() - interval '10 days'` })
    .where(eq(productPrices.productId, productId));
  await t.database.db.insert(productPrices).values(
    prices.map(([daysAgo, zl]) => ({
      organisationId,
      productId,
      priceGross: Math.round(zl * 100),
      validFrom: new Date(Date.now() - daysAgo * DAY),
    })),
  );
};

describe('Omnibus: the lowest price of the 30 days before a cut', () => {
  it('shows the seeded cuts in the list and on the product page, nothing for other products', async () => {
    const items = await list();
    const byName = (n: string) => items.find((p) => p.Nazwa === n)!;
    // 249,99 (45 days ago) → 199,99 (20 days ago) → 149,99: the lowest of the 30 days before is 199,99.
    expect(byName('Koszulka meczowa 2025/26 (wyprzedaż)')).toMatchObject({
      CenaBrutto: 149.99,
      NajnizszaCena30Dni: 199.99,
    });
    // 24,99 ninety days ago is older than the window and does not count.
    expect(byName('Szalik sezonu 2025/26')).toMatchObject({ CenaBrutto: 29.99, NajnizszaCena30Dni: 49.99 });
    expect(byName('Koszulka meczowa domowa 2026/27').NajnizszaCena30Dni).toBeNull();
    expect(items.filter((p) => p.NajnizszaCena30Dni !== null)).toHaveLength(2);
    const shirt = byName('Koszulka meczowa 2025/26 (wyprzedaż)');
    expect((await detail(shirt.Id)).NajnizszaCena30Dni).toBe(199.99);
    expect((await detail(byName('Kubek z herbem').Id)).NajnizszaCena30Dni).toBeNull();
  });

  it('a new product has no cut; a cut within its first days compares with its first price', async () => {
    const p = await saved(await createPublished(manager, product({ Nazwa: 'Nowość Omnibus' })));
    expect((await detail(p.Id)).NajnizszaCena30Dni).toBeNull();
    expect(await history(p.Id)).toMatchObject([{ priceGross: 11000, organisationId: await orgId('demo') }]);
    await saved(await setPrice(p, 80));
    expect(await detail(p.Id)).toMatchObject({ CenaBrutto: 80, NajnizszaCena30Dni: 110 });
  });

  it('takes the lowest over several changes, ignores older ones, clears on a rise', async () => {
    const demo = await orgId('demo');
    const p = await saved(await createPublished(manager, product()));
    // 50 zł sixty days ago (too old), 100 zł from 40 days ago (in effect when the window opened),
    // 90 zł 20 days ago, 110 zł (the current price) 10 days ago.
    await backdate(p.Id, demo, [
      [60, 50],
      [40, 100],
      [20, 90],
    ]);
    await saved(await setPrice(p, 70));
    expect(await detail(p.Id)).toMatchObject({ CenaBrutto: 70, NajnizszaCena30Dni: 90 });
    expect((await list()).find((x) => x.Id === p.Id)?.NajnizszaCena30Dni).toBe(90);

    // A rise is no cut: nothing to show.
    await saved(await setPrice(p, 75));
    expect((await detail(p.Id)).NajnizszaCena30Dni).toBeNull();

    // The next cut looks back from its own moment: 70 zł a moment ago is now the lowest.
    await saved(await setPrice(p, 60));
    expect((await detail(p.Id)).NajnizszaCena30Dni).toBe(70);

    // Saving without a price change records nothing and keeps the figure.
    const before = (await history(p.Id)).length;
    await saved(
      await manager.fetch(`${P}/${p.Id}`, {
        method: 'PUT',
        json: product({ Nazwa: 'Szalik testowy Omnibus (nowa nazwa)', CenaBrutto: 60 }),
      }),
    );
    expect(await history(p.Id)).toHaveLength(before);
    expect((await detail(p.Id)).NajnizszaCena30Dni).toBe(70);
    expect((await history(p.Id)).map((h) => h.priceGross)).toEqual([
      5000, 10000, 9000, 11000, 7000, 7500, 6000,
    ]);
  });

  it('keeps clubs apart: another club cannot change the price, its rows never count', async () => {
    const demo = await orgId('demo');
    const rywal = await orgId('rywal');
    const p = await saved(await createPublished(manager, product({ Nazwa: 'Omnibus izolacja' })));
    expect((await setPrice(p, 1, rival)).status).toBe(404);
    expect((await history(p.Id)).map((h) => h.priceGross)).toEqual([11000]);
    // A row that names this product but belongs to another club (never written by the shop):
    // the lowest price must not read it.
    await t.database.db.insert(productPrices).values({
      organisationId: rywal,
      productId: p.Id,
      priceGross: 100,
      validFrom: new Date(Date.now() - DAY),
    });
    await saved(await setPrice(p, 99));
    expect((await detail(p.Id)).NajnizszaCena30Dni).toBe(110);
    // The product is not in the other club's shop at all; its own products have no cut.
    expect((await t.fetch(`${S}/pokazProdukt/${p.Id}`, { org: 'rywal' })).status).toBe(404);
    expect((await list('rywal')).every((x) => x.NajnizszaCena30Dni === null)).toBe(true);
    const own = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(productPrices)
      .where(and(eq(productPrices.productId, p.Id), eq(productPrices.organisationId, demo)));
    expect(own[0]!.n).toBe(2);
  });
});
