import { msg } from '@club/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, userTokens } from '../src/db/schema.ts';
import { hashToken } from '../src/lib/crypto.ts';
import { PANEL, panelLogin } from './fixtures/panel.ts';
import { createTestApp, login, type TestApp } from './harness.ts';
import { DEMO_CUSTOMER, RIVAL_CUSTOMER } from './passwords.ts';

const A = '/api/andromeda/kontopanel';
const GOOD_PASSWORD = 'Nowe1234haslo';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let seq = 0;
const uniqueEmail = (prefix = 'nowy') => `${prefix}${Date.now().toString(36)}${++seq}@example.pl`;

const post = (path: string, json: unknown, init: { ticket?: string; org?: string | null } = {}) =>
  t.fetch(A + path, { method: 'POST', json, ...init });

const registration = (email: string, over: Record<string, unknown> = {}) => ({
  Imie: 'Ewa',
  Nazwisko: 'Zielińska',
  Email: email,
  Haslo: GOOD_PASSWORD,
  PowtorzHaslo: GOOD_PASSWORD,
  AkceptacjaRegulaminu: true,
  ...over,
});

/** The newest link to `path` in a mail sent to `to`. */
const mailLink = async (to: string, path: string): Promise<string> => {
  const re = new RegExp(`https?://[^\\s"<>]+/${path}/([A-Za-z0-9_-]+)`);
  const mails = await t.outbox.messages();
  for (let i = mails.length - 1; i >= 0; i--) {
    if (mails[i]!.to.toLowerCase() !== to.toLowerCase()) continue;
    const m = mails[i]!.text.match(re);
    if (m) return m[0];
  }
  throw new Error(`no /${path}/ link for ${to}`);
};
const tokenOf = (link: string) => link.split('/').pop()!;

/** Every mail sent to `to`, oldest first. */
const mailsTo = async (to: string) =>
  (await t.outbox.messages()).filter((m) => m.to.toLowerCase() === to.toLowerCase());

const errorBody = async (res: Response) =>
  (await res.json()) as { Message: string; Fields?: Record<string, string> };

/** Registers, confirms through the e-mailed link and returns the account's first ticket. */
const newConfirmedUser = async (email = uniqueEmail()) => {
  expect((await post('/register', registration(email))).status).toBe(200);
  const res = await t.fetch(`${A}/confirm-account/${tokenOf(await mailLink(email, 'logowanie'))}`);
  expect(res.status).toBe(200);
  return { email, ticket: ((await res.json()) as { Ticket: string }).Ticket };
};

describe('register', () => {
  it('reports every missing field with the spec messages', async () => {
    const res = await post('/register', {});
    expect(res.status).toBe(400);
    const body = await errorBody(res);
    expect(body.Fields).toEqual({
      Imie: msg.required,
      Nazwisko: msg.required,
      Email: msg.required,
      Haslo: msg.passwordRequired,
      PowtorzHaslo: msg.required,
      AkceptacjaRegulaminu: msg.consentRequired,
    });
    expect(body.Message).toBe(msg.required);
  });

  it('treats an empty JSON body like an empty form', async () => {
    const res = await t.fetch(`${A}/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '',
    });
    expect(res.status).toBe(400);
    expect((await errorBody(res)).Fields?.AkceptacjaRegulaminu).toBe(msg.consentRequired);
  });

  it('rejects blank names, a bad e-mail, a weak password, a mismatch and a missing consent', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ Imie: '   ' }, 'Imie', msg.required],
      [{ Nazwisko: '' }, 'Nazwisko', msg.required],
      [{ Email: 'nie-email' }, 'Email', msg.invalidEmail],
      [{ Haslo: 'krotkie', PowtorzHaslo: 'krotkie' }, 'Haslo', msg.passwordRules],
      [{ Haslo: 'bezcyfryABC', PowtorzHaslo: 'bezcyfryABC' }, 'Haslo', msg.passwordRules],
      [{ Haslo: 'bezwielkiej1', PowtorzHaslo: 'bezwielkiej1' }, 'Haslo', msg.passwordRules],
      [{ PowtorzHaslo: 'Inne1234haslo' }, 'PowtorzHaslo', msg.passwordsMismatch],
      [{ AkceptacjaRegulaminu: false }, 'AkceptacjaRegulaminu', msg.consentRequired],
      [{ Imie: 'x'.repeat(101) }, 'Imie', msg.tooLong],
    ];
    const before = (await t.outbox.messages()).length;
    for (const [over, field, message] of cases) {
      const res = await post('/register', registration(uniqueEmail(), over));
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect((await errorBody(res)).Fields?.[field], JSON.stringify(over)).toBe(message);
    }
    expect(await t.outbox.messages()).toHaveLength(before);
  });

  it('creates an unconfirmed account, stores the e-mail lower-case and mails the link', async () => {
    const email = uniqueEmail('Wielkie.Litery');
    const res = await post('/register', registration(`  ${email.toUpperCase()} `));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ Message: msg.registerSuccess });

    const [row] = await t.database.db.select().from(users).where(eq(users.email, email.toLowerCase()));
    expect(row).toBeDefined();
    expect(row!.confirmedAt).toBeNull();
    expect(row!.passwordHash).toMatch(/^scrypt\$/);
    expect(row!.passwordHash).not.toContain(GOOD_PASSWORD);

    const link = await mailLink(email.toLowerCase(), 'logowanie');
    expect(link.startsWith(`${t.config.publicUrl}/logowanie/`)).toBe(true);
    // Only the hash of the link token is stored.
    const tokens = await t.database.db.select().from(userTokens).where(eq(userTokens.userId, row!.id));
    expect(tokens).toHaveLength(1);
    expect(tokens[0]!.kind).toBe('confirm');
    expect(tokens[0]!.tokenHash).toBe(hashToken(tokenOf(link)));
    expect(tokens[0]!.expiresAt.getTime() - Date.now()).toBeGreaterThan(23.9 * 3600_000);

    const mail = await t.outbox.last();
    expect(mail.subject).toBe('Potwierdź założenie konta w sklepie MKS Sokół Demo');
    // Nothing typed into the form reaches a mailbox nobody has proven is theirs.
    expect(mail.text).not.toContain('Ewa');
    expect(mail.text).not.toContain('Zielińska');
    expect(mail.html).toContain('<html lang="pl">');

    const unconfirmed = await post('/login', { Login: email, Password: GOOD_PASSWORD });
    expect(unconfirmed.status).toBe(400);
    expect(await errorBody(unconfirmed)).toEqual({ Message: msg.accountNotConfirmed });
  });

  it('answers a registered address, in any letter case, as a new one and tells only its owner', async () => {
    const before = (await mailsTo(DEMO_CUSTOMER.email)).length;
    const res = await post(
      '/register',
      registration(DEMO_CUSTOMER.email.toUpperCase(), { Imie: 'Visit https://evil.example!' }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ Message: msg.registerSuccess });
    const mails = await mailsTo(DEMO_CUSTOMER.email);
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)!.subject).toBe('Próba rejestracji w sklepie MKS Sokół Demo');
    expect(mails.at(-1)!.text).not.toContain('evil');
    await expect(login(t, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password)).resolves.toBeTruthy();
  });

  it('allows the same e-mail in another shop: tenants are separate', async () => {
    const email = uniqueEmail('dwa-sklepy');
    const { ticket } = await newConfirmedUser(email);
    const res = await post('/register', registration(email, { Imie: 'Inna' }), { org: 'rywal' });
    expect(res.status).toBe(200);
    // The first shop's account is untouched.
    const info = await t.fetch(`${A}/getloggedinuserinfo`, { ticket });
    expect(await info.json()).toMatchObject({ Imie: 'Ewa', Email: email });
    await expect(login(t, email, GOOD_PASSWORD)).resolves.toBeTruthy();
  });

  it('links a rival-shop registration to that shop\u2019s own domain', async () => {
    const email = uniqueEmail('rywal');
    expect((await post('/register', registration(email), { org: 'rywal' })).status).toBe(200);
    const link = await mailLink(email, 'logowanie');
    const base = new URL(t.config.publicUrl);
    expect(new URL(link).hostname).toBe('rywal.localhost');
    expect(new URL(link).port).toBe(base.port);
    // And the token is only good in its own shop.
    const wrongShop = await t.fetch(`${A}/confirm-account/${tokenOf(link)}`, { org: 'demo' });
    expect(wrongShop.status).toBe(400);
    const ownShop = await t.fetch(`${A}/confirm-account/${tokenOf(link)}`, { org: 'rywal' });
    expect(ownShop.status).toBe(200);
  });
});

describe('register again for an address nobody confirmed (pre-hijacking)', () => {
  it('replaces password and names, voids the earlier link and mails a new one', async () => {
    const email = uniqueEmail('przejecie');
    // The "attacker" registers the victim's address first...
    expect(
      (
        await post(
          '/register',
          registration(email, { Imie: 'Napastnik', Haslo: 'Napastnik123', PowtorzHaslo: 'Napastnik123' }),
        )
      ).status,
    ).toBe(200);
    const attackerLink = await mailLink(email, 'logowanie');
    const [before] = await t.database.db.select().from(users).where(eq(users.email, email));

    // ...then the owner registers: same answer as a new account, same row, new everything.
    const again = await post('/register', registration(email, { Imie: 'Właściciel' }));
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ Message: msg.registerSuccess });
    const ownerLink = await mailLink(email, 'logowanie');
    expect(ownerLink).not.toBe(attackerLink);
    const [after] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(after!.id).toBe(before!.id);
    expect(after!.firstName).toBe('Właściciel');
    expect(after!.passwordHash).not.toBe(before!.passwordHash);
    expect(after!.confirmedAt).toBeNull();
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).not.toContain('Właściciel');

    // The first link is dead; the attacker's password no longer matches.
    const dead = await t.fetch(`${A}/confirm-account/${tokenOf(attackerLink)}`);
    expect(dead.status).toBe(400);
    expect(await errorBody(dead)).toEqual({ Message: msg.linkInvalid });
    const ok = await t.fetch(`${A}/confirm-account/${tokenOf(ownerLink)}`);
    expect(ok.status).toBe(200);
    expect((await post('/login', { Login: email, Password: 'Napastnik123' })).status).toBe(400);
    await expect(login(t, email, GOOD_PASSWORD)).resolves.toBeTruthy();
    const info = await t.fetch(`${A}/getloggedinuserinfo`, { ticket: await login(t, email, GOOD_PASSWORD) });
    expect(await info.json()).toMatchObject({ Imie: 'Właściciel', Email: email });
  });

  it('also voids a reset link the first registrant asked for', async () => {
    const email = uniqueEmail('przejecie-reset');
    expect((await post('/register', registration(email))).status).toBe(200);
    expect((await post('/remindpassword', { Email: email })).status).toBe(200);
    const reset = tokenOf(await mailLink(email, 'resetuj-haslo'));
    expect((await post('/register', registration(email, { Imie: 'Druga' }))).status).toBe(200);
    const res = await post('/remindpasswordsetnew', {
      Guid: reset,
      Haslo: 'Kolejne1234',
      PowtorzHaslo: 'Kolejne1234',
    });
    expect(res.status).toBe(400);
  });

  it('answers a confirmed address like a new one and changes nothing', async () => {
    const { email, ticket } = await newConfirmedUser(uniqueEmail('potwierdzony'));
    const before = (await mailsTo(email)).length;
    const res = await post(
      '/register',
      registration(email, { Imie: 'Obcy', Haslo: 'Obcy12345', PowtorzHaslo: 'Obcy12345' }),
    );
    expect(res.status).toBe(200);
    expect(await errorBody(res)).toEqual({ Message: msg.registerSuccess });
    // Its owner hears of the attempt; no confirmation link is made.
    expect(await mailsTo(email)).toHaveLength(before + 1);
    expect((await mailsTo(email)).at(-1)!.text).not.toContain('/logowanie/');
    expect((await t.fetch(`${A}/getloggedinuserinfo`, { ticket })).status).toBe(200);
    expect((await post('/login', { Login: email, Password: 'Obcy12345' })).status).toBe(400);
    await expect(login(t, email, GOOD_PASSWORD)).resolves.toBeTruthy();
  });
});

describe('confirm-account', () => {
  it('works once, logs the user in, and the ticket works', async () => {
    const email = uniqueEmail();
    expect((await post('/register', registration(email))).status).toBe(200);
    const link = await mailLink(email, 'logowanie');
    const res = await t.fetch(`${A}/confirm-account/${tokenOf(link)}`);
    expect(res.status).toBe(200);
    const { Ticket } = (await res.json()) as { Ticket: string };
    expect(Ticket.length).toBeGreaterThan(20);

    const info = await t.fetch(`${A}/getloggedinuserinfo`, { ticket: Ticket });
    expect(info.status).toBe(200);
    expect(await info.json()).toMatchObject({ Imie: 'Ewa', Nazwisko: 'Zielińska', Email: email });

    const again = await t.fetch(`${A}/confirm-account/${tokenOf(link)}`);
    expect(again.status).toBe(400);
    expect(await errorBody(again)).toEqual({ Message: msg.linkInvalid });

    await expect(login(t, email, GOOD_PASSWORD)).resolves.toBeTruthy();
  });

  it('rejects an unknown or expired link', async () => {
    const unknown = await t.fetch(`${A}/confirm-account/nie-ma-takiego-linku`);
    expect(unknown.status).toBe(400);
    expect(await errorBody(unknown)).toEqual({ Message: msg.linkInvalid });

    const email = uniqueEmail();
    expect((await post('/register', registration(email))).status).toBe(200);
    const token = tokenOf(await mailLink(email, 'logowanie'));
    await t.database.db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userTokens.tokenHash, hashToken(token)));
    const expired = await t.fetch(`${A}/confirm-account/${token}`);
    expect(expired.status).toBe(400);
    expect(await errorBody(expired)).toEqual({ Message: msg.linkInvalid });
  });

  it('does not accept a password-reset link as a confirmation link', async () => {
    const email = uniqueEmail();
    expect((await post('/register', registration(email))).status).toBe(200);
    expect((await post('/remindpassword', { Email: email })).status).toBe(200);
    const res = await t.fetch(`${A}/confirm-account/${tokenOf(await mailLink(email, 'resetuj-haslo'))}`);
    expect(res.status).toBe(400);
  });
});

describe('login', () => {
  it('returns a ticket for correct credentials, e-mail in any case', async () => {
    const res = await post('/login', {
      Login: DEMO_CUSTOMER.email.toUpperCase(),
      Password: DEMO_CUSTOMER.password,
    });
    expect(res.status).toBe(200);
    const { Ticket } = (await res.json()) as { Ticket: string };
    expect((await t.fetch(`${A}/getloggedinuserinfo`, { ticket: Ticket })).status).toBe(200);
  });

  it('gives the same answer for a wrong password and an unknown e-mail', async () => {
    const wrongPassword = await post('/login', { Login: DEMO_CUSTOMER.email, Password: 'Zle1234haslo' });
    const unknownEmail = await post('/login', { Login: 'nikt@example.pl', Password: DEMO_CUSTOMER.password });
    expect(wrongPassword.status).toBe(400);
    expect(unknownEmail.status).toBe(400);
    expect(await errorBody(wrongPassword)).toEqual({ Message: msg.loginFailed });
    expect(await errorBody(unknownEmail)).toEqual({ Message: msg.loginFailed });
  });

  it('does not log in to another shop with an account of this one', async () => {
    const res = await post(
      '/login',
      { Login: RIVAL_CUSTOMER.email, Password: RIVAL_CUSTOMER.password },
      { org: 'demo' },
    );
    expect(res.status).toBe(400);
  });

  it('validates the form', async () => {
    const empty = await post('/login', {});
    expect(empty.status).toBe(400);
    expect((await errorBody(empty)).Fields).toEqual({ Login: msg.required, Password: msg.required });
    const bad = await post('/login', { Login: 'zly-adres', Password: 'x' });
    expect((await errorBody(bad)).Fields).toEqual({ Login: msg.invalidEmail });
  });

  it('answers malformed JSON with a Polish 400', async () => {
    const res = await t.fetch(`${A}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"Login":',
    });
    expect(res.status).toBe(400);
    expect(await errorBody(res)).toEqual({ Message: msg.invalidJson });
  });
});

describe('authentication of account calls', () => {
  it('logs out: the ticket is revoked on the server (204), then 401', async () => {
    const { ticket } = await newConfirmedUser();
    const out = await t.fetch(`${A}/logout`, { method: 'POST', ticket });
    expect(out.status).toBe(204);
    expect((await t.fetch(`${A}/getloggedinuserinfo`, { ticket })).status).toBe(401);
    expect((await t.fetch(`${A}/logout`, { method: 'POST', ticket })).status).toBe(401);
  });

  it('401s without a ticket, with an invalid one and with a revoked one', async () => {
    const none = await t.fetch(`${A}/getloggedinuserinfo`);
    expect(none.status).toBe(401);
    expect(await errorBody(none)).toEqual({ Message: msg.unauthorized });
    expect((await t.fetch(`${A}/getloggedinuserinfo`, { ticket: 'zmyslony-bilet-1234567890' })).status).toBe(
      401,
    );
    expect(
      (await t.fetch(`${A}/getloggedinuserinfo`, { headers: { authorization: 'Basic a2liaWM6aGFzbG8=' } }))
        .status,
    ).toBe(401);

    const { email, ticket } = await newConfirmedUser();
    expect((await post('/remindpassword', { Email: email })).status).toBe(200);
    const reset = await post('/remindpasswordsetnew', {
      Guid: tokenOf(await mailLink(email, 'resetuj-haslo')),
      Haslo: 'Kolejne1234',
      PowtorzHaslo: 'Kolejne1234',
    });
    expect(reset.status).toBe(200);
    expect((await t.fetch(`${A}/getloggedinuserinfo`, { ticket })).status).toBe(401);
  });

  it('401s for a ticket of another shop', async () => {
    const rivalTicket = await login(t, RIVAL_CUSTOMER.email, RIVAL_CUSTOMER.password, 'rywal');
    expect((await t.fetch(`${A}/getloggedinuserinfo`, { ticket: rivalTicket, org: 'rywal' })).status).toBe(
      200,
    );
    expect((await t.fetch(`${A}/getloggedinuserinfo`, { ticket: rivalTicket, org: 'demo' })).status).toBe(
      401,
    );
    expect(
      (
        await post(
          '/changeemail',
          { ObecneHaslo: GOOD_PASSWORD, NowyEmail: uniqueEmail() },
          { ticket: rivalTicket, org: 'demo' },
        )
      ).status,
    ).toBe(401);
  });

  it('401s on every authenticated account call without a ticket', async () => {
    const calls: [string, string, unknown][] = [
      [
        'POST',
        '/changepassword',
        { ObecneHaslo: 'x', NoweHaslo: GOOD_PASSWORD, PowtorzNoweHaslo: GOOD_PASSWORD },
      ],
      ['POST', '/changeemail', { NowyEmail: 'a@example.pl', ObecneHaslo: GOOD_PASSWORD }],
      ['GET', '/changeemailconfirm/abc', undefined],
      ['POST', '/getprofileinfo', {}],
      ['GET', '/getloggedinuserinfo', undefined],
    ];
    for (const [method, path, json] of calls) {
      expect((await t.fetch(A + path, { method, json })).status, path).toBe(401);
    }
  });
});

describe('changepassword', () => {
  it('validates the form', async () => {
    const { ticket } = await newConfirmedUser();
    const empty = await post('/changepassword', {}, { ticket });
    expect((await errorBody(empty)).Fields).toEqual({
      ObecneHaslo: msg.passwordRequired,
      NoweHaslo: msg.passwordRequired,
      PowtorzNoweHaslo: msg.required,
    });
    const weak = await post(
      '/changepassword',
      { ObecneHaslo: GOOD_PASSWORD, NoweHaslo: 'slabe', PowtorzNoweHaslo: 'slabe' },
      { ticket },
    );
    expect((await errorBody(weak)).Fields?.NoweHaslo).toBe(msg.passwordRules);
    const mismatch = await post(
      '/changepassword',
      { ObecneHaslo: GOOD_PASSWORD, NoweHaslo: 'Inne1234haslo', PowtorzNoweHaslo: 'Inne1234hasl0' },
      { ticket },
    );
    expect((await errorBody(mismatch)).Fields).toEqual({ PowtorzNoweHaslo: msg.passwordsMismatch });
  });

  it('refuses a wrong current password', async () => {
    const { ticket } = await newConfirmedUser();
    const res = await post(
      '/changepassword',
      { ObecneHaslo: 'Zle1234haslo', NoweHaslo: 'Inne1234haslo', PowtorzNoweHaslo: 'Inne1234haslo' },
      { ticket },
    );
    expect(res.status).toBe(400);
    expect(await errorBody(res)).toEqual({
      Message: msg.currentPasswordWrong,
      Fields: { ObecneHaslo: msg.currentPasswordWrong },
    });
  });

  it('changes the password, keeps this session and ends the others', async () => {
    const { email, ticket } = await newConfirmedUser();
    const other = await login(t, email, GOOD_PASSWORD);
    const res = await post(
      '/changepassword',
      { ObecneHaslo: GOOD_PASSWORD, NoweHaslo: 'Inne1234haslo', PowtorzNoweHaslo: 'Inne1234haslo' },
      { ticket },
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ Message: msg.passwordChanged });
    expect((await t.fetch(`${A}/getloggedinuserinfo`, { ticket })).status).toBe(200);
    expect((await t.fetch(`${A}/getloggedinuserinfo`, { ticket: other })).status).toBe(401);
    expect((await post('/login', { Login: email, Password: GOOD_PASSWORD })).status).toBe(400);
    await expect(login(t, email, 'Inne1234haslo')).resolves.toBeTruthy();
  });

  it('tells the account\u2019s address that the password was changed', async () => {
    const { email, ticket } = await newConfirmedUser();
    const before = (await mailsTo(email)).length;
    const wrong = await post(
      '/changepassword',
      { ObecneHaslo: 'Zle1234haslo', NoweHaslo: 'Inne1234haslo', PowtorzNoweHaslo: 'Inne1234haslo' },
      { ticket },
    );
    expect(wrong.status).toBe(400);
    expect(await mailsTo(email)).toHaveLength(before);
    const res = await post(
      '/changepassword',
      { ObecneHaslo: GOOD_PASSWORD, NoweHaslo: 'Inne1234haslo', PowtorzNoweHaslo: 'Inne1234haslo' },
      { ticket },
    );
    expect(res.status).toBe(200);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(before + 1);
    const notice = mails.at(-1)!;
    expect(notice.subject).toBe('Zmieniono hasło do konta w sklepie MKS Sokół Demo');
    expect(notice.text).toContain('Hasło do Twojego konta zostało zmienione.');
    expect(notice.text).not.toContain('Inne1234haslo');
  });
});

describe('password reminder', () => {
  it('validates the e-mail', async () => {
    expect((await errorBody(await post('/remindpassword', {}))).Fields).toEqual({ Email: msg.required });
    expect((await errorBody(await post('/remindpassword', { Email: 'zly' }))).Fields).toEqual({
      Email: msg.invalidEmail,
    });
  });

  it('answers an address unknown in this shop as a known one, and mails nothing', async () => {
    const before = (await t.outbox.messages()).length;
    const res = await post('/remindpassword', { Email: 'nikt@example.pl' });
    expect(res.status).toBe(200);
    expect(await errorBody(res)).toEqual({ Message: msg.reminderSent });
    const rival = await post('/remindpassword', { Email: RIVAL_CUSTOMER.email }, { org: 'demo' });
    expect(rival.status).toBe(200);
    expect(await errorBody(rival)).toEqual({ Message: msg.reminderSent });
    expect(await t.outbox.messages()).toHaveLength(before);
  });

  it('resets the password through the link, once, and ends all sessions', async () => {
    const { email, ticket } = await newConfirmedUser();
    const res = await post('/remindpassword', { Email: email.toUpperCase() });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ Message: msg.reminderSent });
    const link = await mailLink(email, 'resetuj-haslo');
    expect(link.startsWith(`${t.config.publicUrl}/resetuj-haslo/`)).toBe(true);

    const weak = await post('/remindpasswordsetnew', {
      Guid: tokenOf(link),
      Haslo: 'slabe',
      PowtorzHaslo: 'slabe',
    });
    expect((await errorBody(weak)).Fields?.Haslo).toBe(msg.passwordRules);
    const mismatch = await post('/remindpasswordsetnew', {
      Guid: tokenOf(link),
      Haslo: 'Reset1234',
      PowtorzHaslo: 'Reset12345',
    });
    expect((await errorBody(mismatch)).Fields).toEqual({ PowtorzHaslo: msg.passwordsMismatch });
    const empty = await post('/remindpasswordsetnew', {});
    expect((await errorBody(empty)).Fields).toEqual({
      Haslo: msg.passwordRequired,
      PowtorzHaslo: msg.required,
      Guid: msg.required,
    });

    const ok = await post('/remindpasswordsetnew', {
      Guid: tokenOf(link),
      Haslo: 'Reset1234',
      PowtorzHaslo: 'Reset1234',
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ Message: msg.passwordChanged });
    expect((await t.fetch(`${A}/getloggedinuserinfo`, { ticket })).status).toBe(401);
    await expect(login(t, email, 'Reset1234')).resolves.toBeTruthy();
    expect((await post('/login', { Login: email, Password: GOOD_PASSWORD })).status).toBe(400);

    const again = await post('/remindpasswordsetnew', {
      Guid: tokenOf(link),
      Haslo: 'Znowu1234',
      PowtorzHaslo: 'Znowu1234',
    });
    expect(again.status).toBe(400);
    expect(await errorBody(again)).toEqual({ Message: msg.linkInvalid });
  });

  it('never touches a staff account: no link, the same answer, the panel session lives on', async () => {
    const manager = await panelLogin(t, { role: 'manager' });
    const before = (await mailsTo(manager.user.Email)).length;
    const res = await post('/remindpassword', { Email: manager.user.Email });
    expect(res.status).toBe(200);
    expect(await errorBody(res)).toEqual({ Message: msg.reminderSent });
    expect(await mailsTo(manager.user.Email)).toHaveLength(before);
    expect((await manager.fetch(`${PANEL}/auth/me`)).status).toBe(200);
  });

  it('confirms a not yet confirmed account, since the link proved the mailbox', async () => {
    const email = uniqueEmail();
    expect((await post('/register', registration(email))).status).toBe(200);
    expect((await post('/remindpassword', { Email: email })).status).toBe(200);
    const guid = tokenOf(await mailLink(email, 'resetuj-haslo'));
    expect(
      (await post('/remindpasswordsetnew', { Guid: guid, Haslo: 'Reset1234', PowtorzHaslo: 'Reset1234' }))
        .status,
    ).toBe(200);
    await expect(login(t, email, 'Reset1234')).resolves.toBeTruthy();
  });

  it('rejects unknown, expired and other-shop links', async () => {
    const unknown = await post('/remindpasswordsetnew', {
      Guid: 'nie-ma-takiego',
      Haslo: 'Reset1234',
      PowtorzHaslo: 'Reset1234',
    });
    expect(unknown.status).toBe(400);
    expect(await errorBody(unknown)).toEqual({ Message: msg.linkInvalid });

    expect((await post('/remindpassword', { Email: RIVAL_CUSTOMER.email }, { org: 'rywal' })).status).toBe(
      200,
    );
    const rivalGuid = tokenOf(await mailLink(RIVAL_CUSTOMER.email, 'resetuj-haslo'));
    const crossShop = await post(
      '/remindpasswordsetnew',
      { Guid: rivalGuid, Haslo: 'Reset1234', PowtorzHaslo: 'Reset1234' },
      { org: 'demo' },
    );
    expect(crossShop.status).toBe(400);

    await t.database.db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userTokens.tokenHash, hashToken(rivalGuid)));
    const expired = await post(
      '/remindpasswordsetnew',
      { Guid: rivalGuid, Haslo: 'Reset1234', PowtorzHaslo: 'Reset1234' },
      { org: 'rywal' },
    );
    expect(expired.status).toBe(400);
    expect(await errorBody(expired)).toEqual({ Message: msg.linkInvalid });
    await expect(login(t, RIVAL_CUSTOMER.email, RIVAL_CUSTOMER.password, 'rywal')).resolves.toBeTruthy();
  });
});

describe('resend the confirmation link', () => {
  it('validates the e-mail', async () => {
    expect((await errorBody(await post('/resendconfirmation', {}))).Fields).toEqual({ Email: msg.required });
    expect((await errorBody(await post('/resendconfirmation', { Email: 'zly' }))).Fields).toEqual({
      Email: msg.invalidEmail,
    });
  });

  it('mails a new link to an account waiting for confirmation; the earlier link stops working', async () => {
    const email = uniqueEmail();
    expect((await post('/register', registration(email))).status).toBe(200);
    const first = tokenOf(await mailLink(email, 'logowanie'));
    const res = await post('/resendconfirmation', { Email: email.toUpperCase() });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ Message: msg.confirmationResent });
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe(mails[0]!.subject);
    const second = tokenOf(await mailLink(email, 'logowanie'));
    expect(second).not.toBe(first);
    const old = await t.fetch(`${A}/confirm-account/${first}`);
    expect(old.status).toBe(400);
    expect(await errorBody(old)).toEqual({ Message: msg.linkInvalid });
    expect((await t.fetch(`${A}/confirm-account/${second}`)).status).toBe(200);
    await expect(login(t, email, GOOD_PASSWORD)).resolves.toBeTruthy();
  });

  it('answers a confirmed, unknown, staff or other-shop address the same, and mails nothing', async () => {
    const { email } = await newConfirmedUser();
    const manager = await panelLogin(t, { role: 'manager' });
    const before = (await t.outbox.messages()).length;
    for (const [address, org] of [
      [email, undefined],
      ['nikt-taki@example.pl', undefined],
      [manager.user.Email, undefined],
      [RIVAL_CUSTOMER.email, 'demo'],
    ] as const) {
      const res = await post('/resendconfirmation', { Email: address }, org ? { org } : {});
      expect(res.status, address).toBe(200);
      expect(await errorBody(res), address).toEqual({ Message: msg.confirmationResent });
    }
    expect(await t.outbox.messages()).toHaveLength(before);
    expect((await manager.fetch(`${PANEL}/auth/me`)).status).toBe(200);
  });

  it("keeps within the address's mail budget however often it is asked", async () => {
    const email = uniqueEmail();
    expect((await post('/register', registration(email))).status).toBe(200);
    for (let i = 0; i < 12; i++)
      expect((await post('/resendconfirmation', { Email: email })).status).toBe(200);
    const sent = (await mailsTo(email)).length;
    expect(sent).toBeGreaterThan(1);
    expect(sent).toBeLessThan(13);
  });
});

describe('notices', () => {
  it('a reset through the reminder link tells the account\u2019s address', async () => {
    const { email } = await newConfirmedUser();
    expect((await post('/remindpassword', { Email: email })).status).toBe(200);
    const guid = tokenOf(await mailLink(email, 'resetuj-haslo'));
    const before = (await mailsTo(email)).length;
    const res = await post('/remindpasswordsetnew', {
      Guid: guid,
      Haslo: 'Kolejne1234',
      PowtorzHaslo: 'Kolejne1234',
    });
    expect(res.status).toBe(200);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)!.subject).toBe('Zmieniono hasło do konta w sklepie MKS Sokół Demo');
    expect(mails.at(-1)!.text).toContain('przez link z wiadomości przypominającej hasło');
  });

  it('a confirmed e-mail change tells the OLD address and retires its reset links', async () => {
    const { email, ticket } = await newConfirmedUser();
    // A reset link went to the old address before the change...
    expect((await post('/remindpassword', { Email: email })).status).toBe(200);
    const oldReset = tokenOf(await mailLink(email, 'resetuj-haslo'));
    const newEmail = uniqueEmail('nowy-adres');
    expect(
      (await post('/changeemail', { ObecneHaslo: GOOD_PASSWORD, NowyEmail: newEmail }, { ticket })).status,
    ).toBe(200);
    const hash = tokenOf(await mailLink(newEmail, 'potwierdz-nowy-adres-email'));
    // Asking for the change alone tells the old address nothing yet.
    const oldBefore = (await mailsTo(email)).length;
    expect((await t.fetch(`${A}/changeemailconfirm/${hash}`, { ticket })).status).toBe(200);

    const oldMails = await mailsTo(email);
    expect(oldMails).toHaveLength(oldBefore + 1);
    const notice = oldMails.at(-1)!;
    expect(notice.subject).toBe('Zmieniono adres e-mail konta w sklepie MKS Sokół Demo');
    expect(notice.text).toContain(`Adres e-mail Twojego konta został zmieniony na ${newEmail}.`);
    expect(notice.text).toContain('Jeśli to nie Ty');

    // ...and no longer opens the account.
    const reset = await post('/remindpasswordsetnew', {
      Guid: oldReset,
      Haslo: 'Przejete1234',
      PowtorzHaslo: 'Przejete1234',
    });
    expect(reset.status).toBe(400);
    expect(await errorBody(reset)).toEqual({ Message: msg.linkInvalid });
    await expect(login(t, newEmail, GOOD_PASSWORD)).resolves.toBeTruthy();
    const [row] = await t.database.db
      .select()
      .from(userTokens)
      .where(eq(userTokens.tokenHash, hashToken(oldReset)));
    expect(row!.usedAt).not.toBeNull();
  });
});

describe('change e-mail', () => {
  it('validates the form', async () => {
    const { ticket } = await newConfirmedUser();
    expect((await errorBody(await post('/changeemail', {}, { ticket }))).Fields).toEqual({
      NowyEmail: msg.required,
      ObecneHaslo: msg.passwordRequired,
    });
    expect(
      (
        await errorBody(
          await post('/changeemail', { NowyEmail: 'zly', ObecneHaslo: GOOD_PASSWORD }, { ticket }),
        )
      ).Fields,
    ).toEqual({ NowyEmail: msg.invalidEmail });
  });

  it('asks for the current password: a ticket alone cannot move the account', async () => {
    const { ticket } = await newConfirmedUser();
    const before = (await t.outbox.messages()).length;
    const res = await post(
      '/changeemail',
      { NowyEmail: uniqueEmail(), ObecneHaslo: 'Zgadywane123' },
      { ticket },
    );
    expect(res.status).toBe(400);
    expect(await errorBody(res)).toEqual({
      Message: msg.currentPasswordWrong,
      Fields: { ObecneHaslo: msg.currentPasswordWrong },
    });
    expect(await t.outbox.messages()).toHaveLength(before);
  });

  it('refuses the same address, a taken address and a wrong old address', async () => {
    const { email, ticket } = await newConfirmedUser();
    const same = await post(
      '/changeemail',
      { ObecneHaslo: GOOD_PASSWORD, staryEmail: email, NowyEmail: email.toUpperCase() },
      { ticket },
    );
    expect(same.status).toBe(400);
    expect(await errorBody(same)).toEqual({ Message: msg.sameEmail, Fields: { NowyEmail: msg.sameEmail } });

    const taken = await post(
      '/changeemail',
      { ObecneHaslo: GOOD_PASSWORD, NowyEmail: DEMO_CUSTOMER.email },
      { ticket },
    );
    expect(taken.status).toBe(400);
    expect(await errorBody(taken)).toEqual({
      Message: msg.emailTaken,
      Fields: { NowyEmail: msg.emailTaken },
    });

    const wrongOld = await post(
      '/changeemail',
      { ObecneHaslo: GOOD_PASSWORD, staryEmail: 'inny@example.pl', NowyEmail: uniqueEmail() },
      { ticket },
    );
    expect(wrongOld.status).toBe(400);
    expect(await errorBody(wrongOld)).toEqual({
      Message: msg.oldEmailMismatch,
      Fields: { staryEmail: msg.oldEmailMismatch },
    });
  });

  it('changes the address after the link sent to the new address is opened', async () => {
    const { email, ticket } = await newConfirmedUser();
    const newEmail = uniqueEmail('zmiana');
    const res = await post(
      '/changeemail',
      { ObecneHaslo: GOOD_PASSWORD, staryEmail: email.toUpperCase(), NowyEmail: newEmail },
      { ticket },
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ Message: msg.emailChangeSent });
    const link = await mailLink(newEmail, 'potwierdz-nowy-adres-email');
    expect(link.startsWith(`${t.config.publicUrl}/potwierdz-nowy-adres-email/`)).toBe(true);
    const [tokenRow] = await t.database.db
      .select()
      .from(userTokens)
      .where(eq(userTokens.tokenHash, hashToken(tokenOf(link))));
    expect(tokenRow).toMatchObject({ kind: 'email', newEmail });

    // Nothing changes until the link is opened.
    expect(await (await t.fetch(`${A}/getloggedinuserinfo`, { ticket })).json()).toMatchObject({
      Email: email,
    });

    const ok = await t.fetch(`${A}/changeemailconfirm/${tokenOf(link)}`, { ticket });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ Message: msg.emailChangedOk });
    expect(await (await t.fetch(`${A}/getloggedinuserinfo`, { ticket })).json()).toMatchObject({
      Email: newEmail,
    });
    await expect(login(t, newEmail, GOOD_PASSWORD)).resolves.toBeTruthy();
    expect((await post('/login', { Login: email, Password: GOOD_PASSWORD })).status).toBe(400);

    const again = await t.fetch(`${A}/changeemailconfirm/${tokenOf(link)}`, { ticket });
    expect(again.status).toBe(400);
    expect(await errorBody(again)).toEqual({ Message: msg.emailChangeFailed });
  });

  it("does not accept another user's link and leaves it usable for its owner", async () => {
    const owner = await newConfirmedUser();
    const stranger = await newConfirmedUser();
    const newEmail = uniqueEmail('cudzy');
    expect(
      (
        await post(
          '/changeemail',
          { ObecneHaslo: GOOD_PASSWORD, NowyEmail: newEmail },
          { ticket: owner.ticket },
        )
      ).status,
    ).toBe(200);
    const hash = tokenOf(await mailLink(newEmail, 'potwierdz-nowy-adres-email'));
    const foreign = await t.fetch(`${A}/changeemailconfirm/${hash}`, { ticket: stranger.ticket });
    expect(foreign.status).toBe(400);
    expect(await errorBody(foreign)).toEqual({ Message: msg.emailChangeFailed });
    expect((await t.fetch(`${A}/changeemailconfirm/${hash}`, { ticket: owner.ticket })).status).toBe(200);
  });

  it('answers 409 when the address was taken before the link was opened', async () => {
    const { ticket } = await newConfirmedUser();
    const newEmail = uniqueEmail('wyscig');
    expect(
      (await post('/changeemail', { ObecneHaslo: GOOD_PASSWORD, NowyEmail: newEmail }, { ticket })).status,
    ).toBe(200);
    const hash = tokenOf(await mailLink(newEmail, 'potwierdz-nowy-adres-email'));
    expect((await post('/register', registration(newEmail))).status).toBe(200);
    const res = await t.fetch(`${A}/changeemailconfirm/${hash}`, { ticket });
    expect(res.status).toBe(409);
    expect(await errorBody(res)).toEqual({ Message: msg.emailTaken });
  });

  it('rejects unknown and expired links', async () => {
    const { ticket } = await newConfirmedUser();
    const unknown = await t.fetch(`${A}/changeemailconfirm/nie-ma-takiego`, { ticket });
    expect(unknown.status).toBe(400);
    expect(await errorBody(unknown)).toEqual({ Message: msg.emailChangeFailed });

    const newEmail = uniqueEmail('wygasly');
    expect(
      (await post('/changeemail', { ObecneHaslo: GOOD_PASSWORD, NowyEmail: newEmail }, { ticket })).status,
    ).toBe(200);
    const hash = tokenOf(await mailLink(newEmail, 'potwierdz-nowy-adres-email'));
    await t.database.db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(userTokens.tokenHash, hashToken(hash)), eq(userTokens.kind, 'email')));
    expect((await t.fetch(`${A}/changeemailconfirm/${hash}`, { ticket })).status).toBe(400);
  });
});

describe('the whole new-customer path', () => {
  it('register → e-mail link → confirm-account → ticket → user info', async () => {
    const email = uniqueEmail('sciezka');
    const reg = await post('/register', registration(email, { Imie: 'Zofia', Nazwisko: 'Wójcik' }));
    expect(reg.status).toBe(200);
    const link = await mailLink(email, 'logowanie');
    const guid = new URL(link).pathname.replace('/logowanie/', '');
    const confirmed = await t.fetch(`${A}/confirm-account/${guid}`);
    const { Ticket } = (await confirmed.json()) as { Ticket: string };
    const info = await t.fetch(`${A}/getloggedinuserinfo`, { ticket: Ticket });
    expect(info.status).toBe(200);
    const body = (await info.json()) as { Id: number; Imie: string; Nazwisko: string; Email: string };
    expect(body).toEqual({ Id: expect.any(Number), Imie: 'Zofia', Nazwisko: 'Wójcik', Email: email });
  });
});
