import { msg } from '@club/contract';
import { and, count, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carts, products } from '../src/db/schema.ts';
import { accountLimits, limits } from '../src/plugins/rate-limit.ts';
import { orgIdOf } from './fixtures/orders.ts';
import { freshClientAddress, rawRequest } from './fixtures/raw-http.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { DEMO_CUSTOMER, RIVAL_CUSTOMER } from './passwords.ts';

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
    // Each attempt for another address, so the per-account throttle of failed logins stays out of it.
    await exhaust('/login', limits.login.max, (i) => ({
      Login: `nikt${i}@sokol-demo.pl`,
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
      expect((await t.fetch('/api/centauri/sklepyonline/getwysylki')).status).toBe(200);
    }
  });
});

/** Sends `max` requests from one client address, then one more, which must be the Polish 429. */
/** A ticket, logged in from an address of its own (this file spends the default address's login budget). */
const loginFrom = async (who: { email: string; password: string }, org: string) => {
  const res = await postFrom(
    freshClientAddress(),
    `${A}/login`,
    { Login: who.email, Password: who.password },
    { organizacja: org },
  );
  expect(res.status).toBe(200);
  return (JSON.parse(res.body) as { Ticket: string }).Ticket;
};

/** A JSON POST from the given client address: the address (and the club) is what a limit counts by. */
const postFrom = (from: string, path: string, json: unknown, headers?: Record<string, string>) =>
  rawRequest(t.url, path, { method: 'POST', json, headers, from });

const exhaustFrom = async (
  app: TestApp,
  from: string,
  max: number,
  send: (i: number) => Parameters<typeof rawRequest>[2] & { path: string },
) => {
  for (let i = 0; i < max; i++) {
    const { path, ...init } = send(i);
    const res = await rawRequest(app.url, path, { ...init, from });
    expect(res.status, res.body).not.toBe(429);
  }
  const { path, ...init } = send(max);
  const over = await rawRequest(app.url, path, { ...init, from });
  expect(over.status).toBe(429);
  expect(JSON.parse(over.body)).toEqual({ Message: msg.tooManyRequests });
};

// An invalid registration: counted like any other (limits run before validation), changes nothing,
// and keeps clear of the per-account login throttle.
const invalid = { Email: 'to-nie-adres' };
const REG = `${A}/register`;

describe('rate limit keys: the resolved club and the real client address', () => {
  it('a random Host or X-Forwarded-For gives no fresh counter', async () => {
    const from = freshClientAddress();
    // No `organizacja`: the club comes from Host; junk hosts are the default club.
    await exhaustFrom(t, from, limits.register.max, (i) => ({
      path: REG,
      method: 'POST',
      json: invalid,
      headers: { host: `junk-${i}-${Math.random()}.example`, 'x-forwarded-for': `203.0.113.${i}` },
    }));
    const variants: Record<string, string>[] = [
      { host: 'inny.example', 'x-forwarded-for': '198.51.100.7' },
      { host: 'localhost', 'x-forwarded-host': 'rywal.localhost', 'x-real-ip': '198.51.100.8' },
      { organizacja: 'demo', 'x-forwarded-for': '198.51.100.9, 10.0.0.1' },
      { organizacja: 'DEMO ' },
    ];
    for (const headers of variants) {
      const res = await postFrom(from, REG, invalid, headers);
      expect(res.status, JSON.stringify(headers)).toBe(429);
    }
    // The other club is another counter; an unknown club is a 404, not a new counter.
    const rival = await postFrom(from, REG, invalid, { host: 'rywal.localhost' });
    expect(rival.status).toBe(400);
    const unknown = await postFrom(from, REG, invalid, { organizacja: `nie-ma-${Math.random()}` });
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.body)).toEqual({ Message: msg.organisationNotFound });
  });

  it('another client address is another counter', async () => {
    const a = freshClientAddress();
    await exhaustFrom(t, a, limits.register.max, () => ({ path: REG, method: 'POST', json: invalid }));
    const b = await postFrom(freshClientAddress(), REG, invalid);
    expect(b.status).toBe(400);
  });
});

describe('limits on order placement, e-mail change and account confirmation', () => {
  it(`placeOrder: ${limits.placeOrder.max} per minute`, async () => {
    await exhaustFrom(t, freshClientAddress(), limits.placeOrder.max, () => ({
      path: '/api/centauri/sklepyonline/zlozZamowienie/',
      method: 'POST',
      json: { Guid: 'nie-ma' },
      headers: { organizacja: 'demo' },
    }));
  });

  it(`changeemail: ${limits.changeEmail.max} per minute`, async () => {
    await exhaustFrom(t, freshClientAddress(), limits.changeEmail.max, (i) => ({
      path: `${A}/changeemail`,
      method: 'POST',
      json: { Email: `nowy${i}@example.pl` },
      headers: { organizacja: 'demo' },
    }));
  });

  it(`changepassword: ${limits.changePassword.max} per minute per address`, async () => {
    await exhaustFrom(t, freshClientAddress(), limits.changePassword.max, () => ({
      path: `${A}/changepassword`,
      method: 'POST',
      json: {},
      headers: { organizacja: 'demo' },
    }));
  });

  it(`password checks: ${accountLimits.passwordCheck.max} per account, from any number of addresses`, async () => {
    const ticket = await loginFrom(RIVAL_CUSTOMER, 'rywal');
    const wrong = (i: number) => ({
      method: 'POST',
      headers: { organizacja: 'rywal', authorization: `Bearer ${ticket}` },
      json:
        i % 2
          ? { ObecneHaslo: `Zle${i}haslo`, NoweHaslo: 'Nowe12345', PowtorzNoweHaslo: 'Nowe12345' }
          : { NowyEmail: `nowy${i}@example.pl`, ObecneHaslo: `Zle${i}haslo` },
    });
    // 20 wrong guesses at once, each from its own address (so no per-address limit applies): the
    // account's budget lets a handful check the password and refuses the rest at once.
    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        rawRequest(t.url, `${A}/${i % 2 ? 'changepassword' : 'changeemail'}`, {
          ...wrong(i),
          from: freshClientAddress(),
        }).then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 400)).toHaveLength(accountLimits.passwordCheck.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20 - accountLimits.passwordCheck.max);
    // Another account is not affected.
    const other = await loginFrom(DEMO_CUSTOMER, 'demo');
    const res = await rawRequest(t.url, `${A}/changepassword`, {
      ...wrong(1),
      headers: { organizacja: 'demo', authorization: `Bearer ${other}` },
      from: freshClientAddress(),
    });
    expect(res.status).toBe(400);
  });

  it(`confirm-account: ${limits.confirmAccount.max} per minute`, async () => {
    await exhaustFrom(t, freshClientAddress(), limits.confirmAccount.max, (i) => ({
      path: `${A}/confirm-account/nieznany-${i}`,
      headers: { organizacja: 'demo' },
    }));
  });
});

describe('anonymous carts', () => {
  const KOSZYK = '/api/centauri/sklepyonline/koszyk';
  /** One piece of a product of the club that takes no option. */
  const lineOf = async (org: string) => {
    const orgId = await orgIdOf(t.database.db, org);
    const [p] = await t.database.db
      .select({ id: products.id })
      .from(products)
      .where(
        and(
          eq(products.organisationId, orgId),
          eq(products.active, true),
          eq(products.requiresParameter, false),
          gt(products.stock, 5),
        ),
      )
      .limit(1);
    return [{ Id: 0, IdWyrob: p!.id, Ilosc: 1, Parametr: null }];
  };
  const cartsOf = async (org: string) => {
    const orgId = await orgIdOf(t.database.db, org);
    const [row] = await t.database.db
      .select({ n: count() })
      .from(carts)
      .where(eq(carts.organisationId, orgId));
    return row!.n;
  };

  it(`a stranger creates at most ${limits.cartCreate.max} carts per ${limits.cartCreate.timeWindow / 60_000} minutes; changing a cart is not creating one`, async () => {
    const from = freshClientAddress();
    const lines = await lineOf('demo');
    const before = await cartsOf('demo');
    const guids: string[] = [];
    for (let i = 0; i < limits.cartCreate.max; i++) {
      // No guid, an empty one, an unknown one: each makes a new cart.
      const path = [`${KOSZYK}/`, KOSZYK, `${KOSZYK}/nieznany-${i}`][i % 3]!;
      const res = await postFrom(from, path, lines, { organizacja: 'demo' });
      expect(res.status, res.body).toBe(200);
      guids.push(res.body);
    }
    for (const path of [`${KOSZYK}/`, `${KOSZYK}/nieznany`]) {
      const over = await postFrom(from, path, lines, { organizacja: 'demo' });
      expect(over.status).toBe(429);
      expect(JSON.parse(over.body)).toEqual({ Message: msg.tooManyRequests });
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(await cartsOf('demo')).toBe(before + limits.cartCreate.max);
    // The shopper's own cart still takes lines.
    const own = await postFrom(from, `${KOSZYK}/${guids[0]}`, lines, { organizacja: 'demo' });
    expect(own.status, own.body).toBe(200);
    expect(own.body).toBe(guids[0]);
    // Another club counts its own carts; another address has its own counter.
    const rival = await postFrom(from, `${KOSZYK}/`, await lineOf('rywal'), { organizacja: 'rywal' });
    expect(rival.status, rival.body).toBe(200);
    const other = await postFrom(freshClientAddress(), `${KOSZYK}/`, lines, { organizacja: 'demo' });
    expect(other.status, other.body).toBe(200);
  });

  it(`changes to a cart: ${limits.cartLines.max} per minute from one address`, async () => {
    const lines = await lineOf('demo');
    const first = await postFrom(freshClientAddress(), `${KOSZYK}/`, lines, { organizacja: 'demo' });
    expect(first.status).toBe(200);
    const cart = `${KOSZYK}/${first.body}`;
    const { Pozycje } = (await (await t.fetch(cart)).json()) as { Pozycje: { Id: number }[] };
    // Setting the line to 1 piece again and again: always valid, never above stock.
    const set = [{ ...lines[0]!, Id: Pozycje[0]!.Id }];
    await exhaustFrom(t, freshClientAddress(), limits.cartLines.max, () => ({
      path: cart,
      method: 'POST',
      json: set,
      headers: { organizacja: 'demo' },
    }));
  });
});

describe('TRUST_PROXY=1: the address the proxy forwards is the client', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp({ rateLimits: true, trustProxy: 1 });
  });
  afterAll(() => proxied?.close());

  it('keys on X-Forwarded-For from the proxy, so clients behind it have their own counters', async () => {
    const proxy = freshClientAddress();
    const client = (ip: string) => () => ({
      path: REG,
      method: 'POST',
      json: invalid,
      headers: { organizacja: 'demo', 'x-forwarded-for': ip },
    });
    await exhaustFrom(proxied, proxy, limits.register.max, client('203.0.113.50'));
    // A client may prepend anything; one trusted hop takes the address the proxy appended.
    const spoofed = await rawRequest(proxied.url, REG, {
      method: 'POST',
      json: invalid,
      headers: { organizacja: 'demo', 'x-forwarded-for': '198.51.100.1, 203.0.113.50' },
      from: proxy,
    });
    expect(spoofed.status).toBe(429);
    const other = await rawRequest(proxied.url, REG, { ...client('203.0.113.51')(), from: proxy });
    expect(other.status).toBe(400);
  });
});

describe('REDIS_URL set but Redis down', () => {
  let down: TestApp;
  beforeAll(async () => {
    // Nothing listens on this port.
    down = await createTestApp({ rateLimits: true, redisUrl: 'redis://127.0.0.1:6390' });
  });
  afterAll(() => down?.close());

  it('keeps limiting from process memory, and every request answers at once', async () => {
    const from = freshClientAddress();
    const times: number[] = [];
    for (let i = 0; i <= limits.register.max + 2; i++) {
      const res = await rawRequest(down.url, REG, {
        method: 'POST',
        json: invalid,
        headers: { organizacja: 'demo' },
        from,
      });
      times.push(res.ms);
      expect(res.status).toBe(i < limits.register.max ? 400 : 429);
    }
    expect(Math.max(...times)).toBeLessThan(500);
  });
});
