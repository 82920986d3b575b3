import {
  msg,
  type PanelProduct,
  type PanelProductList,
  PanelProductListSchema,
  PanelProductSchema,
  ProductSchema,
} from '@club/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orderLines, productParameters } from '../src/db/schema.ts';
import { line, loadShipping, makeCart, orderBody, orderOfCart, placeOk, S } from './fixtures/checkout.ts';
import { ticketFor } from './fixtures/orders.ts';
import { createPublished, openPanelShop, PANEL, type PanelClient, type PanelShop } from './fixtures/panel.ts';
import { DEMO_CUSTOMER } from './passwords.ts';

const P = `${PANEL}/products`;

let { t, owner, manager, rival } = {} as PanelShop;
beforeAll(async () => {
  ({ t, owner, manager, rival } = await openPanelShop());
});
afterAll(() => t?.close());

const list = async (query: string, p: PanelClient = manager): Promise<PanelProductList> => {
  const res = await p.fetch(`${P}${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return PanelProductListSchema.strict().parse(await res.json());
};
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
const update = (id: number, json: unknown, p: PanelClient = manager) =>
  p.fetch(`${P}/${id}`, { method: 'PUT', json });
const setStatus = (id: number, Status: string, p: PanelClient = manager) =>
  p.fetch(`${P}/${id}/status`, { method: 'POST', json: { Status } });
const storefront = (id: number) => t.fetch(`${S}/pokazProdukt/${id}`);
const auditOf = (id: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'product'), eq(auditLog.entityId, String(id))))
    .orderBy(auditLog.id);
const categoryId = async (name: string) => {
  const res = await manager.fetch(`${PANEL}/categories`);
  const found = ((await res.json()) as { Id: number; Nazwa: string }[]).find((c) => c.Nazwa === name);
  if (!found) throw new Error(`no category ${name}`);
  return found.Id;
};

const hoodie = (over: Record<string, unknown> = {}) => ({
  Nazwa: 'Bluza testowa z kapturem',
  Opis: 'Krótki opis',
  OpisDodatkowy:
    '<p>Ciepła <strong>bluza</strong></p><script>alert(1)</script><img src=x onerror="alert(1)">',
  CenaBrutto: 199.99,
  KategoriaId: null,
  WymagajWybraniaParametru: true,
  Parametry: [
    { Nazwa: 'M', Stan: 2 },
    { Nazwa: 'L', Stan: 0 },
  ],
  ...over,
});

describe('creating and editing a product', () => {
  it('creates a product with sizes, stock per size, sanitised rich text and the price in grosze', async () => {
    const KategoriaId = await categoryId('Bluzy i kurtki');
    const p = await ok(await create(hoodie({ KategoriaId })));
    expect(p).toMatchObject({
      Nazwa: 'Bluza testowa z kapturem',
      Opis: 'Krótki opis',
      CenaBrutto: 199.99,
      Stan: 2,
      Status: 'draft',
      KategoriaId,
      KategoriaNazwa: 'Bluzy i kurtki',
      WymagajWybraniaParametru: true,
      Zdjecie: null,
    });
    expect(p.Parametry.map((x) => [x.Nazwa, x.Stan])).toEqual([
      ['M', 2],
      ['L', 0],
    ]);
    expect(p.OpisDodatkowy).toContain('<strong>bluza</strong>');
    expect(p.OpisDodatkowy).not.toMatch(/script|onerror/);

    // A draft until published; then the storefront sees it at once, with the sold-out size marked by its stock.
    expect((await storefront(p.Id)).status).toBe(404);
    expect((await ok(await setStatus(p.Id, 'active'))).Status).toBe('active');
    const shop = ProductSchema.parse(await (await storefront(p.Id)).json());
    expect(shop.MagazynyStany).toEqual([{ Stan: 2 }]);
    expect(shop.Parametry.map((x) => [x.Nazwa, x.Stan])).toEqual([
      ['M', 2],
      ['L', 0],
    ]);
    expect(shop.CenaBrutto).toBe(199.99);

    const [entry] = await auditOf(p.Id);
    expect(entry).toMatchObject({ action: 'create', entity: 'product', userEmail: manager.user.Email });
    expect(entry!.before).toBeNull();
    expect((entry!.after as PanelProduct).Parametry).toHaveLength(2);
  });

  it('edits name, price and sizes: kept sizes keep their ids, new ones are added, left-out ones removed', async () => {
    const p = await ok(await create(hoodie({ Nazwa: 'Bluza do edycji' })));
    const [m, l] = p.Parametry;
    const edited = await ok(
      await update(p.Id, {
        ...hoodie(),
        Nazwa: 'Bluza po edycji',
        CenaBrutto: 149.5,
        OpisDodatkowy: '',
        Parametry: [
          { Id: l!.Id, Nazwa: 'L', Stan: 4 },
          { Nazwa: 'XL', Stan: 1 },
        ],
      }),
    );
    expect(edited).toMatchObject({
      Nazwa: 'Bluza po edycji',
      CenaBrutto: 149.5,
      Stan: 5,
      OpisDodatkowy: null,
    });
    expect(edited.Parametry.map((x) => [x.Nazwa, x.Stan])).toEqual([
      ['L', 4],
      ['XL', 1],
    ]);
    expect(edited.Parametry[0]!.Id).toBe(l!.Id);
    const left = await t.database.db.select().from(productParameters).where(eq(productParameters.id, m!.Id));
    expect(left).toEqual([]);

    const entries = await auditOf(p.Id);
    expect(entries.map((e) => e.action)).toEqual(['create', 'update']);
    expect((entries[1]!.before as PanelProduct).Nazwa).toBe('Bluza do edycji');
    expect((entries[1]!.after as PanelProduct).Nazwa).toBe('Bluza po edycji');
    expect(entries[1]!.userEmail).toBe(manager.user.Email);

    // Without parameters a product keeps one stock.
    const plain = await ok(
      await update(p.Id, { ...hoodie(), Parametry: [], Stan: 7, WymagajWybraniaParametru: true }),
    );
    expect(plain).toMatchObject({ Stan: 7, Parametry: [], WymagajWybraniaParametru: false });
  });

  it('refuses bad input with Polish messages and changes nothing', async () => {
    await refused(await create(hoodie({ Nazwa: '  ' })), 400, msg.panelProductNameRequired);
    await refused(await create(hoodie({ CenaBrutto: 10.999 })), 400, msg.panelProductPriceInvalid);
    await refused(await create(hoodie({ CenaBrutto: -1 })), 400, msg.panelProductPriceInvalid);
    await refused(await create(hoodie({ CenaBrutto: '10' })), 400, msg.panelProductPriceInvalid);
    await refused(
      await create(hoodie({ Parametry: [{ Nazwa: 'M', Stan: -1 }] })),
      400,
      msg.panelProductStockInvalid,
    );
    await refused(
      await create(hoodie({ Parametry: [{ Nazwa: 'M', Stan: 1.5 }] })),
      400,
      msg.panelProductStockInvalid,
    );
    await refused(
      await create(hoodie({ Parametry: [{ Nazwa: '', Stan: 1 }] })),
      400,
      msg.panelProductParameterNameRequired,
    );
    await refused(
      await create(
        hoodie({
          Parametry: [
            { Nazwa: 'M', Stan: 1 },
            { Nazwa: 'm', Stan: 1 },
          ],
        }),
      ),
      400,
      msg.panelProductParameterDuplicate,
    );
    await refused(await create(hoodie({ KategoriaId: 999999 })), 400, msg.categoryNotFound);
    // Another club's category and another product's size are refused too.
    const rivalCategory = ((await (await rival.fetch(`${PANEL}/categories`)).json()) as { Id: number }[])[0]!
      .Id;
    await refused(await create(hoodie({ KategoriaId: rivalCategory })), 400, msg.categoryNotFound);
    const p = await ok(await create(hoodie({ Nazwa: 'Bluza do odmowy' })));
    const other = await ok(await create(hoodie({ Nazwa: 'Inna bluza' })));
    await refused(
      await update(p.Id, hoodie({ Parametry: [{ Id: other.Parametry[0]!.Id, Nazwa: 'M', Stan: 9 }] })),
      400,
      msg.panelProductParameterNotFound,
    );
    expect(await ok(await manager.fetch(`${P}/${other.Id}`))).toEqual(other);
    expect(await ok(await manager.fetch(`${P}/${p.Id}`))).toEqual(p);
    await refused(await setStatus(p.Id, 'gone'), 400, msg.panelProductInvalidStatusChange);
    await refused(await manager.fetch(`${P}?status=gone`), 400, msg.panelProductInvalidStatus);
    await refused(await manager.fetch(`${P}?sort=kolor`), 400, msg.invalidSort);
    await refused(await manager.fetch(`${P}?stan=duzo`), 400, msg.panelProductInvalidStockFilter);
  });
});

describe('hide, show, archive', () => {
  it('hidden and archived products leave the storefront; orders keep their lines', async () => {
    const p = await ok(
      await createPublished(manager, hoodie({ Nazwa: 'Bluza do archiwum', WymagajWybraniaParametru: false })),
    );
    const ticket = await ticketFor(t, 'demo', DEMO_CUSTOMER.email);
    const ship = await loadShipping(t);
    const shopProduct = ProductSchema.parse(await (await storefront(p.Id)).json());
    const guid = await makeCart(t, [line(shopProduct, 1, 'M')], { ticket });
    await placeOk(t, orderBody(guid, ship('Kurier DPD'), { Platnosc: 20 }), { ticket });

    expect((await ok(await setStatus(p.Id, 'hidden'))).Status).toBe('hidden');
    expect((await storefront(p.Id)).status).toBe(404);
    expect((await ok(await setStatus(p.Id, 'active'))).Status).toBe('active');
    expect((await storefront(p.Id)).status).toBe(200);
    const archived = await ok(await setStatus(p.Id, 'archived'));
    expect(archived.Status).toBe('archived');
    expect((await storefront(p.Id)).status).toBe(404);
    const shopList = (await (await t.fetch(`${S}/getProdukty/0/100`)).json()) as { Id: number }[];
    expect(shopList.map((x) => x.Id)).not.toContain(p.Id);

    const order = (await orderOfCart(t.database.db, guid))!;
    const lines = await t.database.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    expect(lines.map((l) => [l.productId, l.productName, l.parameterName])).toEqual([
      [p.Id, 'Bluza do archiwum', 'M'],
    ]);
    // Archived products leave the panel's default list, and are found with status=archived.
    expect((await list('?q=Bluza%20do%20archiwum')).Total).toBe(0);
    expect((await list('?q=Bluza%20do%20archiwum&status=archived')).Items.map((x) => x.Id)).toEqual([p.Id]);
    expect((await auditOf(p.Id)).map((e) => e.action)).toEqual([
      'create',
      'publish',
      'status',
      'status',
      'archive',
    ]);
  });
});

describe('product list', () => {
  it('pages with a total, searches by name, filters by category, status and stock, sorts', async () => {
    const first = await list('?count=5&sort=nazwa');
    expect(first.Items).toHaveLength(5);
    const all = await list('?count=100&sort=nazwa');
    expect(first.Total).toBe(all.Total);
    expect(all.Items.map((x) => x.Nazwa)).toEqual(
      [...all.Items.map((x) => x.Nazwa)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
    );
    const second = await list('?offset=5&count=5&sort=nazwa');
    expect(second.Items.map((x) => x.Id)).toEqual(all.Items.slice(5, 10).map((x) => x.Id));

    const scarves = await list('?q=szalik&count=100');
    expect(scarves.Total).toBe(all.Items.filter((x) => /szalik/i.test(x.Nazwa)).length);
    expect(scarves.Total).toBeGreaterThanOrEqual(4);
    expect(scarves.Items.every((x) => /szalik/i.test(x.Nazwa))).toBe(true);
    // Every word typed begins a word of the name, in any case; punctuation alone matches nothing.
    expect((await list('?q=SZAL%20derb')).Items.map((x) => x.Nazwa)).toEqual(['Szalik jedwabny „Derby”']);
    expect((await list('?q=%25')).Total).toBe(0);
    expect((await list('?q=alik')).Total).toBe(0);

    const kids = await list(`?kategoria=${await categoryId('Kolekcja dziecięca')}&count=100`);
    expect(kids.Items.map((x) => x.Nazwa).sort()).toEqual([
      'Bluza dziecięca',
      'Body niemowlęce',
      'Koszulka meczowa dziecięca',
    ]);
    // A parent category includes its subcategories.
    const clothes = await list(`?kategoria=${await categoryId('Odzież')}&count=100`);
    expect(clothes.Total).toBeGreaterThan(kids.Total);

    const out = await list('?stan=out&count=100');
    expect(out.Items.length).toBeGreaterThan(0);
    expect(out.Items.every((x) => x.Stan === 0)).toBe(true);
    const low = await list('?stan=low&count=100');
    expect(low.Items.every((x) => x.Stan <= 5 || x.NiskieParametry.length > 0)).toBe(true);
    expect(low.Items.map((x) => x.Nazwa)).toContain('Szalik jedwabny „Derby”');
    const inStock = await list('?stan=in&count=1');
    expect(inStock.Total + out.Total).toBe(all.Total);

    const byPrice = await list('?sort=-cena&count=100');
    const prices = byPrice.Items.map((x) => x.CenaBrutto);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    const byStock = await list('?sort=stan&count=100');
    const stock = byStock.Items.map((x) => x.Stan);
    expect(stock).toEqual([...stock].sort((a, b) => a - b));

    const hidden = await ok(await createPublished(manager, hoodie({ Nazwa: 'Bluza ukryta w panelu' })));
    await ok(await setStatus(hidden.Id, 'hidden'));
    expect((await list('?status=hidden&count=100')).Items.map((x) => x.Id)).toContain(hidden.Id);
    expect((await list('?status=active&count=100')).Items.map((x) => x.Id)).not.toContain(hidden.Id);
    // Newest first by default.
    expect((await list('?count=1')).Items[0]!.Id).toBe(hidden.Id);
  });

  it('keeps the total a few seconds, but a change through the panel shows in the list and the total at once', async () => {
    const before = await list('?count=1');
    // Written past the API (as another server process would): the kept total does not see it yet.
    const inserted = (await t.database.db.execute(sql`
      insert into products (organisation_id, name, price_gross, stock)
      select id, 'Produkt dodany gdzie indziej', 1000, 3 from organisations where alias = 'demo'
      returning id`)) as unknown as { rows: { id: number }[] };
    const elsewhere = inserted.rows[0]!.id;
    expect(elsewhere).toBeGreaterThan(0);
    expect((await list('?count=1')).Total).toBe(before.Total);

    const made = await ok(await create(hoodie({ Nazwa: 'Bluza prosto z panelu' })));
    const after = await list('?count=1');
    expect(after.Total).toBe(before.Total + 2);
    expect(after.Items[0]!.Id).toBe(made.Id);
    // Archived, it leaves the default list's total and joins the archive's.
    const archivedBefore = (await list('?status=archived')).Total;
    await ok(await setStatus(made.Id, 'archived'));
    expect((await list('?status=archived')).Total).toBe(archivedBefore + 1);
    expect((await list('?count=1')).Total).toBe(before.Total + 1);
  });

  it('pages by keyset (`po` from `Dalej`) to the same rows as by offset, in every sort', async () => {
    for (const sort of ['nazwa', '-nazwa', 'cena', '-cena', 'stan', '-stan', 'data', '-data']) {
      const all = await list(`?count=100&sort=${sort}`);
      expect(all.Items.length).toBeLessThan(100);
      expect(all.Dalej).toBeNull();
      const walked: number[] = [];
      let page = await list(`?count=7&sort=${sort}`);
      let offset = 0;
      for (;;) {
        const byOffset = await list(`?count=7&sort=${sort}&offset=${offset}`);
        expect(
          page.Items.map((x) => x.Id),
          sort,
        ).toEqual(byOffset.Items.map((x) => x.Id));
        expect(page.Total).toBe(all.Total);
        walked.push(...page.Items.map((x) => x.Id));
        if (!page.Dalej) break;
        offset += 7;
        page = await list(`?count=7&sort=${sort}&po=${encodeURIComponent(page.Dalej)}`);
      }
      expect(walked, sort).toEqual(all.Items.map((x) => x.Id));
    }
    // With a filter, and an offset counted from the cursor.
    const low = await list('?count=100&stan=low&sort=stan');
    const firstTwo = await list('?count=2&stan=low&sort=stan');
    const skipOne = await list(`?count=2&stan=low&sort=stan&offset=1&po=${firstTwo.Dalej}`);
    expect(skipOne.Items.map((x) => x.Id)).toEqual(low.Items.slice(3, 5).map((x) => x.Id));
    // A search (one prepared statement for any words) pages by cursor too, each with its own words.
    for (const q of ['szalik', 'kosz', 'szalik']) {
      const found = await list(`?count=100&sort=nazwa&q=${q}`);
      expect(found.Items.length, q).toBeGreaterThan(2);
      const head = await list(`?count=2&sort=nazwa&q=${q}`);
      const rest = await list(`?count=100&sort=nazwa&q=${q}&po=${encodeURIComponent(head.Dalej!)}`);
      expect(
        [...head.Items, ...rest.Items].map((x) => x.Id),
        q,
      ).toEqual(found.Items.map((x) => x.Id));
    }
  });

  it('refuses a cursor it did not write, or one from another sort', async () => {
    await refused(await manager.fetch(`${P}?po=nie-kursor`), 400, msg.offsetRange);
    const byName = await list('?count=2&sort=nazwa');
    await refused(await manager.fetch(`${P}?sort=cena&po=${byName.Dalej}`), 400, msg.offsetRange);
    for (const forged of [
      ['cena', 'abc', 1],
      ['data', '2026-11-23', 1],
      ['stan', '99999999999', 1],
      ['nazwa', 'a', 0],
    ]) {
      const po = Buffer.from(JSON.stringify(forged)).toString('base64url');
      await refused(await manager.fetch(`${P}?sort=${forged[0]}&po=${po}`), 400, msg.offsetRange);
    }
  });

  it("lists only the club's own products", async () => {
    const mine = await list('?count=100');
    const theirs = await list('?count=100', rival);
    const ids = new Set(mine.Items.map((x) => x.Id));
    expect(theirs.Items.some((x) => ids.has(x.Id))).toBe(false);
    expect(theirs.Items.map((x) => x.Nazwa)).toContain('Szalik FC Rywal');
  });

  it("refuses a filter by another club's category, as by an unknown one", async () => {
    const theirs = ((await (await rival.fetch(`${PANEL}/categories`)).json()) as { Id: number }[])[0]!.Id;
    await refused(await manager.fetch(`${P}?kategoria=${theirs}`), 400, msg.categoryNotFound);
    await refused(await manager.fetch(`${P}?kategoria=2147483000`), 400, msg.categoryNotFound);
  });
});

describe('access', () => {
  it('401 without a session, 403 for a customer ticket, 404 for another club’s product', async () => {
    const p = await ok(await create(hoodie({ Nazwa: 'Bluza do dostępu' })));
    expect((await t.fetch(P)).status).toBe(401);
    expect((await t.fetch(`${P}/${p.Id}`)).status).toBe(401);
    const ticket = await ticketFor(t, 'demo', DEMO_CUSTOMER.email);
    expect((await t.fetch(P, { ticket })).status).toBe(403);
    expect(
      (await t.fetch(`${P}/${p.Id}/status`, { method: 'POST', ticket, json: { Status: 'hidden' } })).status,
    ).toBe(403);
    // The rival club's manager in the demo club's shop: 403; in their own shop, our product is unknown.
    expect((await rival.fetch(P, { org: 'demo' })).status).toBe(403);
    await refused(await rival.fetch(`${P}/${p.Id}`), 404, msg.panelProductNotFound);
    await refused(await update(p.Id, hoodie(), rival), 404, msg.panelProductNotFound);
    await refused(await setStatus(p.Id, 'archived', rival), 404, msg.panelProductNotFound);
    expect((await ok(await owner.fetch(`${P}/${p.Id}`))).Status).toBe('draft');
    expect((await auditOf(p.Id)).map((e) => e.action)).toEqual(['create']);
  });
});
