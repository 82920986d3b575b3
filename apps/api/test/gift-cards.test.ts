import {
  type Cart,
  fillMessage,
  GIFT_CARD_PAYMENT_METHOD,
  msg,
  normaliseGiftCardCode,
  OrderStatus,
  type PanelOrderRefunds,
} from '@club/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giftCards, giftCardUses, orders } from '../src/db/schema.ts';
import { hashToken } from '../src/lib/crypto.ts';
import { type FakePayu, startFakePayu } from './fakes/payu-server.ts';
import * as checkout from './fixtures/checkout.ts';
import { orgIdOf } from './fixtures/orders.ts';
import { PANEL, type PanelClient, panelLogin } from './fixtures/panel.ts';
import { configurePayu } from './fixtures/payu.ts';

/**
 * Gift cards (decision 154): bought as a product and issued once paid (code by e-mail with a PDF),
 * kept in the cart, spent in part over orders, with PayU paying the rest; given back when an order
 * is cancelled or refunded; refused when expired, blocked or used up. Money in grosze.
 */
let { t, product, ship } = {} as checkout.CheckoutShop;
let owner: PanelClient;
let payu: FakePayu;
const PAYU = { posId: '300746', clientId: '300746', clientSecret: 'r'.repeat(32), secondKey: 's'.repeat(32) };
const CART = `${checkout.S}/koszyk`;
const CARD = 'E-karta podarunkowa';
const SCARF = 'Szalik zimowy dziany'; // 69,99 zł
const WOVEN = 'Szalik klubowy tkany'; // 59,99 zł

beforeAll(async () => {
  ({ t, product, ship } = await checkout.openCheckoutShop());
  owner = await panelLogin(t);
  payu = await startFakePayu(PAYU);
  await configurePayu(t, { ...PAYU, sandbox: true, baseUrl: payu.url });
});
afterAll(async () => {
  await t?.close();
  await payu?.close();
});

const db = () => t.database.db;
/** The Polish message of a refusal with `status`. */
const refusal = async (res: Response, status: number) =>
  ((await checkout.refused(res, status)) as { Message: string }).Message;
const setCard = (guid: string, Kod: string, org = 'demo') =>
  t.fetch(`${CART}/${guid}/karta`, { method: 'POST', json: { Kod }, org });
const readCart = async (guid: string, query = '') =>
  checkout.json<Cart>(await t.fetch(`${CART}/${guid}${query}`, { org: 'demo' }));
const shippingFor = async (guid: string) =>
  checkout.json<checkout.Shipping[]>(
    await t.fetch(`${checkout.S}/getwysylki?koszyk=${guid}`, { org: 'demo' }),
  );
const cardOf = async (code: string) =>
  (
    await db()
      .select()
      .from(giftCards)
      .where(eq(giftCards.codeHash, hashToken(normaliseGiftCardCode(code)!)))
  )[0]!;
const paid = async (orderId: number) => {
  const [o] = await db().select().from(orders).where(eq(orders.id, orderId));
  payu.complete(o!.paymentExternalId!);
  const res = await payu.notify(o!.paymentExternalId!, 'COMPLETED', t.url);
  expect(res.status).toBe(200);
};

/** A card straight in the database, as the panel's tests make them: its code is only known here. */
const makeCard = async (code: string, amount: number, extra: Partial<typeof giftCards.$inferInsert> = {}) => {
  const [row] = await db()
    .insert(giftCards)
    .values({
      organisationId: await orgIdOf(db(), 'demo'),
      codeHash: hashToken(normaliseGiftCardCode(code)!),
      codeEnd: normaliseGiftCardCode(code)!.slice(-4),
      amount,
      balance: amount,
      expiresAt: new Date(Date.now() + 86_400_000 * 30),
      email: 'posiadacz@example.pl',
      ...extra,
    })
    .returning();
  return row!;
};

let boughtCode = '';

describe('a gift card bought', () => {
  it('travels by e-mail, is paid online only, and is issued once paid with its code and PDF', async () => {
    const guid = await checkout.makeCart(t, [checkout.line(product(CARD), 1, '100 zł')]);
    const cart = await readCart(guid);
    expect(cart.TylkoKartyPodarunkowe).toBe(true);
    expect(cart.Pozycje[0]!.KartaPodarunkowa).toBe(true);
    // A cart of cards alone is offered the e-mail delivery only; any other cart never sees it.
    const options = await shippingFor(guid);
    expect(options.map((o) => o.Tresc)).toEqual(['Karta podarunkowa e-mailem']);
    expect(options[0]).toMatchObject({ Elektroniczna: true, PlatnoscPrzyOdbiorze: false, Meta: 0 });
    const plain = await checkout.json<checkout.Shipping[]>(
      await t.fetch(`${checkout.S}/getwysylki`, { org: 'demo' }),
    );
    expect(plain.some((o) => o.Elektroniczna)).toBe(false);

    const email = options[0]!;
    const courier = await refusal(
      await checkout.place(t, checkout.orderBody(guid, ship('Kurier DPD'), { Email: 'karta@example.pl' })),
      400,
    );
    expect(courier).toBe(msg.orderGiftCardShipping);
    // With goods beside it, by courier: still never cash on delivery.
    const mixed = await checkout.makeCart(t, [
      checkout.line(product(CARD), 1, '50 zł'),
      checkout.line(product(WOVEN), 1),
    ]);
    expect(await shippingFor(mixed)).not.toContainEqual(expect.objectContaining({ Elektroniczna: true }));
    const cod = await refusal(
      await checkout.place(
        t,
        checkout.orderBody(mixed, ship('Kurier DPD'), { Platnosc: 20, Email: 'karta@example.pl' }),
      ),
      400,
    );
    expect(cod).toBe(msg.orderGiftCardOnline);
    const byEmail = await checkout.place(t, checkout.orderBody(mixed, email, { Email: 'karta@example.pl' }));
    expect(await refusal(byEmail, 400)).toBe(msg.orderElectronicShipping);

    await checkout.placeOk(t, checkout.orderBody(guid, email, { Email: 'karta@example.pl' }));
    const order = (await checkout.orderOfCart(db(), guid))!;
    expect(order.total).toBe(10000);
    expect(Number(payu.lastOrder()!.body.totalAmount)).toBe(10000);
    // Not issued before the payment.
    expect(await db().select().from(giftCards).where(eq(giftCards.orderId, order.id))).toHaveLength(0);
    await paid(order.id);
    // A replayed notification issues nothing more.
    await payu.notify(order.paymentExternalId!, 'COMPLETED', t.url);
    const issued = await db().select().from(giftCards).where(eq(giftCards.orderId, order.id));
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({ amount: 10000, balance: 10000, email: 'karta@example.pl' });
    const months = (issued[0]!.expiresAt.getTime() - Date.now()) / (30.4 * 86_400_000);
    expect(Math.round(months)).toBe(12);

    const message = await checkout.eventually(async () => {
      const m = (await t.outbox.messages()).find(
        (x) => x.to === 'karta@example.pl' && x.subject.startsWith('Karta podarunkowa'),
      );
      expect(m).toBeDefined();
      return m!;
    });
    const code = /[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}/.exec(
      message.text,
    )?.[0];
    expect(code).toBeDefined();
    expect(hashToken(normaliseGiftCardCode(code!)!)).toBe(issued[0]!.codeHash);
    expect(message.attachments?.map((a) => a.filename)).toEqual([`karta-podarunkowa-${code!.slice(-4)}.pdf`]);
    // The code itself is nowhere in the shop's tables but the queued e-mail.
    expect(JSON.stringify(issued)).not.toContain(normaliseGiftCardCode(code!));
    boughtCode = code!;
  });

  it('is blocked when its purchase is refunded, and not refunded once spent', async () => {
    const buyPaidCard = async (email: string) => {
      const guid = await checkout.makeCart(t, [checkout.line(product(CARD), 1, '50 zł')]);
      await checkout.placeOk(t, checkout.orderBody(guid, (await shippingFor(guid))[0]!, { Email: email }));
      const order = (await checkout.orderOfCart(db(), guid))!;
      await paid(order.id);
      const [line] = await checkout.linesOf(db(), order.id);
      const [card] = await db().select().from(giftCards).where(eq(giftCards.orderId, order.id));
      const refund = () =>
        owner.fetch(`${PANEL}/orders/${order.id}/refunds`, {
          method: 'POST',
          json: { Pozycje: [{ Id: line!.id, Ilosc: 1 }], Powod: 'Odstąpienie od umowy' },
        });
      return { card: card!, refund };
    };
    // Refunded untouched: the card is blocked, so it is not both money back and money to spend.
    const untouched = await buyPaidCard('zwrot@example.pl');
    expect((await untouched.refund()).status).toBe(200);
    const [blocked] = await db().select().from(giftCards).where(eq(giftCards.id, untouched.card.id));
    expect(blocked!.disabledAt).not.toBeNull();
    // Spent in part: the refund of its purchase is refused in Polish, nothing blocked, nothing sent.
    const spent = await buyPaidCard('zwrot2@example.pl');
    await db().update(giftCards).set({ balance: 1000 }).where(eq(giftCards.id, spent.card.id));
    const calls = payu.refundCalls.length;
    expect(await refusal(await spent.refund(), 409)).toBe(msg.refundGiftCardSpent);
    expect(payu.refundCalls.length).toBe(calls);
    const [still] = await db().select().from(giftCards).where(eq(giftCards.id, spent.card.id));
    expect(still!.disabledAt).toBeNull();
  });

  it('is never discounted nor paid for with another card', async () => {
    const other = await makeCard('2345-6789-ABCD-EFGH', 5000);
    const guid = await checkout.makeCart(t, [checkout.line(product(CARD), 1, '50 zł')]);
    const cart = await checkout.json<Cart>(await setCard(guid, '2345-6789-ABCD-EFGH'));
    expect(cart.KartaPodarunkowa).toMatchObject({ Kwota: 0, Komunikat: msg.giftCardForGiftCards });
    const email = (await shippingFor(guid))[0]!;
    const res = await checkout.place(t, checkout.orderBody(guid, email, { Email: 'karta2@example.pl' }));
    expect(await refusal(res, 409)).toBe(
      fillMessage(msg.orderGiftCardRefused, { powod: msg.giftCardForGiftCards }),
    );
    expect((await cardOf('2345-6789-ABCD-EFGH')).balance).toBe(other.balance);
  });
});

describe('a gift card spent', () => {
  it('pays a whole order, then part of the next one with PayU paying the rest', async () => {
    const dpd = ship('Kurier DPD');
    // First order: 69,99 + delivery, all of it from the card: paid at once, no PayU.
    const first = await checkout.makeCart(t, [checkout.line(product(SCARF), 1)]);
    const wrong = await setCard(first, 'AAAA-BBBB-CCCC-DDDD');
    expect(await refusal(wrong, 400)).toBe(msg.giftCardUnknown);
    const kept = await checkout.json<Cart>(
      await setCard(first, boughtCode.toLowerCase().replaceAll('-', ' ')),
    );
    expect(kept.KartaPodarunkowa).toMatchObject({ Koncowka: boughtCode.slice(-4), Saldo: 100, Kwota: 69.99 });
    const summary = await readCart(first, `?dostawa=${dpd.Id}`);
    const firstTotal = 6999 + dpd.Meta;
    expect(Math.round(summary.KartaPodarunkowa!.Kwota * 100)).toBe(firstTotal);
    expect(summary.DoZaplaty).toBe(0);
    const payuOrders = payu.orders.size;
    const url = await checkout.placeOk(t, checkout.orderBody(first, dpd, { Email: 'wydaje@example.pl' }));
    expect(url).toContain('/potwierdenie-platnosci?z=');
    expect(payu.orders.size).toBe(payuOrders);
    const o1 = (await checkout.orderOfCart(db(), first))!;
    expect(o1).toMatchObject({
      total: firstTotal,
      giftCardPaid: firstTotal,
      paymentMethod: GIFT_CARD_PAYMENT_METHOD,
      paymentStatus: 'COMPLETED',
      expiresAt: null,
    });
    expect((await cardOf(boughtCode)).balance).toBe(10000 - firstTotal);
    // The buyer's order e-mail, as for any order: queued with the order.
    const confirmation = await checkout.eventually(async () =>
      (await checkout.mails(t)).find((m) => m.includes('wydaje@example.pl') && m.includes(o1.number)),
    );
    expect(confirmation).toContain('Karta podarunkowa');

    // Second order: 59,99 + delivery; the card pays what is left, PayU the rest as one item.
    const left = 10000 - firstTotal;
    const second = await checkout.makeCart(t, [checkout.line(product(WOVEN), 1)]);
    await setCard(second, boughtCode);
    const priced = await readCart(second, `?dostawa=${dpd.Id}`);
    const secondTotal = 5999 + dpd.Meta;
    expect(Math.round(priced.KartaPodarunkowa!.Kwota * 100)).toBe(left);
    expect(Math.round(priced.DoZaplaty! * 100)).toBe(secondTotal - left);
    await checkout.placeOk(t, checkout.orderBody(second, dpd, { Email: 'wydaje@example.pl' }));
    const o2 = (await checkout.orderOfCart(db(), second))!;
    expect(o2).toMatchObject({ total: secondTotal, giftCardPaid: left, paymentMethod: 10 });
    const charged = payu.lastOrder()!.body;
    expect(Number(charged.totalAmount)).toBe(secondTotal - left);
    expect(charged.products.reduce((s, p) => s + Number(p.unitPrice) * Number(p.quantity), 0)).toBe(
      secondTotal - left,
    );
    await paid(o2.id);
    const after = (await db().select().from(orders).where(eq(orders.id, o2.id)))[0]!;
    expect(after.paymentStatus).toBe('COMPLETED');
    const card = await cardOf(boughtCode);
    expect(card.balance).toBe(0);

    // Used up: refused in a new cart with its Polish message.
    const third = await checkout.makeCart(t, [checkout.line(product(WOVEN), 1)]);
    expect(await refusal(await setCard(third, boughtCode), 400)).toBe(msg.giftCardUsedUp);

    // A refund of the whole second order: PayU gives back what it took, the card the rest.
    const refund = await owner.fetch(`${PANEL}/orders/${o2.id}/refunds`, {
      method: 'POST',
      json: { Kwota: secondTotal / 100, Powod: 'Rezygnacja' },
    });
    const done = await checkout.json<PanelOrderRefunds>(refund);
    expect(Math.round(done.Zwrocono * 100)).toBe(secondTotal);
    const sent = payu.refundCalls.at(-1)!.body as { refund: { amount: string } };
    expect(Number(sent.refund.amount)).toBe(secondTotal - left);
    expect((await cardOf(boughtCode)).balance).toBe(left);
    const history = await db().select().from(giftCardUses).where(eq(giftCardUses.giftCardId, card.id));
    expect(history.map((h) => [h.kind, h.amount])).toEqual([
      ['order', firstTotal],
      ['order', left],
      ['refund', -left],
    ]);
  });

  it('is given back when an unpaid order is cancelled, and refused when expired or blocked', async () => {
    const code = '3456-789A-BCDE-FGHJ';
    await makeCard(code, 2000);
    const guid = await checkout.makeCart(t, [checkout.line(product(WOVEN), 1)]);
    await setCard(guid, code);
    await checkout.placeOk(t, checkout.orderBody(guid, ship('Kurier DPD'), { Email: 'anuluje@example.pl' }));
    const order = (await checkout.orderOfCart(db(), guid))!;
    expect(order.giftCardPaid).toBe(2000);
    expect((await cardOf(code)).balance).toBe(0);
    const cancel = await owner.fetch(`${PANEL}/orders/${order.id}/status`, {
      method: 'POST',
      json: { Status: OrderStatus.cancelled },
    });
    expect(cancel.status, await cancel.text()).toBeLessThan(300);
    expect((await cardOf(code)).balance).toBe(2000);

    const expired = '4567-89AB-CDEF-GHJK';
    await makeCard(expired, 2000, { expiresAt: new Date(Date.now() - 1000) });
    const blocked = '5678-9ABC-DEFG-HJKM';
    await makeCard(blocked, 2000, { disabledAt: new Date() });
    const cart = await checkout.makeCart(t, [checkout.line(product(WOVEN), 1)]);
    expect(await refusal(await setCard(cart, expired), 400)).toBe(msg.giftCardExpired);
    expect(await refusal(await setCard(cart, blocked), 400)).toBe(msg.giftCardDisabled);
    // Another club's storefront does not know the demo club's card.
    const rival = await checkout.json<{ Id: number }[]>(
      await t.fetch(`${checkout.S}/getProdukty/0/1`, { org: 'rywal' }),
    );
    const other = await checkout.makeCart(t, [{ Id: 0, IdWyrob: rival[0]!.Id, Ilosc: 1, Parametr: null }], {
      org: 'rywal',
    });
    expect(await refusal(await setCard(other, code, 'rywal'), 400)).toBe(msg.giftCardUnknown);

    // Kept in a cart, then blocked by the club before the order: the order is refused, nothing taken.
    await setCard(cart, code);
    await db()
      .update(giftCards)
      .set({ disabledAt: new Date() })
      .where(and(eq(giftCards.codeHash, hashToken(normaliseGiftCardCode(code)!))));
    const res = await checkout.place(
      t,
      checkout.orderBody(cart, ship('Kurier DPD'), { Email: 'blok@example.pl' }),
    );
    expect(await refusal(res, 409)).toBe(
      fillMessage(msg.orderGiftCardRefused, { powod: msg.giftCardDisabled }),
    );
    expect((await cardOf(code)).balance).toBe(2000);
  });

  it('pays once when two orders spend one card at the same moment', async () => {
    const code = '6789-ABCD-EFGH-JKMN';
    await makeCard(code, 8000);
    const carts = await Promise.all(
      [1, 2, 3, 4].map(async () => {
        const guid = await checkout.makeCart(t, [checkout.line(product(WOVEN), 1)]);
        expect((await setCard(guid, code)).status).toBe(200);
        return guid;
      }),
    );
    const results = await Promise.all(
      carts.map((guid, i) =>
        checkout.place(t, checkout.orderBody(guid, ship('Kurier DPD'), { Email: `razem${i}@example.pl` })),
      ),
    );
    const placed = results.filter((r) => r.status === 200).length;
    const refusedCount = results.filter((r) => r.status === 409).length;
    expect(placed + refusedCount).toBe(4);
    const taken = await Promise.all(
      carts.map(async (g) => (await checkout.orderOfCart(db(), g))?.giftCardPaid ?? 0),
    );
    // Never more than the card had, and the card's balance says what is left.
    expect(taken.reduce((s, x) => s + x, 0)).toBe(8000 - (await cardOf(code)).balance);
    expect((await cardOf(code)).balance).toBe(0);
  });
});
