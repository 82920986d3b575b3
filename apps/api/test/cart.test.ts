import {
  type Cart,
  type CartLineInput,
  CartSchema,
  msg,
  ProductListItemSchema,
  ProductSchema,
} from '@club/contract';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cartLines, carts, products } from '../src/db/schema.ts';
import { CART_RETENTION_DAYS } from '../src/modules/cart/maintenance.ts';
import { loadShipping, orderBody, orderOfCart, placeOk, withClubLimits } from './fixtures/checkout.ts';
import { ticketFor, userOf } from './fixtures/orders.ts';
import { panelLogin } from './fixtures/panel.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { DEMO_CUSTOMER } from './passwords.ts';

const S = '/api/centauri/sklepyonline';
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let t: TestApp;
/** Demo products by name, with their parameters. */
const catalogue = new Map<string, z.infer<typeof ProductSchema>>();

const product = (name: string) => {
  const p = catalogue.get(name);
  if (!p) throw new Error(`no product ${name}`);
  return p;
};
/** The option as a cart line carries it (`{ Id, Nazwa }`, without the product page's `Stan`). */
const param = (name: string, option: string) => {
  const p = product(name).Parametry.find((x) => x.Nazwa === option);
  if (!p) throw new Error(`no option ${option} of ${name}`);
  return { Id: p.Id, Nazwa: p.Nazwa };
};

const post = (guid: string, lines: unknown, opts: { org?: string; ticket?: string; path?: string } = {}) =>
  t.fetch(opts.path ?? `${S}/koszyk/${guid}`, {
    method: 'POST',
    json: lines,
    org: opts.org ?? 'demo',
    ticket: opts.ticket,
  });

/** Posts lines that must be accepted; returns the cart guid. */
const add = async (
  guid: string,
  lines: CartLineInput[],
  opts: { org?: string; ticket?: string; path?: string } = {},
) => {
  const res = await post(guid, lines, opts);
  const text = await res.text();
  expect(res.status, text).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
  expect(text).toMatch(UUID_RE);
  return text;
};

/** Posts lines that must be refused with this status and message. */
const refuse = async (guid: string, lines: unknown, status: number, message: string, org = 'demo') => {
  const res = await post(guid, lines, { org });
  expect(res.status).toBe(status);
  expect(((await res.json()) as { Message: string }).Message).toBe(message);
};

const cart = async (guid: string, org = 'demo'): Promise<Cart> => {
  const res = await t.fetch(`${S}/koszyk/${guid}`, { org });
  expect(res.status).toBe(200);
  return CartSchema.strict().parse(await res.json());
};

const pieces = async (guid: string, org = 'demo') => {
  const res = await t.fetch(`${S}/getkoszykilosc/${guid}`, { org });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  return z
    .number()
    .int()
    .parse(JSON.parse(await res.text()));
};

const line = (name: string, Ilosc = 1, option?: string): CartLineInput => ({
  Id: 0,
  IdWyrob: product(name).Id,
  Ilosc,
  Parametr: option ? param(name, option) : null,
});

const setStock = (name: string, stock: number) =>
  t.database.db
    .update(products)
    .set({ stock })
    .where(eq(products.id, product(name).Id));
const setActive = (name: string, active: boolean) =>
  t.database.db
    .update(products)
    .set({ active })
    .where(eq(products.id, product(name).Id));
const cartCount = async () => (await t.database.db.select({ n: count() }).from(carts))[0]!.n;

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.fetch(`${S}/getProdukty/0/100`);
  for (const item of z.array(ProductListItemSchema).parse(await res.json())) {
    const detail = await t.fetch(`${S}/pokazProdukt/${item.Id}`);
    catalogue.set(item.Nazwa, ProductSchema.parse(await detail.json()));
  }
});
afterAll(() => t.close());

const KIT = 'Koszulka meczowa domowa 2026/27';
const RETRO = 'Koszulka retro 1979'; // stock 6
const MUG = 'Kubek z herbem'; // no parameters
const BEANIE = 'Czapka zimowa z pomponem'; // parameters, none required

describe('POST koszyk/{guid}', () => {
  it('creates a cart for an empty guid (the spec client posts to koszyk/) and answers its guid as text', async () => {
    const guid = await add('', [line(KIT, 2, 'M')]);
    const c = await cart(guid);
    expect(c.Guid).toBe(guid);
    expect(c.Pozycje).toHaveLength(1);
    const [l] = c.Pozycje;
    const kit = product(KIT);
    expect(l).toEqual({
      Id: expect.any(Number),
      Ilosc: 2,
      CenaJednBrutto: 289.99,
      Produkt: `${KIT} - M`,
      Parametr: param(KIT, 'M'),
      // The chosen size's stock is the line's maximum (40 spread over five sizes).
      Wyrob: { Id: kit.Id, Nazwa: KIT, CenaBrutto: 289.99, Zdjecie: kit.Zdjecie, Stan: 8 },
      // Within the club's limit of 10 pieces a line, the stock is what the control offers.
      MaksIlosc: 8,
    });
    expect(c.Koszt).toBe(579.98);
  });

  it('also accepts koszyk without the trailing slash', async () => {
    const guid = await add('', [line(MUG)], { path: `${S}/koszyk` });
    expect(await pieces(guid)).toBe(1);
    const res = await post('', [line(MUG)], { path: `${S}/koszyk` });
    expect(res.status).toBe(200);
    expect(await res.text()).not.toBe(guid);
  });

  it('merges a line of the same product and option, keeps other options apart, and sums the cost', async () => {
    const guid = await add('', [line(KIT, 1, 'M')]);
    expect(await add(guid, [line(KIT, 2, 'M')])).toBe(guid);
    expect(await add(guid, [line(KIT, 1, 'L'), line(MUG, 3)])).toBe(guid);
    const c = await cart(guid);
    expect(c.Pozycje.map((p) => [p.Produkt, p.Ilosc])).toEqual([
      [`${KIT} - M`, 3],
      [`${KIT} - L`, 1],
      [MUG, 3],
    ]);
    expect(c.Koszt).toBe(Math.round((4 * 289.99 + 3 * 34.99) * 100) / 100);
    expect(await pieces(guid)).toBe(7);
  });

  it('sets the quantity of an existing line when Id > 0', async () => {
    const guid = await add('', [line(KIT, 1, 'M'), line(MUG, 1)]);
    const [kitLine, mugLine] = (await cart(guid)).Pozycje;
    await add(guid, [{ Id: kitLine!.Id, IdWyrob: product(KIT).Id, Ilosc: 5, Parametr: param(KIT, 'M') }]);
    await add(guid, [{ Id: mugLine!.Id, IdWyrob: product(MUG).Id, Ilosc: 2 }]);
    const c = await cart(guid);
    expect(c.Pozycje.map((p) => [p.Id, p.Ilosc])).toEqual([
      [kitLine!.Id, 5],
      [mugLine!.Id, 2],
    ]);
  });

  it('refuses to set a line of another cart or with another product', async () => {
    const mine = await add('', [line(MUG, 1)]);
    const other = await add('', [line(MUG, 1)]);
    const otherLine = (await cart(other)).Pozycje[0]!;
    await refuse(mine, [{ Id: otherLine.Id, IdWyrob: product(MUG).Id, Ilosc: 4 }], 404, msg.cartLineNotFound);
    const myLine = (await cart(mine)).Pozycje[0]!;
    await refuse(mine, [{ Id: myLine.Id, IdWyrob: product(KIT).Id, Ilosc: 1 }], 404, msg.cartLineNotFound);
    await refuse(
      mine,
      [{ Id: 2_000_000_000, IdWyrob: product(MUG).Id, Ilosc: 1 }],
      404,
      msg.cartLineNotFound,
    );
    expect((await cart(other)).Pozycje[0]!.Ilosc).toBe(1);
    expect((await cart(mine)).Pozycje[0]!.Ilosc).toBe(1);
  });

  it('keeps each option within its own stock, and all lines of a product within the total', async () => {
    // Retro shirt: S 0, M 3, L 2, XL 1, XXL 0 (6 in all).
    const guid = await add('', [line(RETRO, 3, 'M')]);
    await refuse(guid, [line(RETRO, 1, 'M')], 400, msg.quantityAboveStock);
    // A sold-out size cannot be added while other sizes are in stock.
    await refuse(guid, [line(RETRO, 1, 'S')], 400, msg.outOfStock);
    await refuse(guid, [line(RETRO, 1, 'XXL')], 400, msg.outOfStock);
    await add(guid, [line(RETRO, 2, 'L')]);
    await refuse(guid, [line(RETRO, 1, 'L')], 400, msg.quantityAboveStock);
    await add(guid, [line(RETRO, 1, 'XL')]);
    const c = await cart(guid);
    expect(c.Pozycje.map((p) => [p.Parametr?.Nazwa, p.Ilosc, p.Wyrob.Stan])).toEqual([
      ['M', 3, 3],
      ['L', 2, 2],
      ['XL', 1, 1],
    ]);
    // Setting a line's quantity is checked against its option too.
    const mLine = c.Pozycje[0]!;
    await refuse(
      guid,
      [{ Id: mLine.Id, IdWyrob: product(RETRO).Id, Ilosc: 4, Parametr: param(RETRO, 'M') }],
      400,
      msg.quantityAboveStock,
    );
    // Options not required: a line without one is limited by the product's total (the club's
    // quantity limits raised: they are not what this checks).
    const beanie = product(BEANIE);
    expect(beanie.MagazynyStany[0]!.Stan).toBe(35);
    await withClubLimits(t, { LimitSztukNaPozycje: 100, LimitSztukWZamowieniu: 100 }, async () => {
      await refuse('', [line(BEANIE, 36)], 400, msg.quantityAboveStock);
      const hats = await add('', [line(BEANIE, 20)]);
      await refuse(hats, [line(BEANIE, 18, 'Zielona')], 400, msg.quantityAboveStock);
      expect((await cart(hats)).Pozycje[0]!.Wyrob.Stan).toBe(35);
      await refuse('', [line(MUG, 61)], 400, msg.quantityAboveStock);
    });
    await refuse('', [line('Szalik dziecięcy', 1)], 400, msg.outOfStock);
    await refuse('', [line('Koszulka bramkarska 2026/27', 1, 'M')], 400, msg.outOfStock);
  });

  it('lets a cart above stock (stock fell meanwhile) go down but not up', async () => {
    const guid = await add('', [line(MUG, 10)]);
    const id = (await cart(guid)).Pozycje[0]!.Id;
    await setStock(MUG, 4);
    try {
      await refuse(guid, [{ Id: id, IdWyrob: product(MUG).Id, Ilosc: 11 }], 400, msg.quantityAboveStock);
      await add(guid, [{ Id: id, IdWyrob: product(MUG).Id, Ilosc: 6 }]);
      await refuse(guid, [line(MUG, 1)], 400, msg.quantityAboveStock);
      await add(guid, [{ Id: id, IdWyrob: product(MUG).Id, Ilosc: 4 }]);
      expect(await pieces(guid)).toBe(4);
      await setStock(MUG, 0);
      await refuse(guid, [line(MUG, 1)], 400, msg.outOfStock);
    } finally {
      await setStock(MUG, 60);
    }
  });

  it('applies the parameter rules', async () => {
    await refuse('', [line(KIT, 1)], 400, msg.chooseParameter);
    await refuse('', [{ ...line(KIT, 1), Parametr: param(RETRO, 'M') }], 400, msg.parameterInvalid);
    await refuse('', [{ ...line(KIT, 1), Parametr: { Id: 999999, Nazwa: 'M' } }], 400, msg.parameterInvalid);
    // Optional options: none chosen is fine.
    const guid = await add('', [line(BEANIE, 1), line(BEANIE, 1, 'Żółta')]);
    // A product without options ignores one sent by the client.
    await add(guid, [{ ...line(MUG, 1), Parametr: param(KIT, 'S') }]);
    const c = await cart(guid);
    expect(c.Pozycje.map((p) => [p.Produkt, p.Parametr])).toEqual([
      [BEANIE, null],
      [`${BEANIE} - Żółta`, param(BEANIE, 'Żółta')],
      [MUG, null],
    ]);
  });

  it('refuses unknown, inactive and other clubs’ products with 404', async () => {
    await refuse('', [{ Id: 0, IdWyrob: 999999, Ilosc: 1 }], 404, msg.productNotFound);
    await refuse('', [line(MUG, 1)], 404, msg.productNotFound, 'rywal');
    const res = await t.fetch(`${S}/getProdukty/0/10`, { org: 'rywal' });
    const rivalScarf = z.array(ProductListItemSchema).parse(await res.json())[0]!;
    await refuse('', [{ Id: 0, IdWyrob: rivalScarf.Id, Ilosc: 1 }], 404, msg.productNotFound);
    await setActive(MUG, false);
    try {
      await refuse('', [line(MUG, 1)], 404, msg.productNotFound);
    } finally {
      await setActive(MUG, true);
    }
  });

  it('changes nothing when one line of a batch is wrong, and creates no cart', async () => {
    const guid = await add('', [line(MUG, 1)]);
    const before = await cart(guid);
    await refuse(guid, [line(MUG, 2), line(KIT, 1, 'S'), line(KIT, 1)], 400, msg.chooseParameter);
    await refuse(guid, [line(MUG, 2), { Id: 0, IdWyrob: 999999, Ilosc: 1 }], 404, msg.productNotFound);
    expect(await cart(guid)).toEqual(before);
    const n = await cartCount();
    await refuse('', [line(MUG, 1), line(KIT, 1)], 400, msg.chooseParameter);
    await refuse('no-such-cart', [line(MUG, 1000)], 400, msg.quantityAboveStock);
    expect(await cartCount()).toBe(n);
  });

  it('validates the body with Polish messages', async () => {
    await refuse('', [{ Id: 0, IdWyrob: product(MUG).Id, Ilosc: 0 }], 400, msg.chooseQuantity);
    await refuse('', [{ Id: 0, IdWyrob: product(MUG).Id }], 400, msg.chooseQuantity);
    await refuse('', [{ Id: 0, IdWyrob: product(MUG).Id, Ilosc: 1.5 }], 400, msg.invalidNumber);
    await refuse('', [{ Id: -1, IdWyrob: product(MUG).Id, Ilosc: 1 }], 400, msg.invalidNumber);
    await refuse('', [{ Id: 0, IdWyrob: 3_000_000_000, Ilosc: 1 }], 400, msg.productNotFound);
    await refuse(
      '',
      [{ Id: 0, IdWyrob: product(KIT).Id, Ilosc: 1, Parametr: { Id: 3_000_000_000 } }],
      400,
      msg.parameterInvalid,
    );
    await refuse('', [], 400, msg.invalidRequest);
    await refuse('', { Id: 0 }, 400, msg.invalidRequest);
    const res = await t.fetch(`${S}/koszyk/`, {
      method: 'POST',
      body: '[{',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ Message: msg.invalidJson });
  });

  it('starts a new cart for an unknown or already ordered guid', async () => {
    const fresh = await add('nie-ma-takiego', [line(MUG, 1)]);
    expect(fresh).not.toBe('nie-ma-takiego');
    const ordered = await add('', [line(MUG, 2)]);
    await t.database.db.update(carts).set({ orderedAt: new Date() }).where(eq(carts.guid, ordered));
    const next = await add(ordered, [line(MUG, 1)]);
    expect(next).not.toBe(ordered);
    expect(await pieces(next)).toBe(1);
    // An ordered cart reads as empty and cannot be changed.
    expect(await cart(ordered)).toEqual({ Guid: ordered, Koszt: 0, Pozycje: [] });
    const [row] = await t.database.db
      .select({ orderedAt: carts.orderedAt })
      .from(carts)
      .where(eq(carts.guid, ordered));
    expect(row!.orderedAt).not.toBeNull();
  });

  it('ties a new cart to the logged-in user, and a guest cart once they add to it', async () => {
    const ticket = await ticketFor(t, 'demo', DEMO_CUSTOMER.email);
    const user = await userOf(t.database.db, 'demo', DEMO_CUSTOMER.email);
    const owned = await add('', [line(MUG, 1)], { ticket });
    const ownerOf = async (guid: string) =>
      (await t.database.db.select({ userId: carts.userId }).from(carts).where(eq(carts.guid, guid)))[0]!
        .userId;
    expect(await ownerOf(owned)).toBe(user.id);
    const guest = await add('', [line(MUG, 1)]);
    expect(await ownerOf(guest)).toBeNull();
    await add(guest, [line(MUG, 1)], { ticket });
    expect(await ownerOf(guest)).toBe(user.id);
  });
});

describe('GET koszyk/{guid} and getkoszykilosc/{guid}', () => {
  it('reads an unknown guid as an empty cart with count 0', async () => {
    expect(await cart('nieznany')).toEqual({ Guid: 'nieznany', Koszt: 0, Pozycje: [] });
    expect(await pieces('nieznany')).toBe(0);
    const empty = await t.fetch(`${S}/koszyk/`);
    expect(empty.status).toBe(200);
    expect(CartSchema.parse(await empty.json())).toEqual({ Guid: '', Koszt: 0, Pozycje: [] });
    const count = await t.fetch(`${S}/getkoszykilosc/`);
    expect(count.status).toBe(200);
    expect(await count.text()).toBe('0');
  });

  it('leaves out lines of products deactivated meanwhile', async () => {
    const guid = await add('', [line(MUG, 2), line(BEANIE, 1)]);
    await setActive(MUG, false);
    try {
      const c = await cart(guid);
      expect(c.Pozycje.map((p) => p.Produkt)).toEqual([BEANIE]);
      expect(c.Koszt).toBe(69.99);
      expect(await pieces(guid)).toBe(1);
    } finally {
      await setActive(MUG, true);
    }
    expect(await pieces(guid)).toBe(3);
  });

  it('rejects a guid longer than 100 characters', async () => {
    const res = await t.fetch(`${S}/koszyk/${'a'.repeat(101)}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ Message: msg.invalidRequest });
  });
});

describe('DELETE koszyk/{guid}/{positionId}', () => {
  it('removes the line and answers the updated cart', async () => {
    const guid = await add('', [line(MUG, 2), line(KIT, 1, 'S')]);
    const [mug, kit] = (await cart(guid)).Pozycje;
    const res = await t.fetch(`${S}/koszyk/${guid}/${mug!.Id}`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    const after = CartSchema.parse(await res.json());
    expect(after.Pozycje.map((p) => p.Id)).toEqual([kit!.Id]);
    expect(after.Koszt).toBe(289.99);
    expect(await pieces(guid)).toBe(1);
    const again = await t.fetch(`${S}/koszyk/${guid}/${mug!.Id}`, { method: 'DELETE' });
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ Message: msg.cartLineNotFound });
  });

  it('does not remove a line through another cart’s guid', async () => {
    const a = await add('', [line(MUG, 1)]);
    const b = await add('', [line(MUG, 1)]);
    const lineOfA = (await cart(a)).Pozycje[0]!.Id;
    const res = await t.fetch(`${S}/koszyk/${b}/${lineOfA}`, { method: 'DELETE' });
    expect(res.status).toBe(404);
    expect(await pieces(a)).toBe(1);
    const bad = await t.fetch(`${S}/koszyk/${a}/abc`, { method: 'DELETE' });
    expect(bad.status).toBe(400);
  });
});

describe('tenant isolation', () => {
  it('never shows or changes one club’s cart from another club', async () => {
    const guid = await add('', [line(MUG, 2)]);
    const lineId = (await cart(guid)).Pozycje[0]!.Id;

    expect(await cart(guid, 'rywal')).toEqual({ Guid: guid, Koszt: 0, Pozycje: [] });
    expect(await pieces(guid, 'rywal')).toBe(0);

    const del = await t.fetch(`${S}/koszyk/${guid}/${lineId}`, { method: 'DELETE', org: 'rywal' });
    expect(del.status).toBe(404);
    expect(await del.json()).toEqual({ Message: msg.cartLineNotFound });

    // Posting to the demo guid as the rival starts a separate rival cart.
    const res = await t.fetch(`${S}/getProdukty/0/10`, { org: 'rywal' });
    const rivalScarf = z.array(ProductListItemSchema).parse(await res.json())[0]!;
    const rivalGuid = await add(guid, [{ Id: 0, IdWyrob: rivalScarf.Id, Ilosc: 1 }], { org: 'rywal' });
    expect(rivalGuid).not.toBe(guid);
    // The demo line is in neither cart as the rival sees them.
    for (const g of [rivalGuid, guid]) {
      await refuse(
        g,
        [{ Id: lineId, IdWyrob: product(MUG).Id, Ilosc: 1 }],
        404,
        msg.cartLineNotFound,
        'rywal',
      );
    }

    const demoCart = await cart(guid);
    expect(demoCart.Pozycje.map((p) => [p.Id, p.Ilosc])).toEqual([[lineId, 2]]);
    expect(await cart(rivalGuid)).toEqual({ Guid: rivalGuid, Koszt: 0, Pozycje: [] });
    expect((await cart(rivalGuid, 'rywal')).Pozycje.map((p) => p.Produkt)).toEqual(['Szalik FC Rywal']);
  });
});

describe('carts untouched for 30 days', () => {
  /** Makes the cart look last changed `days` ago. */
  const age = (guid: string, days: number) =>
    t.database.db
      .update(carts)
      .set({ updatedAt: sql`now() - ${days}::int * interval '1 day'` })
      .where(eq(carts.guid, guid));
  const exists = async (guids: string[]) =>
    (await t.database.db.select({ guid: carts.guid }).from(carts).where(inArray(carts.guid, guids)))
      .map((r) => r.guid)
      .sort();

  it('are deleted by the maintenance job with their lines; recent carts stay; orders keep their data', async () => {
    const old = await add('', [line(MUG, 1), line(BEANIE, 1)]);
    const recent = await add('', [line(MUG, 1)]);
    const almost = await add('', [line(MUG, 1)]);
    // A customer's cart, ordered long ago.
    const customer = await ticketFor(t, 'demo', DEMO_CUSTOMER.email);
    const ordered = await add('', [line(MUG, 2)], { ticket: customer });
    const ship = await loadShipping(t);
    await placeOk(t, orderBody(ordered, ship('Kurier DPD'), { Platnosc: 20 }), { ticket: customer });
    const order = (await orderOfCart(t.database.db, ordered))!;
    const owner = await panelLogin(t);
    const panelView = async () => {
      const res = await owner.fetch(`/api/panel/orders/${order.id}`);
      expect(res.status).toBe(200);
      return res.json();
    };
    const before = await panelView();

    await age(old, CART_RETENTION_DAYS + 1);
    await age(ordered, CART_RETENTION_DAYS + 5);
    await age(almost, CART_RETENTION_DAYS - 1);
    const oldCartId = (
      await t.database.db.select({ id: carts.id }).from(carts).where(eq(carts.guid, old))
    )[0]!.id;

    expect(await t.app.cartMaintenance.runOnce()).toBeGreaterThanOrEqual(2);
    expect(await exists([old, recent, almost, ordered])).toEqual([almost, recent].sort());
    expect(await t.database.db.select().from(cartLines).where(eq(cartLines.cartId, oldCartId))).toEqual([]);
    // The deleted cart reads as an empty one; adding to its guid starts a new cart.
    expect(await cart(old)).toEqual({ Guid: old, Koszt: 0, Pozycje: [] });
    expect(await add(old, [line(MUG, 1)])).not.toBe(old);
    // The order is whole: its lines, totals and history, in the panel as before.
    expect(await panelView()).toEqual(before);
    expect((await cart(recent)).Pozycje).toHaveLength(1);
    // A change keeps a cart: the almost-old one is touched and survives another pass.
    await add(almost, [line(MUG, 1)]);
    await age(almost, 0);
    await t.app.cartMaintenance.runOnce();
    expect(await exists([almost])).toEqual([almost]);
  });

  it('deletes in batches until none is left', async () => {
    const guids: string[] = [];
    for (let i = 0; i < 3; i++) guids.push(await add('', [line(MUG, 1)]));
    for (const g of guids) await age(g, CART_RETENTION_DAYS + 1);
    // Many stale carts at once, straight in the table (the API would take minutes to make them).
    const orgId = (await t.database.db.select({ o: carts.organisationId }).from(carts).limit(1))[0]!.o;
    await t.database.db.execute(sql`
      INSERT INTO carts (organisation_id, guid, updated_at)
      SELECT ${orgId}, 'stary-' || n, now() - interval '40 days' FROM generate_series(1, 1200) n`);
    expect(await t.app.cartMaintenance.runOnce()).toBe(1203);
    const [left] = await t.database.db
      .select({ n: count() })
      .from(carts)
      .where(sql`${carts.updatedAt} < now() - ${CART_RETENTION_DAYS}::int * interval '1 day'`);
    expect(left!.n).toBe(0);
  });
});
