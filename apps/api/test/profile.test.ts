import { msg } from '@club/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { hashPassword } from '../src/lib/crypto.ts';
import { emptyAddress } from './fixtures/checkout.ts';
import { createTestApp, login, type TestApp } from './harness.ts';
import { DEMO_CUSTOMER, RIVAL_CUSTOMER, TEST_HASH_COST, TEST_PASSWORDS } from './passwords.ts';

const A = '/api/andromeda/kontopanel';
const S = '/api/centauri/sklepyonline';

let t: TestApp;
let ticket: string;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  ticket = await login(t, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
});
afterAll(() => t.close());

const errorBody = async (res: Response) =>
  (await res.json()) as { Message: string; Fields?: Record<string, string> };

const profile = (
  over: { DaneKonta?: Record<string, unknown>; Adres?: Record<string, unknown> | null } = {},
) => ({
  DaneKonta: {
    Imie: 'Janusz',
    Nazwisko: 'Kowalczyk',
    Email: DEMO_CUSTOMER.email,
    Haslo: '********',
    ...over.DaneKonta,
  },
  Adres:
    over.Adres === null
      ? null
      : {
          Nazwa: 'Janusz Kowalczyk',
          UlicaINumer: 'ul. Trybuna Wschodnia 5',
          KodPocztowy: '31-001',
          Miasto: 'Kraków',
          Telefon: '+48 600 100 200',
          Email: 'dostawa@example.pl',
          ...over.Adres,
        },
});

describe('getprofileinfo', () => {
  it('answers a POST without a body, with an empty JSON body and with {}', async () => {
    const expected = { Imie: 'Jan', Nazwisko: 'Kowalski', Email: DEMO_CUSTOMER.email };
    const noBody = await t.fetch(`${A}/getprofileinfo`, { method: 'POST', ticket });
    expect(noBody.status).toBe(200);
    expect(await noBody.json()).toEqual(expected);

    const emptyJson = await t.fetch(`${A}/getprofileinfo`, {
      method: 'POST',
      ticket,
      headers: { 'content-type': 'application/json' },
      body: '',
    });
    expect(emptyJson.status).toBe(200);
    expect(await emptyJson.json()).toEqual(expected);

    const braces = await t.fetch(`${A}/getprofileinfo`, { method: 'POST', ticket, json: {} });
    expect(braces.status).toBe(200);
    expect(await braces.json()).toEqual(expected);
  });

  it('401s without a valid ticket of this shop', async () => {
    expect((await t.fetch(`${A}/getprofileinfo`, { method: 'POST', json: {} })).status).toBe(401);
    const rival = await login(t, RIVAL_CUSTOMER.email, RIVAL_CUSTOMER.password, 'rywal');
    const res = await t.fetch(`${A}/getprofileinfo`, {
      method: 'POST',
      json: {},
      ticket: rival,
      org: 'demo',
    });
    expect(res.status).toBe(401);
    expect(await errorBody(res)).toEqual({ Message: msg.unauthorized });
    const own = await t.fetch(`${A}/getprofileinfo`, {
      method: 'POST',
      json: {},
      ticket: rival,
      org: 'rywal',
    });
    expect(await own.json()).toEqual({ Imie: 'Jan', Nazwisko: 'Kowalski', Email: RIVAL_CUSTOMER.email });
  });
});

describe('getloggedinuserinfo', () => {
  it('returns Id, names and e-mail of the logged-in user', async () => {
    const res = await t.fetch(`${A}/getloggedinuserinfo`, { ticket });
    expect(res.status).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, DEMO_CUSTOMER.email));
    expect(await res.json()).toEqual({
      Id: row!.id,
      Imie: row!.firstName,
      Nazwisko: row!.lastName,
      Email: DEMO_CUSTOMER.email,
    });
  });
});

describe('getadres', () => {
  it('returns the saved delivery address', async () => {
    const res = await t.fetch(`${S}/getadres`, { ticket });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      Nazwa: 'Jan Kowalski',
      UlicaINumer: 'ul. Kibiców 12/3',
      KodPocztowy: '00-950',
      Miasto: 'Warszawa',
      Telefon: '600 700 800',
      Email: DEMO_CUSTOMER.email,
    });
  });

  it('returns empty strings for an account without an address', async () => {
    await t.database.db.insert(users).values({
      organisationId: (
        await t.database.db.select().from(users).where(eq(users.email, DEMO_CUSTOMER.email))
      )[0]!.organisationId,
      email: 'bez-adresu@example.pl',
      firstName: 'Bez',
      lastName: 'Adresu',
      passwordHash: await hashPassword(TEST_PASSWORDS.customer, TEST_HASH_COST),
      confirmedAt: new Date(),
    });
    const res = await t.fetch(`${S}/getadres`, {
      ticket: await login(t, 'bez-adresu@example.pl', TEST_PASSWORDS.customer),
    });
    expect(await res.json()).toEqual(emptyAddress);
  });

  it('401s without a ticket and for another shop', async () => {
    expect((await t.fetch(`${S}/getadres`)).status).toBe(401);
    const rival = await login(t, RIVAL_CUSTOMER.email, RIVAL_CUSTOMER.password, 'rywal');
    expect((await t.fetch(`${S}/getadres`, { ticket: rival, org: 'demo' })).status).toBe(401);
  });
});

describe('zapiszprofil', () => {
  it('saves names and address, and ignores the e-mail and password of DaneKonta', async () => {
    const hashBefore = (
      await t.database.db.select().from(users).where(eq(users.email, DEMO_CUSTOMER.email))
    )[0]!.passwordHash;
    const res = await t.fetch(`${S}/zapiszprofil`, {
      method: 'POST',
      ticket,
      json: profile({
        DaneKonta: { Imie: '  Janusz ', Email: 'przejecie@example.pl', Haslo: 'Nowe1234haslo' },
      }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ Message: msg.profileSaved });

    const info = await t.fetch(`${A}/getprofileinfo`, { method: 'POST', json: {}, ticket });
    expect(await info.json()).toEqual({ Imie: 'Janusz', Nazwisko: 'Kowalczyk', Email: DEMO_CUSTOMER.email });
    const address = await t.fetch(`${S}/getadres`, { ticket });
    expect(await address.json()).toEqual(profile().Adres);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, DEMO_CUSTOMER.email));
    expect(row!.passwordHash).toBe(hashBefore);
    await expect(login(t, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password)).resolves.toBeTruthy();
  });

  it('accepts an empty or missing address (address fields are not validated)', async () => {
    const empty = await t.fetch(`${S}/zapiszprofil`, {
      method: 'POST',
      ticket,
      json: profile({
        Adres: {
          Nazwa: '',
          UlicaINumer: '',
          KodPocztowy: 'cokolwiek',
          Miasto: '',
          Telefon: 'abc',
          Email: 'nie-email',
        },
      }),
    });
    expect(empty.status).toBe(200);
    expect(await (await t.fetch(`${S}/getadres`, { ticket })).json()).toEqual({
      ...emptyAddress,
      KodPocztowy: 'cokolwiek',
      Telefon: 'abc',
      Email: 'nie-email',
    });
    const missing = await t.fetch(`${S}/zapiszprofil`, {
      method: 'POST',
      ticket,
      json: profile({ Adres: null }),
    });
    expect(missing.status).toBe(200);
    expect(await (await t.fetch(`${S}/getadres`, { ticket })).json()).toEqual(emptyAddress);
  });

  it('requires Imie and Nazwisko', async () => {
    const res = await t.fetch(`${S}/zapiszprofil`, {
      method: 'POST',
      ticket,
      json: profile({ DaneKonta: { Imie: ' ', Nazwisko: '' } }),
    });
    expect(res.status).toBe(400);
    expect((await errorBody(res)).Fields).toEqual({
      'DaneKonta.Imie': msg.required,
      'DaneKonta.Nazwisko': msg.required,
    });
    const noAccount = await t.fetch(`${S}/zapiszprofil`, { method: 'POST', ticket, json: {} });
    expect(noAccount.status).toBe(400);
    expect((await errorBody(noAccount)).Fields?.DaneKonta).toBe(msg.required);
  });

  it('bounds the address fields', async () => {
    const res = await t.fetch(`${S}/zapiszprofil`, {
      method: 'POST',
      ticket,
      json: profile({ Adres: { Miasto: 'x'.repeat(101) } }),
    });
    expect(res.status).toBe(400);
    expect((await errorBody(res)).Fields).toEqual({ 'Adres.Miasto': msg.tooLong });
    const wrongType = await t.fetch(`${S}/zapiszprofil`, {
      method: 'POST',
      ticket,
      json: profile({ Adres: { Telefon: 123 } }),
    });
    expect(wrongType.status).toBe(400);
  });

  it('401s without a ticket and cannot touch another shop\u2019s account', async () => {
    expect((await t.fetch(`${S}/zapiszprofil`, { method: 'POST', json: profile() })).status).toBe(401);
    const rival = await login(t, RIVAL_CUSTOMER.email, RIVAL_CUSTOMER.password, 'rywal');
    const res = await t.fetch(`${S}/zapiszprofil`, {
      method: 'POST',
      json: profile(),
      ticket: rival,
      org: 'demo',
    });
    expect(res.status).toBe(401);
    const own = await t.fetch(`${A}/getprofileinfo`, {
      method: 'POST',
      json: {},
      ticket: rival,
      org: 'rywal',
    });
    expect(await own.json()).toMatchObject({ Imie: 'Jan', Nazwisko: 'Kowalski' });
  });
});
