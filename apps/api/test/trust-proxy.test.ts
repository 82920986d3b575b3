import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema.ts';
import {
  line,
  loadCatalogue,
  loadShipping,
  makeCart,
  orderBody,
  PLACE,
  type Product,
  type Shipping,
} from './fixtures/checkout.ts';
import { rawRequest } from './fixtures/raw-http.ts';
import { createTestApp, login, type TestApp } from './harness.ts';
import { DEMO_CUSTOMER } from './passwords.ts';

/** Places a cash-on-delivery order with extra headers; returns the customer IP stored with it. */
const orderedIp = async (
  t: TestApp,
  ctx: { ticket: string; mug: Product; courier: Shipping },
  headers: Record<string, string>,
) => {
  const guid = await makeCart(t, [line(ctx.mug, 1)], { ticket: ctx.ticket });
  const res = await t.fetch(PLACE, {
    method: 'POST',
    json: orderBody(guid, ctx.courier, { Platnosc: 20 }),
    ticket: ctx.ticket,
    headers,
  });
  expect(res.status, await res.text()).toBe(200);
  const [row] = await t.database.db
    .select({ ip: orders.customerIp })
    .from(orders)
    .where(eq(orders.cartGuid, guid));
  return row!.ip;
};

const setUp = async (t: TestApp) => {
  const product = await loadCatalogue(t);
  const shipping = await loadShipping(t);
  return {
    ticket: await login(t, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password),
    mug: product('Kubek z herbem'),
    courier: shipping('Kurier DPD'),
  };
};

describe('default: no proxy is trusted', () => {
  let t: TestApp;
  let ctx: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    t = await createTestApp();
    ctx = await setUp(t);
  });
  afterAll(() => t?.close());

  it('stores the connecting address as the customer IP (the one sent to PayU), whatever X-Forwarded-For says', async () => {
    expect(t.config.trustProxy).toBe(false);
    expect(await orderedIp(t, ctx, { 'x-forwarded-for': '203.0.113.9' })).toBe('127.0.0.1');
    expect(await orderedIp(t, ctx, { forwarded: 'for=203.0.113.9', 'x-real-ip': '203.0.113.9' })).toBe(
      '127.0.0.1',
    );
  });

  it('garbage X-Forwarded-* headers give no 5xx on the API', async () => {
    for (const headers of [
      { 'x-forwarded-proto': 'javascript' },
      { 'x-forwarded-proto': '%%%' },
      { 'x-forwarded-host': '[::' },
      { 'x-forwarded-for': 'nie-adres' },
    ]) {
      const res = await rawRequest(t.url, '/api/cms/stronyfrontend/get', { headers });
      expect(res.status, JSON.stringify(headers)).toBe(200);
    }
  });
});

describe('TRUST_PROXY=1: one proxy in front of the shop', () => {
  let t: TestApp;
  let ctx: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    t = await createTestApp({ trustProxy: 1 });
    ctx = await setUp(t);
  });
  afterAll(() => t?.close());

  it('stores the address the proxy forwarded; a client-supplied prefix is ignored', async () => {
    expect(await orderedIp(t, ctx, { 'x-forwarded-for': '203.0.113.9' })).toBe('203.0.113.9');
    expect(await orderedIp(t, ctx, { 'x-forwarded-for': '198.51.100.1, 203.0.113.10' })).toBe('203.0.113.10');
    expect(await orderedIp(t, ctx, {})).toBe('127.0.0.1');
  });

  it('garbage X-Forwarded-* headers give no 5xx on the API', async () => {
    for (const headers of [
      { 'x-forwarded-proto': 'javascript' },
      { 'x-forwarded-proto': 'http://x, ::' },
      { 'x-forwarded-host': '[::' },
      { 'x-forwarded-host': 'a b/c?d' },
      { 'x-forwarded-for': 'nie-adres, :::' },
    ]) {
      const res = await rawRequest(t.url, '/api/cms/stronyfrontend/get', { headers });
      expect(res.status, JSON.stringify(headers)).toBeLessThan(500);
    }
  });
});
