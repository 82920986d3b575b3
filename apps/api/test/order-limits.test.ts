// Strangers cannot take stock off sale: the club's quantity limits per cart line (a product may set
// its own) and per order, in the cart and again at placement; the club's settings in the panel.
import {
  type Cart,
  CartSchema,
  fillMessage,
  msg,
  ORDER_LIMIT_DEFAULTS,
  type PanelProduct,
  type PanelSettings,
  ProductSchema,
} from '@club/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, cartLines, carts, organisations } from '../src/db/schema.ts';
import * as checkout from './fixtures/checkout.ts';
import { createPublished, PANEL, type PanelClient, panelLogin } from './fixtures/panel.ts';

let shop: checkout.CheckoutShop;
let owner: PanelClient;
let rival: PanelClient;
beforeAll(async () => {
  shop = await checkout.openCheckoutShop();
  owner = await panelLogin(shop.t);
  rival = await panelLogin(shop.t, { org: 'rywal' });
});
afterAll(() => shop?.t.close());

const MUG = 'Kubek z herbem'; // 60 in stock
const KEYRING = 'Brelok metalowy'; // 80
const LANYARD = 'Smycz z herbem'; // 120
const CALENDAR = 'Kalendarz 2027'; // 50

const postLines = (guid: string, lines: unknown) =>
  shop.t.fetch(`${checkout.S}/koszyk/${guid}`, { method: 'POST', json: lines });
const cartOf = async (guid: string): Promise<Cart> =>
  CartSchema.parse(await (await shop.t.fetch(`${checkout.S}/koszyk/${guid}`)).json());
const lineLimit = (produkt: string, ile: number) =>
  fillMessage(msg.quantityAboveLineLimit, { produkt, ile: String(ile) });
const orderLimit = (ile: number) => fillMessage(msg.quantityAboveOrderLimit, { ile: String(ile) });
/** A guest paying on delivery with an address that is not theirs. */
const strangerOrder = (guid: string) =>
  checkout.orderBody(guid, shop.ship('Kurier DPD'), { Platnosc: 20, Email: 'ofiara@example.pl' });
/** Puts a cart line's quantity straight into the database (a cart filled before the limits). */
const forceQuantity = async (guid: string, quantity: number) => {
  const [cart] = await shop.t.database.db.select().from(carts).where(eq(carts.guid, guid));
  await shop.t.database.db.update(cartLines).set({ quantity }).where(eq(cartLines.cartId, cart!.id));
};
const settings = async (p: PanelClient = owner) =>
  (await (await p.fetch(`${PANEL}/settings`)).json()) as PanelSettings;

describe('the reproduction: one guest order taking a whole product off sale', () => {
  it("a guest paying on delivery with someone else's e-mail cannot take a product's whole stock", async () => {
    const mug = shop.product(MUG);
    expect(await checkout.stockOf(shop.t.database.db, mug.Id)).toBe(60);
    // The cart refuses the whole stock in one line.
    const all = await checkout.refused(await postLines('', [checkout.line(mug, 60)]), 400);
    expect(all.Message).toBe(lineLimit(MUG, ORDER_LIMIT_DEFAULTS.linePieces));
    // A cart filled before the limits existed cannot be ordered as it is.
    const guid = await checkout.makeCart(shop.t, [checkout.line(mug, 5)]);
    await forceQuantity(guid, 60);
    const orders = await checkout.countOrders(shop.t.database.db);
    expect((await checkout.refused(await checkout.place(shop.t, strangerOrder(guid)), 400)).Message).toBe(
      lineLimit(MUG, ORDER_LIMIT_DEFAULTS.linePieces),
    );
    expect(await checkout.stockOf(shop.t.database.db, mug.Id)).toBe(60);
    expect(await checkout.countOrders(shop.t.database.db)).toBe(orders);
    expect(await checkout.orderOfCart(shop.t.database.db, guid)).toBeUndefined();
  });

  it('several products up to the line limit each: the order stops at the club total', async () => {
    const full = [
      checkout.line(shop.product(MUG), 10),
      checkout.line(shop.product(KEYRING), 10),
      checkout.line(shop.product(LANYARD), 10),
    ];
    const guid = await checkout.makeCart(shop.t, full);
    const more = await checkout.refused(
      await postLines(guid, [checkout.line(shop.product(CALENDAR), 1)]),
      400,
    );
    expect(more.Message).toBe(orderLimit(ORDER_LIMIT_DEFAULTS.orderPieces));
    // 30 pieces is the limit itself: it may be ordered (held: a guest address new to the club).
    await checkout.placeOk(shop.t, strangerOrder(guid));
    expect((await checkout.orderOfCart(shop.t.database.db, guid))!.status).toBe(10);
    // Lines written past the cart's checks: placement counts again, per line and in all.
    const over = await checkout.makeCart(shop.t, [
      checkout.line(shop.product(CALENDAR), 10),
      checkout.line(shop.product(LANYARD), 10),
    ]);
    const [c] = await shop.t.database.db.select().from(carts).where(eq(carts.guid, over));
    const addLine = (name: string, quantity: number) =>
      shop.t.database.db.insert(cartLines).values({
        organisationId: c!.organisationId,
        cartId: c!.id,
        productId: shop.product(name).Id,
        parameterId: null,
        quantity,
      });
    await addLine(KEYRING, 11);
    expect((await checkout.refused(await checkout.place(shop.t, strangerOrder(over)), 400)).Message).toBe(
      lineLimit(KEYRING, ORDER_LIMIT_DEFAULTS.linePieces),
    );
    await shop.t.database.db
      .update(cartLines)
      .set({ quantity: 10 })
      .where(and(eq(cartLines.cartId, c!.id), eq(cartLines.productId, shop.product(KEYRING).Id)));
    await addLine(MUG, 1);
    expect((await checkout.refused(await checkout.place(shop.t, strangerOrder(over)), 400)).Message).toBe(
      orderLimit(30),
    );
  });
});

describe('the quantity control gets the limit', () => {
  it("a cart line's maximum is its stock, its limit and what the order's limit leaves", async () => {
    const guid = await checkout.makeCart(shop.t, [
      checkout.line(shop.product(MUG), 10),
      checkout.line(shop.product(KEYRING), 2),
    ]);
    const c = await cartOf(guid);
    expect(c.Pozycje.map((l) => [l.Produkt, l.Wyrob.Stan, l.MaksIlosc])).toEqual([
      [MUG, expect.any(Number), 10],
      [KEYRING, expect.any(Number), 10],
    ]);
    await checkout.withClubLimits(shop.t, { LimitSztukWZamowieniu: 14 }, async () => {
      const limited = await cartOf(guid);
      // 14 in all: the mugs stay at their line limit of 10, the keyrings may have 4.
      expect(limited.Pozycje.map((l) => l.MaksIlosc)).toEqual([10, 4]);
      expect(
        (await checkout.refused(await postLines(guid, [checkout.line(shop.product(KEYRING), 3)]), 400))
          .Message,
      ).toBe(orderLimit(14));
    });
    // The product page's control gets the line limit too.
    const product = ProductSchema.parse(
      await (await shop.t.fetch(`${checkout.S}/pokazProdukt/${shop.product(MUG).Id}`)).json(),
    );
    expect(product.MaksIlosc).toBe(ORDER_LIMIT_DEFAULTS.linePieces);
  });
});

describe("a product's own limit (the panel's product form)", () => {
  const create = (json: unknown) => createPublished(owner, json);
  const ticket = {
    Nazwa: 'Bilet na derby',
    Opis: 'Trybuna wschodnia',
    CenaBrutto: 40,
    KategoriaId: null,
    Stan: 200,
    Parametry: [],
  };

  it('is validated, read back, and null means the club limit', async () => {
    for (const LimitSztuk of [0, -1, 1.5, 10_001, '3']) {
      const body = await checkout.refused(await create({ ...ticket, LimitSztuk }), 400);
      expect(body.Fields, String(LimitSztuk)).toEqual({ LimitSztuk: msg.panelProductLineLimitInvalid });
    }
    const plain = (await (await create({ ...ticket, Nazwa: 'Bilet zwykły' })).json()) as PanelProduct;
    expect(plain.LimitSztuk).toBeNull();
  });

  it('is refused in the cart and at placement, also for a cart filled before it was lowered', async () => {
    const res = await create({ ...ticket, LimitSztuk: 4 });
    expect(res.status).toBe(200);
    const created = (await res.json()) as PanelProduct;
    expect(created.LimitSztuk).toBe(4);
    const shown = ProductSchema.parse(
      await (await shop.t.fetch(`${checkout.S}/pokazProdukt/${created.Id}`)).json(),
    );
    expect(shown.MaksIlosc).toBe(4);
    const one = { Id: 0, IdWyrob: created.Id, Parametr: null };
    expect((await checkout.refused(await postLines('', [{ ...one, Ilosc: 5 }]), 400)).Message).toBe(
      lineLimit('Bilet na derby', 4),
    );
    const guid = await checkout.makeCart(shop.t, [{ ...one, Ilosc: 4 }]);
    expect((await cartOf(guid)).Pozycje[0]!.MaksIlosc).toBe(4);

    // The manager lowers it to 2: the cart keeps its 4 and may come down, not up.
    const lowered = await owner.fetch(`${PANEL}/products/${created.Id}`, {
      method: 'PUT',
      json: { ...ticket, LimitSztuk: 2 },
    });
    expect(lowered.status, await lowered.clone().text()).toBe(200);
    const lineId = (await cartOf(guid)).Pozycje[0]!.Id;
    expect((await checkout.refused(await postLines(guid, [{ ...one, Ilosc: 1 }]), 400)).Message).toBe(
      lineLimit('Bilet na derby', 2),
    );
    expect((await checkout.refused(await checkout.place(shop.t, strangerOrder(guid)), 400)).Message).toBe(
      lineLimit('Bilet na derby', 2),
    );
    expect(await checkout.orderOfCart(shop.t.database.db, guid)).toBeUndefined();
    expect(await checkout.stockOf(shop.t.database.db, created.Id)).toBe(200);
    const down = await postLines(guid, [{ Id: lineId, IdWyrob: created.Id, Ilosc: 3 }]);
    expect(down.status).toBe(200);
    expect((await checkout.refused(await checkout.place(shop.t, strangerOrder(guid)), 400)).Message).toBe(
      lineLimit('Bilet na derby', 2),
    );
    expect((await postLines(guid, [{ Id: lineId, IdWyrob: created.Id, Ilosc: 2 }])).status).toBe(200);
    await checkout.placeOk(shop.t, strangerOrder(guid));
    expect(await checkout.stockOf(shop.t.database.db, created.Id)).toBe(198);
  });

  it('a product limit above the club line limit is allowed up to the order limit', async () => {
    const created = (await (
      await create({ ...ticket, Nazwa: 'Karnet rodzinny', LimitSztuk: 40 })
    ).json()) as PanelProduct;
    const shown = ProductSchema.parse(
      await (await shop.t.fetch(`${checkout.S}/pokazProdukt/${created.Id}`)).json(),
    );
    expect(shown.MaksIlosc).toBe(ORDER_LIMIT_DEFAULTS.orderPieces);
    const guid = await checkout.makeCart(shop.t, [{ Id: 0, IdWyrob: created.Id, Ilosc: 25, Parametr: null }]);
    expect((await cartOf(guid)).Pozycje[0]!.Ilosc).toBe(25);
  });
});

describe("the club's limits in the panel's settings", () => {
  it('reads the defaults, changes them audited, validates each field in Polish', async () => {
    expect(await settings()).toMatchObject({
      LimitSztukNaPozycje: 10,
      LimitSztukWZamowieniu: 30,
      PotwierdzeniePobraniaOd: 500,
      ZamowieniaNaEmailNaGodzine: 5,
      ZamowieniaNaIpNaGodzine: 10,
    });
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ LimitSztukNaPozycje: 0 }, { LimitSztukNaPozycje: msg.settingsLinePiecesInvalid }],
      [{ LimitSztukNaPozycje: 2.5 }, { LimitSztukNaPozycje: msg.settingsLinePiecesInvalid }],
      [{ LimitSztukWZamowieniu: 10_001 }, { LimitSztukWZamowieniu: msg.settingsOrderPiecesInvalid }],
      [{ LimitSztukWZamowieniu: null }, { LimitSztukWZamowieniu: msg.settingsOrderPiecesInvalid }],
      [{ PotwierdzeniePobraniaOd: -1 }, { PotwierdzeniePobraniaOd: msg.settingsCodConfirmationInvalid }],
      [{ PotwierdzeniePobraniaOd: 10.001 }, { PotwierdzeniePobraniaOd: msg.settingsCodConfirmationInvalid }],
      [{ ZamowieniaNaEmailNaGodzine: 0 }, { ZamowieniaNaEmailNaGodzine: msg.settingsOrdersPerHourInvalid }],
      [{ ZamowieniaNaIpNaGodzine: '10' }, { ZamowieniaNaIpNaGodzine: msg.settingsOrdersPerHourInvalid }],
    ];
    for (const [body, fields] of cases) {
      const res = await checkout.refused(
        await owner.fetch(`${PANEL}/settings`, { method: 'PATCH', json: body }),
        400,
      );
      expect(res.Fields, JSON.stringify(body)).toEqual(fields);
    }
    const changed = { LimitSztukNaPozycje: 3, LimitSztukWZamowieniu: 12, PotwierdzeniePobraniaOd: 250.5 };
    await checkout.withClubLimits(shop.t, changed, async () => {
      expect(await settings()).toMatchObject(changed);
      // Stored in grosze; the shop applies it at once.
      const [row] = await shop.t.database.db
        .select()
        .from(organisations)
        .where(eq(organisations.alias, 'demo'));
      expect(row).toMatchObject({
        lineQuantityLimit: 3,
        orderQuantityLimit: 12,
        codConfirmationAbove: 25050,
      });
      expect(
        (await checkout.refused(await postLines('', [checkout.line(shop.product(MUG), 4)]), 400)).Message,
      ).toBe(lineLimit(MUG, 3));
      const [entry] = (
        await shop.t.database.db
          .select()
          .from(auditLog)
          .where(eq(auditLog.entity, 'settings'))
          .orderBy(auditLog.id)
      ).slice(-1);
      expect(entry!.after).toMatchObject(changed);
    });
    expect(await settings()).toMatchObject({ LimitSztukNaPozycje: 10, PotwierdzeniePobraniaOd: 500 });
  });

  it("another club's settings and carts are untouched", async () => {
    const before = await settings(rival);
    await checkout.withClubLimits(
      shop.t,
      { LimitSztukNaPozycje: 2, ZamowieniaNaIpNaGodzine: 1 },
      async () => {
        expect(await settings(rival)).toEqual(before);
        expect(before).toMatchObject({ LimitSztukNaPozycje: 10, ZamowieniaNaIpNaGodzine: 10 });
        // The rival club's cart still takes its own default of 10 a line.
        const list = (await (
          await shop.t.fetch(`${checkout.S}/getProdukty/0/5`, { org: 'rywal' })
        ).json()) as {
          Id: number;
        }[];
        const product = ProductSchema.parse(
          await (await shop.t.fetch(`${checkout.S}/pokazProdukt/${list[0]!.Id}`, { org: 'rywal' })).json(),
        );
        expect(product.MaksIlosc).toBe(10);
      },
    );
    // A manager of the rival club changes only the rival club.
    const res = await rival.fetch(`${PANEL}/settings`, { method: 'PATCH', json: { LimitSztukNaPozycje: 7 } });
    expect(res.status).toBe(200);
    expect((await settings()).LimitSztukNaPozycje).toBe(10);
    expect((await settings(rival)).LimitSztukNaPozycje).toBe(7);
  });
});
