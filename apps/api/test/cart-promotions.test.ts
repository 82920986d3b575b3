import {
  type Cart,
  fillMessage,
  formatGrosze,
  msg,
  OrderStatus,
  type PanelOrderRefunds,
  type PanelPromotion,
} from '@club/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, orderPromotions, promotionCodes, promotions } from '../src/db/schema.ts';
import { type FakePayu, startFakePayu } from './fakes/payu-server.ts';
import * as checkout from './fixtures/checkout.ts';
import { orgIdOf } from './fixtures/orders.ts';
import { PANEL, type PanelClient, panelLogin } from './fixtures/panel.ts';
import { configurePayu } from './fixtures/payu.ts';

/**
 * Promotions in the cart and in the order (decisions 149-151): the code typed in the cart, its
 * discount as its own line, the same total at placement, the code's uses under concurrent orders,
 * the discount in the e-mail, the panel and the account, and a refund of one line giving back its
 * share only. Money in grosze unless the API speaks zł.
 */
let { t, product, ship, customer } = {} as checkout.CheckoutShop;
let owner: PanelClient;
let manager: PanelClient;
let payu: FakePayu;
const PAYU = { posId: '300746', clientId: '300746', clientSecret: 'r'.repeat(32), secondKey: 's'.repeat(32) };
const CART = `${checkout.S}/koszyk`;

beforeAll(async () => {
  ({ t, product, ship, customer } = await checkout.openCheckoutShop());
  [owner, manager] = [await panelLogin(t), await panelLogin(t, { role: 'manager' })];
  payu = await startFakePayu(PAYU);
  await configurePayu(t, { ...PAYU, sandbox: true, baseUrl: payu.url });
});
afterAll(async () => {
  await t?.close();
  await payu?.close();
});

const db = () => t.database.db;
const SCARF = 'Szalik zimowy dziany'; // 69,99 zł, category Szaliki
const MUG = 'Kubek z herbem';

const createPromotion = async (body: Record<string, unknown>) => {
  const res = await manager.fetch(`${PANEL}/promotions`, { method: 'POST', json: body });
  return checkout.json<PanelPromotion>(res);
};
let scarvesCategory = 0;
const scarvesPromotion = (extra: Record<string, unknown> = {}) =>
  createPromotion({
    Nazwa: 'Szaliki -10%',
    Rodzaj: 'percent',
    Procent: 10,
    Zakres: { Typ: 'categories', Id: [scarvesCategory] },
    ...extra,
  });

const setCode = (guid: string, Kod: string) =>
  t.fetch(`${CART}/${guid}/kod`, { method: 'POST', json: { Kod }, org: 'demo' });
const readCart = async (guid: string, query = '') =>
  checkout.json<Cart>(await t.fetch(`${CART}/${guid}${query}`, { org: 'demo' }));

beforeAll(async () => {
  const demo = await orgIdOf(db(), 'demo');
  [{ id: scarvesCategory }] = (await db()
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.organisationId, demo), eq(categories.name, 'Szaliki')))) as [{ id: number }];
});

describe('a discount code in the cart', () => {
  it('shows its own line, is kept in the cart, and the placed order charges the same', async () => {
    await scarvesPromotion({ Kod: 'SOKOL10' });
    const guid = await checkout.makeCart(t, [
      checkout.line(product(SCARF), 2),
      checkout.line(product(MUG), 1),
    ]);
    const mug = product(MUG).CenaBrutto * 100;
    // Typed as a fan types it: lower case, spaces.
    const cart = await checkout.json<Cart>(await setCode(guid, ' sokol10 '));
    expect(cart.KodRabatowy).toEqual({ Kod: 'SOKOL10', Zastosowany: true, Komunikat: null });
    expect(cart.Rabaty).toEqual([{ Nazwa: 'Szaliki -10%', Kod: 'SOKOL10', Kwota: 14 }]);
    expect(cart.Koszt * 100).toBe(2 * 6999 + mug);
    expect(Math.round(cart.KosztPoRabatach! * 100)).toBe(2 * 6999 - 1400 + mug);
    expect(cart.Pozycje.find((l) => l.Wyrob.Nazwa === SCARF)!.Rabat).toBe(14);
    expect(cart.Pozycje.find((l) => l.Wyrob.Nazwa === MUG)!.Rabat).toBeUndefined();

    // The summary asks with the delivery: the order's total, as the server will charge it.
    const dpd = ship('Kurier DPD');
    const priced = await readCart(guid, `?dostawa=${dpd.Id}`);
    expect(priced.Dostawa).toEqual({
      Id: dpd.Id,
      Cena: dpd.Meta / 100,
      Koszt: dpd.Meta / 100,
      Promocja: null,
    });
    expect(Math.round(priced.DoZaplaty! * 100)).toBe(2 * 6999 - 1400 + mug + dpd.Meta);

    await checkout.placeOk(t, checkout.orderBody(guid, dpd, { Platnosc: 20, Email: 'rabat@example.pl' }));
    const order = (await checkout.orderOfCart(db(), guid))!;
    expect(order).toMatchObject({ itemsTotal: 2 * 6999 + mug, itemsDiscount: 1400, shippingCost: dpd.Meta });
    expect(order.total).toBe(2 * 6999 - 1400 + mug + dpd.Meta);
    const lines = await checkout.linesOf(db(), order.id);
    expect(lines.map((l) => l.discount)).toEqual([1400, 0]);
    const used = await db().select().from(orderPromotions).where(eq(orderPromotions.orderId, order.id));
    expect(used).toMatchObject([
      { code: 'SOKOL10', name: 'Szaliki -10%', itemsAmount: 1400, shippingAmount: 0 },
    ]);

    // The buyer's e-mail shows the discount as its own line and the total charged.
    const mail = await checkout.eventually(async () => {
      const m = (await checkout.mails(t)).find(
        (x) => x.includes('rabat@example.pl') && x.includes(order.number),
      );
      expect(m).toBeDefined();
      return m!;
    });
    expect(mail).toContain('Rabat SOKOL10 (Szaliki -10%)');
    expect(mail).toContain(`−${formatGrosze(1400)}`);

    // The panel shows it too.
    const detail = await checkout.json<{ Rabaty: unknown[]; Kwota: number }>(
      await owner.fetch(`${PANEL}/orders/${order.id}`),
    );
    expect(detail.Rabaty).toEqual([{ Nazwa: 'Szaliki -10%', Kod: 'SOKOL10', Kwota: 14, Dostawa: 0 }]);
    expect(Math.round(detail.Kwota * 100)).toBe(order.total);
  });

  it('names a free-delivery code in the cart before a delivery is chosen; the chosen one then costs 0', async () => {
    await createPromotion({ Nazwa: 'Dostawa gratis z kodem', Rodzaj: 'freeShipping', Kod: 'DOSTAWA0' });
    const guid = await checkout.makeCart(t, [checkout.line(product(MUG), 1)]);
    // The delivery step lists the options before one is chosen: the cart says whether each is free.
    expect((await readCart(guid)).DarmowaDostawa).toBeUndefined();
    const kept = await checkout.json<Cart>(await setCode(guid, 'dostawa0'));
    expect(kept.KodRabatowy).toMatchObject({ Kod: 'DOSTAWA0', Zastosowany: true });
    expect(kept.DarmowaDostawa).toBe('Dostawa gratis z kodem');
    expect(kept.Rabaty).toBeUndefined();
    const dpd = ship('Kurier DPD');
    const priced = await readCart(guid, `?dostawa=${dpd.Id}`);
    expect(priced.Dostawa).toEqual({
      Id: dpd.Id,
      Cena: dpd.Meta / 100,
      Koszt: 0,
      Promocja: 'Dostawa gratis z kodem',
    });
    expect(priced.DarmowaDostawa).toBe('Dostawa gratis z kodem');
    // Taken out, delivery is charged again.
    const removed = await checkout.json<Cart>(
      await t.fetch(`${CART}/${guid}/kod`, { method: 'DELETE', org: 'demo' }),
    );
    expect(removed.DarmowaDostawa).toBeUndefined();
  });

  it('refuses an unknown, paused or ended code in Polish and keeps none of them', async () => {
    const guid = await checkout.makeCart(t, [checkout.line(product(SCARF), 1)]);
    const unknown = await checkout.refused(await setCode(guid, 'NIEMA'), 400);
    expect(unknown.Message).toBe(msg.promoCodeUnknown);
    const paused = await scarvesPromotion({ Kod: 'PAUZA', Wstrzymana: true });
    expect((await checkout.refused(await setCode(guid, 'pauza'), 400)).Message).toBe(msg.promoCodePaused);
    await manager.fetch(`${PANEL}/promotions/${paused.Id}/resume`, { method: 'POST' });
    await manager.fetch(`${PANEL}/promotions/${paused.Id}/end`, { method: 'POST' });
    expect((await checkout.refused(await setCode(guid, 'PAUZA'), 400)).Message).toBe(msg.promoCodeExpired);
    const cart = await readCart(guid);
    expect(cart.KodRabatowy ?? null).toBeNull();
    expect(cart.Rabaty).toBeUndefined();
    // Empty and overlong input: the contract's messages.
    expect((await checkout.refused(await setCode(guid, '  '), 400)).Message).toBe(msg.cartCodeRequired);
    expect((await setCode(guid, 'X'.repeat(100))).status).toBe(400);
  });

  it('keeps a code that waits for the cart (its minimum) and tells why it does not apply yet', async () => {
    await scarvesPromotion({ Kod: 'OD200', Minimum: 200 });
    const guid = await checkout.makeCart(t, [checkout.line(product(SCARF), 1)]);
    const cart = await checkout.json<Cart>(await setCode(guid, 'od200'));
    expect(cart.KodRabatowy).toEqual({
      Kod: 'OD200',
      Zastosowany: false,
      Komunikat: fillMessage(msg.promoCodeMinimum, { kwota: formatGrosze(20_000) }),
    });
    expect(cart.Rabaty).toBeUndefined();
    // Two more scarves reach the minimum: the kept code applies now.
    const res = await t.fetch(`${CART}/${guid}`, {
      method: 'POST',
      json: [checkout.line(product(SCARF), 2)],
      org: 'demo',
    });
    expect(res.status).toBe(200);
    const after = await readCart(guid);
    expect(after.KodRabatowy?.Zastosowany).toBe(true);
    expect(Math.round(after.Rabaty![0]!.Kwota * 100)).toBe(Math.round(3 * 6999 * 0.1));
    // Removed: the cart is at full price again.
    const removed = await checkout.json<Cart>(
      await t.fetch(`${CART}/${guid}/kod`, { method: 'DELETE', org: 'demo' }),
    );
    expect(removed.KodRabatowy ?? null).toBeNull();
    // Nothing off and no code: the spec's cart, as before promotions.
    expect(Object.keys(removed).sort()).toEqual(['Guid', 'Koszt', 'Pozycje']);
  });
});

describe('a single-use code', () => {
  it('goes to exactly one of 20 concurrent orders; the others are refused in Polish and take nothing', async () => {
    const promo = await scarvesPromotion({ Nazwa: 'Dla sponsora', Kody: { Liczba: 1, Prefiks: 'SPONSOR' } });
    const [{ code }] = (await db()
      .select({ code: promotionCodes.code })
      .from(promotionCodes)
      .where(eq(promotionCodes.promotionId, promo.Id))) as [{ code: string }];
    await checkout.setStock(db(), product(SCARF).Id, 100);
    const carts: string[] = [];
    for (let i = 0; i < 20; i++) {
      const guid = await checkout.makeCart(t, [checkout.line(product(SCARF), 1)]);
      expect((await setCode(guid, code)).status).toBe(200);
      carts.push(guid);
    }
    const answers = await Promise.all(
      carts.map((guid, i) =>
        checkout.place(
          t,
          checkout.orderBody(guid, ship('Kurier DPD'), { Platnosc: 20, Email: `sponsor${i}@example.pl` }),
        ),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const messages = await Promise.all(answers.filter((r) => r.status === 409).map((r) => r.json()));
    for (const m of messages as { Message: string }[]) expect(m.Message).toContain('Kod rabatowy');
    const [row] = await db().select().from(promotions).where(eq(promotions.id, promo.Id));
    expect(row!.used).toBe(1);
    const [codeRow] = await db()
      .select()
      .from(promotionCodes)
      .where(eq(promotionCodes.promotionId, promo.Id));
    expect(codeRow!.used).toBe(1);
    expect(await checkout.stockOf(db(), product(SCARF).Id)).toBe(99);

    // The one order is cancelled: its code's use comes back with its stock, and the code works again.
    const winner = carts[statuses.indexOf(200)]!;
    const placed = (await checkout.orderOfCart(db(), winner))!;
    const cancel = await owner.fetch(`${PANEL}/orders/${placed.id}/status`, {
      method: 'POST',
      json: { Status: OrderStatus.cancelled },
    });
    expect(cancel.status, await cancel.clone().text()).toBe(200);
    const [again] = await db().select().from(promotionCodes).where(eq(promotionCodes.promotionId, promo.Id));
    expect(again!.used).toBe(0);
    const retry = carts.find((g) => g !== winner)!;
    await checkout.placeOk(
      t,
      checkout.orderBody(retry, ship('Kurier DPD'), { Platnosc: 20, Email: 'znowu@example.pl' }),
    );
    expect((await checkout.orderOfCart(db(), retry))!.itemsDiscount).toBe(700);
  });
});

describe('a per-customer limit', () => {
  it('lets the logged-in customer use the code once', async () => {
    await scarvesPromotion({ Kod: 'RAZ', LimitNaKlienta: 1 });
    const first = await checkout.makeCart(t, [checkout.line(product(SCARF), 1)], { ticket: customer });
    expect((await setCode(first, 'RAZ')).status).toBe(200);
    await checkout.placeOk(t, checkout.orderBody(first, ship('Kurier DPD'), { Platnosc: 20 }), {
      ticket: customer,
    });
    const second = await checkout.makeCart(t, [checkout.line(product(SCARF), 1)], { ticket: customer });
    expect((await setCode(second, 'RAZ')).status).toBe(200);
    const refused = await checkout.refused(
      await checkout.place(t, checkout.orderBody(second, ship('Kurier DPD'), { Platnosc: 20 }), {
        ticket: customer,
      }),
      409,
    );
    expect(refused.Message).toContain(msg.promoCustomerLimitReached);
  });
});

describe('a refund of one line of a discounted order', () => {
  it('gives back the pieces less their share of the discount', async () => {
    await createPromotion({ Nazwa: 'Minus 10 zł', Rodzaj: 'amount', Kwota: 10, Kod: 'MINUS10' });
    const guid = await checkout.makeCart(t, [
      checkout.line(product(SCARF), 3),
      checkout.line(product(MUG), 1),
    ]);
    expect((await setCode(guid, 'MINUS10')).status).toBe(200);
    await checkout.placeOk(
      t,
      checkout.orderBody(guid, ship('Kurier DPD'), { Email: 'zwrot.rabat@example.pl' }),
    );
    const order = (await checkout.orderOfCart(db(), guid))!;
    const lines = await checkout.linesOf(db(), order.id);
    const scarfLine = lines.find((l) => l.productName === SCARF)!;
    // 10 zł split by value over 3 scarves and a mug; PayU is charged exactly the total.
    expect(lines.reduce((s, l) => s + l.discount, 0)).toBe(1000);
    expect(order.total).toBe(order.itemsTotal - 1000 + order.shippingCost);
    // The fake PayU refuses an order whose products do not add up to its total: it took this one.
    payu.complete(order.paymentExternalId!);
    expect((await payu.notify(order.paymentExternalId!, 'COMPLETED', t.url)).status).toBe(200);

    // The panel's preview gets what it needs to say the same amount.
    const before = await checkout.json<PanelOrderRefunds>(
      await owner.fetch(`${PANEL}/orders/${order.id}/refunds`),
    );
    expect(before.DoZwrotu.Pozycje.find((p) => p.Id === scarfLine.id)!.Rabat).toEqual({
      Kwota: scarfLine.discount / 100,
      Zamowiono: 3,
      Wczesniej: 0,
    });
    const res = await owner.fetch(`${PANEL}/orders/${order.id}/refunds`, {
      method: 'POST',
      json: { Pozycje: [{ Id: scarfLine.id, Ilosc: 1 }], Powod: 'Odstąpienie od umowy' },
    });
    const after = await checkout.json<PanelOrderRefunds>(res);
    const share = Math.floor(scarfLine.discount / 3);
    expect(Math.round(after.Zwrocono * 100)).toBe(6999 - share);
    // The two other scarves together give back the rest of the line's discount, to the grosz.
    const rest = await owner.fetch(`${PANEL}/orders/${order.id}/refunds`, {
      method: 'POST',
      json: { Pozycje: [{ Id: scarfLine.id, Ilosc: 2 }] },
    });
    const all = await checkout.json<PanelOrderRefunds>(rest);
    expect(Math.round(all.Zwrocono * 100)).toBe(3 * 6999 - scarfLine.discount);
  });
});
