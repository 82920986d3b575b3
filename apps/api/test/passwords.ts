/** Fixed demo passwords of the seeded accounts in tests (kibic@… and kierownik@… of each club). */
export const TEST_PASSWORDS = { customer: 'Kibic1234', manager: 'Kierownik1234' };
export const DEMO_CUSTOMER = { email: 'kibic@sokol-demo.pl', password: TEST_PASSWORDS.customer };
export const RIVAL_CUSTOMER = { email: 'kibic@fc-rywal.pl', password: TEST_PASSWORDS.customer };
