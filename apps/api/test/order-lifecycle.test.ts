import { fillMessage, msg } from '@club/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, organisations } from '../src/db/schema.ts';
import { endNow } from '../src/db/transactions.ts';
import { placeInTransaction } from '../src/modules/orders/place-transaction.ts';
import { type FakePayu, startFakePayu } from './fakes/payu-server.ts';
import * as checkout from './fixtures/checkout.ts';
import { readableMail } from './fixtures/mail.ts';
import { userOf } from './fixtures/orders.ts';
import { configurePayu } from './fixtures/payu.ts';
import { createTestApp } from './harness.ts';
import { DEMO_CUSTOMER } from './passwords.ts';

/**
 * Unpaid online orders expire and give their stock back exactly once; an
 * order a crash left without a payment start is repaired; a retry of the same cart always gets a
 * clear answer; production without PayU never lets a buyer mark their own order paid.
 */

let { t, product, ship, customer } = {} as checkout.CheckoutShop;
beforeAll(async () => {
  ({ t, product, ship, customer } = await checkout.openCheckoutShop());
});
afterAll(() => t?.close());

const db = () => t.database.db;
const orderRow = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
const setOrder = (id: number, set: Record<string, unknown>) =>
  db().update(orders).set(set).where(eq(orders.id, id));
const mailsTo = async (to: string) =>
  (await t.outbox.messages()).map(readableMail).filter((m) => m.split(/\r?\n/).includes(`To: ${to}`));

/** An online (demo) order placed over HTTP; returns its cart, URL and row. */
const onlineOrder = (name: string, quantity = 1) =>
  checkout.placeCart(t, [checkout.line(product(name), quantity)], ship('Kurier DPD'), { ticket: customer });

/**
 * What a crash between the order's commit and its payment start leaves: the order transaction,
 * exactly as placement runs it, and nothing after it.
 */
const crashedOrder = async (
  name: string,
  quantity: number,
  provider: 'demo' | 'payu' = 'demo',
  opts: { justNow?: boolean } = {},
) => {
  const guid = await checkout.makeCart(t, [checkout.line(product(name), quantity)], { ticket: customer });
  const [org] = await db().select().from(organisations).where(eq(organisations.alias, 'demo'));
  const user = await userOf(db(), 'demo', DEMO_CUSTOMER.email);
  const dpd = ship('Kurier DPD');
  const placed = await db().transaction(async (tx) =>
    endNow(
      tx,
      await placeInTransaction(tx, {
        orgId: org!.id,
        orderPrefix: org!.orderPrefix,
        userId: user.id,
        guid,
        shipping: { id: dpd.Id, name: dpd.Tresc, price: dpd.Meta },
        paymentMethod: 10,
        paymentProvider: provider,
        paymentUrl: null,
        paymentTimeoutMs: t.config.orderPaymentTimeoutMs,
        address: checkout.addressColumns,
        deliveryInfo: null,
        customerIp: '127.0.0.1',
        limits: org!,
      }),
    ),
  );
  if (placed.kind !== 'new') throw new Error('expected a new order');
  // The request that wrote it is long gone: older than the repair's grace period.
  if (!opts.justNow) await setOrder(placed.order.id, { updatedAt: sql`now() - interval '5 minutes'` });
  return { guid, order: await orderRow(placed.order.id) };
};

describe('unpaid online orders expire', () => {
  it('sets expires_at for an online order only (cash on delivery never expires)', async () => {
    const { order } = await onlineOrder('Brelok metalowy');
    const timeout = order.expiresAt!.getTime() - order.createdAt.getTime();
    expect(Math.abs(timeout - t.config.orderPaymentTimeoutMs)).toBeLessThan(1000);

    const cod = await checkout.placeCart(t, [checkout.line(product('Brelok metalowy'))], ship('Kurier DPD'), {
      ticket: customer,
      extra: { Platnosc: 20 },
    });
    expect(cod.order.expiresAt).toBeNull();
  });

  it('cancels an expired unpaid order and returns its stock exactly once, even with two workers at once', async () => {
    const bag = product('Plecak klubowy');
    const before = await checkout.stockOf(db(), bag.Id);
    const { guid, order, url } = await onlineOrder('Plecak klubowy', 2);
    expect(await checkout.stockOf(db(), bag.Id)).toBe(before - 2);
    const mailsBefore = (await mailsTo(checkout.address.Email)).length;

    // Not yet due: nothing happens.
    await t.app.orderMaintenance.runOnce();
    expect((await orderRow(order.id)).status).toBe(10);

    await setOrder(order.id, { expiresAt: sql`now() - interval '1 second'` });
    await Promise.all([t.app.orderMaintenance.runOnce(), t.app.orderMaintenance.runOnce()]);
    await t.app.orderMaintenance.runOnce();

    const after = await orderRow(order.id);
    expect(after).toMatchObject({ status: 60, paymentStatus: 'NEW' });
    expect(after.stockReturnedAt).toBeInstanceOf(Date);
    expect(await checkout.stockOf(db(), bag.Id)).toBe(before);

    // The buyer had the confirmation; now they are told it is off.
    const mails = await mailsTo(checkout.address.Email);
    expect(mails.length).toBe(mailsBefore + 1);
    expect(mails.at(-1)).toContain(`Zamówienie ${order.number} zostało anulowane`);

    // The same cart again: a clear answer, not a dead payment link nor a 409 for ever.
    const again = await checkout.refused(
      await checkout.place(t, checkout.orderBody(guid, ship('Kurier DPD')), { ticket: customer }),
      409,
    );
    expect(again.Message).toBe(fillMessage(msg.orderCancelledOrderAgain, { numer: order.number }));

    // The demo payment page no longer takes the payment.
    const path = new URL(url).pathname;
    expect(await (await t.fetch(path)).text()).toContain('Ta płatność została anulowana.');
    const approve = await t.fetch(`${path}/approve`, { method: 'POST', redirect: 'manual' });
    expect(approve.status).toBe(303);
    expect((await orderRow(order.id)).status).toBe(60);
    expect(await checkout.stockOf(db(), bag.Id)).toBe(before);
  });

  it('leaves paid orders and cash-on-delivery orders alone', async () => {
    const paid = await onlineOrder('Brelok metalowy');
    await t.fetch(`${new URL(paid.url).pathname}/approve`, { method: 'POST', redirect: 'manual' });
    expect((await orderRow(paid.order.id)).paymentStatus).toBe('COMPLETED');
    await setOrder(paid.order.id, { expiresAt: sql`now() - interval '1 second'` });
    await t.app.orderMaintenance.runOnce();
    expect((await orderRow(paid.order.id)).status).toBe(20);
    expect((await orderRow(paid.order.id)).stockReturnedAt).toBeNull();
  });
});

describe('an order a crash left without a payment start', () => {
  it('is found by the worker, gets its payment, and the retried cart answers its address', async () => {
    const scarf = product('Szalik zimowy dziany');
    const before = await checkout.stockOf(db(), scarf.Id);
    const { guid, order } = await crashedOrder('Szalik zimowy dziany', 1);
    expect(order).toMatchObject({ status: 10, paymentUrl: null, paymentExternalId: null });
    expect(await checkout.stockOf(db(), scarf.Id)).toBe(before - 1);
    const mailsBefore = (await mailsTo(checkout.address.Email)).length;

    await t.app.orderMaintenance.runOnce();
    const repaired = await orderRow(order.id);
    expect(repaired.status).toBe(10);
    expect(repaired.paymentUrl).toMatch(/\/platnosc-demo\/[A-Za-z0-9_-]{32}$/);
    expect(repaired.paymentExternalId).not.toBeNull();
    expect(await checkout.stockOf(db(), scarf.Id)).toBe(before - 1);
    // The confirmation goes out with the payment start, once (delivered by the mail queue's worker,
    // so on a busy machine it may reach the outbox a moment later).
    await expect.poll(async () => (await mailsTo(checkout.address.Email)).length).toBe(mailsBefore + 1);
    const mails = await mailsTo(checkout.address.Email);
    expect(mails.length).toBe(mailsBefore + 1);
    expect(mails.at(-1)).toContain(`Potwierdzenie zamówienia ${order.number}`);

    // A second pass changes nothing (the order is no longer without payment).
    await t.app.orderMaintenance.runOnce();
    expect((await orderRow(order.id)).paymentExternalId).toBe(repaired.paymentExternalId);

    expect(
      await checkout.placeOk(t, checkout.orderBody(guid, ship('Kurier DPD')), { ticket: customer }),
    ).toBe(repaired.paymentUrl);
  });

  it('is repaired by the buyer retrying the same cart, at once', async () => {
    const { guid, order } = await crashedOrder('Kubek z herbem', 1);
    const started = Date.now();
    const url = await checkout.placeOk(t, checkout.orderBody(guid, ship('Kurier DPD')), { ticket: customer });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(url).toMatch(/\/platnosc-demo\//);
    expect((await orderRow(order.id)).paymentUrl).toBe(url);
  });

  it('gets its payment from the buyer retrying right after the crash, without waiting for the repair', async () => {
    const { guid, order } = await crashedOrder('Kubek z herbem', 1, 'demo', { justNow: true });
    const started = Date.now();
    const url = await checkout.placeOk(t, checkout.orderBody(guid, ship('Kurier DPD')), { ticket: customer });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(url).toMatch(/\/platnosc-demo\//);
    expect(await orderRow(order.id)).toMatchObject({ paymentUrl: url, paymentStartUntil: null });
  });

  it('is not started twice: a retry while its start is in progress waits for that start', async () => {
    const { guid, order } = await crashedOrder('Kubek z herbem', 1, 'demo', { justNow: true });
    // Another request holds the start (its claim is live) and records it a moment later.
    await setOrder(order.id, { paymentStartUntil: sql`now() + interval '90 seconds'` });
    const retry = checkout.placeOk(t, checkout.orderBody(guid, ship('Kurier DPD')), { ticket: customer });
    await new Promise((r) => setTimeout(r, 500));
    expect((await orderRow(order.id)).paymentExternalId).toBeNull();
    const theirs = `${t.config.publicUrl}/platnosc-demo/${'x'.repeat(32)}`;
    await setOrder(order.id, {
      paymentExternalId: 'x'.repeat(32),
      paymentUrl: theirs,
      paymentStartUntil: null,
    });
    expect(await retry).toBe(theirs);
  });

  it('is cancelled with its stock returned when its club can no longer take that payment; the retry hears why', async () => {
    const mug = product('Kubek z herbem');
    const before = await checkout.stockOf(db(), mug.Id);
    // Placed for PayU, but the club has no PayU configuration (any more).
    const { guid, order } = await crashedOrder('Kubek z herbem', 2, 'payu');
    await t.app.orderMaintenance.runOnce();
    expect(await orderRow(order.id)).toMatchObject({ status: 60, paymentStatus: 'ERROR', paymentUrl: null });
    expect(await checkout.stockOf(db(), mug.Id)).toBe(before);
    await t.app.orderMaintenance.runOnce();
    expect(await checkout.stockOf(db(), mug.Id)).toBe(before);
    const again = await checkout.refused(
      await checkout.place(t, checkout.orderBody(guid, ship('Kurier DPD')), { ticket: customer }),
      502,
    );
    expect(again.Message).toBe(msg.orderPaymentFailed);
  });

  it('past its payment time, it expires instead: stock back once, the retry is told to order again', async () => {
    const mug = product('Kubek z herbem');
    const before = await checkout.stockOf(db(), mug.Id);
    const { guid, order } = await crashedOrder('Kubek z herbem', 1);
    await setOrder(order.id, { expiresAt: sql`now() - interval '1 second'` });
    await t.app.orderMaintenance.runOnce();
    expect(await orderRow(order.id)).toMatchObject({ status: 60, paymentUrl: null });
    expect(await checkout.stockOf(db(), mug.Id)).toBe(before);
    const again = await checkout.refused(
      await checkout.place(t, checkout.orderBody(guid, ship('Kurier DPD')), { ticket: customer }),
      409,
    );
    expect(again.Message).toBe(fillMessage(msg.orderCancelledOrderAgain, { numer: order.number }));
  });
});

describe('concurrent retries of an order a crash left without a payment start', () => {
  let payu: FakePayu;
  const PAYU = {
    posId: '300746',
    clientId: '300746',
    clientSecret: 'c'.repeat(32),
    secondKey: 'k'.repeat(32),
  };
  const configure = (cfg: Record<string, unknown> | null) => configurePayu(t, cfg);
  beforeAll(async () => {
    payu = await startFakePayu(PAYU);
    await configure({ ...PAYU, sandbox: true, baseUrl: payu.url });
  });
  afterAll(async () => {
    await configure(null);
    await payu?.close();
  });

  it('start one payment with the provider, and every retry gets its address', async () => {
    const { guid, order } = await crashedOrder('Kubek z herbem', 1, 'payu', { justNow: true });
    const before = payu.state.orderRequests;
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        checkout.placeOk(t, checkout.orderBody(guid, ship('Kurier DPD')), { ticket: customer }),
      ),
    );
    expect(payu.state.orderRequests - before).toBe(1);
    const row = await orderRow(order.id);
    expect(row.paymentUrl).toMatch(new RegExp(`^${payu.url}/pay/`));
    expect(new Set(answers)).toEqual(new Set([row.paymentUrl]));
  });
});

describe('the order e-mail address', () => {
  it('must be one valid address: a list would mail strangers', async () => {
    for (const Email of ['a@x.pl, b@y.pl, c@z.pl', 'a@x.pl,b@y.pl', 'Jan <a@x.pl>', 'nie-adres']) {
      const guid = await checkout.makeCart(t, [checkout.line(product('Brelok metalowy'))], {
        ticket: customer,
      });
      const body = await checkout.refused(
        await checkout.place(t, checkout.orderBody(guid, ship('Kurier DPD'), { Email }), {
          ticket: customer,
        }),
        400,
      );
      expect(body.Fields?.Email, Email).toBe(msg.invalidEmail);
      expect(await checkout.orderOfCart(db(), guid)).toBeUndefined();
    }
  });
});

describe('production without PayU credentials', () => {
  it('refuses online payment (no order, no stock taken) and has no demo payment page', async () => {
    const prod = await createTestApp({ env: 'production', demoPayments: false });
    try {
      expect(prod.app.hasRoute({ method: 'GET', url: '/platnosc-demo/:token' })).toBe(false);
      expect(prod.app.hasRoute({ method: 'POST', url: '/platnosc-demo/:token/:action' })).toBe(false);
      const { product: p, ship: s, customer: buyer } = await checkout.checkoutShopOf(prod);
      const bag = p('Plecak klubowy');
      const before = await checkout.stockOf(prod.database.db, bag.Id);
      const guid = await checkout.makeCart(prod, [checkout.line(bag, 1)], { ticket: buyer });
      const refusedBody = await checkout.refused(
        await checkout.place(prod, checkout.orderBody(guid, s('Kurier DPD')), { ticket: buyer }),
        400,
      );
      expect(refusedBody).toEqual({
        Message: msg.onlinePaymentUnavailable,
        Fields: { Platnosc: msg.onlinePaymentUnavailable },
      });
      expect(await checkout.orderOfCart(prod.database.db, guid)).toBeUndefined();
      expect(await checkout.stockOf(prod.database.db, bag.Id)).toBe(before);
      // Cash on delivery still works, from the same cart.
      const url = await checkout.placeOk(prod, checkout.orderBody(guid, s('Kurier DPD'), { Platnosc: 20 }), {
        ticket: buyer,
      });
      expect(url).toMatch(/\/potwierdenie-platnosci\?z=\d+\.[A-Za-z0-9_-]{32}$/);
    } finally {
      await prod.close();
    }
  });

  it('with DEMO_PAYMENTS=on the demo page is there (an explicit choice)', async () => {
    const demo = await createTestApp({ env: 'production', demoPayments: true });
    try {
      expect(demo.app.hasRoute({ method: 'GET', url: '/platnosc-demo/:token' })).toBe(true);
    } finally {
      await demo.close();
    }
  });
});
