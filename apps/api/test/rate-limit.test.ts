import { msg } from '@club/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limits } from '../src/plugins/rate-limit.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { DEMO_CUSTOMER } from './passwords.ts';

const A = '/api/andromeda/kontopanel';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: true });
});
afterAll(() => t.close());

const post = (path: string, json: unknown, org = 'demo') => t.fetch(A + path, { method: 'POST', json, org });

/** Sends `max` requests (whatever their answer), then one more, which must be refused. */
const exhaust = async (path: string, max: number, body: (i: number) => unknown) => {
  const statuses: number[] = [];
  for (let i = 0; i < max; i++) statuses.push((await post(path, body(i))).status);
  expect(statuses).not.toContain(429);
  const over = await post(path, body(max));
  expect(over.status).toBe(429);
  expect(await over.json()).toEqual({ Message: msg.tooManyRequests });
  return statuses;
};

describe('rate limits on abuse-prone account calls', () => {
  it(`login: the ${limits.login.max + 1}th attempt within a minute is refused, even with a correct password`, async () => {
    await exhaust('/login', limits.login.max, () => ({
      Login: DEMO_CUSTOMER.email,
      Password: 'Zle1234haslo',
    }));
    const correct = await post('/login', { Login: DEMO_CUSTOMER.email, Password: DEMO_CUSTOMER.password });
    expect(correct.status).toBe(429);
    // Another shop's counter is its own.
    expect(
      (await post('/login', { Login: 'kibic@fc-rywal.pl', Password: DEMO_CUSTOMER.password }, 'rywal'))
        .status,
    ).toBe(200);
  });

  it('register', async () => {
    const statuses = await exhaust('/register', limits.register.max, (i) => ({
      Imie: 'Ewa',
      Nazwisko: 'Nowak',
      Email: `limit${i}@example.pl`,
      Haslo: 'Dobre1234',
      PowtorzHaslo: 'Dobre1234',
      AkceptacjaRegulaminu: true,
    }));
    expect(statuses).toEqual(Array(limits.register.max).fill(200));
  });

  it('remindpassword', async () => {
    await exhaust('/remindpassword', limits.remindPassword.max, () => ({ Email: DEMO_CUSTOMER.email }));
  });

  it('leaves calls without a limit alone', async () => {
    for (let i = 0; i < 15; i++) {
      expect((await t.fetch(`${A}/confirm-account/nieznany-${i}`)).status).toBe(400);
    }
  });
});
