/** Fixed demo passwords of the seeded accounts in tests (kibic@… and kierownik@… of each club). */
export const TEST_PASSWORDS = { customer: 'Kibic1234', manager: 'Kierownik1234' };
export const DEMO_CUSTOMER = { email: 'kibic@sokol-demo.pl', password: TEST_PASSWORDS.customer };
export const RIVAL_CUSTOMER = { email: 'kibic@fc-rywal.pl', password: TEST_PASSWORDS.customer };

/**
 * scrypt cost in tests: 2^14 (~40 ms a hash) instead of OWASP's 2^17 (~0.4 s), so the account tests
 * stay fast. The seed uses it too, which is what proves the upgrade: password-hashing.test.ts runs a
 * shop at the real cost and checks a seeded 2^14 hash becomes 2^17 at login.
 */
export const TEST_HASH_COST = { N: 2 ** 14, r: 8, p: 1 };
