import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { SCRYPT_COST } from '../src/lib/crypto.ts';
import { createTestApp, login, register, type TestApp } from './harness.ts';
import { DEMO_CUSTOMER, TEST_HASH_COST } from './passwords.ts';

const A = '/api/andromeda/kontopanel';

/** This shop hashes at the real cost (OWASP's N=2^17), unlike the other test files. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ passwordHashCost: SCRYPT_COST });
});
afterAll(() => t.close());

const storedHash = async (email: string) => {
  const [u] = await t.database.db.select().from(users).where(eq(users.email, email));
  return u!.passwordHash;
};
const costOf = (hash: string) => hash.split('$').slice(1, 4).map(Number);

describe('password hashing at OWASP cost', () => {
  it('upgrades an old 2^14 hash at the next successful login, and the password still works', async () => {
    const before = await storedHash(DEMO_CUSTOMER.email);
    expect(costOf(before)).toEqual([TEST_HASH_COST.N, 8, 1]);

    await expect(login(t, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password)).resolves.toBeTruthy();
    const after = await storedHash(DEMO_CUSTOMER.email);
    expect(after).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(after).not.toBe(before);
    expect(after).not.toContain(DEMO_CUSTOMER.password);

    // The new hash verifies, and is not replaced again.
    await expect(login(t, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password)).resolves.toBeTruthy();
    expect(await storedHash(DEMO_CUSTOMER.email)).toBe(after);
  });

  it('does not touch the hash after a wrong password', async () => {
    const before = await storedHash(DEMO_CUSTOMER.email);
    const res = await t.fetch(`${A}/login`, {
      method: 'POST',
      json: { Login: DEMO_CUSTOMER.email, Password: `${DEMO_CUSTOMER.password}x` },
    });
    expect(res.status).toBe(400);
    expect(await storedHash(DEMO_CUSTOMER.email)).toBe(before);
  });

  it('stores new passwords (registration) at N=2^17, r=8, p=1', async () => {
    const email = `owasp${Date.now().toString(36)}@example.pl`;
    const res = await register(t, email, 'Dobre1234haslo');
    expect(res.status).toBe(200);
    expect(costOf(await storedHash(email))).toEqual([131072, 8, 1]);
  });
});
