import { msg, OrderStatus, PRODUCT_LOW_STOCK } from '@club/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  orders,
  productParameters,
  products,
  sessions,
  users,
  userTokens,
} from '../src/db/schema.ts';
import { json, refused } from './fixtures/checkout.ts';
import { insertOrder, orgIdOf, userOf } from './fixtures/orders.ts';
import { openPanelShop, PANEL, type PanelClient, type PanelShop, panelHeaders } from './fixtures/panel.ts';
import { login } from './harness.ts';
import { DEMO_CUSTOMER } from './passwords.ts';

type Customer = {
  Id: number;
  Imie: string;
  Nazwisko: string;
  Email: string;
  Zanonimizowany: boolean;
  LiczbaZamowien: number;
  DataAnonimizacji: string | null;
  Adres: { Nazwa: string; Miasto: string; Telefon: string };
  Zamowienia: { Id: number; Numer: string; Kwota: number }[];
};
type Dashboard = {
  Dzis: { Zamowienia: number; Przychod: number };
  Miesiac: { Zamowienia: number; Przychod: number };
  DoObsluzenia: { Liczba: number; Zamowienia: { Id: number }[] };
  ProgNiskiegoStanu: number;
  NiskiStan: { IdWyrob: number; Nazwa: string; Parametr: string | null; Stan: number }[];
};

const CUSTOMERS = `${PANEL}/customers`;

describe('panel: customers and dashboard', () => {
  let { t, owner, manager, rival } = {} as PanelShop;
  let demoId: number;

  beforeAll(async () => {
    ({ t, owner, manager, rival } = await openPanelShop());
    demoId = await orgIdOf(t.database.db, 'demo');
  });
  afterAll(() => t?.close());

  it('lists and searches customers (not staff), pages, refuses bad input', async () => {
    const list = await json<{ Items: Customer[]; Total: number }>(
      await manager.fetch(`${CUSTOMERS}?count=100`),
    );
    expect(list.Items.map((c) => c.Email)).toContain(DEMO_CUSTOMER.email);
    expect(list.Items.map((c) => c.Email)).not.toContain(owner.user.Email);
    expect(list.Total).toBe(list.Items.length);
    const found = await json<{ Items: Customer[]; Total: number }>(
      await owner.fetch(`${CUSTOMERS}?q=KIBIC@sokol`),
    );
    expect(found.Items.map((c) => c.Email)).toEqual([DEMO_CUSTOMER.email]);
    expect((await json<{ Total: number }>(await owner.fetch(`${CUSTOMERS}?q=nikt-taki`))).Total).toBe(0);
    // The other club's customers are not there.
    expect((await json<{ Total: number }>(await owner.fetch(`${CUSTOMERS}?q=fc-rywal`))).Total).toBe(0);
    const page = await json<{ Items: Customer[]; Total: number }>(
      await owner.fetch(`${CUSTOMERS}?offset=0&count=1&sort=email`),
    );
    expect(page.Items).toHaveLength(1);
    expect((await refused(await owner.fetch(`${CUSTOMERS}?sort=wiek`), 400)).Message).toBe(msg.invalidSort);
    expect((await refused(await owner.fetch(`${CUSTOMERS}?offset=-1`), 400)).Message).toBe(msg.offsetRange);
    expect((await refused(await owner.fetch(`${CUSTOMERS}/999999`), 404)).Message).toBe(
      msg.panelCustomerNotFound,
    );
    // Staff accounts are not customers.
    expect((await refused(await owner.fetch(`${CUSTOMERS}/${owner.user.Id}`), 404)).Message).toBe(
      msg.panelCustomerNotFound,
    );
    const customer = await userOf(t.database.db, 'demo', DEMO_CUSTOMER.email);
    await refused(await rival.fetch(`${CUSTOMERS}/${customer.id}`, { org: 'demo' }), 403);
    await refused(await rival.fetch(`${CUSTOMERS}/${customer.id}`), 404);
    await refused(
      await rival.fetch(`${CUSTOMERS}/${customer.id}/anonymise`, { method: 'POST', org: 'demo' }),
      403,
    );
    await refused(
      await t.fetch(`${CUSTOMERS}/${customer.id}/anonymise`, {
        method: 'POST',
        headers: panelHeaders(undefined, 'x'.repeat(24)),
      }),
      401,
    );
  });

  it('anonymises a customer on request: personal data gone, orders kept, audited, once', async () => {
    const customer = await userOf(t.database.db, 'demo', DEMO_CUSTOMER.email);
    await t.database.db
      .update(users)
      .set({ addressName: 'Jan Kibic', addressCity: 'Gdańsk', addressPhone: '600100200' })
      .where(eq(users.id, customer.id));
    const ticket = await login(t, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    const order = await insertOrder(t.database.db, {
      organisationId: demoId,
      userId: customer.id,
      number: 'ZS/2026/800001',
      lines: [{ productId: null, productName: 'Szalik', quantity: 1, unitPrice: 5999 }],
    });
    await t.database.db.insert(userTokens).values({
      organisationId: demoId,
      userId: customer.id,
      kind: 'reset',
      tokenHash: 'x'.repeat(64),
      expiresAt: new Date(Date.now() + 3600_000),
    });

    const before = await json<Customer>(await owner.fetch(`${CUSTOMERS}/${customer.id}`));
    expect(before).toMatchObject({
      Email: DEMO_CUSTOMER.email,
      Zanonimizowany: false,
      Adres: { Miasto: 'Gdańsk' },
    });
    expect(before.Zamowienia.map((o) => o.Numer)).toContain('ZS/2026/800001');
    expect(before.LiczbaZamowien).toBe(before.Zamowienia.length);

    const after = await json<Customer>(
      await manager.fetch(`${CUSTOMERS}/${customer.id}/anonymise`, { method: 'POST' }),
    );
    expect(after.Zanonimizowany).toBe(true);
    expect(after.DataAnonimizacji).not.toBeNull();
    expect(after.Email).toMatch(new RegExp(`^anonim-${customer.id}-[0-9a-f]{12}@anonimizacja\\.invalid$`));
    expect(after).toMatchObject({
      Imie: 'Anonim',
      Nazwisko: '',
      Adres: { Nazwa: '', Miasto: '', Telefon: '' },
    });
    // The orders stay, as they were (accounting).
    expect(after.Zamowienia.map((o) => o.Id)).toEqual(before.Zamowienia.map((o) => o.Id));
    const [kept] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(kept).toMatchObject({ userId: customer.id, name: 'Jan Kibic', email: 'kibic@example.pl' });

    // Sessions revoked, links deleted, the old password no longer logs in.
    const live = await t.database.db.select().from(sessions).where(eq(sessions.userId, customer.id));
    expect(live.every((s) => s.revokedAt !== null)).toBe(true);
    expect(await t.database.db.select().from(userTokens).where(eq(userTokens.userId, customer.id))).toEqual(
      [],
    );
    expect((await t.fetch('/api/centauri/sklepyonline/getadres', { ticket })).status).toBe(401);
    const relogin = await t.fetch('/api/andromeda/kontopanel/login', {
      method: 'POST',
      json: { Login: DEMO_CUSTOMER.email, Password: DEMO_CUSTOMER.password },
    });
    expect(relogin.status).not.toBe(200);
    await relogin.text();

    // Audited without the personal data.
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'customer'), eq(auditLog.entityId, String(customer.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'anonymise', userEmail: manager.user.Email });
    expect(JSON.stringify(audit[0])).not.toContain(DEMO_CUSTOMER.email);

    expect(
      (await refused(await owner.fetch(`${CUSTOMERS}/${customer.id}/anonymise`, { method: 'POST' }), 409))
        .Message,
    ).toBe(msg.panelCustomerAlreadyAnonymised);
    const found = await json<{ Total: number }>(
      await owner.fetch(`${CUSTOMERS}?q=${encodeURIComponent(DEMO_CUSTOMER.email)}`),
    );
    expect(found.Total).toBe(0);
  });

  it('dashboard: today’s and this month’s orders and revenue, orders waiting, low stock', async () => {
    const read = async (c: PanelClient = owner) => json<Dashboard>(await c.fetch(`${PANEL}/dashboard`));
    const start = await read();
    const now = new Date();
    const line = (unitPrice: number) => [{ productId: null, productName: 'X', quantity: 1, unitPrice }];
    // Today: 100.00 + 15.99 shipping; 200.00 + 15.99 'Do realizacji'; a cancelled one (excluded).
    const a = await insertOrder(t.database.db, {
      organisationId: demoId,
      userId: null,
      number: 'ZS/2026/700001',
      lines: line(10000),
    });
    const b = await insertOrder(t.database.db, {
      organisationId: demoId,
      userId: null,
      number: 'ZS/2026/700002',
      status: OrderStatus.toFulfil,
      lines: line(20000),
    });
    await insertOrder(t.database.db, {
      organisationId: demoId,
      userId: null,
      number: 'ZS/2026/700003',
      status: OrderStatus.cancelled,
      lines: line(50000),
    });
    // Two months ago: in neither figure; a cash-on-delivery 'Nowe' one waits for action.
    const old = await insertOrder(t.database.db, {
      organisationId: demoId,
      userId: null,
      number: 'ZS/2026/700004',
      createdAt: new Date(now.getTime() - 62 * 24 * 3600_000),
      lines: line(30000),
    });
    await t.database.db.update(orders).set({ paymentMethod: 20 }).where(eq(orders.id, old.id));
    // Another club's orders never count.
    await insertOrder(t.database.db, {
      organisationId: await orgIdOf(t.database.db, 'rywal'),
      userId: null,
      number: 'FR/2026/700005',
      status: OrderStatus.toFulfil,
      lines: line(90000),
    });

    const d = await read(manager);
    expect(d.Dzis.Zamowienia - start.Dzis.Zamowienia).toBe(2);
    expect(Math.round((d.Dzis.Przychod - start.Dzis.Przychod) * 100)).toBe(a.total + b.total);
    expect(d.Miesiac.Zamowienia - start.Miesiac.Zamowienia).toBe(2);
    expect(Math.round((d.Miesiac.Przychod - start.Miesiac.Przychod) * 100)).toBe(a.total + b.total);
    // b ('Do realizacji') and old (cash on delivery, 'Nowe') wait; a (online, 'Nowe') waits for its payment.
    expect(d.DoObsluzenia.Liczba - start.DoObsluzenia.Liczba).toBe(2);
    const waiting = d.DoObsluzenia.Zamowienia.map((o) => o.Id);
    expect(waiting).toContain(old.id);
    expect(waiting).not.toContain(a.id);

    // Low stock on known data: everything well stocked (parameters one piece over the limit), then a
    // product without parameters and one parameter of a product with them run low.
    await t.database.db
      .update(products)
      .set({ stock: PRODUCT_LOW_STOCK + 5 })
      .where(eq(products.organisationId, demoId));
    await t.database.db
      .update(productParameters)
      .set({ stock: PRODUCT_LOW_STOCK + 1 })
      .where(eq(productParameters.organisationId, demoId));
    const [plain] = await t.database.db
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(and(eq(products.organisationId, demoId), eq(products.name, 'Szalik zimowy dziany')));
    await t.database.db.update(products).set({ stock: 2 }).where(eq(products.id, plain!.id));
    const [param] = await t.database.db
      .select({
        id: productParameters.id,
        productId: productParameters.productId,
        name: productParameters.name,
      })
      .from(productParameters)
      .innerJoin(products, eq(products.id, productParameters.productId))
      .where(and(eq(productParameters.organisationId, demoId), eq(products.name, 'Czapka zimowa z pomponem')))
      .orderBy(productParameters.id)
      .limit(1);
    await t.database.db
      .update(productParameters)
      .set({ stock: 1 })
      .where(eq(productParameters.id, param!.id));
    // A product at the limit counts; the rival club's never.
    await t.database.db
      .update(products)
      .set({ stock: PRODUCT_LOW_STOCK })
      .where(eq(products.name, 'Szalik jedwabny „Derby”'));
    const [derby] = await t.database.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.organisationId, demoId), eq(products.name, 'Szalik jedwabny „Derby”')));
    const after = await read();
    expect(after.ProgNiskiegoStanu).toBe(PRODUCT_LOW_STOCK);
    expect(after.NiskiStan).toEqual([
      { IdWyrob: param!.productId, Nazwa: 'Czapka zimowa z pomponem', Parametr: param!.name, Stan: 1 },
      { IdWyrob: plain!.id, Nazwa: 'Szalik zimowy dziany', Parametr: null, Stan: 2 },
      { IdWyrob: derby!.id, Nazwa: 'Szalik jedwabny „Derby”', Parametr: null, Stan: PRODUCT_LOW_STOCK },
    ]);
    // The product list's 'low' filter is the same definition: the same products, sizes included.
    const filtered = await json<{ Items: { Id: number }[] }>(
      await owner.fetch(`${PANEL}/products?stan=low&count=100`),
    );
    expect(filtered.Items.map((p) => p.Id).sort((x, y) => x - y)).toEqual(
      [plain!.id, derby!.id, param!.productId].sort((x, y) => x - y),
    );

    await refused(await t.fetch(`${PANEL}/dashboard`), 401);
    await refused(await rival.fetch(`${PANEL}/dashboard`, { org: 'demo' }), 403);
  });
});
