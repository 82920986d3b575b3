import { AccountOrderDetailSchema, HistoryOrderSchema, msg, ProductListItemSchema } from '@club/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { orders, products } from '../src/db/schema.ts';
import { insertOrder, orgIdOf, otherCustomerOf, ticketFor, userOf } from './fixtures/orders.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { DEMO_CUSTOMER, RIVAL_CUSTOMER } from './passwords.ts';

const PATH = '/api/centauri/sklepyonline/pobierzHistorieZamowien';
const History = z.array(HistoryOrderSchema.strict());

let t: TestApp;
let demoTicket: string;
const items = new Map<string, z.infer<typeof ProductListItemSchema>>();
const item = (name: string) => items.get(name)!;

const history = async (ticket: string, org = 'demo') => {
  const res = await t.fetch(PATH, { ticket, org });
  expect(res.status).toBe(200);
  return History.parse(await res.json());
};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const res = await t.fetch('/api/centauri/sklepyonline/getProdukty/0/100');
  for (const p of z.array(ProductListItemSchema).parse(await res.json())) items.set(p.Nazwa, p);

  const demo = await orgIdOf(db, 'demo');
  const rival = await orgIdOf(db, 'rywal');
  const customer = await userOf(db, 'demo', DEMO_CUSTOMER.email);
  const manager = await otherCustomerOf(db, 'demo');
  const rivalCustomer = await userOf(db, 'rywal', RIVAL_CUSTOMER.email);
  const kit = item('Koszulka meczowa domowa 2026/27');
  const mug = item('Kubek z herbem');

  await insertOrder(db, {
    organisationId: demo,
    userId: customer.id,
    number: 'ZS/2026/000001',
    status: 40,
    createdAt: new Date('2026-03-01T10:00:00Z'),
    shippingCost: 1599,
    lines: [
      { productId: kit.Id, productName: kit.Nazwa, parameterName: 'M', quantity: 2, unitPrice: 27999 },
      { productId: null, productName: 'Produkt wycofany', quantity: 1, unitPrice: 1000 },
    ],
  });
  /** An order of the demo club for mugs at 34,99 zł; `more` says whose, its status, date and shipping. */
  const mugOrder = (
    number: string,
    quantity: number,
    more: Omit<Parameters<typeof insertOrder>[1], 'organisationId' | 'number' | 'lines'>,
  ) =>
    insertOrder(db, {
      organisationId: demo,
      number,
      ...more,
      lines: [{ productId: mug.Id, productName: mug.Nazwa, quantity, unitPrice: 3499 }],
    });
  await mugOrder('ZS/2026/000003', 3, {
    userId: customer.id,
    status: 20,
    createdAt: new Date('2026-05-02T18:03:00Z'),
    shippingCost: 0,
  });
  await mugOrder('ZS/2026/000002', 1, { userId: manager.id, createdAt: new Date('2026-04-01T10:00:00Z') });
  await mugOrder('ZS/2026/000004', 1, { userId: null });
  await insertOrder(db, {
    organisationId: rival,
    userId: rivalCustomer.id,
    number: 'FR/2026/000001',
    createdAt: new Date('2026-06-01T10:00:00Z'),
    shippingCost: 1899,
    lines: [{ productId: null, productName: 'Szalik FC Rywal', quantity: 1, unitPrice: 4999 }],
  });
  demoTicket = await ticketFor(t, 'demo', DEMO_CUSTOMER.email);
});
afterAll(() => t.close());

describe('pobierzHistorieZamowien', () => {
  it('needs a logged-in user', async () => {
    for (const init of [{}, { ticket: 'nieprawidlowy-bilet-123' }]) {
      const res = await t.fetch(PATH, init);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ Message: msg.unauthorized });
    }
  });

  it('lists the user’s own orders, newest first, in the contract’s shape', async () => {
    const orders = await history(demoTicket);
    expect(orders.map((o) => o.NrZamowienia)).toEqual(['ZS/2026/000003', 'ZS/2026/000001']);
    const kit = item('Koszulka meczowa domowa 2026/27');
    const mug = item('Kubek z herbem');
    expect(orders[0]).toEqual({
      Id: expect.any(Number),
      NrZamowienia: 'ZS/2026/000003',
      Status: 20,
      DataZamowienia: '2026-05-02T18:03:00.000Z',
      Koszt: 104.97,
      IloscPozycji: 1,
      // A paid order ('Do realizacji') offers no new payment.
      PonowPlatnosc: null,
      Pozycje: [
        {
          Wyrob: { Id: mug.Id, Nazwa: mug.Nazwa, Zdjecie: mug.Zdjecie },
          Produkt: mug.Nazwa,
          Ilosc: 3,
          CenaJednBrutto: 34.99,
        },
      ],
    });
    expect(orders[1]).toMatchObject({
      Status: 40,
      DataZamowienia: '2026-03-01T10:00:00.000Z',
      // 2 × 279.99 + 10.00, plus 15.99 shipping.
      Koszt: 585.97,
      IloscPozycji: 2,
      Pozycje: [
        // Bought at the price of the day, under the name of the day.
        {
          Wyrob: { Id: kit.Id, Nazwa: kit.Nazwa, Zdjecie: kit.Zdjecie },
          Produkt: `${kit.Nazwa} - M`,
          Ilosc: 2,
          CenaJednBrutto: 279.99,
        },
        { Wyrob: null, Produkt: 'Produkt wycofany', Ilosc: 1, CenaJednBrutto: 10 },
      ],
    });
  });

  it('shows Wyrob null once the product is deleted, and its current name after a rename', async () => {
    const db = t.database.db;
    const customer = await userOf(db, 'demo', DEMO_CUSTOMER.email);
    const [temp] = await db
      .insert(products)
      .values({
        organisationId: customer.organisationId,
        name: 'Produkt tymczasowy',
        priceGross: 500,
        stock: 1,
      })
      .returning({ id: products.id });
    await insertOrder(db, {
      organisationId: customer.organisationId,
      userId: customer.id,
      number: 'ZS/2026/000099',
      createdAt: new Date('2026-07-01T00:00:00Z'),
      lines: [{ productId: temp!.id, productName: 'Produkt tymczasowy', quantity: 1, unitPrice: 500 }],
    });
    await db.update(products).set({ name: 'Nowa nazwa' }).where(eq(products.id, temp!.id));
    let [latest] = await history(demoTicket);
    expect(latest!.Pozycje[0]).toMatchObject({
      Wyrob: { Id: temp!.id, Nazwa: 'Nowa nazwa', Zdjecie: null },
      Produkt: 'Produkt tymczasowy',
    });
    await db.delete(products).where(eq(products.id, temp!.id));
    [latest] = await history(demoTicket);
    expect(latest!.NrZamowienia).toBe('ZS/2026/000099');
    expect(latest!.Pozycje).toEqual([
      { Wyrob: null, Produkt: 'Produkt tymczasowy', Ilosc: 1, CenaJednBrutto: 5 },
    ]);
  });

  it('shows another user of the same club only their own orders', async () => {
    const orders = await history(
      await ticketFor(t, 'demo', (await otherCustomerOf(t.database.db, 'demo')).email),
    );
    expect(orders.map((o) => o.NrZamowienia)).toEqual(['ZS/2026/000002']);
  });

  it('never shows another club’s orders', async () => {
    const rivalTicket = await ticketFor(t, 'rywal', RIVAL_CUSTOMER.email);
    const orders = await history(rivalTicket, 'rywal');
    expect(orders.map((o) => o.NrZamowienia)).toEqual(['FR/2026/000001']);
    expect(orders[0]).toMatchObject({ Koszt: 68.98, IloscPozycji: 1 });
    // A ticket is bound to its club: the rival's ticket means nothing to the demo shop, and back.
    expect((await t.fetch(PATH, { ticket: rivalTicket, org: 'demo' })).status).toBe(401);
    expect((await t.fetch(PATH, { ticket: demoTicket, org: 'rywal' })).status).toBe(401);
  });

  it('answers [] for a user without orders', async () => {
    const fresh = await otherCustomerOf(t.database.db, 'rywal');
    expect(await history(await ticketFor(t, 'rywal', fresh.email), 'rywal')).toEqual([]);
  });

  it('gives a staff account’s ticket nothing: staff are no storefront customers', async () => {
    expect(
      (await t.fetch(PATH, { ticket: await ticketFor(t, 'rywal', 'kierownik@fc-rywal.pl'), org: 'rywal' }))
        .status,
    ).toBe(401);
  });
});

describe('zamowienie/:id, one order of the account opened', () => {
  const detailPath = (id: number) => `/api/centauri/sklepyonline/zamowienie/${id}`;
  const idOf = async (number: string) =>
    (await history(demoTicket)).find((o) => o.NrZamowienia === number)!.Id;

  it('shows the buyer the delivery, address and payment state of their own order', async () => {
    const res = await t.fetch(detailPath(await idOf('ZS/2026/000001')), { ticket: demoTicket });
    expect(res.status).toBe(200);
    expect(AccountOrderDetailSchema.strict().parse(await res.json())).toEqual({
      Id: expect.any(Number),
      NrZamowienia: 'ZS/2026/000001',
      Dostawa: { Nazwa: 'Kurier DPD', Koszt: 15.99, Informacje: null },
      WartoscProduktow: 569.98,
      Rabaty: [],
      Platnosc: { Metoda: 'PayU', Stan: 'Oczekuje na płatność', Oplacone: false },
      Adres: {
        ImieNazwisko: 'Jan Kibic',
        Ulica: 'ul. Stadionowa 1',
        KodPocztowy: '00-001',
        Miasto: 'Warszawa',
        Telefon: '600700800',
        Email: 'kibic@example.pl',
      },
      Firma: null,
      Przesylka: null,
      Zwroty: [],
      WymianaDo: null,
    });
  });

  it("is not found for another user's order, a guest order or another club's, and needs a login", async () => {
    const db = t.database.db;
    const others = await Promise.all(
      ['ZS/2026/000002', 'ZS/2026/000004'].map(async (number) => {
        const [o] = await db.select({ id: orders.id }).from(orders).where(eq(orders.number, number));
        return o!.id;
      }),
    );
    for (const id of others) {
      const res = await t.fetch(detailPath(id), { ticket: demoTicket });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ Message: msg.orderNotFound });
    }
    const own = await idOf('ZS/2026/000001');
    const rivalTicket = await ticketFor(t, 'rywal', RIVAL_CUSTOMER.email);
    expect((await t.fetch(detailPath(own), { ticket: rivalTicket, org: 'rywal' })).status).toBe(404);
    expect((await t.fetch(detailPath(own))).status).toBe(401);
    for (const bad of ['0', '-1', 'abc', '99999999999']) {
      const res = await t.fetch(`/api/centauri/sklepyonline/zamowienie/${bad}`, { ticket: demoTicket });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ Message: msg.orderNotFound });
    }
  });
});
