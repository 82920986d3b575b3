import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatGrosze, HistoryOrderSchema, msg } from '@club/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { orders, paymentEvents } from '../src/db/schema.ts';
import { demoSecondKey, loadDemoSecret } from '../src/modules/payments/demo.ts';
import { mountWeb } from '../src/web.ts';
import { type CheckoutShop, line, openCheckoutShop, placeCart, S, stockOf } from './fixtures/checkout.ts';

let { t, product, ship, customer } = {} as CheckoutShop;
let webDir: string;

/** A stand-in for the storefront's server build: answers every page, so a shadowed route would show. */
const fakeWebBuild = () => {
  webDir = mkdtempSync(join(tmpdir(), 'clubshop-web-'));
  mkdirSync(join(webDir, 'client', 'assets-web'), { recursive: true });
  const entry = join(webDir, 'index.mjs');
  writeFileSync(
    entry,
    `export const clientDirectory = ${JSON.stringify(join(webDir, 'client'))};
export const assetsPrefix = '/assets-web/';
export const canonicalPath = () => undefined;
export async function handleRequest() {
  return new Response('<!doctype html><p>storefront catch-all</p>', { status: 200, headers: { 'content-type': 'text/html' } });
}`,
  );
  return entry;
};

beforeAll(async () => {
  const serverEntry = fakeWebBuild();
  ({ t, product, ship, customer } = await openCheckoutShop(
    {},
    { beforeListen: (app) => mountWeb(app, { serverEntry }) },
  ));
});
afterAll(() => t?.close());

/** Places a demo-paid order; returns the order row and the payment page's path. */
const demoOrder = async (name: string, quantity = 1) => {
  const { url, order } = await placeCart(
    t,
    [line(product(name), quantity)],
    ship('Odbiór osobisty w sklepie klubowym'),
    { ticket: customer },
  );
  // A random token: the address names no order and counts none.
  expect(url).toMatch(new RegExp(`^${t.config.publicUrl}/platnosc-demo/[A-Za-z0-9_-]{32}$`));
  expect(url).not.toContain(`/${order.id}.`);
  return { order, path: new URL(url).pathname };
};

const orderRow = async (id: number) =>
  (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const events = async (orderId: number) =>
  t.database.db.select().from(paymentEvents).where(eq(paymentEvents.orderId, orderId));

const press = (path: string, action: 'approve' | 'cancel') =>
  fetch(`${t.url}${path}/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
    redirect: 'manual',
  });

describe('demo payment page', () => {
  it('shows the shop, the order number and the amount, with two buttons, under a strict CSP', async () => {
    const { order, path } = await demoOrder('Karta podarunkowa 1 299,99 zł');
    expect(order).toMatchObject({ paymentProvider: 'demo', total: 129999, paymentStatus: 'NEW' });
    expect(order.paymentExternalId).toBe(path.split('/').pop());
    const res = await fetch(t.url + path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    expect(html).toMatch(/^<!doctype html><html lang="pl">/);
    expect(html).toContain('MKS Sokół Demo');
    expect(html).toContain(order.number);
    expect(formatGrosze(129999)).toBe('1\u00a0299,99\u00a0zł');
    expect(html).toContain('1\u00a0299,99\u00a0zł');
    expect(html).toContain(
      `<form method="post" action="${path}/approve"><button type="submit" class="pay">Zapłać (symulacja)</button></form>`,
    );
    expect(html).toContain(
      `<form method="post" action="${path}/cancel"><button type="submit" class="cancel">Anuluj płatność</button></form>`,
    );
    expect(html).toContain('To jest płatność demonstracyjna.');
    expect(html).not.toContain('storefront catch-all');

    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain(`form-action 'self' ${new URL(t.config.publicUrl).origin}`);
    // The only inline style is allowed by its hash, and nothing else.
    const style = html.match(/<style>([\s\S]*?)<\/style>/)![1]!;
    expect(csp).toContain(`style-src 'sha256-${createHash('sha256').update(style).digest('base64')}'`);
    expect(html).not.toMatch(/<script/i);
  });

  it('approve: the order becomes "Do realizacji", the buyer goes to the thank-you page', async () => {
    const { order, path } = await demoOrder('Kalendarz 2027', 2);
    const res = await press(path, 'approve');
    expect(res.status).toBe(303);
    // The return URL names the order by its signed token.
    expect(res.headers.get('location')).toMatch(
      new RegExp(`^${t.config.publicUrl}/potwierdenie-platnosci\\?z=${order.id}\\.[A-Za-z0-9_-]{32}$`),
    );
    expect(await orderRow(order.id)).toMatchObject({
      status: 20,
      paymentStatus: 'COMPLETED',
      stockReturnedAt: null,
    });
    expect((await events(order.id)).map((e) => e.status)).toEqual(['COMPLETED']);

    const history = z
      .array(HistoryOrderSchema)
      .parse(await (await t.fetch(`${S}/pobierzHistorieZamowien`, { ticket: customer })).json());
    expect(history.find((o) => o.NrZamowienia === order.number)?.Status).toBe(20);

    // Pressing again, or cancelling afterwards, changes nothing.
    const stock = await stockOf(t.database.db, product('Kalendarz 2027').Id);
    expect((await press(path, 'approve')).status).toBe(303);
    expect((await press(path, 'cancel')).status).toBe(303);
    expect(await orderRow(order.id)).toMatchObject({
      status: 20,
      paymentStatus: 'COMPLETED',
      stockReturnedAt: null,
    });
    expect(await stockOf(t.database.db, product('Kalendarz 2027').Id)).toBe(stock);
    expect((await events(order.id)).map((e) => e.status)).toEqual(['COMPLETED', 'CANCELED']);

    const page = await (await fetch(t.url + path)).text();
    expect(page).toContain('Ta płatność została już opłacona.');
    expect(page).not.toContain('Zapłać (symulacja)');
  });

  it('cancel: the payment is cancelled, the order stays open (stock kept) for a new payment', async () => {
    const db = t.database.db;
    const pillow = product('Plecak klubowy');
    const before = await stockOf(db, pillow.Id);
    const { order, path } = await demoOrder('Plecak klubowy', 3);
    expect(await stockOf(db, pillow.Id)).toBe(before - 3);
    const res = await press(path, 'cancel');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toMatch(/\/potwierdenie-platnosci\?z=/);
    const cancelled = await orderRow(order.id);
    // The buyer may retry until the order expires; the expiry returns the stock.
    expect(cancelled).toMatchObject({ status: 10, paymentStatus: 'CANCELED', stockReturnedAt: null });
    expect(await stockOf(db, pillow.Id)).toBe(before - 3);
    await Promise.all([press(path, 'cancel'), press(path, 'cancel'), press(path, 'approve')]);
    // This payment is over: a later approve on its page changes nothing.
    expect(await orderRow(order.id)).toMatchObject({ status: 10, paymentStatus: 'CANCELED' });
    expect(await stockOf(db, pillow.Id)).toBe(before - 3);
    expect(await (await fetch(t.url + path)).text()).toContain('Ta płatność została anulowana.');
  });

  it('an unknown or guessed token shows "not found" and changes nothing', async () => {
    const { order, path } = await demoOrder('Brelok metalowy');
    const guessed = `/platnosc-demo/${'A'.repeat(32)}`;
    for (const p of [
      guessed,
      `/platnosc-demo/${order.id}.${'A'.repeat(24)}`,
      '/platnosc-demo/nie-ma-takiej',
      `/platnosc-demo/${order.id}`,
    ]) {
      const res = await fetch(t.url + p);
      expect(res.status).toBe(404);
      expect(await res.text()).toContain(msg.paymentNotFound);
    }
    expect((await press(guessed, 'approve')).status).toBe(404);
    expect((await fetch(`${t.url}${path}/refund`, { method: 'POST' })).status).toBe(404);
    expect(await orderRow(order.id)).toMatchObject({ status: 10, paymentStatus: 'NEW' });
  });

  it('still opens a payment started before its token became random ({orderId}.{random})', async () => {
    const { order } = await demoOrder('Brelok metalowy');
    const earlier = `${order.id}.${'b'.repeat(24)}`;
    await t.database.db
      .update(orders)
      .set({ paymentExternalId: earlier, paymentUrl: `${t.config.publicUrl}/platnosc-demo/${earlier}` })
      .where(eq(orders.id, order.id));
    const res = await fetch(`${t.url}/platnosc-demo/${earlier}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(order.number);
  });

  it("leaves every other page to the storefront's catch-all", async () => {
    const res = await fetch(`${t.url}/platnosc-demo`);
    expect(await res.text()).toContain('storefront catch-all');
  });
});

describe('payment notification endpoint with the demo key', () => {
  const NOTIFY = '/api/payments/payu/notify/demo';
  const key = () => demoSecondKey(loadDemoSecret(t.config.dataDir), 'demo');
  const body = (o: { paymentExternalId: string | null; number: string; total: number }, status: string) =>
    JSON.stringify({
      order: {
        orderId: o.paymentExternalId,
        extOrderId: o.number,
        status,
        totalAmount: String(o.total),
        currencyCode: 'PLN',
      },
    });
  const sig = (raw: string, secondKey: string, algorithm = 'MD5') => {
    const hash = algorithm === 'MD5' ? 'md5' : 'sha256';
    return `sender=checkout;signature=${createHash(hash)
      .update(raw + secondKey)
      .digest('hex')};algorithm=${algorithm};content=DOCUMENT`;
  };
  const post = (raw: string, signature?: string, alias = 'demo') =>
    fetch(`${t.url}${NOTIFY.replace('/demo', `/${alias}`)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(signature && { 'openpayu-signature': signature }) },
      body: raw,
    });

  it('rejects forged, unsigned and wrongly signed notifications; nothing changes', async () => {
    const { order } = await demoOrder('Bidon sportowy');
    const raw = body(order, 'COMPLETED');
    const forged = await post(raw, sig(raw, 'zgadywany-klucz'));
    expect(forged.status).toBe(401);
    expect(((await forged.json()) as { Message: string }).Message).toBe(msg.paymentSignatureInvalid);
    expect((await post(raw)).status).toBe(400);
    expect((await post(raw, 'sender=checkout;content=DOCUMENT')).status).toBe(400);
    expect((await post(raw, sig(raw, key()).replace('algorithm=MD5', 'algorithm=SHA1'))).status).toBe(400);
    // Signed for MD5 but declared SHA-256.
    expect((await post(raw, sig(raw, key()).replace('algorithm=MD5', 'algorithm=SHA-256'))).status).toBe(401);
    // A valid signature over a different body.
    const other = body(order, 'PENDING');
    expect((await post(raw, sig(other, key()))).status).toBe(401);
    // The rival club's key is another key.
    const rivalKey = demoSecondKey(loadDemoSecret(t.config.dataDir), 'rywal');
    expect((await post(raw, sig(raw, rivalKey))).status).toBe(401);
    expect(await orderRow(order.id)).toMatchObject({ status: 10, paymentStatus: 'NEW' });
    expect(await events(order.id)).toEqual([]);
  });

  it('accepts a correctly signed one (MD5 or SHA-256), once; replays change nothing', async () => {
    const { order } = await demoOrder('Bidon sportowy');
    const pending = body(order, 'PENDING');
    expect((await post(pending, sig(pending, key(), 'SHA256'))).status).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({ status: 10, paymentStatus: 'PENDING' });
    const done = body(order, 'COMPLETED');
    const res = await post(done, sig(done, key(), 'MD5'));
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('OK');
    expect(await orderRow(order.id)).toMatchObject({ status: 20, paymentStatus: 'COMPLETED' });
    expect((await post(done, sig(done, key(), 'MD5'))).status).toBe(200);
    expect((await post(pending, sig(pending, key(), 'SHA-256'))).status).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({ status: 20, paymentStatus: 'COMPLETED' });
    expect((await events(order.id)).map((e) => e.status).sort()).toEqual(['COMPLETED', 'PENDING']);
  });

  it("a notification naming another club's order, or an unknown one, changes nothing", async () => {
    const { order } = await demoOrder('Bidon sportowy');
    const raw = body(order, 'COMPLETED');
    const rivalKey = demoSecondKey(loadDemoSecret(t.config.dataDir), 'rywal');
    const asRival = await post(raw, sig(raw, rivalKey), 'rywal');
    expect(asRival.status).toBe(404);
    const unknown = body({ ...order, number: 'ZS/2026/999999' }, 'COMPLETED');
    expect((await post(unknown, sig(unknown, key()))).status).toBe(404);
    const wrongId = body({ ...order, paymentExternalId: `${order.id}.${'B'.repeat(24)}` }, 'COMPLETED');
    expect((await post(wrongId, sig(wrongId, key()))).status).toBe(404);
    const wrongAmount = body({ ...order, total: 1 }, 'COMPLETED');
    expect((await post(wrongAmount, sig(wrongAmount, key()))).status).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({ status: 10, paymentStatus: 'NEW' });
    expect((await post('{"order":1}', sig('{"order":1}', key()))).status).toBe(400);
    expect((await post('nie json', sig('nie json', key()))).status).toBe(400);
    expect((await post(raw, sig(raw, key()), 'nie-ma-klubu')).status).toBe(404);
  });
});
