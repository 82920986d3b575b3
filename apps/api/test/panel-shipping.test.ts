import { msg, type PanelShippingList, type PanelShippingOption, type ShippingOption } from '@club/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orders } from '../src/db/schema.ts';
import * as checkout from './fixtures/checkout.ts';
import { ticketFor } from './fixtures/orders.ts';
import { PANEL, type PanelClient, panelLogin } from './fixtures/panel.ts';
import { expectOutsidersRefused, type PanelCall } from './fixtures/panel-access.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { DEMO_CUSTOMER } from './passwords.ts';

const SHIP = `${PANEL}/shipping`;

let t: TestApp;
let manager: PanelClient;
let rival: PanelClient;
let ticket: string;
let product: Awaited<ReturnType<typeof checkout.loadCatalogue>>;
beforeAll(async () => {
  t = await createTestApp();
  manager = await panelLogin(t, { role: 'manager' });
  rival = await panelLogin(t, { org: 'rywal' });
  ticket = await ticketFor(t, 'demo', DEMO_CUSTOMER.email);
  product = await checkout.loadCatalogue(t);
});
afterAll(() => t?.close());

const list = async (p: PanelClient = manager) => checkout.json<PanelShippingList>(await p.fetch(SHIP));
const create = (body: unknown, p: PanelClient = manager) => p.fetch(SHIP, { method: 'POST', json: body });
const update = (id: number, body: unknown, p: PanelClient = manager) =>
  p.fetch(`${SHIP}/${id}`, { method: 'PATCH', json: body });
const storefront = async (org = 'demo') =>
  checkout.json<ShippingOption[]>(await t.fetch(`${checkout.S}/getwysylki`, { org }));
const auditOf = (id: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.entityId, String(id)))
    .orderBy(auditLog.id)
    .then((rows) => rows.filter((r) => r.entity === 'shipping'));
/** A guest's cash-on-delivery order of one mug with the given option (as the storefront sends it). */
const order = async (
  o: Pick<ShippingOption, 'Id' | 'Tresc' | 'Meta'>,
  extra: Record<string, unknown> = {},
) => {
  const guid = await checkout.makeCart(t, [checkout.line(product('Kubek z herbem'))]);
  return {
    guid,
    res: await checkout.place(
      t,
      checkout.orderBody(guid, { ...o, PlatnoscPrzyOdbiorze: true }, { Platnosc: 20, ...extra }),
    ),
  };
};

describe('shipping options', () => {
  it('lists every option of the club in order, with how many orders used each', async () => {
    const { Items, Total } = await list();
    expect(Total).toBe(Items.length);
    expect(Items.map((o) => [o.Tresc, o.Cena, o.PlatnoscPrzyOdbiorze, o.Paczkomat, o.Aktywna])).toEqual([
      ['Kurier DPD', 15.99, true, false, true],
      ['Paczkomat InPost', 13.99, false, true, true],
      ['Poczta Polska', 12.99, true, false, true],
      ['Odbiór osobisty w sklepie klubowym', 0, true, false, true],
      ['Karta podarunkowa e-mailem', 0, false, false, true],
    ]);
    expect(Items.map((o) => o.Pozycja)).toEqual([0, 1, 2, 3, 4]);
    const rivalNames = (await list(rival)).Items.map((o) => o.Tresc);
    expect(rivalNames).not.toContain('Kurier DPD');
    // The storefront says which option is a parcel locker.
    expect((await storefront()).find((o) => o.Tresc === 'Paczkomat InPost')?.Paczkomat).toBe(true);
  });

  it('creates an option at the end, audited, offered by the storefront at once and accepted at checkout', async () => {
    const created = await checkout.json<PanelShippingOption>(
      await create({ Tresc: ' Kurier InPost ', Cena: 17.5, PlatnoscPrzyOdbiorze: true }),
    );
    expect(created).toMatchObject({
      Tresc: 'Kurier InPost',
      Cena: 17.5,
      PlatnoscPrzyOdbiorze: true,
      Paczkomat: false,
      Aktywna: true,
      Pozycja: 5,
      LiczbaZamowien: 0,
    });
    const shop = await storefront();
    expect(shop.at(-1)).toEqual({
      Id: created.Id,
      Tresc: 'Kurier InPost',
      Meta: 1750,
      PlatnoscPrzyOdbiorze: true,
      Paczkomat: false,
    });
    const { guid, res } = await order(shop.at(-1)!);
    expect(res.status, await res.text()).toBe(200);
    const placed = (await checkout.orderOfCart(t.database.db, guid))!;
    expect(placed).toMatchObject({
      shippingOptionId: created.Id,
      shippingName: 'Kurier InPost',
      shippingCost: 1750,
    });
    expect((await list()).Items.find((o) => o.Id === created.Id)?.LiczbaZamowien).toBe(1);
    expect((await auditOf(created.Id))[0]).toMatchObject({
      action: 'create',
      userEmail: 'zastepca@sokol-demo.pl',
      after: { Tresc: 'Kurier InPost', Cena: 17.5, Aktywna: true },
    });
  });

  it('an inactive option is neither offered nor accepted; active again, it is', async () => {
    const post = (await list()).Items.find((o) => o.Tresc === 'Poczta Polska')!;
    const off = await checkout.json<PanelShippingOption>(await update(post.Id, { Aktywna: false }));
    expect(off.Aktywna).toBe(false);
    expect((await storefront()).map((o) => o.Id)).not.toContain(post.Id);
    const refusedOrder = await order({ Id: post.Id, Tresc: post.Tresc, Meta: 1299 });
    expect((await checkout.refused(refusedOrder.res, 400)).Fields).toEqual({
      SposobDostawy: msg.chooseShipping,
    });
    expect((await auditOf(post.Id)).at(-1)).toMatchObject({
      action: 'deactivate',
      before: { Aktywna: true },
      after: { Aktywna: false },
    });
    await checkout.json(await update(post.Id, { Aktywna: true }));
    expect((await storefront()).map((o) => o.Id)).toContain(post.Id);
  });

  it('changes name, price and cash on delivery; the order keeps what it was placed with', async () => {
    const courier = (await list()).Items.find((o) => o.Tresc === 'Kurier DPD')!;
    const { guid } = await order({ Id: courier.Id, Tresc: courier.Tresc, Meta: 1599 });
    const changed = await checkout.json<PanelShippingOption>(
      await update(courier.Id, { Tresc: 'Kurier DPD Pickup', Cena: 18, PlatnoscPrzyOdbiorze: false }),
    );
    expect(changed).toMatchObject({ Tresc: 'Kurier DPD Pickup', Cena: 18, PlatnoscPrzyOdbiorze: false });
    expect((await storefront()).find((o) => o.Id === courier.Id)).toMatchObject({
      Tresc: 'Kurier DPD Pickup',
      Meta: 1800,
      PlatnoscPrzyOdbiorze: false,
    });
    expect(await checkout.orderOfCart(t.database.db, guid)).toMatchObject({
      shippingName: 'Kurier DPD',
      shippingCost: 1599,
    });
    // Cash on delivery is refused with it now.
    const cod = await order({ Id: courier.Id, Tresc: 'Kurier DPD Pickup', Meta: 1800 });
    expect((await checkout.refused(cod.res, 400)).Message).toBe(msg.orderCashOnDeliveryUnavailable);
    expect((await auditOf(courier.Id)).at(-1)).toMatchObject({
      action: 'update',
      before: { Tresc: 'Kurier DPD', Cena: 15.99, PlatnoscPrzyOdbiorze: true },
      after: { Tresc: 'Kurier DPD Pickup', Cena: 18, PlatnoscPrzyOdbiorze: false },
    });
    await checkout.json(
      await update(courier.Id, { Tresc: 'Kurier DPD', Cena: 15.99, PlatnoscPrzyOdbiorze: true }),
    );
  });

  it('a parcel-locker option flagged in the panel needs a locker number at checkout', async () => {
    const locker = await checkout.json<PanelShippingOption>(
      await create({
        Tresc: 'Automat paczkowy Orlen',
        Cena: 9.99,
        PlatnoscPrzyOdbiorze: true,
        Paczkomat: true,
      }),
    );
    expect(locker.Paczkomat).toBe(true);
    const shop = (await storefront()).find((o) => o.Id === locker.Id)!;
    expect(shop.Paczkomat).toBe(true);
    const without = await order(shop);
    expect((await checkout.refused(without.res, 400)).Fields).toEqual({
      DodatkoweInformacjeDostawa: msg.required,
    });
    const withNumber = await order(shop, { DodatkoweInformacjeDostawa: 'WAW01M' });
    expect(withNumber.res.status).toBe(200);
    expect(await checkout.orderOfCart(t.database.db, withNumber.guid)).toMatchObject({
      deliveryInfo: 'WAW01M',
    });
  });

  it('reorders: the storefront follows; a list that is not every option once is refused', async () => {
    const ids = (await list()).Items.map((o) => o.Id);
    const reversed = [...ids].reverse();
    const res = await checkout.json<PanelShippingList>(
      await manager.fetch(`${SHIP}/reorder`, { method: 'POST', json: { Kolejnosc: reversed } }),
    );
    expect(res.Items.map((o) => o.Id)).toEqual(reversed);
    // The storefront's list for carts of goods: the e-mail delivery is for gift cards alone.
    const electronic = (await list()).Items.filter((o) => o.Elektroniczna).map((o) => o.Id);
    expect((await storefront()).map((o) => o.Id)).toEqual(reversed.filter((id) => !electronic.includes(id)));
    for (const bad of [reversed.slice(1), [...reversed, reversed[0]], [...reversed.slice(1), 999_999]]) {
      const r = await checkout.refused(
        await manager.fetch(`${SHIP}/reorder`, { method: 'POST', json: { Kolejnosc: bad } }),
        400,
      );
      expect(r.Fields).toEqual({ Kolejnosc: msg.shippingOrderMismatch });
    }
    // Another club's ids are not this club's options.
    const rivalIds = (await list(rival)).Items.map((o) => o.Id);
    expect(
      (
        await checkout.refused(
          await manager.fetch(`${SHIP}/reorder`, { method: 'POST', json: { Kolejnosc: rivalIds } }),
          400,
        )
      ).Message,
    ).toBe(msg.shippingOrderMismatch);
    const reorders = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'reorder'));
    expect(reorders.filter((r) => r.entity === 'shipping').at(-1)).toMatchObject({
      before: { Kolejnosc: ids },
      after: { Kolejnosc: reversed },
    });
    await checkout.json(await manager.fetch(`${SHIP}/reorder`, { method: 'POST', json: { Kolejnosc: ids } }));
  });

  it('deletes an unused option; one used by orders is refused (deactivate it) and its orders stay whole', async () => {
    const unused = await checkout.json<PanelShippingOption>(await create({ Tresc: 'Do usunięcia', Cena: 1 }));
    const del = await manager.fetch(`${SHIP}/${unused.Id}`, { method: 'DELETE' });
    expect(del.status).toBe(204);
    expect((await list()).Items.map((o) => o.Id)).not.toContain(unused.Id);
    expect((await list()).Items.map((o) => o.Pozycja)).toEqual((await list()).Items.map((_, i) => i));
    expect((await auditOf(unused.Id)).at(-1)).toMatchObject({
      action: 'delete',
      before: { Tresc: 'Do usunięcia' },
    });
    expect(
      (await checkout.refused(await manager.fetch(`${SHIP}/${unused.Id}`, { method: 'DELETE' }), 404))
        .Message,
    ).toBe(msg.shippingNotFound);

    const used = (await list()).Items.find((o) => o.Tresc === 'Kurier InPost')!;
    const r = await checkout.refused(await manager.fetch(`${SHIP}/${used.Id}`, { method: 'DELETE' }), 409);
    expect(r.Message).toBe(
      `Tego sposobu dostawy użyto w zamówieniach (${used.LiczbaZamowien}). Wyłącz go zamiast usuwać.`,
    );
    const kept = await t.database.db.select().from(orders).where(eq(orders.shippingOptionId, used.Id));
    expect(kept.length).toBe(used.LiczbaZamowien);
  });

  it('refuses bad input with Polish messages', async () => {
    const cases: [unknown, Record<string, string>][] = [
      [{ Tresc: '', Cena: 1 }, { Tresc: msg.shippingNameRequired }],
      [{ Tresc: 'X', Cena: -1 }, { Cena: msg.shippingPriceInvalid }],
      [{ Tresc: 'X', Cena: 1.001 }, { Cena: msg.shippingPriceInvalid }],
      [{ Tresc: 'X', Cena: 10_001 }, { Cena: msg.shippingPriceInvalid }],
      [{ Tresc: 'X'.repeat(101), Cena: 1 }, { Tresc: msg.tooLong }],
      [{ Tresc: 'X', Cena: '12' }, { Cena: msg.shippingPriceInvalid }],
    ];
    for (const [body, fields] of cases) {
      expect((await checkout.refused(await create(body), 400)).Fields, JSON.stringify(body)).toEqual(fields);
    }
    expect((await checkout.refused(await update(1, { Cena: 'dużo' }), 400)).Fields).toEqual({
      Cena: msg.shippingPriceInvalid,
    });
    // Another club's option: not found here.
    const rivalOption = (await list(rival)).Items[0]!;
    expect((await checkout.refused(await update(rivalOption.Id, { Aktywna: false }), 404)).Message).toBe(
      msg.shippingNotFound,
    );
    expect((await list(rival)).Items[0]!.Aktywna).toBe(true);
  });

  it('answers 401 without a session and 403 to a customer ticket or another club’s panel user', async () => {
    const id = (await list()).Items[0]!.Id;
    const calls: PanelCall[] = [
      ['GET', SHIP],
      ['POST', SHIP, { Tresc: 'Obcy', Cena: 1 }],
      ['PATCH', `${SHIP}/${id}`, { Aktywna: false }],
      ['POST', `${SHIP}/reorder`, { Kolejnosc: [id] }],
      ['DELETE', `${SHIP}/${id}`],
    ];
    await expectOutsidersRefused(t, calls, { ticket, rival });
    expect((await list()).Items.find((o) => o.Id === id)?.Aktywna).toBe(true);
    expect((await storefront()).map((o) => o.Tresc)).not.toContain('Obcy');
  });
});
