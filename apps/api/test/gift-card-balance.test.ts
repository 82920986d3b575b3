import { GiftCardBalanceSchema, msg, ProductSchema } from '@club/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giftCards, products } from '../src/db/schema.ts';
import { hashToken } from '../src/lib/crypto.ts';
import { limits } from '../src/plugins/rate-limit.ts';
import { orgIdOf } from './fixtures/orders.ts';
import { freshClientAddress, rawRequest } from './fixtures/raw-http.ts';
import { createTestApp, type TestApp } from './harness.ts';

/**
 * Gift cards in the storefront (decision 154): a card product says so with the club's months, and
 * a holder checks a card's balance by its code, only within the club, a few tries a minute.
 */
const S = '/api/centauri/sklepyonline';
const BALANCE = `${S}/kartapodarunkowa/saldo`;
const DAY = 86_400_000;

let t: TestApp;
let demoId: number;
let rivalId: number;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: true });
  [demoId, rivalId] = await Promise.all([orgIdOf(t.database.db, 'demo'), orgIdOf(t.database.db, 'rywal')]);
});
afterAll(() => t?.close());

let codes = 0;
/** A card of 16 characters of the alphabet, kept as the shop keeps it: the hash of the code. */
const insertCard = async (
  orgId: number,
  card: Partial<typeof giftCards.$inferInsert> = {},
): Promise<string> => {
  codes += 1;
  const code = `ABCDEFGHJKMN${String(codes).padStart(4, '2').replace(/[01]/g, '9')}`;
  await t.database.db.insert(giftCards).values({
    organisationId: orgId,
    codeHash: hashToken(code),
    codeEnd: code.slice(-4),
    amount: 10000,
    balance: 6550,
    expiresAt: new Date(Date.now() + 300 * DAY),
    email: 'fan@example.com',
    ...card,
  });
  return code;
};

/** Each call from its own address, so the limit counts only where a test means it to. */
const check = (json: unknown, { org = 'demo', from = freshClientAddress() } = {}) =>
  rawRequest(t.url, BALANCE, { method: 'POST', json, headers: { organizacja: org }, from });
const answer = async (json: unknown, opts?: { org?: string; from?: string }) => {
  const res = await check(json, opts);
  return { status: res.status, body: JSON.parse(res.body) as unknown };
};

describe('a gift card product', () => {
  it("says it is one, with the club's months, and goods do not", async () => {
    const [card, goods] = await t.database.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.organisationId, demoId), eq(products.active, true)))
      .orderBy(asc(products.id))
      .limit(2);
    await t.database.db.update(products).set({ giftCard: true }).where(eq(products.id, card!.id));
    const read = async (id: number) =>
      ProductSchema.parse(await (await t.fetch(`${S}/pokazProdukt/${id}`, { org: 'demo' })).json());
    expect((await read(card!.id)).KartaPodarunkowa).toEqual({ WaznoscMiesiecy: 12 });
    expect(await read(goods!.id)).not.toHaveProperty('KartaPodarunkowa');
  });
});

describe('POST kartapodarunkowa/saldo', () => {
  it('shows an active card: its end, amount, balance and last day; the code as printed or typed loosely', async () => {
    const expiresAt = new Date('2027-11-29T23:00:00Z');
    const code = await insertCard(demoId, { expiresAt });
    const printed = code.match(/.{4}/g)!.join('-');
    for (const typed of [code, printed, ` ${printed.toLowerCase()} `]) {
      const { status, body } = await answer({ Kod: typed });
      expect(status).toBe(200);
      expect(GiftCardBalanceSchema.parse(body)).toEqual({
        Koncowka: code.slice(-4),
        Kwota: 100,
        Saldo: 65.5,
        WaznaDo: expiresAt.toISOString(),
        Stan: 'aktywna',
      });
    }
  });

  it('names a used-up, an expired and a blocked card; a block says more than the date', async () => {
    const cases = [
      [{ balance: 0 }, 'wykorzystana'],
      [{ expiresAt: new Date(Date.now() - DAY) }, 'wygasla'],
      [{ disabledAt: new Date(), expiresAt: new Date(Date.now() - DAY) }, 'zablokowana'],
    ] as const;
    for (const [card, state] of cases) {
      const { status, body } = await answer({ Kod: await insertCard(demoId, card) });
      expect(status).toBe(200);
      expect((body as { Stan: string }).Stan).toBe(state);
    }
  });

  it("answers an unknown code, one that cannot be a code and another club's card with the same 404", async () => {
    const rivals = await insertCard(rivalId);
    for (const Kod of ['ABCD-EFGH-JKMN-PQ22', 'ABCD-EFGH-JKMN-PQR0', 'krótki', rivals]) {
      expect(await answer({ Kod })).toEqual({ status: 404, body: { Message: msg.giftCardUnknown } });
    }
    // The rival club's own shop knows it.
    expect((await answer({ Kod: rivals }, { org: 'rywal' })).status).toBe(200);
  });

  it('refuses an empty code, 80 kB, a NUL byte and a body that is no object with a Polish 400', async () => {
    const refused = async (json: unknown) => {
      const res = await answer(json);
      expect(res.status, JSON.stringify(json).slice(0, 40)).toBe(400);
      return (res.body as { Message: string }).Message;
    };
    expect(await refused({ Kod: '  ' })).toBe(msg.giftCardCodeRequired);
    expect(await refused({ Kod: 'A'.repeat(80_000) })).toBe(msg.giftCardUnknown);
    expect(await refused({ Kod: 'ABCD-EFGH\u0000' })).toBe(msg.invalidCharacters);
    for (const body of [42, { Kod: 42 }, 'ABCD', null]) {
      expect(await refused(body)).toMatch(/^[A-ZŁŚŻ][^{}]*[.!]$/);
    }
  });

  it(`counts tries per club and address: the ${limits.giftCardBalance.max + 1}th in a minute is a 429`, async () => {
    const from = freshClientAddress();
    const code = await insertCard(demoId);
    for (let i = 0; i < limits.giftCardBalance.max; i++) {
      const Kod = i % 2 ? code : `ABCD-EFGH-JKMN-${'PQRS'.slice(0, 2)}${String(i + 2).padStart(2, '2')}`;
      expect((await check({ Kod }, { from })).status).not.toBe(429);
    }
    const over = await answer({ Kod: code }, { from });
    expect(over).toEqual({ status: 429, body: { Message: msg.tooManyRequests } });
    // Another address still checks its card.
    expect((await check({ Kod: code })).status).toBe(200);
  });
});
