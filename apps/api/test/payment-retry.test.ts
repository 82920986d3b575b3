import { HistoryOrderSchema, msg, PaymentOutcomeSchema } from '@club/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { orders } from '../src/db/schema.ts';
import * as checkout from './fixtures/checkout.ts';

/**
 * over HTTP: the return URL's signed token shows the buyer their order's payment
 * outcome, and 'Ponów płatność' starts a new payment of the same order while it is open.
 */
let { t, product, ship, customer } = {} as checkout.CheckoutShop;

beforeAll(async () => {
  ({ t, product, ship, customer } = await checkout.openCheckoutShop());
});
afterAll(() => t?.close());

const press = async (payUrl: string, action: 'approve' | 'cancel') => {
  const res = await fetch(`${t.url}${new URL(payUrl).pathname}/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
    redirect: 'manual',
  });
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location')!).searchParams.get('z')!;
};

/** A demo-paid order of the demo customer, its payment cancelled; returns the order and the token. */
const cancelledOrder = async (name = 'Kalendarz 2027') => {
  const { guid, url: payUrl } = await checkout.placeCart(
    t,
    [checkout.line(product(name))],
    ship('Odbiór osobisty w sklepie klubowym'),
    { ticket: customer },
  );
  const token = await press(payUrl, 'cancel');
  return { order: (await checkout.orderOfCart(t.database.db, guid))!, token, payUrl };
};

const outcome = async (token: string, org = 'demo') => {
  const res = await t.fetch(`${checkout.S}/platnosc/${token}`, { org });
  expect(res.status, await res.clone().text()).toBe(200);
  return PaymentOutcomeSchema.parse(await res.json());
};
const retry = (token: string, org = 'demo') =>
  t.fetch(`${checkout.S}/ponowPlatnosc/`, { method: 'POST', json: { Token: token }, org });
const orderRow = async (id: number) =>
  (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const history = async () =>
  z
    .array(HistoryOrderSchema)
    .parse(await (await t.fetch(`${checkout.S}/pobierzHistorieZamowien`, { ticket: customer })).json());

describe('payment outcome and retry', () => {
  it('a cancelled payment: failed outcome; the retry pays the same order with a new payment', async () => {
    const { order, token, payUrl } = await cancelledOrder();
    expect(token).toMatch(new RegExp(`^${order.id}\\.[A-Za-z0-9_-]{32}$`));
    expect(await outcome(token)).toEqual({
      NrZamowienia: order.number,
      Kwota: order.total / 100,
      Platnosc: 10,
      Status: 10,
      Wynik: 'nieudana',
      MoznaPonowic: true,
    });
    expect((await history()).find((o) => o.NrZamowienia === order.number)?.PonowPlatnosc).toBe(token);
    const mailsOf = async (subject: string) =>
      (await checkout.mails(t)).filter((m) => m.includes(`Subject: ${subject} ${order.number}`));
    // The buyer was told at once, with a link that lets a guest pay again too.
    const [failed, ...more] = await mailsOf('Płatność za zamówienie');
    expect(more).toEqual([]);
    expect(failed).toContain('nie powiodła się');
    expect(failed).toContain(`/potwierdenie-platnosci?z=${token}`);
    const confirmations = (await mailsOf('Potwierdzenie zamówienia')).length;

    const res = await retry(token);
    expect(res.status, await res.clone().text()).toBe(200);
    const { Url } = (await res.json()) as { Url: string };
    expect(Url).toMatch(/\/platnosc-demo\/[A-Za-z0-9_-]{32}$/);
    expect(Url).not.toBe(payUrl);
    expect(await orderRow(order.id)).toMatchObject({ status: 10, paymentStatus: 'NEW', paymentUrl: Url });
    // A second click before paying gets the same payment, not another one.
    expect(((await (await retry(token)).json()) as { Url: string }).Url).toBe(Url);
    // The old payment's page is over; the new one pays the same order.
    expect(await (await fetch(`${t.url}${new URL(payUrl).pathname}`)).text()).toContain(
      'Nie znaleziono płatności',
    );
    expect(await press(Url, 'approve')).toBe(token);
    expect(await orderRow(order.id)).toMatchObject({ status: 20, paymentStatus: 'COMPLETED' });
    expect(await outcome(token)).toMatchObject({ Wynik: 'oplacone', MoznaPonowic: false });
    // The confirmation e-mail is not sent again for the new payment; the payment's own is.
    expect((await mailsOf('Potwierdzenie zamówienia')).length).toBe(confirmations);
    expect((await mailsOf('Płatność za zamówienie')).filter((m) => m.includes('przyjęta'))).toHaveLength(1);
    expect((await history()).find((o) => o.NrZamowienia === order.number)?.PonowPlatnosc).toBeNull();

    expect(await checkout.refused(await retry(token), 409)).toMatchObject({ Message: msg.paymentRetryPaid });
  });

  it('refuses a retry once the order expired or was cancelled, in Polish', async () => {
    const expiring = await cancelledOrder();
    await t.database.db
      .update(orders)
      .set({ expiresAt: sql`now() + interval '30 seconds'` })
      .where(eq(orders.id, expiring.order.id));
    expect(await outcome(expiring.token)).toMatchObject({ Wynik: 'nieudana', MoznaPonowic: false });
    expect(await checkout.refused(await retry(expiring.token), 409)).toMatchObject({
      Message: msg.paymentRetryExpired,
    });
    expect(await orderRow(expiring.order.id)).toMatchObject({ paymentStatus: 'CANCELED' });

    const cancelled = await cancelledOrder();
    await t.database.db.update(orders).set({ status: 60 }).where(eq(orders.id, cancelled.order.id));
    expect(await outcome(cancelled.token)).toMatchObject({ Wynik: 'anulowane', MoznaPonowic: false });
    expect(await checkout.refused(await retry(cancelled.token), 409)).toMatchObject({
      Message: msg.paymentRetryCancelled,
    });
    expect((await history()).find((o) => o.Id === cancelled.order.id)?.PonowPlatnosc).toBeNull();
  });

  it("another club's shop or a forged token sees nothing and starts nothing", async () => {
    const { order, token } = await cancelledOrder();
    expect(
      await checkout.refused(await t.fetch(`${checkout.S}/platnosc/${token}`, { org: 'rywal' }), 404),
    ).toMatchObject({
      Message: msg.paymentNotFound,
    });
    expect(await checkout.refused(await retry(token, 'rywal'), 404)).toMatchObject({
      Message: msg.paymentNotFound,
    });
    const forged = `${order.id}.${'A'.repeat(32)}`;
    expect((await t.fetch(`${checkout.S}/platnosc/${forged}`, { org: 'demo' })).status).toBe(404);
    expect((await retry(forged)).status).toBe(404);
    // Another order's id with this order's signature: not genuine either.
    expect((await retry(`${order.id + 1}.${token.split('.')[1]}`)).status).toBe(404);
    expect((await t.fetch(`${checkout.S}/platnosc/not-a-token`, { org: 'demo' })).status).toBe(400);
    expect(await orderRow(order.id)).toMatchObject({ status: 10, paymentStatus: 'CANCELED' });
  });
});
