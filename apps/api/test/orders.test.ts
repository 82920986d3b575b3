import { fillMessage, formatGrosze, HistoryOrderSchema, msg, SellerSchema } from '@club/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contentPages, products, shippingOptions } from '../src/db/schema.ts';
import * as checkout from './fixtures/checkout.ts';
import { orgIdOf, otherCustomerOf, ticketFor, userOf } from './fixtures/orders.ts';
import { RIVAL_SELLER, setSeller } from './fixtures/seller.ts';
import { DEMO_CUSTOMER, RIVAL_CUSTOMER } from './passwords.ts';

let { t, product, ship, customer } = {} as checkout.CheckoutShop;
/** The club's thank-you page, naming the order by its signed token (as the online return does). */
const thankYou = () =>
  new RegExp(
    `^${t.config.publicUrl.replace(/[.]/g, '\\.')}/potwierdenie-platnosci\\?z=\\d+\\.[A-Za-z0-9_-]{32}$`,
  );
const NUMBER_RE = /^ZS\/\d{4}\/\d{6}$/;

beforeAll(async () => {
  ({ t, product, ship, customer } = await checkout.openCheckoutShop());
  // The rival club orders too here: it gets the seller data a club needs for that.
  await setSeller(t, 'rywal');
});
afterAll(() => t?.close());

const history = async (ticket: string, org = 'demo') => {
  const res = await t.fetch(`${checkout.S}/pobierzHistorieZamowien`, { ticket, org });
  expect(res.status).toBe(200);
  return z.array(HistoryOrderSchema.strict()).parse(await res.json());
};

describe('zlozZamowienie: cash on delivery for a logged-in customer', () => {
  let guid: string;
  let url: string;
  const kit = () => product('Koszulka meczowa domowa 2026/27');
  const mug = () => product('Kubek z herbem');

  beforeAll(async () => {
    guid = await checkout.makeCart(
      t,
      [checkout.line(kit(), 2, 'M'), checkout.line(kit(), 1, 'L'), checkout.line(mug(), 1)],
      {
        ticket: customer,
      },
    );
    // 920,95 zł: above the club's 500 zł, where cash on delivery waits for the buyer's
    // confirmation (order-limits.test.ts); this is the order that goes straight through.
    url = await checkout.withClubLimits(t, { PotwierdzeniePobraniaOd: 1000 }, () =>
      checkout.placeOk(
        t,
        checkout.orderBody(guid, ship('Kurier DPD'), {
          Platnosc: 20,
          DodatkoweInformacjeDostawa: 'Proszę dzwonić domofonem',
        }),
        { ticket: customer },
      ),
    );
  });

  it('answers the thank-you page of the club as plain text', () => {
    expect(url).toMatch(thankYou());
  });

  it('writes the order with a readable number, DB prices, shipping, address and payment method', async () => {
    const db = t.database.db;
    const order = (await checkout.orderOfCart(db, guid))!;
    const me = await userOf(db, 'demo', DEMO_CUSTOMER.email);
    expect(order.number).toMatch(NUMBER_RE);
    expect(order).toMatchObject({
      userId: me.id,
      status: 10,
      paymentMethod: 20,
      paymentProvider: 'cod',
      paymentUrl: url,
      itemsTotal: 3 * 28999 + 3499,
      shippingCost: 1599,
      total: 3 * 28999 + 3499 + 1599,
      shippingName: 'Kurier DPD',
      deliveryInfo: 'Proszę dzwonić domofonem',
      ...checkout.addressColumns,
      customerIp: '127.0.0.1',
      stockReturnedAt: null,
    });
    const lines = await checkout.linesOf(db, order.id);
    expect(lines.map((l) => [l.productName, l.parameterName, l.quantity, l.unitPrice])).toEqual([
      ['Koszulka meczowa domowa 2026/27', 'M', 2, 28999],
      ['Koszulka meczowa domowa 2026/27', 'L', 1, 28999],
      ['Kubek z herbem', null, 1, 3499],
    ]);
    expect(lines[0]!.parameterId).toBe(kit().Parametry.find((p) => p.Nazwa === 'M')!.Id);
  });

  it('takes the pieces from stock, summed per product', async () => {
    expect(await checkout.stockOf(t.database.db, kit().Id)).toBe(40 - 3);
    expect(await checkout.stockOf(t.database.db, mug().Id)).toBe(60 - 1);
  });

  it('empties the cart: it reads as empty and counts 0', async () => {
    const cart = (await (await t.fetch(`${checkout.S}/koszyk/${guid}`)).json()) as {
      Pozycje: { Id: number }[];
    };
    expect(cart.Pozycje).toEqual([]);
    expect(await (await t.fetch(`${checkout.S}/getkoszykilosc/${guid}`)).json()).toBe(0);
  });

  it('shows in the purchase history with number, status, date, cost incl. shipping and lines', async () => {
    const order = (await checkout.orderOfCart(t.database.db, guid))!;
    const [first] = await history(customer);
    expect(first).toMatchObject({
      Id: order.id,
      NrZamowienia: order.number,
      Status: 10,
      Koszt: (3 * 28999 + 3499 + 1599) / 100,
      IloscPozycji: 3,
    });
    expect(Date.parse(first!.DataZamowienia)).toBeGreaterThan(Date.now() - 60_000);
    expect(first!.Pozycje.map((p) => [p.Produkt, p.Ilosc, p.CenaJednBrutto, p.Wyrob?.Id])).toEqual([
      ['Koszulka meczowa domowa 2026/27 - M', 2, 289.99, kit().Id],
      ['Koszulka meczowa domowa 2026/27 - L', 1, 289.99, kit().Id],
      ['Kubek z herbem', 1, 34.99, mug().Id],
    ]);
  });

  it('e-mails the buyer a confirmation and the shop a notification', async () => {
    const order = (await checkout.orderOfCart(t.database.db, guid))!;
    // A header line of its own: the shop's notice holds `Reply-To: <buyer>` too.
    const sentTo = (m: string, to: string) => m.split(/\r?\n/).includes(`To: ${to}`);
    const buyer = await checkout.eventually(async () =>
      (await checkout.mails(t)).find((m) => sentTo(m, checkout.address.Email) && m.includes(order.number)),
    );
    expect(buyer).toContain(`Potwierdzenie zamówienia ${order.number}`);
    for (const text of [
      'Koszulka meczowa domowa 2026/27 - M',
      'Kubek z herbem',
      'Kurier DPD',
      'Proszę dzwonić domofonem',
      'Płatność przy odbiorze',
      formatGrosze(order.total),
      checkout.address.UlicaINumer,
      `${checkout.address.KodPocztowy} ${checkout.address.Miasto}`,
      checkout.address.Telefon,
    ]) {
      expect(buyer).toContain(text);
    }
    const shop = await checkout.eventually(async () =>
      (await checkout.mails(t)).find((m) => sentTo(m, 'sklep@sokol-demo.pl') && m.includes(order.number)),
    );
    expect(shop).toContain(`Nowe zamówienie ${order.number}`);
    expect(shop).toContain(`Reply-To: ${checkout.address.Email}`);
  });

  it('numbers the next order of the club one higher', async () => {
    const first = (await checkout.orderOfCart(t.database.db, guid))!;
    const next = await checkout.makeCart(t, [checkout.line(mug(), 1)]);
    await checkout.placeOk(
      t,
      checkout.orderBody(next, ship('Odbiór osobisty w sklepie klubowym'), { Platnosc: 20 }),
    );
    const second = (await checkout.orderOfCart(t.database.db, next))!;
    const n = (s: string) => Number(s.split('/')[2]);
    expect(second.number.slice(0, 8)).toBe(first.number.slice(0, 8));
    expect(n(second.number)).toBe(n(first.number) + 1);
    expect(second.shippingCost).toBe(0);
    expect(second.userId).toBeNull();
  });
});

describe('zlozZamowienie: validation', () => {
  it('an empty body: every required field, the shipping method and the cart', async () => {
    const body = await checkout.refused(await checkout.place(t, {}), 400);
    expect(body.Fields).toMatchObject({
      Nazwa: msg.required,
      UlicaINumer: msg.required,
      KodPocztowy: msg.required,
      Miasto: msg.required,
      Telefon: msg.required,
      Email: msg.required,
      SposobDostawy: msg.chooseShipping,
      Guid: msg.required,
    });
    expect(body.Message).toBe(msg.required);
  });

  it('blank fields count as missing', async () => {
    const guid = await checkout.makeCart(t, [checkout.line(product('Brelok metalowy'))]);
    const body = await checkout.refused(
      await checkout.place(t, checkout.orderBody(guid, ship('Kurier DPD'), { Nazwa: '   ', Telefon: '' })),
      400,
    );
    expect(body.Fields).toEqual({ Nazwa: msg.required, Telefon: msg.required });
  });

  it('the locker number is required for Paczkomat InPost, judged by the option in the database', async () => {
    const guid = await checkout.makeCart(t, [checkout.line(product('Brelok metalowy'))]);
    const locker = ship('Paczkomat InPost');
    const body = await checkout.refused(await checkout.place(t, checkout.orderBody(guid, locker)), 400);
    expect(body.Fields).toEqual({ DodatkoweInformacjeDostawa: msg.required });
    // A client that calls the locker something else does not get round the rule.
    const lying = await checkout.refused(
      await checkout.place(
        t,
        checkout.orderBody(guid, locker, { SposobDostawy: { Id: locker.Id, Tresc: 'Kurier', Meta: 0 } }),
      ),
      400,
    );
    expect(lying).toEqual({ Message: msg.required, Fields: { DodatkoweInformacjeDostawa: msg.required } });
    const blank = await checkout.refused(
      await checkout.place(t, checkout.orderBody(guid, locker, { DodatkoweInformacjeDostawa: '  ' })),
      400,
    );
    expect(blank.Fields).toEqual({ DodatkoweInformacjeDostawa: msg.required });
    expect(await checkout.orderOfCart(t.database.db, guid)).toBeUndefined();
    const url = await checkout.placeOk(
      t,
      checkout.orderBody(guid, locker, { Platnosc: 10, DodatkoweInformacjeDostawa: 'WAW123M' }),
    );
    expect(url).toContain('/platnosc-demo/');
    expect((await checkout.orderOfCart(t.database.db, guid))!.deliveryInfo).toBe('WAW123M');
  });

  it('cash on delivery is refused where the shipping option does not allow it', async () => {
    const guid = await checkout.makeCart(t, [checkout.line(product('Brelok metalowy'))]);
    const body = await checkout.refused(
      await checkout.place(
        t,
        checkout.orderBody(guid, ship('Paczkomat InPost'), {
          Platnosc: 20,
          DodatkoweInformacjeDostawa: 'WAW123M',
        }),
      ),
      400,
    );
    expect(body).toEqual({
      Message: msg.orderCashOnDeliveryUnavailable,
      Fields: { Platnosc: msg.orderCashOnDeliveryUnavailable },
    });
    expect(await checkout.orderOfCart(t.database.db, guid)).toBeUndefined();
  });

  it('an unknown payment method is refused', async () => {
    const guid = await checkout.makeCart(t, [checkout.line(product('Brelok metalowy'))]);
    const body = await checkout.refused(
      await checkout.place(t, checkout.orderBody(guid, ship('Kurier DPD'), { Platnosc: 30 as 10 })),
      400,
    );
    expect(body.Fields?.Platnosc).toBe(msg.invalidRequest);
  });

  it('an unknown, foreign or inactive shipping option: "Wybierz sposób dostawy"', async () => {
    const guid = await checkout.makeCart(t, [checkout.line(product('Brelok metalowy'))]);
    const expectRefused = async (Id: number) => {
      const body = await checkout.refused(
        await checkout.place(
          t,
          checkout.orderBody(guid, ship('Kurier DPD'), {
            SposobDostawy: { Id, Tresc: 'Kurier DPD', Meta: 1599 },
          }),
        ),
        400,
      );
      expect(body).toEqual({ Message: msg.chooseShipping, Fields: { SposobDostawy: msg.chooseShipping } });
    };
    await expectRefused(999_999);
    await expectRefused((await checkout.loadShipping(t, 'rywal'))('Kurier GLS').Id);
    const post = ship('Poczta Polska');
    await t.database.db.update(shippingOptions).set({ active: false }).where(eq(shippingOptions.id, post.Id));
    try {
      await expectRefused(post.Id);
    } finally {
      await t.database.db
        .update(shippingOptions)
        .set({ active: true })
        .where(eq(shippingOptions.id, post.Id));
    }
    const wrongType = await checkout.refused(
      await checkout.place(t, checkout.orderBody(guid, ship('Kurier DPD'), { SposobDostawy: null as never })),
      400,
    );
    expect(wrongType.Fields?.SposobDostawy).toBe(msg.chooseShipping);
  });

  it('an unknown cart', async () => {
    const body = await checkout.refused(
      await checkout.place(t, checkout.orderBody('2b8a4c1e-0000-4000-8000-000000000000', ship('Kurier DPD'))),
      400,
    );
    expect(body.Message).toBe(msg.orderCartNotFound);
  });

  it('an empty cart', async () => {
    const guid = await checkout.makeCart(t, [checkout.line(product('Brelok metalowy'))]);
    const cart = (await (await t.fetch(`${checkout.S}/koszyk/${guid}`)).json()) as {
      Pozycje: { Id: number }[];
    };
    expect(
      (await t.fetch(`${checkout.S}/koszyk/${guid}/${cart.Pozycje[0]!.Id}`, { method: 'DELETE' })).status,
    ).toBe(200);
    const body = await checkout.refused(
      await checkout.place(t, checkout.orderBody(guid, ship('Kurier DPD'))),
      400,
    );
    expect(body.Message).toBe(msg.orderCartEmpty);
  });

  it('an already ordered cart, sent by someone else', async () => {
    const guid = await checkout.makeCart(t, [checkout.line(product('Brelok metalowy'))]);
    await checkout.placeOk(t, checkout.orderBody(guid, ship('Kurier DPD'), { Platnosc: 20 }));
    const body = await checkout.refused(
      await checkout.place(t, checkout.orderBody(guid, ship('Kurier DPD'), { Platnosc: 20 }), {
        ticket: customer,
      }),
      409,
    );
    expect(body.Message).toBe(msg.cartOrdered);
  });

  it('not enough stock: 409 naming the product, and nothing changes', async () => {
    const db = t.database.db;
    const hat = product('Czapka zimowa z pomponem');
    const mug = product('Kubek z herbem');
    const guid = await checkout.makeCart(t, [
      checkout.line(mug, 2),
      checkout.line(hat, 1, 'Zielona'),
      checkout.line(hat, 1, 'Żółta'),
    ]);
    const mugBefore = await checkout.stockOf(db, mug.Id);
    // Each line alone fits; the two options together do not: stock is per product.
    await checkout.setStock(db, hat.Id, 1);
    const ordersBefore = await checkout.countOrders(db);
    const body = await checkout.refused(
      await checkout.place(t, checkout.orderBody(guid, ship('Kurier DPD'), { Platnosc: 20 })),
      409,
    );
    expect(body.Message).toBe(fillMessage(msg.orderNotEnoughStock, { produkt: 'Czapka zimowa z pomponem' }));
    expect(body.Message).toBe('Brak wystarczającej ilości produktu „Czapka zimowa z pomponem” na magazynie.');
    expect(await checkout.stockOf(db, hat.Id)).toBe(1);
    expect(await checkout.stockOf(db, mug.Id)).toBe(mugBefore);
    expect(await checkout.countOrders(db)).toBe(ordersBefore);
    expect(await (await t.fetch(`${checkout.S}/getkoszykilosc/${guid}`)).json()).toBe(4);
    await checkout.setStock(db, hat.Id, 2);
    await checkout.placeOk(t, checkout.orderBody(guid, ship('Kurier DPD'), { Platnosc: 20 }));
    expect(await checkout.stockOf(db, hat.Id)).toBe(0);
    expect(await checkout.stockOf(db, mug.Id)).toBe(mugBefore - 2);
  });

  it('a product that vanished from the shop: 409 naming it, nothing changes', async () => {
    const db = t.database.db;
    const flag = product('Flaga klubowa 150x90');
    const mug = product('Kubek z herbem');
    const guid = await checkout.makeCart(t, [checkout.line(mug, 1), checkout.line(flag, 1)]);
    const mugBefore = await checkout.stockOf(db, mug.Id);
    await db.update(products).set({ active: false }).where(eq(products.id, flag.Id));
    try {
      const body = await checkout.refused(
        await checkout.place(t, checkout.orderBody(guid, ship('Kurier DPD'), { Platnosc: 20 })),
        409,
      );
      expect(body.Message).toBe(fillMessage(msg.orderProductGone, { produkt: 'Flaga klubowa 150x90' }));
      expect(await checkout.stockOf(db, mug.Id)).toBe(mugBefore);
      expect(await checkout.orderOfCart(db, guid)).toBeUndefined();
    } finally {
      await db.update(products).set({ active: true }).where(eq(products.id, flag.Id));
    }
  });
});

describe('zlozZamowienie: prices come from the database only', () => {
  it('ignores shipping price, texts and line prices sent by the client', async () => {
    const db = t.database.db;
    const scarf = product('Szalik klubowy tkany');
    const guid = await checkout.makeCart(t, [checkout.line(scarf, 2)]);
    const dpd = ship('Kurier DPD');
    await checkout.placeOk(
      t,
      checkout.orderBody(guid, dpd, {
        Platnosc: 20,
        SposobDostawy: { Id: dpd.Id, Tresc: 'Odbiór osobisty w sklepie klubowym', Meta: 0 },
        CenaJednBrutto: 0.01,
        Koszt: 0.01,
        Razem: 0.01,
        Pozycje: [{ Id: 1, IdWyrob: scarf.Id, Ilosc: 2, CenaJednBrutto: 0.01 }],
      } as Record<string, unknown>),
    );
    const order = (await checkout.orderOfCart(db, guid))!;
    expect(order).toMatchObject({
      itemsTotal: 2 * 5999,
      shippingCost: 1599,
      total: 2 * 5999 + 1599,
      shippingName: 'Kurier DPD',
    });
    expect((await checkout.linesOf(db, order.id)).map((l) => l.unitPrice)).toEqual([5999]);
  });

  it('re-prices the cart at the time of the order', async () => {
    const db = t.database.db;
    const bottle = product('Bidon sportowy');
    const guid = await checkout.makeCart(t, [checkout.line(bottle, 1)]);
    await db.update(products).set({ priceGross: 2799 }).where(eq(products.id, bottle.Id));
    await checkout.placeOk(t, checkout.orderBody(guid, ship('Poczta Polska'), { Platnosc: 20 }));
    const order = (await checkout.orderOfCart(db, guid))!;
    expect(order).toMatchObject({ itemsTotal: 2799, shippingCost: 1299, total: 2799 + 1299 });
  });
});

describe('zlozZamowienie: sending the same cart twice', () => {
  it('two concurrent identical requests make one order and get the same URL (demo payment)', async () => {
    const db = t.database.db;
    const lanyard = product('Smycz z herbem');
    const before = await checkout.stockOf(db, lanyard.Id);
    const guid = await checkout.makeCart(t, [checkout.line(lanyard, 3)], { ticket: customer });
    const body = checkout.orderBody(guid, ship('Kurier DPD'));
    const [a, b] = await Promise.all([
      checkout.place(t, body, { ticket: customer }),
      checkout.place(t, body, { ticket: customer }),
    ]);
    const [ua, ub] = [await a.text(), await b.text()];
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(ua).toMatch(/\/platnosc-demo\//);
    expect(ub).toBe(ua);
    expect(await checkout.stockOf(db, lanyard.Id)).toBe(before - 3);
    const order = (await checkout.orderOfCart(db, guid))!;
    expect(order.paymentUrl).toBe(ua);
    // Later, too.
    expect(await checkout.placeOk(t, body, { ticket: customer })).toBe(ua);
    const mine = (await history(customer)).filter((o) => o.NrZamowienia === order.number);
    expect(mine).toHaveLength(1);
  });

  it('the same for cash on delivery, by a guest', async () => {
    const db = t.database.db;
    const guid = await checkout.makeCart(t, [checkout.line(product('Zestaw naklejek'), 5)]);
    const body = checkout.orderBody(guid, ship('Poczta Polska'), { Platnosc: 20 });
    const results = await Promise.all([
      checkout.place(t, body),
      checkout.place(t, body),
      checkout.place(t, body),
    ]);
    const urls = await Promise.all(results.map((r) => r.text()));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(new Set(urls).size).toBe(1);
    expect(urls[0]).toMatch(thankYou());
    expect(await checkout.stockOf(db, product('Zestaw naklejek').Id)).toBe(200 - 5);
  });
});

describe('zlozZamowienie: who may order', () => {
  it('a guest may order in the demo club (zakupy-bez-logowania = 1)', async () => {
    const guid = await checkout.makeCart(t, [checkout.line(product('Brelok metalowy'))]);
    expect(await checkout.placeOk(t, checkout.orderBody(guid, ship('Kurier DPD'), { Platnosc: 20 }))).toMatch(
      thankYou(),
    );
  });

  it('a guest is refused with 401 where the club does not allow guest orders', async () => {
    const scarf = (await checkout.loadCatalogue(t, 'rywal'))('Szalik FC Rywal');
    const gls = (await checkout.loadShipping(t, 'rywal'))('Kurier GLS');
    const guid = await checkout.makeCart(t, [checkout.line(scarf, 1)], { org: 'rywal' });
    const body = await checkout.refused(
      await checkout.place(t, checkout.orderBody(guid, gls), { org: 'rywal' }),
      401,
    );
    expect(body.Message).toBe(msg.orderLoginRequired);
    // Logged in, the same cart can be ordered; the rival club numbers with its own prefix.
    const rival = await ticketFor(t, 'rywal', RIVAL_CUSTOMER.email);
    const url = await checkout.placeOk(t, checkout.orderBody(guid, gls), { org: 'rywal', ticket: rival });
    expect(url).toContain('/platnosc-demo/');
    const order = (await checkout.orderOfCart(t.database.db, guid))!;
    expect(order.number).toMatch(/^FR\/\d{4}\/000001$/);
    expect((await history(rival, 'rywal')).map((o) => o.NrZamowienia)).toEqual([order.number]);
  });

  it('an invalid or expired ticket is a 401, not a guest order', async () => {
    const guid = await checkout.makeCart(t, [checkout.line(product('Brelok metalowy'))]);
    const body = await checkout.refused(
      await checkout.place(t, checkout.orderBody(guid, ship('Kurier DPD')), { ticket: 'x'.repeat(43) }),
      401,
    );
    expect(body.Message).toBe(msg.unauthorized);
    expect(await checkout.orderOfCart(t.database.db, guid)).toBeUndefined();
  });

  it("a customer's cart cannot be ordered by a guest or by another account", async () => {
    const guid = await checkout.makeCart(t, [checkout.line(product('Brelok metalowy'))], {
      ticket: customer,
    });
    expect(
      (await checkout.refused(await checkout.place(t, checkout.orderBody(guid, ship('Kurier DPD'))), 401))
        .Message,
    ).toBe(msg.unauthorized);
    const manager = await ticketFor(t, 'demo', (await otherCustomerOf(t.database.db, 'demo')).email);
    const other = await checkout.refused(
      await checkout.place(t, checkout.orderBody(guid, ship('Kurier DPD')), { ticket: manager }),
      400,
    );
    expect(other.Message).toBe(msg.orderCartNotFound);
    expect(await checkout.orderOfCart(t.database.db, guid)).toBeUndefined();
  });

  it('a logged-in customer may order a cart filled as a guest; it joins their history', async () => {
    const guid = await checkout.makeCart(t, [checkout.line(product('Kalendarz 2027'), 1)]);
    await checkout.placeOk(t, checkout.orderBody(guid, ship('Kurier DPD'), { Platnosc: 20 }), {
      ticket: customer,
    });
    const order = (await checkout.orderOfCart(t.database.db, guid))!;
    expect((await history(customer)).some((o) => o.NrZamowienia === order.number)).toBe(true);
  });
});

describe('zlozZamowienie: no shop without a seller', () => {
  const rivalOrder = async () => {
    const rival = await ticketFor(t, 'rywal', RIVAL_CUSTOMER.email);
    const scarf = (await checkout.loadCatalogue(t, 'rywal'))('Szalik FC Rywal');
    const gls = (await checkout.loadShipping(t, 'rywal'))('Kurier GLS');
    const guid = await checkout.makeCart(t, [checkout.line(scarf, 1)], { org: 'rywal', ticket: rival });
    return {
      scarf,
      send: () => checkout.place(t, checkout.orderBody(guid, gls), { org: 'rywal', ticket: rival }),
    };
  };
  const sellerOfRival = async () =>
    SellerSchema.parse(await (await t.fetch('/api/cms/stronyfrontend/sprzedawca', { org: 'rywal' })).json());

  afterAll(() => setSeller(t, 'rywal'));

  it('refuses every order while the seller data is missing or short of a phone, and touches no stock', async () => {
    for (const seller of [null, { ...RIVAL_SELLER, phone: '' }]) {
      await setSeller(t, 'rywal', seller);
      const { scarf, send } = await rivalOrder();
      const before = await checkout.stockOf(t.database.db, scarf.Id);
      expect((await checkout.refused(await send(), 409)).Message).toBe(msg.shopNotReady);
      expect(await checkout.stockOf(t.database.db, scarf.Id)).toBe(before);
      expect((await sellerOfRival()).Uzupelnione).toBe(false);
    }
    expect((await sellerOfRival()).Brakuje).toEqual(['telefon']);
    await setSeller(t, 'rywal');
    expect(await sellerOfRival()).toMatchObject({ Uzupelnione: true, Brakuje: [] });
    expect((await (await rivalOrder()).send()).status).toBe(200);
  });

  it('refuses orders while the terms page is empty or not yet published', async () => {
    const terms = and(
      eq(contentPages.slug, 'regulamin'),
      eq(contentPages.organisationId, await orgIdOf(t.database.db, 'rywal')),
    );
    const [page] = await t.database.db.select().from(contentPages).where(terms);
    try {
      for (const change of [{ content: '<p> </p>' }, { publishedAt: new Date(Date.now() + 86_400_000) }]) {
        await t.database.db
          .update(contentPages)
          .set({ ...page!, ...change })
          .where(terms);
        expect((await checkout.refused(await (await rivalOrder()).send(), 409)).Message).toBe(
          msg.shopNotReady,
        );
        expect((await sellerOfRival()).Brakuje).toEqual(['regulamin sklepu']);
      }
    } finally {
      await t.database.db.update(contentPages).set(page!).where(terms);
    }
    expect((await sellerOfRival()).Uzupelnione).toBe(true);
  });
});

describe('zlozZamowienie: tenant isolation', () => {
  it("a demo cart cannot be ordered in the rival club's shop", async () => {
    const db = t.database.db;
    const keyring = product('Brelok metalowy');
    const before = await checkout.stockOf(db, keyring.Id);
    const guid = await checkout.makeCart(t, [checkout.line(keyring, 1)]);
    const rival = await ticketFor(t, 'rywal', RIVAL_CUSTOMER.email);
    const gls = (await checkout.loadShipping(t, 'rywal'))('Kurier GLS');
    const body = await checkout.refused(
      await checkout.place(t, checkout.orderBody(guid, gls), { org: 'rywal', ticket: rival }),
      400,
    );
    expect(body.Message).toBe(msg.orderCartNotFound);
    expect(await checkout.stockOf(db, keyring.Id)).toBe(before);
    expect(await checkout.orderOfCart(db, guid)).toBeUndefined();
    expect(await (await t.fetch(`${checkout.S}/getkoszykilosc/${guid}`)).json()).toBe(1);
  });

  it("the demo club's shipping option cannot be used in the rival shop", async () => {
    const rival = await ticketFor(t, 'rywal', RIVAL_CUSTOMER.email);
    const scarf = (await checkout.loadCatalogue(t, 'rywal'))('Szalik FC Rywal');
    const guid = await checkout.makeCart(t, [checkout.line(scarf, 1)], { org: 'rywal', ticket: rival });
    const body = await checkout.refused(
      await checkout.place(t, checkout.orderBody(guid, ship('Kurier DPD')), { org: 'rywal', ticket: rival }),
      400,
    );
    expect(body.Message).toBe(msg.chooseShipping);
  });
});
