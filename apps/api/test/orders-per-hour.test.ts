// Orders per e-mail address and per IP in an hour, per club (the club's settings), counted in the
// database so every process sees them; a logged-in customer counts by the account's e-mail too.
// The test shop runs with RATE_LIMITS=on, as production does, behind a trusted proxy: each test
// orders from an address of its own (X-Forwarded-For), so the per-minute request limits and the
// per-IP counts of one test do not spill into the next.
import { msg } from '@club/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CheckoutShop,
  countOrders,
  line,
  loadCatalogue,
  loadShipping,
  openCheckoutShop,
  orderBody,
  orderOfCart,
  refused,
  stockOf,
  withClubLimits,
} from './fixtures/checkout.ts';
import { ticketFor } from './fixtures/orders.ts';
import { setSeller } from './fixtures/seller.ts';
import { DEMO_CUSTOMER, RIVAL_CUSTOMER } from './passwords.ts';

let shop: CheckoutShop;
beforeAll(async () => {
  shop = await openCheckoutShop({}, { env: { RATE_LIMITS: 'on', TRUST_PROXY: 'loopback' } });
  await setSeller(shop.t, 'rywal');
});
afterAll(() => shop?.t.close());

const LANYARD = 'Smycz z herbem'; // 120 in stock
let n = 0;
const fresh = (tag: string) => `${tag}-${++n}-${Date.now().toString(36)}@example.pl`;

type From = { ip: string; ticket?: string; org?: string };
const S = '/api/centauri/sklepyonline';
const cartFrom = async (from: From, lines = [line(shop.product(LANYARD))]) => {
  const res = await shop.t.fetch(`${S}/koszyk/`, {
    method: 'POST',
    json: lines,
    org: from.org ?? 'demo',
    ticket: from.ticket,
    headers: { 'x-forwarded-for': from.ip },
  });
  expect(res.status).toBe(200);
  return res.text();
};
const placeFrom = (from: From, guid: string, email: string, shipping = shop.ship('Kurier DPD')) =>
  shop.t.fetch(`${S}/zlozZamowienie/`, {
    method: 'POST',
    json: orderBody(guid, shipping, { Email: email }),
    org: from.org ?? 'demo',
    ticket: from.ticket,
    headers: { 'x-forwarded-for': from.ip },
  });
/** A new cart of one lanyard and its online order for `email`; answers the response. */
const orderFrom = async (email: string, from: From) => {
  const guid = await cartFrom(from);
  return { guid, res: await placeFrom(from, guid, email) };
};

describe('orders per e-mail address', () => {
  it('the 6th order from one e-mail in an hour gets a Polish 429; the cart and stock stay as they were', async () => {
    const from = { ip: '203.0.113.1' };
    const email = fresh('kibic');
    for (let i = 0; i < 5; i++) {
      expect((await orderFrom(i === 3 ? email.toUpperCase() : email, from)).res.status).toBe(200);
    }
    const stock = await stockOf(shop.t.database.db, shop.product(LANYARD).Id);
    const orders = await countOrders(shop.t.database.db);
    // From another computer too: the address is what counts.
    const sixth = await orderFrom(email, { ip: '203.0.113.2' });
    expect((await refused(sixth.res, 429)).Message).toBe(msg.tooManyOrdersFromEmail);
    expect(await orderOfCart(shop.t.database.db, sixth.guid)).toBeUndefined();
    expect(await stockOf(shop.t.database.db, shop.product(LANYARD).Id)).toBe(stock);
    expect(await countOrders(shop.t.database.db)).toBe(orders);
    // Another address from the same computer still may (the IP's limit is 10).
    expect((await orderFrom(fresh('inny'), from)).res.status).toBe(200);
  });

  it('a repeated request for a cart already ordered still answers that order, not a 429', async () => {
    const from = { ip: '203.0.113.3' };
    const email = fresh('powtorka');
    await withClubLimits(shop.t, { ZamowieniaNaEmailNaGodzine: 1 }, async () => {
      const first = await orderFrom(email, from);
      const url = await first.res.text();
      expect(first.res.status, url).toBe(200);
      const again = await placeFrom(from, first.guid, email);
      expect(again.status).toBe(200);
      expect(await again.text()).toBe(url);
      expect((await refused((await orderFrom(email, from)).res, 429)).Message).toBe(
        msg.tooManyOrdersFromEmail,
      );
    });
  });

  it("a logged-in customer counts by the account's e-mail, whatever address the order names", async () => {
    const ticket = await ticketFor(shop.t, 'demo', DEMO_CUSTOMER.email);
    const from = { ip: '203.0.113.4', ticket };
    await withClubLimits(shop.t, { ZamowieniaNaEmailNaGodzine: 3 }, async () => {
      for (let i = 0; i < 3; i++) expect((await orderFrom(fresh('dostawa'), from)).res.status).toBe(200);
      expect((await refused((await orderFrom(fresh('dostawa'), from)).res, 429)).Message).toBe(
        msg.tooManyOrdersFromEmail,
      );
      // A guest naming the account's address, elsewhere, is counted with the account's orders.
      const guest = await orderFrom(DEMO_CUSTOMER.email, { ip: '203.0.113.5' });
      expect((await refused(guest.res, 429)).Message).toBe(msg.tooManyOrdersFromEmail);
    });
  });
});

describe('orders per IP address', () => {
  it('the 11th order from one IP in an hour gets a Polish 429 whatever the e-mail; another club counts its own', async () => {
    const from = { ip: '198.51.100.7' };
    for (let i = 0; i < 10; i++) expect((await orderFrom(fresh('ip'), from)).res.status).toBe(200);
    const eleventh = await orderFrom(fresh('ip'), from);
    expect((await refused(eleventh.res, 429)).Message).toBe(msg.tooManyOrdersFromIp);
    // The club may allow more.
    await withClubLimits(shop.t, { ZamowieniaNaIpNaGodzine: 11 }, async () => {
      expect((await placeFrom(from, eleventh.guid, fresh('ip'))).status).toBe(200);
    });
    // The rival club has its own count: the same computer may order there.
    const rivalProduct = await loadCatalogue(shop.t, 'rywal');
    const rivalShipping = await loadShipping(shop.t, 'rywal');
    const rival = { ...from, org: 'rywal', ticket: await ticketFor(shop.t, 'rywal', RIVAL_CUSTOMER.email) };
    const guid = await cartFrom(rival, [line(rivalProduct('Szalik FC Rywal'))]);
    const res = await placeFrom(rival, guid, RIVAL_CUSTOMER.email, rivalShipping('Kurier GLS'));
    expect(res.status, await res.text()).toBe(200);
  });
});

describe('concurrent orders from one address', () => {
  it('ten at once with a limit of 5: exactly 5 are placed, 5 get 429', async () => {
    const email = fresh('wyscig');
    const guids: string[] = [];
    for (let i = 0; i < 10; i++) guids.push(await cartFrom({ ip: `192.0.2.${i + 1}` }));
    const answers = await Promise.all(
      guids.map((guid, i) => placeFrom({ ip: `192.0.2.${i + 1}` }, guid, email)),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 429, 429, 429, 429, 429]);
    const placed = (await Promise.all(guids.map((g) => orderOfCart(shop.t.database.db, g)))).filter(Boolean);
    expect(placed).toHaveLength(5);
  });

  it('ten at once from one IP with a limit of 10 after 4: exactly 6 are placed', async () => {
    const from = { ip: '192.0.2.100' };
    for (let i = 0; i < 4; i++) expect((await orderFrom(fresh('ip-wyscig'), from)).res.status).toBe(200);
    const guids: string[] = [];
    for (let i = 0; i < 10; i++) guids.push(await cartFrom(from));
    // The per-minute request limit of the route is not what is measured here.
    const answers = await Promise.all(guids.map((guid) => placeFrom(from, guid, fresh('ip-wyscig'))));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429, 429, 429]);
    for (const r of answers.filter((a) => a.status === 429))
      expect(((await r.json()) as { Message: string }).Message).toBe(msg.tooManyOrdersFromIp);
  });
});
