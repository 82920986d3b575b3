import { msg } from '@club/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { LOGIN_LOCK, lockDelayMs } from '../src/modules/accounts/login-throttle.ts';
import { createTestApp, login, register, type TestApp } from './harness.ts';

const A = '/api/andromeda/kontopanel';
const PASSWORD = 'Dobre1234haslo';
const WRONG = 'Zle1234haslo';
const MINUTE = 60_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let seq = 0;
const uniqueEmail = (prefix: string) => `${prefix}${Date.now().toString(36)}${++seq}@example.pl`;

const attempt = async (email: string, password: string) => {
  const res = await t.fetch(`${A}/login`, { method: 'POST', json: { Login: email, Password: password } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

/** A confirmed account made straight in the database (registration is tested elsewhere). */
const newAccount = async () => {
  const email = uniqueEmail('zamek');
  const res = await register(t, email, PASSWORD);
  expect(res.status).toBe(200);
  await t.database.db.update(users).set({ confirmedAt: new Date() }).where(eq(users.email, email));
  return email;
};
const row = async (email: string) => {
  const [u] = await t.database.db.select().from(users).where(eq(users.email, email));
  return u!;
};
/** Lets the current lock run out, as if its time had passed. */
const expireLock = (email: string) =>
  t.database.db
    .update(users)
    .set({ loginLockedUntil: new Date(Date.now() - 1000) })
    .where(eq(users.email, email));

const FAILED = { status: 400, body: { Message: msg.loginFailed } };
const LOCKED = { status: 429, body: { Message: msg.loginLocked } };

describe('lock delays', () => {
  it('start at the 5th failure with 1 minute, double, and stop at 15 minutes', () => {
    expect(LOGIN_LOCK.threshold).toBe(5);
    expect([1, 4, 5, 6, 7, 8, 9, 10, 50, 10_000].map((f) => lockDelayMs(f))).toEqual([
      0,
      0,
      MINUTE,
      2 * MINUTE,
      4 * MINUTE,
      8 * MINUTE,
      15 * MINUTE,
      15 * MINUTE,
      15 * MINUTE,
      15 * MINUTE,
    ]);
  });
});

describe('failed logins per account', () => {
  it('lock the account after 5 in a row, even for the right password, with a Polish 429', async () => {
    const email = await newAccount();
    for (let i = 0; i < 5; i++) expect(await attempt(email, WRONG)).toEqual(FAILED);
    const locked = await row(email);
    expect(locked.failedLogins).toBe(5);
    const wait = locked.loginLockedUntil!.getTime() - Date.now();
    expect(wait).toBeGreaterThan(MINUTE - 5000);
    expect(wait).toBeLessThanOrEqual(MINUTE);

    expect(await attempt(email, PASSWORD)).toEqual(LOCKED);
    expect(await attempt(email, WRONG)).toEqual(LOCKED);
    // Attempts while locked are not even checked, so they do not lengthen the lock.
    expect((await row(email)).failedLogins).toBe(5);
  });

  it('grow the lock with each further failure and reset on a successful login', async () => {
    const email = await newAccount();
    for (let i = 0; i < 5; i++) await attempt(email, WRONG);
    await expireLock(email);
    // The 6th failure in a row locks for 2 minutes.
    expect(await attempt(email, WRONG)).toEqual(FAILED);
    const second = await row(email);
    expect(second.failedLogins).toBe(6);
    expect(second.loginLockedUntil!.getTime() - Date.now()).toBeGreaterThan(2 * MINUTE - 5000);
    expect(await attempt(email, PASSWORD)).toEqual(LOCKED);

    await expireLock(email);
    await expect(login(t, email, PASSWORD)).resolves.toBeTruthy();
    const reset = await row(email);
    expect(reset.failedLogins).toBe(0);
    expect(reset.loginLockedUntil).toBeNull();
    // The count starts again: four more failures do not lock.
    for (let i = 0; i < 4; i++) expect(await attempt(email, WRONG)).toEqual(FAILED);
    await expect(login(t, email, PASSWORD)).resolves.toBeTruthy();
  });

  it('count only failures in a row: a success in between starts again', async () => {
    const email = await newAccount();
    for (let i = 0; i < 4; i++) await attempt(email, WRONG);
    await expect(login(t, email, PASSWORD)).resolves.toBeTruthy();
    for (let i = 0; i < 4; i++) expect(await attempt(email, WRONG)).toEqual(FAILED);
    await expect(login(t, email, PASSWORD)).resolves.toBeTruthy();
  });

  it('do not lock other accounts or the same address in another shop', async () => {
    const email = await newAccount();
    const neighbour = await newAccount();
    for (let i = 0; i < 5; i++) await attempt(email, WRONG);
    expect(await attempt(email, PASSWORD)).toEqual(LOCKED);
    await expect(login(t, neighbour, PASSWORD)).resolves.toBeTruthy();
    // An address unknown in the rival shop gives that shop's ordinary answer.
    const rival = await t.fetch(`${A}/login`, {
      method: 'POST',
      json: { Login: email, Password: PASSWORD },
      org: 'rywal',
    });
    expect(rival.status).toBe(400);
  });

  it('are lifted by a password reset through the e-mailed link', async () => {
    const email = await newAccount();
    for (let i = 0; i < 5; i++) await attempt(email, WRONG);
    expect(await attempt(email, PASSWORD)).toEqual(LOCKED);
    expect((await t.fetch(`${A}/remindpassword`, { method: 'POST', json: { Email: email } })).status).toBe(
      200,
    );
    const link = await t.outbox.link(/\/resetuj-haslo\/[\w-]+/);
    const res = await t.fetch(`${A}/remindpasswordsetnew`, {
      method: 'POST',
      json: { Guid: link.split('/').pop(), Haslo: 'Nowe1234haslo', PowtorzHaslo: 'Nowe1234haslo' },
    });
    expect(res.status).toBe(200);
    await expect(login(t, email, 'Nowe1234haslo')).resolves.toBeTruthy();
  });

  it('answer an unknown address exactly like an existing one', async () => {
    const known = await newAccount();
    const unknown = uniqueEmail('nikogo-takiego');
    const knownAnswers = [];
    const unknownAnswers = [];
    for (let i = 0; i < 7; i++) {
      knownAnswers.push(await attempt(known, WRONG));
      unknownAnswers.push(await attempt(unknown, WRONG));
    }
    expect(knownAnswers).toEqual([...Array(5).fill(FAILED), LOCKED, LOCKED]);
    expect(unknownAnswers).toEqual(knownAnswers);
    // Letter case and spaces do not make a fresh counter.
    expect(await attempt(`  ${unknown.toUpperCase()} `, WRONG)).toEqual(LOCKED);
  });
});
