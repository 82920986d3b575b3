import {
  msg,
  PANEL_COOKIE,
  type PanelAuditEntry,
  type PanelUser,
  XSRF_COOKIE,
  XSRF_HEADER,
} from '@club/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, panelSessions, users } from '../src/db/schema.ts';
import { hashToken } from '../src/lib/crypto.ts';
import { recordAudit } from '../src/modules/panel/audit.ts';
import { PANEL_IDLE_MS, PANEL_MAX_AGE_MS, PANEL_SESSION_CACHE_MS } from '../src/plugins/panel-auth.ts';
import { limits } from '../src/plugins/rate-limit.ts';
import { changesDelivered } from './fixtures/changes.ts';
import { ensureManager, PANEL, PANEL_LOGIN, panelHeaders, panelLogin } from './fixtures/panel.ts';
import { createTestApp, login, type TestApp } from './harness.ts';
import { DEMO_CUSTOMER, TEST_PASSWORDS } from './passwords.ts';

const HOUR = 60 * 60 * 1000;
const XSRF = 'xsrf-test-value-123456';
const OWNER = 'kierownik@sokol-demo.pl';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const loginRaw = (
  body: unknown,
  org = 'demo',
  headers: Record<string, string> = panelHeaders(undefined, XSRF),
) => t.fetch(PANEL_LOGIN, { method: 'POST', org, headers, json: body });
const sessionCookie = (res: Response) =>
  res.headers.getSetCookie().find((c) => c.startsWith(`${PANEL_COOKIE}=`));
const me = (token: string | undefined, org = 'demo') =>
  t.fetch(`${PANEL}/auth/me`, { org, headers: token ? { cookie: `${PANEL_COOKIE}=${token}` } : {} });
/** Moves a session in time, as the clock would; the process forgets the sessions it looked up. */
const setSession = async (token: string, values: { createdAt?: Date; expiresAt?: Date }) => {
  await t.database.db
    .update(panelSessions)
    .set(values)
    .where(eq(panelSessions.tokenHash, hashToken(token)));
  t.app.panelSessions.forget('all');
};

describe('panel login', () => {
  it('logs the seeded owner in: the user, an HttpOnly SameSite=Strict cookie with an opaque token stored hashed', async () => {
    const res = await loginRaw({ Email: OWNER, Haslo: TEST_PASSWORDS.manager });
    expect(res.status).toBe(200);
    const body = (await res.json()) as PanelUser;
    expect(body).toEqual({
      Id: expect.any(Number),
      Email: OWNER,
      Imie: 'Anna',
      Nazwisko: 'Nowak',
      Rola: 'owner',
    });
    expect(res.headers.get('cache-control')).toBe('no-store');
    const cookie = sessionCookie(res)!;
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Strict/i);
    expect(cookie).toMatch(/; Path=\//i);
    // PUBLIC_URL is http here: not Secure (a browser would drop it on http://localhost).
    expect(cookie).not.toMatch(/; Secure/i);
    const token = cookie.split(';')[0]!.split('=')[1]!;
    const rows = await t.database.db.select().from(panelSessions).where(eq(panelSessions.userId, body.Id));
    expect(rows.some((r) => r.tokenHash === hashToken(token))).toBe(true);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);

    const who = await me(token);
    expect(who.status).toBe(200);
    expect(await who.json()).toEqual(body);
    expect(who.headers.get('cache-control')).toBe('no-store');
  });

  it('replaces the browser’s previous session on a new login', async () => {
    const first = await panelLogin(t);
    const again = await t.fetch(PANEL_LOGIN, {
      method: 'POST',
      headers: panelHeaders(first.token, first.xsrf),
      json: { Email: OWNER, Haslo: TEST_PASSWORDS.manager },
    });
    expect(again.status).toBe(200);
    expect(sessionCookie(again)).toBeDefined();
    expect((await first.fetch(`${PANEL}/auth/me`)).status).toBe(401);
  });

  it('logs a manager in with role manager', async () => {
    const p = await panelLogin(t, { role: 'manager' });
    expect(p.user).toMatchObject({ Email: 'zastepca@sokol-demo.pl', Rola: 'manager' });
    expect((await p.fetch(`${PANEL}/auth/me`)).status).toBe(200);
  });

  it('refuses a wrong password, an unknown address and a customer with the same Polish answer', async () => {
    const answers = await Promise.all([
      loginRaw({ Email: OWNER, Haslo: 'Zle-haslo-1' }),
      loginRaw({ Email: 'nikt@sokol-demo.pl', Haslo: 'Zle-haslo-1' }),
      loginRaw({ Email: DEMO_CUSTOMER.email, Haslo: DEMO_CUSTOMER.password }),
    ]);
    for (const res of answers) {
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ Message: msg.loginFailed });
      expect(sessionCookie(res)).toBeUndefined();
    }
  });

  it("refuses another club's owner at this club's login (accounts belong to one club)", async () => {
    const res = await loginRaw({ Email: 'kierownik@fc-rywal.pl', Haslo: TEST_PASSWORDS.manager });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ Message: msg.loginFailed });
  });

  it('answers invalid input with Polish field messages', async () => {
    const res = await loginRaw({ Email: 'nie-email', Haslo: '' });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { Message: string; Fields?: Record<string, string> };
    expect(body.Fields).toMatchObject({ Email: msg.invalidEmail, Haslo: msg.passwordRequired });
  });

  it('refuses a login without the XSRF pair (double submit)', async () => {
    const res = await loginRaw({ Email: OWNER, Haslo: TEST_PASSWORDS.manager }, 'demo', {});
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ Message: msg.xsrf });
  });

  it('locks the account after repeated failures with its own, stricter lock', async () => {
    const email = await ensureManager(t, 'rywal');
    for (let i = 0; i < 5; i++)
      expect((await loginRaw({ Email: email, Haslo: 'Zle-haslo-1' }, 'rywal')).status).toBe(400);
    const locked = await loginRaw({ Email: email, Haslo: TEST_PASSWORDS.manager }, 'rywal');
    expect(locked.status).toBe(429);
    expect(await locked.json()).toEqual({ Message: msg.panelLoginLocked });
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row!.panelLoginLockedUntil!.getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
    // The storefront's count is another one: untouched.
    expect(row).toMatchObject({ failedLogins: 0, loginLockedUntil: null });
    await t.database.db
      .update(users)
      .set({ panelLoginLockedUntil: null, panelFailedLogins: 0 })
      .where(eq(users.email, email));
  });

  it('limits logins per address (the shop login’s per-IP limit)', async () => {
    const limited = await createTestApp({ rateLimits: true });
    try {
      const attempt = (i: number) =>
        limited.fetch(PANEL_LOGIN, {
          method: 'POST',
          headers: panelHeaders(undefined, XSRF),
          json: { Email: `nikt${i}@sokol-demo.pl`, Haslo: 'Zle-haslo-1' },
        });
      for (let i = 0; i < limits.login.max; i++) expect((await attempt(i)).status).toBe(400);
      const res = await attempt(99);
      expect(res.status).toBe(429);
      expect(await res.json()).toEqual({ Message: msg.tooManyRequests });
    } finally {
      await limited.close();
    }
  });

  it('sets a Secure cookie when PUBLIC_URL is https', async () => {
    const secure = await createTestApp({ publicUrl: 'https://sklep.example.pl' });
    try {
      const res = await secure.fetch(PANEL_LOGIN, {
        method: 'POST',
        headers: panelHeaders(undefined, XSRF),
        json: { Email: OWNER, Haslo: TEST_PASSWORDS.manager },
      });
      expect(res.status).toBe(200);
      const cookie = sessionCookie(res)!;
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/; HttpOnly/i);
      expect(cookie).toMatch(/; SameSite=Strict/i);
    } finally {
      await secure.close();
    }
  });
});

describe('panel sessions', () => {
  it('answers 401 without a cookie, with an unknown token and after logout; logout revokes', async () => {
    expect((await me(undefined)).status).toBe(401);
    const unknown = await me('nieznany-token-1234567890');
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toEqual({ Message: msg.unauthorized });

    const p = await panelLogin(t);
    const other = await panelLogin(t);
    const out = await p.fetch(`${PANEL}/auth/logout`, { method: 'POST', json: {} });
    expect(out.status).toBe(204);
    expect(out.headers.getSetCookie().some((c) => c.startsWith(`${PANEL_COOKIE}=;`))).toBe(true);
    const [row] = await t.database.db
      .select()
      .from(panelSessions)
      .where(eq(panelSessions.tokenHash, hashToken(p.token)));
    expect(row!.revokedAt).not.toBeNull();
    expect((await p.fetch(`${PANEL}/auth/me`)).status).toBe(401);
    // Only that browser's session ends.
    expect((await other.fetch(`${PANEL}/auth/me`)).status).toBe(200);
  });

  it('refuses logout without the XSRF header', async () => {
    const p = await panelLogin(t);
    const res = await t.fetch(`${PANEL}/auth/logout`, {
      method: 'POST',
      headers: { cookie: `${PANEL_COOKIE}=${p.token}; ${XSRF_COOKIE}=${p.xsrf}` },
      json: {},
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ Message: msg.xsrf });
    expect((await p.fetch(`${PANEL}/auth/me`)).status).toBe(200);
  });

  it('ends a session left idle for 8 hours, and any session 7 days after login', async () => {
    const idle = await panelLogin(t);
    await setSession(idle.token, { expiresAt: new Date(Date.now() - 1000) });
    expect((await idle.fetch(`${PANEL}/auth/me`)).status).toBe(401);

    const old = await panelLogin(t);
    await setSession(old.token, {
      createdAt: new Date(Date.now() - PANEL_MAX_AGE_MS - 1000),
      expiresAt: new Date(Date.now() + HOUR),
    });
    expect((await old.fetch(`${PANEL}/auth/me`)).status).toBe(401);
  });

  it('slides the idle expiry on use, never past the absolute end', async () => {
    const p = await panelLogin(t);
    await setSession(p.token, { expiresAt: new Date(Date.now() + HOUR) });
    expect((await p.fetch(`${PANEL}/auth/me`)).status).toBe(200);
    const read = async () =>
      (
        await t.database.db
          .select()
          .from(panelSessions)
          .where(eq(panelSessions.tokenHash, hashToken(p.token)))
      )[0]!;
    expect((await read()).expiresAt.getTime()).toBeGreaterThan(Date.now() + PANEL_IDLE_MS - 60_000);

    const created = new Date(Date.now() - PANEL_MAX_AGE_MS + HOUR);
    await setSession(p.token, { createdAt: created, expiresAt: new Date(Date.now() + 60_000) });
    expect((await p.fetch(`${PANEL}/auth/me`)).status).toBe(200);
    expect((await read()).expiresAt.getTime()).toBe(created.getTime() + PANEL_MAX_AGE_MS);
  });

  it('never lets a shop ticket into the panel (403), nor a panel cookie into the shop (401)', async () => {
    const ticket = await login(t, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    const res = await t.fetch(`${PANEL}/auth/me`, { ticket });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ Message: msg.forbidden });
    // A staff account cannot log in to the shop at all: its credentials answer like unknown ones.
    const shopLogin = await t.fetch('/api/andromeda/kontopanel/login', {
      method: 'POST',
      json: { Login: OWNER, Password: TEST_PASSWORDS.manager },
    });
    expect(shopLogin.status).toBe(400);
    expect(await shopLogin.json()).toEqual({ Message: msg.loginFailed });

    const p = await panelLogin(t);
    const shop = await p.fetch('/api/andromeda/kontopanel/getloggedinuserinfo');
    expect(shop.status).toBe(401);
  });

  it("gives another club's owner a 403 on this club's panel", async () => {
    const rival = await panelLogin(t, { org: 'rywal' });
    const res = await rival.fetch(`${PANEL}/auth/me`, { org: 'demo' });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ Message: msg.forbidden });
  });

  it('reuses a looked-up session a few seconds, never past its logout', async () => {
    const p = await panelLogin(t);
    // An earlier test's logout notice, arriving late, would make the process forget this lookup.
    await changesDelivered(t);
    expect((await p.fetch(`${PANEL}/auth/me`)).status).toBe(200);
    // Revoked behind the API's back (no notice): the process still knows the session...
    await t.database.db
      .update(panelSessions)
      .set({ revokedAt: new Date() })
      .where(eq(panelSessions.tokenHash, hashToken(p.token)));
    expect((await p.fetch(`${PANEL}/auth/me`)).status).toBe(200);
    // ...for PANEL_SESSION_CACHE_MS at most.
    await new Promise((r) => setTimeout(r, PANEL_SESSION_CACHE_MS + 100));
    expect((await p.fetch(`${PANEL}/auth/me`)).status).toBe(401);
    // A logout ends it at once, however recently it was looked up.
    const q = await panelLogin(t);
    expect((await q.fetch(`${PANEL}/auth/me`)).status).toBe(200);
    expect((await q.fetch(`${PANEL}/auth/logout`, { method: 'POST', json: {} })).status).toBe(204);
    expect((await q.fetch(`${PANEL}/auth/me`)).status).toBe(401);
  });

  it('gives a session whose account became a customer a 403', async () => {
    // (Only a change behind the API's back can do that; the panel never turns staff into customers.)
    const p = await panelLogin(t, { org: 'rywal', role: 'manager' });
    await t.database.db.update(users).set({ role: 'customer' }).where(eq(users.id, p.user.Id));
    t.app.panelSessions.forget('all'); // changed past the API: no notice
    expect((await p.fetch(`${PANEL}/auth/me`)).status).toBe(403);
    await t.database.db.update(users).set({ role: 'manager' }).where(eq(users.id, p.user.Id));
  });
});

describe('audit log', () => {
  it('lists entries newest first with search, sort and paging, for this club only', async () => {
    const p = await panelLogin(t, { role: 'manager' });
    const [demoOrg, rivalOrg] = [(await panelLogin(t)).user, (await panelLogin(t, { org: 'rywal' })).user];
    const orgOf = async (userId: number) =>
      (await t.database.db.select().from(users).where(eq(users.id, userId)))[0]!.organisationId;
    const demoId = await orgOf(demoOrg.Id);
    for (const [i, entity] of ['product', 'order', 'product'].entries()) {
      await recordAudit(t.database.db, {
        organisationId: demoId,
        userId: demoOrg.Id,
        userEmail: demoOrg.Email,
        action: 'update',
        entity,
        entityId: 1000 + i,
        before: { Nazwa: `przed ${i}` },
        after: { Nazwa: `po ${i}`, Kiedy: new Date(0) },
      });
    }
    await recordAudit(t.database.db, {
      organisationId: await orgOf(rivalOrg.Id),
      userId: rivalOrg.Id,
      userEmail: rivalOrg.Email,
      action: 'update',
      entity: 'product',
      entityId: 1099,
    });

    const all = (await (await p.fetch(`${PANEL}/audit?q=product&count=50`)).json()) as {
      Items: PanelAuditEntry[];
      Total: number;
    };
    const mine = all.Items.filter((e) => e.IdObiektu?.startsWith('10'));
    expect(mine.map((e) => e.IdObiektu)).toEqual(['1002', '1000']);
    expect(mine[0]).toEqual({
      Id: expect.any(Number),
      Kiedy: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      Kto: OWNER,
      Akcja: 'update',
      Obiekt: 'product',
      IdObiektu: '1002',
      Przed: { Nazwa: 'przed 2' },
      Po: { Nazwa: 'po 2', Kiedy: '1970-01-01T00:00:00.000Z' },
    });
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, '1099'));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(all.Items)).not.toContain('1099');

    const page = (await (await p.fetch(`${PANEL}/audit?q=product&sort=kiedy&offset=1&count=1`)).json()) as {
      Items: PanelAuditEntry[];
      Total: number;
    };
    expect(page.Total).toBe(all.Total);
    expect(page.Items).toHaveLength(1);

    const bad = await p.fetch(`${PANEL}/audit?sort=nazwa&count=0`);
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { Message: string; Fields?: Record<string, string> };
    expect(body.Fields).toMatchObject({ sort: msg.invalidSort, count: msg.offsetRange });
  });

  it('answers 401 without a session and 403 to a customer ticket', async () => {
    expect((await t.fetch(`${PANEL}/audit`)).status).toBe(401);
    const ticket = await login(t, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    expect((await t.fetch(`${PANEL}/audit`, { ticket })).status).toBe(403);
  });
});

describe('every P1 panel endpoint', () => {
  const calls: [string, string, unknown?][] = [
    ['GET', '/auth/me'],
    ['GET', '/audit'],
    ['GET', '/categories'],
    ['POST', '/categories', { Nazwa: 'X', IdParent: null }],
    ['PATCH', '/categories/1', { Nazwa: 'X' }],
    ['POST', '/categories/reorder', { IdParent: null, Kolejnosc: [1] }],
    ['DELETE', '/categories/1'],
    ['GET', '/staff'],
    ['POST', '/staff', { Email: 'nowy@sokol-demo.pl', Imie: 'A', Nazwisko: 'B' }],
    ['PATCH', '/staff/1', { Rola: 'manager' }],
    ['DELETE', '/staff/1'],
  ];

  it("answers 401 without a session, 403 to a customer ticket and to another club's owner", async () => {
    const ticket = await login(t, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    const rival = await panelLogin(t, { org: 'rywal' });
    for (const [method, path, json] of calls) {
      const anon = await t.fetch(PANEL + path, { method, json, headers: panelHeaders(undefined, XSRF) });
      expect(anon.status, `${method} ${path}`).toBe(401);
      const customer = await t.fetch(PANEL + path, {
        method,
        json,
        ticket,
        headers: panelHeaders(undefined, XSRF),
      });
      expect(customer.status, `${method} ${path}`).toBe(403);
      const other = await rival.fetch(PANEL + path, { method, json, org: 'demo' });
      expect(other.status, `${method} ${path}`).toBe(403);
      expect(await other.json()).toEqual({ Message: msg.forbidden });
    }
  });

  it('refuses state changes without the XSRF header even with a valid session', async () => {
    const p = await panelLogin(t);
    for (const [method, path, json] of calls.filter(([m]) => m !== 'GET')) {
      const res = await t.fetch(PANEL + path, {
        method,
        json,
        headers: { cookie: `${PANEL_COOKIE}=${p.token}; ${XSRF_COOKIE}=${p.xsrf}`, [XSRF_HEADER]: 'inny' },
      });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(await res.json()).toEqual({ Message: msg.xsrf });
    }
  });
});
