import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LoginSchema, RegisterSchema } from './account.ts';
import {
  boundedText,
  idNumber,
  intParam,
  isEmail,
  newPassword,
  optionalText,
  requiredEmail,
  requiredText,
} from './common.ts';
import { AccreditationSchema, ContactMessageBaseSchema } from './content.ts';
import { endpoints } from './endpoints.ts';
import { msg } from './messages.ts';
import { CartLineInputSchema, PlaceOrderSchema, SaveProfileSchema } from './shop.ts';

const messages = (r: { error?: { issues: { message: string }[] } }) =>
  (r.error?.issues ?? []).map((i) => i.message);
const timed = (work: () => unknown) => {
  const started = performance.now();
  work();
  return performance.now() - started;
};

/** Made the old regex `^[^\s@]+@[^\s@]+\.[^\s@]+$` backtrack for 19 s. */
const ATTACKS = [
  `a@${'.'.repeat(80_000)}@`,
  `a@${'a.'.repeat(40_000)}@`,
  `${'a'.repeat(80_000)}@`,
  `a@${'-'.repeat(80_000)}.pl!`,
  `${'a.'.repeat(40_000)}@x.pl`,
];

describe('e-mail check', () => {
  it.each([
    'jan@example.pl',
    'jan.kowalski+sklep@klub.example.pl',
    "o'brien@example.ie",
    'kibic@fc-rywal.pl',
    'JAN_123@Example.COM',
    'zażółć@gęślą.pl',
    'x@xn--p1ai.com',
    `${'a'.repeat(64)}@${'b'.repeat(63)}.pl`,
  ])('accepts %s', (address) => {
    expect(isEmail(address)).toBe(true);
    expect(requiredEmail().safeParse(address).success).toBe(true);
  });

  it.each([
    'a@x.pl, b@y.pl',
    'a@x.pl,b@y.pl',
    'a@x.pl;b@y.pl',
    'a@x.pl b@y.pl',
    'a,b@x.pl',
    'Jan <a@x.pl>',
    '"a b"@x.pl',
    'a@x',
    '@x.pl',
    'a@',
    'a@@x.pl',
    'a@x..pl',
    'a@.x.pl',
    'a@x.pl.',
    '.a@x.pl',
    'a.@x.pl',
    'a..b@x.pl',
    'a@-x.pl',
    'a@x-.pl',
    'a b@x.pl',
    'a@x.pl\nBcc: b@y.pl',
    'a@x_y.pl',
    'a@1.2.3.4',
    'a@[127.0.0.1]',
    'a\u0000@x.pl',
    `${'a'.repeat(65)}@x.pl`,
    `a@${'b'.repeat(64)}.pl`,
    `${'a'.repeat(60)}@${'b.'.repeat(96)}pl`,
  ])('refuses %j', (address) => {
    expect(isEmail(address)).toBe(false);
    expect(requiredEmail().safeParse(address).success).toBe(false);
  });

  it.each(
    ATTACKS.map((a, i) => [i, a]),
  )('checks attack string %i (80 kB) in well under 50 ms', (_i, attack) => {
    expect(timed(() => isEmail(attack))).toBeLessThan(50);
    expect(timed(() => LoginSchema.safeParse({ Login: attack, Password: 'x' }))).toBeLessThan(50);
    expect(timed(() => RegisterSchema.safeParse({ Email: attack }))).toBeLessThan(50);
    expect(timed(() => AccreditationSchema.safeParse({ Email: attack }))).toBeLessThan(50);
  });

  it('checks the length first and stops there: an oversized address gets only "too long"', () => {
    for (const attack of ATTACKS) expect(messages(requiredEmail().safeParse(attack))).toEqual([msg.tooLong]);
    expect(messages(requiredEmail().safeParse(`a@${'b'.repeat(250)}.pl`))).toEqual([msg.tooLong]);
  });

  it('takes linear time on the longest address it lets through to the check', () => {
    const worst = `${'a.'.repeat(31)}a@${'b-'.repeat(90)}.pl`.slice(0, 254);
    expect(timed(() => isEmail(worst))).toBeLessThan(5);
  });
});

describe('text fields', () => {
  const schemas = {
    requiredText: requiredText(100),
    optionalText: optionalText(100),
    boundedText: boundedText(100),
    newPassword: newPassword(),
  };

  it.each(
    Object.entries(schemas),
  )('%s refuses U+0000 and lone surrogates with a Polish message', (_name, schema) => {
    for (const bad of ['\u0000', 'Ab1\u0000cdefgh', 'Abcdefg1\ud800', '\udc00Abcdefg1'])
      expect(messages(schema.safeParse(bad))).toEqual([msg.invalidCharacters]);
  });

  it('accepts emoji and Polish letters (whole surrogate pairs)', () => {
    expect(requiredText(100).safeParse('Źdźbło 😀').success).toBe(true);
    expect(newPassword().safeParse('Źdźbło123😀').success).toBe(true);
  });

  it('refuses U+0000 in every text field of the request bodies', () => {
    expect(messages(LoginSchema.safeParse({ Login: 'a@x.pl', Password: 'a\u0000' }))).toEqual([
      msg.invalidCharacters,
    ]);
    expect(messages(ContactMessageBaseSchema.safeParse({ message: 'a\u0000' }))).toEqual([
      msg.invalidCharacters,
    ]);
    expect(
      messages(SaveProfileSchema.safeParse({ DaneKonta: { Imie: 'J', Nazwisko: 'K', Email: '\u0000' } })),
    ).toEqual([msg.invalidCharacters]);
  });

  it('refuses U+0000 in path parameters', () => {
    expect(endpoints.getCart.params.safeParse({ guid: 'a\u0000' }).success).toBe(false);
    expect(endpoints.getSubpages.params.safeParse({ param: '\u0000' }).success).toBe(false);
    expect(endpoints.getLogoMain.query.safeParse({ p: '\u0000' }).success).toBe(false);
  });

  it('stops at the length check: an 80 kB value gets only "too long"', () => {
    for (const schema of Object.values(schemas))
      expect(messages(schema.safeParse(`Ab1${'x'.repeat(80_000)}\u0000`))).toEqual([msg.tooLong]);
  });
});

describe('numbers within PostgreSQL integer', () => {
  const line = { Id: 0, IdWyrob: 1, Ilosc: 1, Parametr: null };
  const order = {
    Nazwa: 'Jan',
    UlicaINumer: 'Polna 1',
    KodPocztowy: '00-001',
    Miasto: 'Warszawa',
    Telefon: '600',
    Email: 'jan@example.pl',
    SposobDostawy: { Id: 1 },
    Platnosc: 20,
    Guid: 'g',
    AkceptacjaRegulaminu: true,
  };

  it.each([2147483648, 99999999999, 1e308, -1, 0, 1.5])('refuses the id %d', (n) => {
    expect(idNumber().safeParse(n).success).toBe(false);
    expect(CartLineInputSchema.safeParse({ ...line, IdWyrob: n }).success).toBe(false);
    expect(CartLineInputSchema.safeParse({ ...line, Parametr: { Id: n } }).success).toBe(false);
    expect(PlaceOrderSchema.safeParse({ ...order, SposobDostawy: { Id: n } }).success).toBe(false);
  });

  it('accepts ids up to 2147483647', () => {
    expect(idNumber().safeParse(2147483647).success).toBe(true);
    expect(PlaceOrderSchema.safeParse({ ...order, SposobDostawy: { Id: 2147483647 } }).success).toBe(true);
  });

  it.each([
    '2147483648',
    '99999999999',
    '-1',
    '1.5',
    '1e3',
    '\u0000',
    '',
  ])('refuses the path number %j', (v) => {
    expect(intParam(1).safeParse(v).success).toBe(false);
    expect(endpoints.getProduct.params.safeParse({ id: v }).error?.issues[0]?.message).toBe(
      msg.productNotFound,
    );
  });

  it('refuses cart quantities that are not whole numbers from 1 to 10000', () => {
    for (const Ilosc of [0, -1, 1.5, 10_001, 2147483648, 1e308])
      expect(CartLineInputSchema.safeParse({ ...line, Ilosc }).success).toBe(false);
  });
});

describe('non-object bodies and zod defaults', () => {
  it.each([[null], [[]], ['x'], [42], [true]])('refuses the body %j with a Polish message', (body) => {
    for (const schema of [LoginSchema, RegisterSchema, PlaceOrderSchema, SaveProfileSchema]) {
      const found = messages(schema.safeParse(body));
      expect(found.length).toBeGreaterThan(0);
      expect(new Set(found)).toEqual(new Set([msg.invalidRequest]));
    }
  });

  it("replaces zod's English messages by Polish ones", () => {
    expect(messages(z.string().max(2).safeParse('abc'))).toEqual([msg.tooLong]);
    expect(messages(z.number().safeParse('1'))).toEqual([msg.invalidNumber]);
    expect(messages(z.number().max(5).safeParse(6))).toEqual([msg.numberOutOfRange]);
    expect(messages(z.object({}).safeParse(null))).toEqual([msg.invalidRequest]);
  });
});
