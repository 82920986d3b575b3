import {
  CategoryCountsSchema,
  msg,
  type PanelProduct,
  PanelProductListSchema,
  PanelProductSchema,
  PRODUCT_LOW_STOCK,
  SearchResultSchema,
} from '@club/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { auditLog } from '../src/db/schema.ts';
import { ProductList } from './fixtures/catalogue.ts';
import { changesDelivered } from './fixtures/changes.ts';
import { S } from './fixtures/checkout.ts';
import { openPanelShop, PANEL, type PanelClient, type PanelShop } from './fixtures/panel.ts';

/** A product made in the panel is a draft, out of every storefront path until it is published. */
const P = `${PANEL}/products`;

let { t, manager, rival } = {} as PanelShop;
beforeAll(async () => {
  ({ t, manager, rival } = await openPanelShop());
});
afterAll(() => t?.close());

const ok = async (res: Response): Promise<PanelProduct> => {
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return PanelProductSchema.strict().parse(JSON.parse(text));
};
const refused = async (res: Response, status: number, message: string) => {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  expect(JSON.parse(text).Message).toBe(message);
};
const create = (json: unknown, p: PanelClient = manager) => p.fetch(P, { method: 'POST', json });
const setStatus = (id: number, Status: string, p: PanelClient = manager) =>
  p.fetch(`${P}/${id}/status`, { method: 'POST', json: { Status } });
const list = async (query: string) => {
  const res = await manager.fetch(`${P}${query}`);
  expect(res.status).toBe(200);
  return PanelProductListSchema.strict().parse(await res.json());
};
const categoryId = async (name: string) => {
  const res = await manager.fetch(`${PANEL}/categories`);
  return ((await res.json()) as { Id: number; Nazwa: string }[]).find((c) => c.Nazwa === name)!.Id;
};

/** Where a shopper could meet the product: page, list, search, category count, sitemap, cart. */
const storefrontSees = async (id: number, name: string, categoryId: number) => {
  await changesDelivered(t, 'catalogue');
  const page = (await t.fetch(`${S}/pokazProdukt/${id}`)).status;
  const listed = ProductList.parse(await (await t.fetch(`${S}/getProdukty/0/100`)).json()).some(
    (p) => p.Id === id,
  );
  const found = SearchResultSchema.parse(
    await (await t.fetch(`${S}/szukaj?q=${encodeURIComponent(name)}`)).json(),
  ).Produkty.some((p) => p.Id === id);
  const counts = CategoryCountsSchema.parse(await (await t.fetch(`${S}/getiloscwyrobowdlakatalogu/`)).json());
  const files = z
    .object({ PlikiProduktow: z.number() })
    .parse(await (await t.fetch(`${S}/mapastrony`)).json()).PlikiProduktow;
  let inSitemap = false;
  for (let n = 1; n <= files; n++) {
    const ids = z.array(z.number()).parse(await (await t.fetch(`${S}/mapastrony/${n}`)).json());
    inSitemap ||= ids.includes(id);
  }
  const cart = await t.fetch(`${S}/koszyk/`, {
    method: 'POST',
    json: [{ Id: 0, IdWyrob: id, Ilosc: 1, Parametr: null }],
  });
  return { page, listed, found, count: counts[String(categoryId)], inSitemap, cart: cart.status };
};

describe('drafts', () => {
  it('a new product is a draft: the storefront cannot see or sell it until it is published', async () => {
    const cat = await categoryId('Gadżety');
    const name = 'Brelok szkicowy testowy';
    const draft = await ok(
      await create({ Nazwa: name, Opis: 'Opis', CenaBrutto: 15, KategoriaId: cat, Stan: 10 }),
    );
    expect(draft.Status).toBe('draft');

    const hidden = await storefrontSees(draft.Id, name, cat);
    expect(hidden).toMatchObject({ page: 404, listed: false, found: false, inSitemap: false, cart: 404 });
    const cartRefusal = await t.fetch(`${S}/koszyk/`, {
      method: 'POST',
      json: [{ Id: 0, IdWyrob: draft.Id, Ilosc: 1, Parametr: null }],
    });
    expect(((await cartRefusal.json()) as { Message: string }).Message).toBe(msg.productNotFound);

    // The panel's list finds it under 'Szkic', not under 'Opublikowany' or 'Ukryty'.
    expect((await list('?status=draft&count=100')).Items.map((x) => x.Id)).toContain(draft.Id);
    expect((await list('?status=active&count=100')).Items.map((x) => x.Id)).not.toContain(draft.Id);
    expect((await list('?status=hidden&count=100')).Items.map((x) => x.Id)).not.toContain(draft.Id);
    // Hiding a draft leaves it a draft; asking to make something a draft is refused.
    expect((await ok(await setStatus(draft.Id, 'hidden'))).Status).toBe('draft');
    await refused(await setStatus(draft.Id, 'draft'), 400, msg.panelProductInvalidStatusChange);

    const published = await ok(await setStatus(draft.Id, 'active'));
    expect(published.Status).toBe('active');
    const shown = await storefrontSees(draft.Id, name, cat);
    expect(shown).toMatchObject({ page: 200, listed: true, found: true, inSitemap: true, cart: 200 });
    expect(shown.count).toBe((hidden.count ?? 0) + 1);

    // Hidden after publishing is 'hidden', not a draft again; shown again it is not re-published.
    expect((await ok(await setStatus(draft.Id, 'hidden'))).Status).toBe('hidden');
    expect((await ok(await setStatus(draft.Id, 'active'))).Status).toBe('active');
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'product'), eq(auditLog.entityId, String(draft.Id))))
      .orderBy(auditLog.id);
    expect(audit.map((e) => e.action)).toEqual(['create', 'publish', 'status', 'status']);
    expect(audit[1]).toMatchObject({ userEmail: manager.user.Email });
    expect((audit[1]!.before as PanelProduct).Status).toBe('draft');
    expect((audit[1]!.after as PanelProduct).Status).toBe('active');
  });

  it('seeded products are published', async () => {
    const drafts = await list('?status=draft&count=100');
    expect(drafts.Items.every((x) => x.Nazwa !== 'Szalik jedwabny „Derby”')).toBe(true);
    expect((await list('?q=Derby')).Items[0]!.Status).toBe('active');
  });

  it("another club cannot publish, read or see a club's draft", async () => {
    const draft = await ok(await create({ Nazwa: 'Szkic cudzy', Opis: '', CenaBrutto: 10, Stan: 1 }));
    await refused(await setStatus(draft.Id, 'active', rival), 404, msg.panelProductNotFound);
    expect((await rival.fetch(`${P}/${draft.Id}`)).status).toBe(404);
    expect((await ok(await manager.fetch(`${P}/${draft.Id}`))).Status).toBe('draft');
    expect((await t.fetch(`${S}/pokazProdukt/${draft.Id}`, { org: 'rywal' })).status).toBe(404);
  });
});

describe('price above 0 zł unless free', () => {
  const scarf = (over: Record<string, unknown> = {}) => ({
    Nazwa: 'Szalik za darmo',
    Opis: '',
    CenaBrutto: 0,
    Stan: 5,
    ...over,
  });
  const fieldsOf = async (res: Response) => {
    const text = await res.text();
    expect(res.status, text).toBe(400);
    return JSON.parse(text) as { Message: string; Fields?: Record<string, string> };
  };

  it('refuses 0 zł without "Bezpłatny" and a price with it, with Polish messages on the price', async () => {
    expect(await fieldsOf(await create(scarf()))).toEqual({
      Message: msg.panelProductPriceZero,
      Fields: { CenaBrutto: msg.panelProductPriceZero },
    });
    expect(await fieldsOf(await create(scarf({ Bezplatny: false })))).toMatchObject({
      Fields: { CenaBrutto: msg.panelProductPriceZero },
    });
    expect(await fieldsOf(await create(scarf({ Bezplatny: true, CenaBrutto: 5 })))).toMatchObject({
      Fields: { CenaBrutto: msg.panelProductFreeWithPrice },
    });
    expect((await fieldsOf(await create(scarf({ Bezplatny: 'tak' })))).Message).toBe(msg.invalidRequest);
    expect((await list('?q=Szalik%20za%20darmo')).Total).toBe(0);
  });

  it('accepts 0 zł marked free, reads it back as free, and refuses an edit back to 0 without the mark', async () => {
    const free = await ok(await create(scarf({ Bezplatny: true })));
    expect(free).toMatchObject({ CenaBrutto: 0, Bezplatny: true });
    const paid = await ok(
      await manager.fetch(`${P}/${free.Id}`, { method: 'PUT', json: scarf({ CenaBrutto: 0.01 }) }),
    );
    expect(paid).toMatchObject({ CenaBrutto: 0.01, Bezplatny: false });
    expect(
      (await fieldsOf(await manager.fetch(`${P}/${free.Id}`, { method: 'PUT', json: scarf() }))).Message,
    ).toBe(msg.panelProductPriceZero);
    expect((await ok(await manager.fetch(`${P}/${free.Id}`))).CenaBrutto).toBe(0.01);
  });
});

describe('low stock per size', () => {
  it('finds products with any size at the limit or below (not only a low total), names those sizes, and matches the dashboard', async () => {
    const product = async (Nazwa: string, Parametry: { Nazwa: string; Stan: number }[], Stan = 0) =>
      ok(await create({ Nazwa, Opis: '', CenaBrutto: 20, Stan, Parametry }));
    // 42 pieces in all, but size S has 2 and XL none: low by its sizes.
    const mixed = await product('Koszulka testowa niski rozmiar', [
      { Nazwa: 'S', Stan: 2 },
      { Nazwa: 'M', Stan: 20 },
      { Nazwa: 'L', Stan: 20 },
      { Nazwa: 'XL', Stan: 0 },
    ]);
    const plenty = await product('Koszulka testowa pełny stan', [
      { Nazwa: 'S', Stan: PRODUCT_LOW_STOCK + 1 },
      { Nazwa: 'M', Stan: 30 },
    ]);
    const single = await product('Kubek niski stan', [], PRODUCT_LOW_STOCK);
    const stocked = await product('Kubek pełny stan', [], PRODUCT_LOW_STOCK + 1);

    const low = await list('?stan=low&count=100&q=Koszulka%20testowa');
    expect(low.Items.map((x) => x.Id)).toEqual([mixed.Id]);
    expect(low.Items[0]).toMatchObject({
      Stan: 42,
      NiskieParametry: [
        { Nazwa: 'S', Stan: 2 },
        { Nazwa: 'XL', Stan: 0 },
      ],
    });
    const lowIds = (await list('?stan=low&count=100')).Items.map((x) => x.Id);
    expect(lowIds).toContain(single.Id);
    expect(lowIds).not.toContain(plenty.Id);
    expect(lowIds).not.toContain(stocked.Id);
    expect((await list('?stan=low&count=1')).Total).toBe(lowIds.length);
    // Every list row says which of its sizes are low, whatever the filter.
    expect((await list('?q=Koszulka%20testowa%20pe%C5%82ny')).Items[0]!.NiskieParametry).toEqual([]);

    // The dashboard's list (cut at 20 rows) and the filter agree on which products are low.
    const dash = z
      .object({ NiskiStan: z.array(z.object({ IdWyrob: z.number(), Parametr: z.string().nullable() })) })
      .parse(await (await manager.fetch(`${PANEL}/dashboard`)).json());
    for (const row of dash.NiskiStan) expect(lowIds).toContain(row.IdWyrob);
    // Another club's filter never sees these.
    const theirs = await rival.fetch(`${P}?stan=low&count=100`);
    const theirIds = PanelProductListSchema.parse(await theirs.json()).Items.map((x) => x.Id);
    expect(theirIds).not.toContain(mixed.Id);
  });
});
