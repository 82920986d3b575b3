// Cash-on-delivery orders above the club's value, or from a guest address new to the club, are
// held until the buyer confirms them with the e-mail's single-use link; unconfirmed ones expire and
// return their stock once. The panel shows them as held.
import { createHash } from 'node:crypto';
import {
  fillMessage,
  msg,
  type OrderConfirmed,
  type PanelOrderDetail,
  PanelOrderListSchema,
  PaymentOutcomeSchema,
} from '@club/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailJobs, orderStatusHistory, orders } from '../src/db/schema.ts';
import * as checkout from './fixtures/checkout.ts';
import { orgIdOf } from './fixtures/orders.ts';
import { PANEL, type PanelClient, panelLogin } from './fixtures/panel.ts';
import { createTestApp, type TestApp } from './harness.ts';

let shop: checkout.CheckoutShop;
let t: TestApp;
let manager: PanelClient;
beforeAll(async () => {
  shop = await checkout.openCheckoutShop();
  t = shop.t;
  manager = await panelLogin(t, { role: 'manager' });
});
afterAll(() => t?.close());

const SHOP_MAIL = 'sklep@sokol-demo.pl';
const CONFIRM = `${checkout.S}/potwierdzZamowienie/`;
const LINK_RE = /\/potwierdz-zamowienie\/([A-Za-z0-9_-]{43})/;

let n = 0;
const guestEmail = () => `gosc-${++n}-${Date.now().toString(36)}@example.pl`;
const db = () => t.database.db;

/** A guest's cash-on-delivery order of `quantity` keyrings (19,99 zł); returns its row. */
const guestOrder = async (email: string, quantity = 1, product = 'Brelok metalowy') => {
  const { order } = await checkout.placeCart(
    t,
    [checkout.line(shop.product(product), quantity)],
    shop.ship('Kurier DPD'),
    {
      extra: { Platnosc: 20, Email: email },
    },
  );
  return order;
};
const sentTo = (m: string, to: string) => m.split(/\r?\n/).includes(`To: ${to}`);
const mailsAbout = async (to: string, number: string) =>
  (await checkout.mails(t)).filter((m) => sentTo(m, to) && m.includes(number));
/** The token of the confirmation link in the buyer's e-mail about this order. */
const tokenOf = async (email: string, number: string) => {
  const mail = await checkout.eventually(async () => (await mailsAbout(email, number))[0]);
  return mail.match(LINK_RE)![1]!;
};
const confirm = (Token: string, org = 'demo') => t.fetch(CONFIRM, { method: 'POST', json: { Token }, org });
const outcomeOf = async (orderId: number) => {
  const token = t.app.payments.returnToken(await orgIdOf(db(), 'demo'), orderId);
  return PaymentOutcomeSchema.parse(await (await t.fetch(`${checkout.S}/platnosc/${token}`)).json());
};
const panelOrder = async (id: number) =>
  (await (await manager.fetch(`${PANEL}/orders/${id}`)).json()) as PanelOrderDetail;
const heldInPanel = async () =>
  PanelOrderListSchema.parse(
    await (await manager.fetch(`${PANEL}/orders?potwierdzenie=czeka&count=100`)).json(),
  ).Items;
const historyOf = (orderId: number) =>
  db()
    .select()
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(orderStatusHistory.id);

describe('a guest paying on delivery from an address new to the club', () => {
  let email: string;
  let order: Awaited<ReturnType<typeof guestOrder>>;
  let token: string;
  let keyringsBefore: number;
  beforeAll(async () => {
    email = guestEmail();
    keyringsBefore = await checkout.stockOf(db(), shop.product('Brelok metalowy').Id);
    order = await guestOrder(email, 2);
    token = await tokenOf(email, order.number);
  });

  it('is held: status Nowe, a deadline, its stock taken, only the hash of the link stored', async () => {
    expect(order.status).toBe(10);
    expect(order.confirmBy).not.toBeNull();
    expect(order.buyerConfirmedAt).toBeNull();
    const timeout = order.confirmBy!.getTime() - order.createdAt.getTime();
    expect(Math.abs(timeout - t.config.orderConfirmationTimeoutMs)).toBeLessThan(2000);
    expect(order.confirmTokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    const stored = JSON.stringify(await db().select().from(orders).where(eq(orders.id, order.id)));
    expect(stored).not.toContain(token);
    expect(await checkout.stockOf(db(), shop.product('Brelok metalowy').Id)).toBe(keyringsBefore - 2);
  });

  it('the buyer gets the link and the deadline; the shop hears nothing yet', async () => {
    const [mail] = await mailsAbout(email, order.number);
    expect(mail).toContain(`Potwierdź zamówienie ${order.number}`);
    expect(mail).toContain('Potwierdzam zamówienie');
    expect(mail).toContain(`${t.config.publicUrl}/potwierdz-zamowienie/${token}`);
    expect(mail).toContain('Brelok metalowy');
    expect(await mailsAbout(SHOP_MAIL, order.number)).toEqual([]);
  });

  it('the thank-you page learns it is held, with the deadline', async () => {
    const outcome = await outcomeOf(order.id);
    expect(outcome).toMatchObject({ NrZamowienia: order.number, Platnosc: 20, Wynik: 'oczekuje' });
    expect(outcome.PotwierdzDo).toBe(order.confirmBy!.toISOString());
  });

  it('the panel lists it among the held orders and labels its detail with the deadline', async () => {
    const held = await heldInPanel();
    expect(held.map((o) => o.Id)).toContain(order.id);
    expect(held.find((o) => o.Id === order.id)!.CzekaNaPotwierdzenieDo).toBe(order.confirmBy!.toISOString());
    const detail = await panelOrder(order.id);
    expect(detail.CzekaNaPotwierdzenieDo).toBe(order.confirmBy!.toISOString());
    expect(detail.PotwierdzonePrzezKupujacego).toBeNull();
    expect(
      (await checkout.refused(await manager.fetch(`${PANEL}/orders?potwierdzenie=tak`), 400)).Message,
    ).toBe(msg.invalidRequest);
  });

  it('its link confirms it once: the shop is told then, a second use is refused', async () => {
    // Another club's shop does not know the link.
    expect((await checkout.refused(await confirm(token, 'rywal'), 400)).Message).toBe(
      msg.orderConfirmLinkInvalid,
    );
    const res = await confirm(token);
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await res.json()) as OrderConfirmed).toEqual({
      Message: fillMessage(msg.orderConfirmed, { numer: order.number }),
      NrZamowienia: order.number,
    });
    const shopMail = await checkout.eventually(async () => (await mailsAbout(SHOP_MAIL, order.number))[0]);
    expect(shopMail).toContain(`Nowe zamówienie ${order.number}`);
    expect(shopMail).toContain(`Reply-To: ${email}`);

    const again = await checkout.refused(await confirm(token), 409);
    expect(again.Message).toBe(fillMessage(msg.orderConfirmLinkUsed, { numer: order.number }));
    expect(await mailsAbout(SHOP_MAIL, order.number)).toHaveLength(1);

    const row = (await checkout.orderOfCart(db(), order.cartGuid))!;
    expect(row.buyerConfirmedAt).not.toBeNull();
    expect(row.status).toBe(10);
    expect((await historyOf(order.id)).map((h) => [h.fromStatus, h.toStatus, h.note])).toEqual([
      [10, 10, msg.historyBuyerConfirmed],
    ]);
    expect((await outcomeOf(order.id)).PotwierdzDo).toBeUndefined();
    expect((await heldInPanel()).map((o) => o.Id)).not.toContain(order.id);
    const detail = await panelOrder(order.id);
    expect(detail.CzekaNaPotwierdzenieDo).toBeNull();
    expect(detail.PotwierdzonePrzezKupujacego).toBe(row.buyerConfirmedAt!.toISOString());
    // A maintenance pass leaves a confirmed order alone.
    await t.app.orderMaintenance.runOnce();
    expect((await checkout.orderOfCart(db(), order.cartGuid))!.status).toBe(10);
  });

  it('the next order to that address is not held: the address is known to the club now', async () => {
    const next = await guestOrder(email.toUpperCase());
    expect(next.confirmBy).toBeNull();
    await checkout.eventually(async () => (await mailsAbout(SHOP_MAIL, next.number))[0]);
    const mail = (await checkout.mails(t)).find((m) => m.includes(next.number) && !sentTo(m, SHOP_MAIL))!;
    expect(mail).toContain(`Potwierdzenie zamówienia ${next.number}`);
    expect(mail).not.toMatch(LINK_RE);
  });

  it('an unknown or malformed link is refused in Polish', async () => {
    expect((await checkout.refused(await confirm('x'.repeat(43)), 400)).Message).toBe(
      msg.orderConfirmLinkInvalid,
    );
    expect((await checkout.refused(await confirm('krótki'), 400)).Message).toBe(msg.orderConfirmLinkInvalid);
  });
});

describe('held by value, not for a logged-in customer below it, never for online payment', () => {
  const customerOrder = async (quantity: number, product: string, Platnosc: 10 | 20 = 20) => {
    const { order } = await checkout.placeCart(
      t,
      [checkout.line(shop.product(product), quantity)],
      shop.ship('Kurier DPD'),
      {
        ticket: shop.customer,
        extra: { Platnosc },
      },
    );
    return order;
  };

  it('a customer under the club value goes straight through; above it waits for the e-mail', async () => {
    const small = await customerOrder(1, 'Brelok metalowy');
    expect(small.confirmBy).toBeNull();
    // 4 × 149,99 zł + delivery: above the club's 500 zł.
    const big = await customerOrder(4, 'Plecak klubowy');
    expect(big.total).toBeGreaterThan(50_000);
    expect(big.confirmBy).not.toBeNull();
    expect(await tokenOf(big.email, big.number)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const online = await customerOrder(4, 'Plecak klubowy', 10);
    expect(online.confirmBy).toBeNull();
    expect(online.confirmTokenHash).toBeNull();
  });
});

describe('an unconfirmed held order expires', () => {
  it('is cancelled after its deadline and returns its stock exactly once; its link is refused', async () => {
    const email = guestEmail();
    const scarf = shop.product('Szalik zimowy dziany');
    const before = await checkout.stockOf(db(), scarf.Id);
    const order = await guestOrder(email, 3, 'Szalik zimowy dziany');
    const token = await tokenOf(email, order.number);
    expect(await checkout.stockOf(db(), scarf.Id)).toBe(before - 3);
    // Before its deadline the maintenance leaves it be.
    await t.app.orderMaintenance.runOnce();
    expect((await checkout.orderOfCart(db(), order.cartGuid))!.status).toBe(10);

    await db()
      .update(orders)
      .set({ confirmBy: sql`now() - interval '1 second'` })
      .where(eq(orders.id, order.id));
    // Past the deadline, before the maintenance ran: the link no longer confirms it.
    const late = await checkout.refused(await confirm(token), 410);
    expect(late.Message).toBe(fillMessage(msg.orderConfirmLinkExpired, { numer: order.number }));

    await Promise.all([t.app.orderMaintenance.runOnce(), t.app.orderMaintenance.runOnce()]);
    await t.app.orderMaintenance.runOnce();
    const row = (await checkout.orderOfCart(db(), order.cartGuid))!;
    expect(row.status).toBe(60);
    expect(row.stockReturnedAt).not.toBeNull();
    expect(await checkout.stockOf(db(), scarf.Id)).toBe(before);
    expect((await historyOf(order.id)).map((h) => [h.fromStatus, h.toStatus, h.note])).toEqual([
      [10, 60, msg.historyConfirmationExpired],
    ]);
    expect((await checkout.refused(await confirm(token), 410)).Message).toBe(
      fillMessage(msg.orderConfirmLinkExpired, { numer: order.number }),
    );
    expect((await heldInPanel()).map((o) => o.Id)).not.toContain(order.id);
    expect((await panelOrder(order.id)).CzekaNaPotwierdzenieDo).toBeNull();
    // Nobody was told: the address may not be the buyer's. The shop never heard of it.
    expect(await mailsAbout(email, order.number)).toHaveLength(1);
    expect(await mailsAbout(SHOP_MAIL, order.number)).toEqual([]);
  });
});

describe('races on PostgreSQL', () => {
  let second: TestApp;
  beforeAll(async () => {
    second = await createTestApp({}, { sameDatabaseAs: t });
  });
  afterAll(() => second?.close());

  it('the same link clicked in two shop processes at once confirms once, one notice to the shop', async () => {
    const email = guestEmail();
    const order = await guestOrder(email);
    const token = await tokenOf(email, order.number);
    const send = (app: TestApp) => app.fetch(CONFIRM, { method: 'POST', json: { Token: token } });
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => send(i % 2 ? second : t)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    // Either process may send it: counted in the queue both share.
    const notices = await db()
      .select({ id: mailJobs.id })
      .from(mailJobs)
      .where(
        sql`${mailJobs.message}->>'to' = ${SHOP_MAIL} and ${mailJobs.message}->>'subject' like ${`%${order.number}%`}`,
      );
    expect(notices).toHaveLength(1);
    expect(await historyOf(order.id)).toHaveLength(1);
  });

  it('two processes expiring at once return the stock once', async () => {
    const cap = shop.product('Flaga klubowa 150x90');
    const before = await checkout.stockOf(db(), cap.Id);
    const held = [
      await guestOrder(guestEmail(), 2, 'Flaga klubowa 150x90'),
      await guestOrder(guestEmail(), 1, 'Flaga klubowa 150x90'),
    ];
    await db()
      .update(orders)
      .set({ confirmBy: sql`now() - interval '1 second'` })
      .where(sql`${orders.id} in (${held[0]!.id}, ${held[1]!.id})`);
    await Promise.all([
      t.app.orderMaintenance.runOnce(),
      second.app.orderMaintenance.runOnce(),
      t.app.orderMaintenance.runOnce(),
      second.app.orderMaintenance.runOnce(),
    ]);
    expect(await checkout.stockOf(db(), cap.Id)).toBe(before);
    for (const o of held) expect(await historyOf(o.id)).toHaveLength(1);
  });
});
