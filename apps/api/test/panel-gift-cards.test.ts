import {
  msg,
  type PanelGiftCard,
  type PanelGiftCardList,
  type PanelOrderDetail,
  type PanelProduct,
  type PanelSettings,
  type PanelShippingOption,
} from '@club/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, giftCards, orderLines, orders, organisations, shippingOptions } from '../src/db/schema.ts';
import { hashToken } from '../src/lib/crypto.ts';
import {
  type CheckoutPanelShop,
  json,
  line,
  openCheckoutPanelShop,
  placeCart,
  refused,
} from './fixtures/checkout.ts';
import { insertGiftCard, insertGiftCardUse } from './fixtures/gift-card-rows.ts';
import { orgIdOf, ticketFor } from './fixtures/orders.ts';
import { PANEL, type PanelClient } from './fixtures/panel.ts';
import { expectOutsidersRefused } from './fixtures/panel-access.ts';
import type { TestApp } from './harness.ts';
import { DEMO_CUSTOMER } from './passwords.ts';

const CARDS = `${PANEL}/gift-cards`;
const DAY = 86_400_000;

let shop: CheckoutPanelShop;
let t: TestApp;
let owner: PanelClient;
let manager: PanelClient;
let rival: PanelClient;
let demoId: number;
let rivalId: number;
/** Demo's cards by their state, and the rival club's one. */
const card = { active: 0, usedUp: 0, expired: 0, blocked: 0, rivals: 0 };
let bought: { id: number; number: string };
let spent: { id: number; number: string; total: number };

beforeAll(async () => {
  shop = await openCheckoutPanelShop();
  ({ t, owner, manager, rival } = shop);
  const db = t.database.db;
  demoId = await orgIdOf(db, 'demo');
  rivalId = await orgIdOf(db, 'rywal');
  // One order bought a card (its line a gift card), another was paid in part with it.
  const buy = await placeCart(t, [line(shop.product('Brelok metalowy'))], shop.ship('Kurier DPD'), {
    extra: { Email: 'kupujacy@example.pl' },
  });
  bought = { id: buy.order.id, number: buy.order.number };
  const [lineRow] = await db.select().from(orderLines).where(eq(orderLines.orderId, bought.id));
  await db.update(orderLines).set({ giftCard: true }).where(eq(orderLines.id, lineRow!.id));
  const use = await placeCart(t, [line(shop.product('Kubek z herbem'))], shop.ship('Kurier DPD'));
  spent = { id: use.order.id, number: use.order.number, total: use.order.total };
  await db.update(orders).set({ giftCardPaid: 3000 }).where(eq(orders.id, spent.id));

  card.active = await insertGiftCard(db, {
    organisationId: demoId,
    code: 'ABCD-EFGH-JKMN-PQRS',
    amount: 10000,
    balance: 7000,
    email: 'obdarowana@example.pl',
    orderId: bought.id,
    orderLineId: lineRow!.id,
  });
  await insertGiftCardUse(db, {
    organisationId: demoId,
    giftCardId: card.active,
    orderId: spent.id,
    amount: 3000,
    kind: 'order',
  });
  card.usedUp = await insertGiftCard(db, {
    organisationId: demoId,
    code: '2345678923456789',
    amount: 5000,
    balance: 0,
  });
  card.expired = await insertGiftCard(db, {
    organisationId: demoId,
    code: 'WXYZ-WXYZ-WXYZ-2222',
    amount: 5000,
    expiresAt: new Date(Date.now() - DAY),
  });
  card.blocked = await insertGiftCard(db, {
    organisationId: demoId,
    code: 'HHHH-HHHH-HHHH-3333',
    amount: 5000,
    disabledAt: new Date(Date.now() - DAY),
  });
  card.rivals = await insertGiftCard(db, {
    organisationId: rivalId,
    code: 'RRRR-RRRR-RRRR-PQRS',
    amount: 5000,
  });
});
afterAll(() => t?.close());

const list = (query = '', p: PanelClient = manager) => p.fetch(`${CARDS}${query}`);
const listed = async (query = '', p: PanelClient = manager) => json<PanelGiftCardList>(await list(query, p));
const ids = (l: PanelGiftCardList) => l.Items.map((c) => c.Id).sort((a, b) => a - b);
const auditOf = async (id: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'giftCard'), eq(auditLog.entityId, String(id))))
    .orderBy(auditLog.id);

describe('gift cards in the panel', () => {
  it("lists the club's cards newest first, with their state, never their code", async () => {
    const res = await list();
    const text = await res.clone().text();
    const all = await json<PanelGiftCardList>(res);
    expect(all.Total).toBe(4);
    expect(all.Items.map((c) => c.Id)).toEqual([card.blocked, card.expired, card.usedUp, card.active]);
    expect(all.Items.find((c) => c.Id === card.active)).toMatchObject({
      Koncowka: 'PQRS',
      Kwota: 100,
      Saldo: 70,
      Stan: 'aktywna',
      StanNazwa: 'Aktywna',
      Email: 'obdarowana@example.pl',
      Zamowienie: { Id: bought.id, Numer: bought.number },
    });
    expect(Object.fromEntries(all.Items.map((c) => [c.Id, c.Stan]))).toEqual({
      [card.active]: 'aktywna',
      [card.usedUp]: 'wykorzystana',
      [card.expired]: 'wygasla',
      [card.blocked]: 'zablokowana',
    });
    // Neither the code nor its hash ever leaves the database.
    expect(text).not.toContain('ABCDEFGHJKMNPQRS');
    expect(text).not.toContain(hashToken('ABCDEFGHJKMNPQRS'));
  });

  it('filters by state and pages', async () => {
    for (const [stan, id] of [
      ['aktywna', card.active],
      ['wykorzystana', card.usedUp],
      ['wygasla', card.expired],
      ['zablokowana', card.blocked],
    ] as const) {
      expect(ids(await listed(`?stan=${stan}`))).toEqual([id]);
    }
    const page = await listed('?count=2&offset=2');
    expect(page.Total).toBe(4);
    expect(page.Items.map((c) => c.Id)).toEqual([card.usedUp, card.active]);
    expect(ids(await listed('?sort=-saldo&count=1'))).toEqual([card.active]);
    expect((await refused(await list('?stan=nowa'), 400)).Message).toBe(msg.panelGiftCardStateInvalid);
  });

  it("finds a card by its code's end, its whole code, the e-mail or the buying order's number", async () => {
    for (const q of ['PQRS', 'pqrs', '••••-PQRS', 'abcd efgh jkmn pqrs', 'obdarowana@', bought.number]) {
      expect(ids(await listed(`?q=${encodeURIComponent(q)}`)), q).toEqual([card.active]);
    }
    // Another club's card with the same end stays out; three characters are no end.
    expect(ids(await listed('?q=QRS'))).toEqual([]);
    expect(ids(await listed('?q=3333&stan=aktywna'))).toEqual([]);
  });

  it('shows a card with its buying order and its movements in Polish', async () => {
    const detail = await json<PanelGiftCard>(await manager.fetch(`${CARDS}/${card.active}`));
    expect(detail).toMatchObject({
      Id: card.active,
      Koncowka: 'PQRS',
      Stan: 'aktywna',
      Zablokowana: null,
      Zamowienie: { Id: bought.id, Numer: bought.number },
      Ruchy: [
        {
          Rodzaj: 'order',
          RodzajNazwa: 'Zapłata za zamówienie',
          Kwota: 30,
          Zamowienie: { Id: spent.id, Numer: spent.number },
        },
      ],
    });
    expect(JSON.stringify(detail)).not.toContain('ABCDEFGHJKMNPQRS');
  });

  it("answers another club's card as one that does not exist", async () => {
    const gone = await refused(await manager.fetch(`${CARDS}/${card.rivals}`), 404);
    expect(gone.Message).toBe(msg.panelGiftCardNotFound);
    const blocking = await refused(
      await manager.fetch(`${CARDS}/${card.rivals}/disable`, { method: 'POST' }),
      404,
    );
    expect(blocking.Message).toBe(msg.panelGiftCardNotFound);
    const [row] = await t.database.db.select().from(giftCards).where(eq(giftCards.id, card.rivals));
    expect(row!.disabledAt).toBeNull();
    expect(await auditOf(card.rivals)).toHaveLength(0);
    // Its own club sees it.
    expect((await listed('', rival)).Items.map((c) => c.Id)).toEqual([card.rivals]);
  });

  it('blocks a card once, audited; blocking it again changes nothing', async () => {
    const blocked = await json<PanelGiftCard>(
      await manager.fetch(`${CARDS}/${card.expired}/disable`, { method: 'POST' }),
    );
    expect(blocked).toMatchObject({ Stan: 'zablokowana', StanNazwa: 'Zablokowana', Saldo: 50 });
    expect(blocked.Zablokowana).not.toBeNull();
    const again = await json<PanelGiftCard>(
      await owner.fetch(`${CARDS}/${card.expired}/disable`, { method: 'POST' }),
    );
    expect(again.Zablokowana).toBe(blocked.Zablokowana);
    const entries = await auditOf(card.expired);
    expect(entries.map((e) => [e.action, e.userEmail])).toEqual([['disable', manager.user.Email]]);
    expect(entries[0]).toMatchObject({
      before: { Koncowka: '2222', Saldo: 50, Zablokowana: false },
      after: { Koncowka: '2222', Saldo: 50, Zablokowana: true },
    });
  });

  it('refuses outsiders: no session, a customer, another club', async () => {
    const ticket = await ticketFor(t, 'demo', DEMO_CUSTOMER.email);
    await expectOutsidersRefused(
      t,
      [
        ['GET', CARDS],
        ['GET', `${CARDS}/${card.active}`],
        ['POST', `${CARDS}/${card.active}/disable`],
      ],
      { ticket, rival },
    );
    const [row] = await t.database.db.select().from(giftCards).where(eq(giftCards.id, card.active));
    expect(row!.disabledAt).toBeNull();
  });
});

describe('gift cards in the panel order', () => {
  it('shows what a card paid and what is left to pay', async () => {
    const d = await json<PanelOrderDetail>(await manager.fetch(`${PANEL}/orders/${spent.id}`));
    expect(d.KartaPodarunkowa).toEqual({
      Kwota: 30,
      Karty: [{ Id: card.active, Koncowka: 'PQRS', Kwota: 30 }],
    });
    expect(d.DoZaplaty).toBeCloseTo(spent.total / 100 - 30, 2);
    expect(d.WydaneKarty).toBeUndefined();
  });

  it('lists the cards a gift card line issued, and marks the line', async () => {
    const d = await json<PanelOrderDetail>(await manager.fetch(`${PANEL}/orders/${bought.id}`));
    expect(d.Pozycje[0]!.KartaPodarunkowa).toBe(true);
    expect(d.WydaneKarty).toEqual([
      expect.objectContaining({ Id: card.active, Koncowka: 'PQRS', Kwota: 100, Saldo: 70, Stan: 'aktywna' }),
    ]);
    expect(d.KartaPodarunkowa).toBeUndefined();
    expect(d.DoZaplaty).toBeUndefined();
  });
});

const giftProduct = (over: Record<string, unknown> = {}) => ({
  Nazwa: 'Karta podarunkowa klubu',
  Opis: 'Na dowolne zakupy w sklepie klubu.',
  CenaBrutto: 100,
  KartaPodarunkowa: true,
  ...over,
});

describe('the gift card flag of a product', () => {
  let id: number;
  it('is saved and read back', async () => {
    const created = await json<PanelProduct>(
      await manager.fetch(`${PANEL}/products`, { method: 'POST', json: giftProduct() }),
    );
    id = created.Id;
    expect(created.KartaPodarunkowa).toBe(true);
    const off = await json<PanelProduct>(
      await manager.fetch(`${PANEL}/products/${id}`, {
        method: 'PUT',
        json: giftProduct({ KartaPodarunkowa: false }),
      }),
    );
    expect(off.KartaPodarunkowa).toBe(false);
    const on = await json<PanelProduct>(
      await manager.fetch(`${PANEL}/products/${id}`, { method: 'PUT', json: giftProduct() }),
    );
    expect(on.KartaPodarunkowa).toBe(true);
  });

  it('refuses a free gift card', async () => {
    const res = await manager.fetch(`${PANEL}/products`, {
      method: 'POST',
      json: giftProduct({ CenaBrutto: 0, Bezplatny: true }),
    });
    expect((await refused(res, 400)).Fields?.KartaPodarunkowa).toBe(msg.panelProductGiftCardFree);
  });

  it('refuses printing and pre-order on a gift card, and the flag on a product that has them', async () => {
    const printing = {
      Wlaczony: true,
      CenaZaLitere: 2,
      CenaZaCyfre: 3,
      CenaStala: null,
      MaksZnakow: 12,
      ZawodnicyWlaczeni: false,
      CenaZawodnika: 0,
    };
    const printed = await refused(
      await manager.fetch(`${PANEL}/products/${id}/printing`, { method: 'PUT', json: printing }),
      400,
    );
    expect(printed.Message).toBe(msg.panelProductGiftCardExtras);
    const variant = await json<PanelProduct>(
      await manager.fetch(`${PANEL}/products/${id}`, {
        method: 'PUT',
        json: giftProduct({ Parametry: [{ Nazwa: '100 zł', Stan: 10 }] }),
      }),
    );
    const parameterId = variant.Parametry[0]!.Id;
    const future = new Date(Date.now() + 30 * DAY).toISOString().slice(0, 10);
    const preorder = await refused(
      await manager.fetch(`${PANEL}/products/${id}/variants/${parameterId}/preorder`, {
        method: 'PUT',
        json: { Przedsprzedaz: { DataWysylki: future, Limit: 5 } },
      }),
      400,
    );
    expect(preorder.Message).toBe(msg.panelProductGiftCardExtras);
    // A product with printing may not become a gift card.
    await json(
      await manager.fetch(`${PANEL}/products/${id}`, {
        method: 'PUT',
        json: giftProduct({
          KartaPodarunkowa: false,
          Parametry: [{ Id: parameterId, Nazwa: '100 zł', Stan: 10 }],
        }),
      }),
    );
    await json(await manager.fetch(`${PANEL}/products/${id}/printing`, { method: 'PUT', json: printing }));
    const flagged = await refused(
      await manager.fetch(`${PANEL}/products/${id}`, {
        method: 'PUT',
        json: giftProduct({ Parametry: [{ Id: parameterId, Nazwa: '100 zł', Stan: 10 }] }),
      }),
      400,
    );
    expect(flagged.Fields?.KartaPodarunkowa).toBe(msg.panelProductGiftCardExtras);
  });
});

describe('delivery by e-mail', () => {
  it('is a flag of a shipping option, never with cash on delivery', async () => {
    const SHIP = `${PANEL}/shipping`;
    const created = await json<PanelShippingOption>(
      await manager.fetch(SHIP, { method: 'POST', json: { Tresc: 'E-mail', Cena: 0, Elektroniczna: true } }),
    );
    expect(created).toMatchObject({ Elektroniczna: true, PlatnoscPrzyOdbiorze: false });
    const [row] = await t.database.db
      .select()
      .from(shippingOptions)
      .where(eq(shippingOptions.id, created.Id));
    expect(row!.electronic).toBe(true);
    const both = await refused(
      await manager.fetch(SHIP, {
        method: 'POST',
        json: { Tresc: 'E-mail za pobraniem', Cena: 0, Elektroniczna: true, PlatnoscPrzyOdbiorze: true },
      }),
      400,
    );
    expect(both.Fields?.PlatnoscPrzyOdbiorze).toBe(msg.shippingElectronicCod);
    // Judged on the option as it will be: cash on delivery alone on an e-mail option is refused too.
    const cod = await refused(
      await manager.fetch(`${SHIP}/${created.Id}`, { method: 'PATCH', json: { PlatnoscPrzyOdbiorze: true } }),
      400,
    );
    expect(cod.Message).toBe(msg.shippingElectronicCod);
    const off = await json<PanelShippingOption>(
      await manager.fetch(`${SHIP}/${created.Id}`, { method: 'PATCH', json: { Elektroniczna: false } }),
    );
    expect(off.Elektroniczna).toBe(false);
  });
});

describe("gift cards' validity in the settings", () => {
  it('is a number of months from 1 to 60', async () => {
    const SETTINGS = `${PANEL}/settings`;
    expect((await json<PanelSettings>(await manager.fetch(SETTINGS))).WaznoscKartPodarunkowych).toBe(12);
    const saved = await json<PanelSettings>(
      await manager.fetch(SETTINGS, { method: 'PATCH', json: { WaznoscKartPodarunkowych: 24 } }),
    );
    expect(saved.WaznoscKartPodarunkowych).toBe(24);
    const [org] = await t.database.db.select().from(organisations).where(eq(organisations.id, demoId));
    expect(org!.giftCardMonths).toBe(24);
    for (const bad of [0, 61, 1.5, '12', null]) {
      const res = await manager.fetch(SETTINGS, { method: 'PATCH', json: { WaznoscKartPodarunkowych: bad } });
      expect((await refused(res, 400)).Fields?.WaznoscKartPodarunkowych, String(bad)).toBe(
        msg.settingsGiftCardMonthsInvalid,
      );
    }
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'settings'), eq(auditLog.organisationId, demoId)));
    expect(entry).toMatchObject({
      before: expect.objectContaining({ WaznoscKartPodarunkowych: 12 }),
      after: expect.objectContaining({ WaznoscKartPodarunkowych: 24 }),
    });
  });
});
