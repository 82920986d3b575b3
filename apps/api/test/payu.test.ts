import { msg } from '@club/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orders, paymentEvents } from '../src/db/schema.ts';
import { type FakePayu, startFakePayu } from './fakes/payu-server.ts';
import * as checkout from './fixtures/checkout.ts';
import { configurePayu } from './fixtures/payu.ts';

const PAYU = {
  posId: '300746',
  clientId: '300746',
  clientSecret: '2ee86a66e5d97e3fadc400c9f19b065d',
  secondKey: 'b6ca15b0d1020e8094d9b5f8d163db54',
};

let { t, product, ship, customer } = {} as checkout.CheckoutShop;
let payu: FakePayu;

const configure = (cfg: Record<string, unknown> | null) => configurePayu(t, cfg);

beforeAll(async () => {
  payu = await startFakePayu(PAYU);
  ({ t, product, ship, customer } = await checkout.openCheckoutShop());
  await configure({ ...PAYU, sandbox: true, baseUrl: payu.url });
});
afterAll(async () => {
  await t?.close();
  await payu?.close();
});
beforeEach(() => {
  payu.state.failOrders = 0;
});

const orderRow = async (id: number) =>
  (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const eventCount = async (orderId: number) =>
  (await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.orderId, orderId))).length;

/** Places a PayU order for the customer; returns the answer, the order row and what PayU received. */
const payuOrder = async (
  lines: Parameters<typeof checkout.makeCart>[1],
  shipping = 'Kurier DPD',
  extra = {},
) => {
  const { url, order, guid } = await checkout.placeCart(t, lines, ship(shipping), {
    ticket: customer,
    extra,
  });
  const sent = [...payu.orders.values()].find((o) => o.orderId === order.paymentExternalId)!;
  return { url, order, sent, guid };
};

describe('PayU: placing an order', () => {
  it("sends the buyer to PayU's redirectUri, with the order registered as PayU expects it", async () => {
    const kit = product('Koszulka meczowa wyjazdowa 2026/27');
    const mug = product('Kubek z herbem');
    const { url, order, sent } = await payuOrder([checkout.line(kit, 2, 'XL'), checkout.line(mug, 1)]);
    expect(sent).toBeDefined();
    expect(url).toBe(sent.redirectUri);
    expect(url).toMatch(new RegExp(`^${payu.url}/pay/`));
    expect(order).toMatchObject({
      paymentProvider: 'payu',
      paymentMethod: 10,
      paymentStatus: 'NEW',
      paymentExternalId: sent.orderId,
      paymentUrl: sent.redirectUri,
      status: 10,
      total: 2 * 28999 + 3499 + 1599,
    });
    // Expires an hour after it was written (database time).
    const expiresIn = order.expiresAt!.getTime() - order.createdAt.getTime();
    expect(expiresIn).toBeGreaterThanOrEqual(3600_000 - 1000);
    expect(expiresIn).toBeLessThanOrEqual(3600_000 + 1000);
    expect(sent.body).toEqual({
      notifyUrl: `${t.config.publicUrl}/api/payments/payu/notify/demo`,
      continueUrl: expect.stringMatching(
        new RegExp(`^${t.config.publicUrl}/potwierdenie-platnosci\\?z=${order.id}\\.[A-Za-z0-9_-]{32}$`),
      ),
      customerIp: '127.0.0.1',
      merchantPosId: PAYU.posId,
      description: `Zamówienie ${order.number} – MKS Sokół Demo`,
      currencyCode: 'PLN',
      totalAmount: String(2 * 28999 + 3499 + 1599),
      extOrderId: expect.stringMatching(new RegExp(`^${order.number}-[0-9a-f]{8}$`)),
      // ORDER_PAYMENT_TIMEOUT_MINUTES (60) in seconds: PayU's payment lives as long as the unpaid order.
      validityTime: '3600',
      buyer: {
        email: 'jan.kibic@example.pl',
        phone: '600700800',
        firstName: 'Jan',
        lastName: 'Kibic',
        language: 'pl',
      },
      products: [
        { name: 'Koszulka meczowa wyjazdowa 2026/27 - XL', unitPrice: '28999', quantity: '2' },
        { name: 'Kubek z herbem', unitPrice: '3499', quantity: '1' },
        { name: 'Dostawa: Kurier DPD', unitPrice: '1599', quantity: '1' },
      ],
    });
  });

  it('reuses the OAuth token until it is about to expire', async () => {
    const before = payu.state.tokenRequests;
    await payuOrder([checkout.line(product('Brelok metalowy'))]);
    await payuOrder([checkout.line(product('Brelok metalowy'))]);
    expect(payu.state.tokenRequests).toBe(before);
    // A token PayU says lives under a minute is not kept.
    const fresh = await startFakePayu({ ...PAYU, expiresIn: 30 });
    try {
      await configure({ ...PAYU, sandbox: true, baseUrl: fresh.url });
      await payuOrder([checkout.line(product('Brelok metalowy'))]);
      await payuOrder([checkout.line(product('Brelok metalowy'))]);
      expect(fresh.state.tokenRequests).toBe(2);
    } finally {
      await configure({ ...PAYU, sandbox: true, baseUrl: payu.url });
      await fresh.close();
    }
  });

  it('a double submit registers one PayU order and answers the same URL', async () => {
    const guid = await checkout.makeCart(t, [checkout.line(product('Smycz z herbem'), 2)], {
      ticket: customer,
    });
    const before = payu.state.orderRequests;
    const body = checkout.orderBody(guid, ship('Kurier DPD'));
    const [a, b] = await Promise.all([
      checkout.place(t, body, { ticket: customer }),
      checkout.place(t, body, { ticket: customer }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const [ua, ub] = [await a.text(), await b.text()];
    expect(ub).toBe(ua);
    expect(ua).toMatch(new RegExp(`^${payu.url}/pay/`));
    expect(payu.state.orderRequests).toBe(before + 1);
  });

  it('a PayU failure: 502, the order is kept as cancelled with payment ERROR and the stock comes back', async () => {
    const db = t.database.db;
    const bag = product('Plecak klubowy');
    const before = await checkout.stockOf(db, bag.Id);
    const guid = await checkout.makeCart(t, [checkout.line(bag, 2)], { ticket: customer });
    payu.state.failOrders = 1;
    const body = await checkout.refused(
      await checkout.place(t, checkout.orderBody(guid, ship('Kurier DPD')), { ticket: customer }),
      502,
    );
    expect(body.Message).toBe(msg.orderPaymentFailed);
    const order = (await checkout.orderOfCart(db, guid))!;
    expect(order).toMatchObject({ status: 60, paymentStatus: 'ERROR', paymentUrl: null });
    expect(order.stockReturnedAt).toBeInstanceOf(Date);
    expect(await checkout.stockOf(db, bag.Id)).toBe(before);
    // Sending it again tells the same, and does not take the stock again.
    expect(
      (
        await checkout.refused(
          await checkout.place(t, checkout.orderBody(guid, ship('Kurier DPD')), { ticket: customer }),
          502,
        )
      ).Message,
    ).toBe(msg.orderPaymentFailed);
    expect(await checkout.stockOf(db, bag.Id)).toBe(before);
  });

  it('wrong PayU credentials: 502, nothing oversold', async () => {
    await configure({ ...PAYU, clientSecret: 'zle-haslo', sandbox: true, baseUrl: payu.url });
    try {
      const scarf = product('Szalik zimowy dziany');
      const before = await checkout.stockOf(t.database.db, scarf.Id);
      const guid = await checkout.makeCart(t, [checkout.line(scarf, 1)], { ticket: customer });
      await checkout.refused(
        await checkout.place(t, checkout.orderBody(guid, ship('Kurier DPD')), { ticket: customer }),
        502,
      );
      expect(await checkout.stockOf(t.database.db, scarf.Id)).toBe(before);
    } finally {
      await configure({ ...PAYU, sandbox: true, baseUrl: payu.url });
    }
  });
});

describe('PayU: notifications', () => {
  it('COMPLETED (MD5 signature) makes the order "Do realizacji"', async () => {
    const { order } = await payuOrder([checkout.line(product('Kalendarz 2027'))]);
    const pending = await payu.notify(order.paymentExternalId!, 'PENDING', t.url, 'MD5');
    expect(pending.status).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({ status: 10, paymentStatus: 'PENDING' });
    const waiting = await payu.notify(order.paymentExternalId!, 'WAITING_FOR_CONFIRMATION', t.url, 'SHA256');
    expect(waiting.status).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({ status: 10, paymentStatus: 'WAITING_FOR_CONFIRMATION' });
    const done = await payu.notify(order.paymentExternalId!, 'COMPLETED', t.url, 'MD5');
    expect(done.status).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({
      status: 20,
      paymentStatus: 'COMPLETED',
      stockReturnedAt: null,
    });
  });

  it('a replayed notification changes nothing; a late PENDING never downgrades', async () => {
    const { order } = await payuOrder([checkout.line(product('Kalendarz 2027'))]);
    const done = await payu.notify(order.paymentExternalId!, 'COMPLETED', t.url, 'SHA-256');
    expect(done.status).toBe(200);
    const events = await eventCount(order.id);
    const replay = await payu.send(order.paymentExternalId!, done.body, done.header, t.url);
    expect(replay.status).toBe(200);
    expect(await eventCount(order.id)).toBe(events);
    expect((await payu.notify(order.paymentExternalId!, 'PENDING', t.url)).status).toBe(200);
    expect((await payu.notify(order.paymentExternalId!, 'CANCELED', t.url)).status).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({
      status: 20,
      paymentStatus: 'COMPLETED',
      stockReturnedAt: null,
    });
  });

  it('CANCELED is recorded once; the order stays open with its stock for a new payment', async () => {
    const db = t.database.db;
    const ball = product('Piłka meczowa replika');
    const before = await checkout.stockOf(db, ball.Id);
    const { order } = await payuOrder([checkout.line(ball, 2, '5'), checkout.line(ball, 1, '4')]);
    expect(await checkout.stockOf(db, ball.Id)).toBe(before - 3);
    const first = await payu.notify(order.paymentExternalId!, 'CANCELED', t.url, 'MD5');
    expect(first.status).toBe(200);
    // The buyer may pay again until the order expires (then the stock comes back).
    expect(await checkout.stockOf(db, ball.Id)).toBe(before - 3);
    // The same again (a replay), and a differently signed copy (a new body hash): still once.
    await payu.send(order.paymentExternalId!, first.body, first.header, t.url);
    const again = await payu.notify(order.paymentExternalId!, 'CANCELED', t.url, 'SHA-256');
    expect(again.status).toBe(200);
    await Promise.all([
      payu.notify(order.paymentExternalId!, 'CANCELED', t.url, 'SHA256'),
      payu.send(
        order.paymentExternalId!,
        payu.notificationBody(order.paymentExternalId!, 'CANCELED', { x: 1 }),
        payu.header(payu.notificationBody(order.paymentExternalId!, 'CANCELED', { x: 1 })),
        t.url,
      ),
    ]);
    expect(await checkout.stockOf(db, ball.Id)).toBe(before - 3);
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ status: 10, paymentStatus: 'CANCELED', stockReturnedAt: null });
    // A later COMPLETED of the cancelled payment cannot revive it: a new payment must be started.
    await payu.notify(order.paymentExternalId!, 'COMPLETED', t.url);
    expect(await orderRow(order.id)).toMatchObject({ status: 10, paymentStatus: 'CANCELED' });
  });

  it('forged, unsigned or wrongly signed notifications are rejected and change nothing', async () => {
    const { order } = await payuOrder([checkout.line(product('Kalendarz 2027'))]);
    const id = order.paymentExternalId!;
    const body = payu.notificationBody(id, 'COMPLETED');
    const forged = await payu.send(id, body, payu.header(body, 'SHA-256', 'cudzy-klucz'), t.url);
    expect(forged.status).toBe(401);
    expect(JSON.parse(forged.text).Message).toBe(msg.paymentSignatureInvalid);
    expect((await payu.send(id, body, null, t.url)).status).toBe(400);
    expect((await payu.send(id, body, payu.header(body, 'MD5').replace('MD5', 'SHA1'), t.url)).status).toBe(
      400,
    );
    expect(
      (await payu.send(id, body, payu.header(body, 'MD5').replace('MD5', 'SHA-256'), t.url)).status,
    ).toBe(401);
    // A signature of another body, on this one.
    const other = payu.notificationBody(id, 'PENDING');
    expect((await payu.send(id, body, payu.header(other), t.url)).status).toBe(401);
    // The body changed after signing (one byte).
    expect((await payu.send(id, `${body} `, payu.header(body), t.url)).status).toBe(401);
    expect(await orderRow(order.id)).toMatchObject({ status: 10, paymentStatus: 'NEW' });
    expect(await eventCount(order.id)).toBe(0);
  });
});
