import { msg } from '@club/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../src/db/schema.ts';
import { hashToken } from '../src/lib/crypto.ts';
import { SESSION_MAX_AGE_MS, SESSION_TTL_MS } from '../src/plugins/auth.ts';
import { createTestApp, login, type TestApp } from './harness.ts';
import { DEMO_CUSTOMER } from './passwords.ts';

const A = '/api/andromeda/kontopanel';
const S = '/api/centauri/sklepyonline';
const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const userInfo = (ticket: string) => t.fetch(`${A}/getloggedinuserinfo`, { ticket });
const logout = (ticket?: string) => t.fetch(`${A}/logout`, { method: 'POST', json: {}, ticket });
const sessionOf = async (ticket: string) => {
  const [row] = await t.database.db
    .select()
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(ticket)));
  return row!;
};
const setSession = (ticket: string, values: { createdAt?: Date; expiresAt?: Date }) =>
  t.database.db
    .update(sessions)
    .set(values)
    .where(eq(sessions.tokenHash, hashToken(ticket)));

describe('logout', () => {
  it('revokes the ticket: 204 without a body, then the ticket gets 401', async () => {
    const ticket = await login(t, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    const other = await login(t, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    expect((await userInfo(ticket)).status).toBe(200);

    const res = await logout(ticket);
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect((await sessionOf(ticket)).revokedAt).not.toBeNull();
    const after = await userInfo(ticket);
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({ Message: msg.unauthorized });
    // Only this browser's session ends.
    expect((await userInfo(other)).status).toBe(200);
  });

  it('answers 401 without a ticket, with an unknown one, a revoked one, or another shop\u2019s', async () => {
    expect((await logout()).status).toBe(401);
    expect((await logout('zmyslony-bilet-1234567890')).status).toBe(401);
    const ticket = await login(t, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    const rival = await t.fetch(`${A}/logout`, { method: 'POST', json: {}, ticket, org: 'rywal' });
    expect(rival.status).toBe(401);
    expect((await userInfo(ticket)).status).toBe(200);
    expect((await logout(ticket)).status).toBe(204);
    expect((await logout(ticket)).status).toBe(401);
  });

  it('accepts a POST without a body, as the storefront sends it', async () => {
    const ticket = await login(t, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    const res = await t.fetch(`${A}/logout`, { method: 'POST', ticket });
    expect(res.status).toBe(204);
    expect((await userInfo(ticket)).status).toBe(401);
  });
});

describe('session lifetime', () => {
  it('ends a ticket 30 days after login even when it is used every day', async () => {
    const ticket = await login(t, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    // Used yesterday, so the sliding expiry is still far away...
    await setSession(ticket, {
      createdAt: new Date(Date.now() - 29 * DAY),
      expiresAt: new Date(Date.now() + 13 * DAY),
    });
    expect((await userInfo(ticket)).status).toBe(200);
    // ...but past 30 days from login the ticket is dead.
    await setSession(ticket, { createdAt: new Date(Date.now() - SESSION_MAX_AGE_MS - 60_000) });
    expect((await userInfo(ticket)).status).toBe(401);
  });

  it('never slides the expiry past the absolute end', async () => {
    const ticket = await login(t, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    const createdAt = new Date(Date.now() - 25 * DAY);
    await setSession(ticket, { createdAt, expiresAt: new Date(Date.now() + DAY) });
    expect((await userInfo(ticket)).status).toBe(200);
    const row = await sessionOf(ticket);
    expect(row.expiresAt.getTime()).toBe(createdAt.getTime() + SESSION_MAX_AGE_MS);
  });

  it('still slides a young session by 14 days and ends an idle one', async () => {
    const ticket = await login(t, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    await setSession(ticket, {
      createdAt: new Date(Date.now() - 2 * DAY),
      expiresAt: new Date(Date.now() + DAY),
    });
    const before = Date.now();
    expect((await userInfo(ticket)).status).toBe(200);
    const slid = (await sessionOf(ticket)).expiresAt.getTime();
    expect(slid).toBeGreaterThanOrEqual(before + SESSION_TTL_MS - 1000);
    expect(slid).toBeLessThanOrEqual(Date.now() + SESSION_TTL_MS);

    await setSession(ticket, { expiresAt: new Date(Date.now() - 1000) });
    expect((await userInfo(ticket)).status).toBe(401);
  });
});

describe('cache headers', () => {
  const TENANT_HEADERS = ['organizacja', 'x-organizacja', 'x-origin', 'host'];
  const varies = (res: Response) =>
    (res.headers.get('vary') ?? '')
      .split(',')
      .map((v) => v.trim().toLowerCase())
      .filter(Boolean);

  it('answers no-store to every request that carries a ticket, and to login and confirmation', async () => {
    const loginRes = await t.fetch(`${A}/login`, {
      method: 'POST',
      json: { Login: DEMO_CUSTOMER.email, Password: DEMO_CUSTOMER.password },
    });
    expect(loginRes.status).toBe(200);
    expect(loginRes.headers.get('cache-control')).toBe('no-store');
    const { Ticket: ticket } = (await loginRes.json()) as { Ticket: string };

    const authenticated: [Response, number][] = [
      [await userInfo(ticket), 200],
      [await t.fetch(`${A}/getprofileinfo`, { method: 'POST', json: {}, ticket }), 200],
      [await t.fetch(`${S}/getadres`, { ticket }), 200],
      [await t.fetch(`${S}/pobierzHistorieZamowien`, { ticket }), 200],
      // Even a public call: by header, so no lookup decides it and nothing personal can slip through.
      [await t.fetch(`${S}/getProdukty/0/5`, { ticket }), 200],
      [await t.fetch(`${S}/getadres`, { ticket: 'zmyslony-bilet-1234567890' }), 401],
    ];
    for (const [res, status] of authenticated) {
      expect(res.status, res.url).toBe(status);
      expect(res.headers.get('cache-control'), res.url).toBe('no-store');
      await res.body?.cancel();
    }
    const bad = await t.fetch(`${A}/confirm-account/nie-ma-takiego-linku`);
    expect(bad.headers.get('cache-control')).toBe('no-store');
    await bad.body?.cancel();
  });

  it('marks tenant-dependent public responses with Vary on the tenant headers', async () => {
    const products = await t.fetch(`${S}/getProdukty/0/5`);
    expect(products.status).toBe(200);
    expect(varies(products)).toEqual(expect.arrayContaining(TENANT_HEADERS));
    expect(products.headers.get('cache-control') ?? '').not.toContain('no-store');
    await products.body?.cancel();

    // The logo without `?p=` is chosen by the headers and may be cached for a day: it must vary by them.
    for (const path of ['/api/cms/stronyfrontend/logo/main', '/api/cms/stronyfrontend/logo/footer']) {
      const logo = await t.fetch(path, { org: 'rywal' });
      expect(logo.status).toBe(200);
      expect(logo.headers.get('cache-control')).toBe('public, max-age=86400');
      expect(varies(logo)).toEqual(expect.arrayContaining(TENANT_HEADERS));
      await logo.body?.cancel();
    }
    const viaHost = await t.fetch('/api/cms/stronyfrontend/logo/main', {
      org: null,
      headers: { 'x-origin': 'rywal.localhost' },
    });
    expect(varies(viaHost)).toEqual(expect.arrayContaining(TENANT_HEADERS));
    await viaHost.body?.cancel();
  });
});
