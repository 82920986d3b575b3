import { msg, type PanelStaffMember } from '@club/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailJobs, users, userTokens } from '../src/db/schema.ts';
import { hashToken } from '../src/lib/crypto.ts';
import { type OwnerShop, openOwnerShop, PANEL, panelHeaders, panelLogin } from './fixtures/panel.ts';
import { TEST_PASSWORDS } from './passwords.ts';

/*
 * Staff and customer identities cannot be claimed through each other's flows: an invitation is a
 * single-use, expiring token, the invited account logs in nowhere until it is accepted, and the
 * storefront's register, reminder, reset and confirmation never touch a staff account.
 */

const A = '/api/andromeda/kontopanel';
const ATTACKER_PASSWORD = 'Attacker123x';

let { t, owner } = {} as OwnerShop;
beforeAll(async () => {
  ({ t, owner } = await openOwnerShop());
});
afterAll(() => t.close());

let seq = 0;
const uniqueEmail = (prefix: string) => `${prefix}${Date.now().toString(36)}${++seq}@example.pl`;

const invite = async (email: string, Rola: 'owner' | 'manager' = 'owner') => {
  const res = await owner.fetch(`${PANEL}/staff`, {
    method: 'POST',
    json: { Email: email, Imie: 'Nowy', Nazwisko: 'Szef', Rola },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as PanelStaffMember;
};

/** Messages queued for an address (sent or not). */
const queuedTo = async (to: string) =>
  (await t.database.db.select().from(mailJobs).where(sql`${mailJobs.message}->>'to' = ${to}`)).length;

const mailsTo = async (to: string) =>
  (await t.outbox.messages()).filter((m) => m.to.toLowerCase() === to.toLowerCase());

/** The newest link to `path` in a mail to `to`. */
const linkTo = async (to: string, path: string) => {
  for (const mail of (await mailsTo(to)).reverse()) {
    const m = mail.text.match(new RegExp(`https?://\\S+/${path}/([A-Za-z0-9_-]+)`));
    if (m) return m[1]!;
  }
  throw new Error(`no ${path} link for ${to}`);
};

const anonymous = (path: string, json: unknown, headers: Record<string, string> = {}) =>
  t.fetch(path, { method: 'POST', json, headers: { ...panelHeaders(undefined, 'xsrf-anon'), ...headers } });

const setPassword = (kind: 'invite' | 'reset', Token: string, Haslo: string) =>
  anonymous(`${PANEL}/auth/${kind}`, { Token, Haslo, PowtorzHaslo: Haslo });

const panelLoginStatus = async (email: string, password: string) =>
  (await anonymous(`${PANEL}/auth/login`, { Email: email, Haslo: password })).status;

const shopLogin = (email: string, password: string) =>
  t.fetch(`${A}/login`, { method: 'POST', json: { Login: email, Password: password } });

const register = (email: string, Imie = 'Napastnik') =>
  t.fetch(`${A}/register`, {
    method: 'POST',
    json: {
      Imie,
      Nazwisko: 'X',
      Email: email,
      Haslo: ATTACKER_PASSWORD,
      PowtorzHaslo: ATTACKER_PASSWORD,
      AkceptacjaRegulaminu: true,
    },
  });

const rowOf = async (email: string) =>
  (await t.database.db.select().from(users).where(eq(users.email, email)))[0]!;

describe('an unaccepted staff invitation', () => {
  it('cannot be claimed through the storefront’s registration (the reported takeover)', async () => {
    const email = uniqueEmail('przejecie-wlasciciela');
    await invite(email, 'owner');
    const before = await rowOf(email);
    const mailsBefore = (await mailsTo(email)).length;

    // The attacker registers the invited address at the storefront: the same answer as for any
    // address, and nothing of the staff account changes.
    const res = await register(email, 'Visit https://evil.example!');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ Message: msg.registerSuccess });
    const after = await rowOf(email);
    expect(after).toMatchObject({ role: 'owner', passwordHash: before.passwordHash, confirmedAt: null });
    expect(await mailsTo(email)).toHaveLength(mailsBefore);

    // The attacker's password opens neither the panel nor the shop.
    expect(await panelLoginStatus(email, ATTACKER_PASSWORD)).toBe(400);
    expect((await shopLogin(email, ATTACKER_PASSWORD)).status).toBe(400);
  });

  it('logs in nowhere until the invitation is accepted; accepting signs in to the panel, once', async () => {
    const email = uniqueEmail('zaproszony');
    await invite(email, 'manager');
    const token = await linkTo(email, 'panel/zaproszenie');
    const [stored] = await t.database.db
      .select()
      .from(userTokens)
      .where(eq(userTokens.tokenHash, hashToken(token)));
    expect(stored).toMatchObject({ kind: 'invite', usedAt: null });
    expect(stored!.expiresAt.getTime() - Date.now()).toBeGreaterThan(71.9 * 3600_000);

    // The storefront's reminder and reset never reach a staff account, nor the invitation token.
    const remind = await t.fetch(`${A}/remindpassword`, { method: 'POST', json: { Email: email } });
    expect(await remind.json()).toEqual({ Message: msg.reminderSent });
    expect((await mailsTo(email)).some((m) => m.text.includes('/resetuj-haslo/'))).toBe(false);
    const asReset = await t.fetch(`${A}/remindpasswordsetnew`, {
      method: 'POST',
      json: { Guid: token, Haslo: ATTACKER_PASSWORD, PowtorzHaslo: ATTACKER_PASSWORD },
    });
    expect(asReset.status).toBe(400);
    expect((await t.fetch(`${A}/confirm-account/${token}`)).status).toBe(400);
    // Nor is it a panel reset link.
    expect((await setPassword('reset', token, ATTACKER_PASSWORD)).status).toBe(400);

    const weak = await setPassword('invite', token, 'slabe');
    expect(weak.status).toBe(400);
    expect(((await weak.json()) as { Fields: Record<string, string> }).Fields.Haslo).toBe(msg.passwordRules);

    const ok = await setPassword('invite', token, 'Zaproszony2026');
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ Email: email, Rola: 'manager' });
    const cookie = ok.headers.getSetCookie().find((c) => c.startsWith('panel_session='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect((await rowOf(email)).confirmedAt).not.toBeNull();

    const again = await setPassword('invite', token, 'Inne2026haslo');
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ Message: msg.panelInviteInvalid });
    expect(await panelLoginStatus(email, 'Zaproszony2026')).toBe(200);
    // A staff account is no storefront customer.
    expect((await shopLogin(email, 'Zaproszony2026')).status).toBe(400);
  });

  it("is no one else's: another club's panel, a guessed token and a used one are refused", async () => {
    const email = uniqueEmail('tylko-moje');
    await invite(email, 'manager');
    const token = await linkTo(email, 'panel/zaproszenie');
    const Body = { Token: token, Haslo: ATTACKER_PASSWORD, PowtorzHaslo: ATTACKER_PASSWORD };
    const elsewhere = await anonymous(`${PANEL}/auth/invite`, Body, { organizacja: 'rywal' });
    expect(elsewhere.status).toBe(400);
    expect(await elsewhere.json()).toEqual({ Message: msg.panelInviteInvalid });
    expect((await setPassword('invite', `${token.slice(0, -2)}xx`, ATTACKER_PASSWORD)).status).toBe(400);
    // Still the invited person's: their own use of it works, once.
    expect((await setPassword('invite', token, 'Moje2026haslo')).status).toBe(200);
    expect((await setPassword('invite', token, ATTACKER_PASSWORD)).status).toBe(400);
    expect(await panelLoginStatus(email, ATTACKER_PASSWORD)).toBe(400);
  });

  it('expires after 72 hours, and a new invitation voids the old one', async () => {
    const email = uniqueEmail('wygasle');
    const member = await invite(email);
    const first = await linkTo(email, 'panel/zaproszenie');
    await t.database.db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userTokens.tokenHash, hashToken(first)));
    const expired = await setPassword('invite', first, 'Wygasle2026');
    expect(expired.status).toBe(400);
    expect(await expired.json()).toEqual({ Message: msg.panelInviteInvalid });

    const resend = await owner.fetch(`${PANEL}/staff/${member.Id}/invite`, { method: 'POST' });
    expect(resend.status).toBe(200);
    expect(await resend.json()).toEqual({ Message: msg.staffInviteResent });
    const second = await linkTo(email, 'panel/zaproszenie');
    expect(second).not.toBe(first);
    expect((await setPassword('invite', second, 'Nowe2026haslo')).status).toBe(200);
    // An accepted invitation needs no other.
    const done = await owner.fetch(`${PANEL}/staff/${member.Id}/invite`, { method: 'POST' });
    expect(done.status).toBe(409);
    expect(await done.json()).toEqual({ Message: msg.staffAlreadyActive });
  });

  it('is not sent again by a manager, nor for another club’s member', async () => {
    const email = uniqueEmail('obcy-klub');
    const member = await invite(email);
    const manager = await panelLogin(t, { role: 'manager' });
    expect((await manager.fetch(`${PANEL}/staff/${member.Id}/invite`, { method: 'POST' })).status).toBe(403);
    const rival = await panelLogin(t, { org: 'rywal' });
    expect((await rival.fetch(`${PANEL}/staff/${member.Id}/invite`, { method: 'POST' })).status).toBe(404);
  });
});

describe('the storefront’s flows never touch a staff account', () => {
  it('an active owner: registration, reminder and login at the shop change and reveal nothing', async () => {
    const email = owner.user.Email;
    const before = await rowOf(email);
    const mailsBefore = (await mailsTo(email)).length;
    expect((await register(email)).status).toBe(200);
    expect((await t.fetch(`${A}/remindpassword`, { method: 'POST', json: { Email: email } })).status).toBe(
      200,
    );
    expect(await mailsTo(email)).toHaveLength(mailsBefore);
    expect((await rowOf(email)).passwordHash).toBe(before.passwordHash);
    expect((await shopLogin(email, TEST_PASSWORDS.manager)).status).toBe(400);
  });

  it('failed shop logins do not lock a manager out of the panel', async () => {
    const email = owner.user.Email;
    for (let i = 0; i < 8; i++) expect([400, 429]).toContain((await shopLogin(email, 'Zgaduje123')).status);
    expect(await rowOf(email)).toMatchObject({
      failedLogins: 0,
      panelFailedLogins: 0,
      panelLoginLockedUntil: null,
    });
    expect(await panelLoginStatus(email, TEST_PASSWORDS.manager)).toBe(200);
  });

  it('a customer changing e-mail cannot take a staff address', async () => {
    const ticket = await (async () => {
      const email = uniqueEmail('klient');
      expect((await register(email, 'Jan')).status).toBe(200);
      const confirm = await t.fetch(`${A}/confirm-account/${await linkTo(email, 'logowanie')}`);
      return ((await confirm.json()) as { Ticket: string }).Ticket;
    })();
    const res = await t.fetch(`${A}/changeemail`, {
      method: 'POST',
      ticket,
      json: { NowyEmail: owner.user.Email, ObecneHaslo: ATTACKER_PASSWORD },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ Message: msg.emailTaken, Fields: { NowyEmail: msg.emailTaken } });
  });
});

describe('the panel’s own password reset and lock', () => {
  it('locks the panel after failures; a reset link lifts it, works once and ends other sessions', async () => {
    const email = uniqueEmail('zablokowany');
    await invite(email, 'manager');
    expect(
      (await setPassword('invite', await linkTo(email, 'panel/zaproszenie'), 'Pierwsze2026')).status,
    ).toBe(200);
    const session = await panelLogin(t, { email, password: 'Pierwsze2026' });
    for (let i = 0; i < 5; i++) expect(await panelLoginStatus(email, 'Zle-haslo-1')).toBe(400);
    const locked = await anonymous(`${PANEL}/auth/login`, { Email: email, Haslo: 'Pierwsze2026' });
    expect(locked.status).toBe(429);
    expect(await locked.json()).toEqual({ Message: msg.panelLoginLocked });

    const remind = await anonymous(`${PANEL}/auth/remind`, { Email: email.toUpperCase() });
    expect(await remind.json()).toEqual({ Message: msg.panelResetSent });
    const token = await linkTo(email, 'panel/nowe-haslo');
    const [stored] = await t.database.db
      .select()
      .from(userTokens)
      .where(eq(userTokens.tokenHash, hashToken(token)));
    expect(stored!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(2 * 3600_000);
    // Not an invitation, not a storefront link.
    expect((await setPassword('invite', token, 'Drugie2026')).status).toBe(400);
    expect(
      (
        await t.fetch(`${A}/remindpasswordsetnew`, {
          method: 'POST',
          json: { Guid: token, Haslo: 'Drugie2026', PowtorzHaslo: 'Drugie2026' },
        })
      ).status,
    ).toBe(400);

    const ok = await setPassword('reset', token, 'Drugie2026');
    expect(ok.status).toBe(200);
    expect((await session.fetch(`${PANEL}/auth/me`)).status).toBe(401);
    expect(await panelLoginStatus(email, 'Drugie2026')).toBe(200);
    expect((await setPassword('reset', token, 'Trzecie2026')).status).toBe(400);
  });

  it('answers the same for a customer, a pending invitation and an unknown address, and mails none', async () => {
    const pending = uniqueEmail('oczekujacy');
    await invite(pending);
    const addresses = ['kibic@sokol-demo.pl', pending, 'nikogo@example.pl'];
    const queued = () => Promise.all(addresses.map((a) => queuedTo(a)));
    const before = await queued();
    for (const Email of addresses) {
      const res = await anonymous(`${PANEL}/auth/remind`, { Email });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ Message: msg.panelResetSent });
    }
    expect(await queued()).toEqual(before);
  });

  it('another club’s reset link does not work here', async () => {
    const rivalOwner = await panelLogin(t, { org: 'rywal' });
    await anonymous(`${PANEL}/auth/remind`, { Email: rivalOwner.user.Email }, { organizacja: 'rywal' });
    const token = await linkTo(rivalOwner.user.Email, 'panel/nowe-haslo');
    expect((await setPassword('reset', token, 'Obce2026haslo')).status).toBe(400);
    const [row] = await t.database.db
      .select()
      .from(userTokens)
      .where(and(eq(userTokens.tokenHash, hashToken(token)), eq(userTokens.kind, 'panel-reset')));
    expect(row!.usedAt).toBeNull();
  });
});
