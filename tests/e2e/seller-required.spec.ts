// A club takes orders only once its seller data and terms are complete (art. 12 of the consumer
// rights act): FC Rywal, seeded without seller data, shows so at the order step and refuses.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, seriousA11yViolations, signIn, test } from './fixtures.ts';
import { DeliveryPage, demoBuyer, SummaryPage, seedCartLines } from './pages/checkout.ts';

const RIVAL = { organizacja: 'rywal', 'content-type': 'application/json' };
const API = '/api/centauri/sklepyonline';

/** The rival club's customer, as the test server printed the seeded accounts. */
const rivalCustomer = () => {
  const log = readFileSync(join(process.env.E2E_DATA_DIR!, 'server.log'), 'utf8');
  const m = log.match(/\[rywal\] customer\s+(\S+) \/ (\S+)/);
  if (!m) throw new Error("the test server did not print the rival club's customer");
  return { email: m[1]!, password: m[2]! };
};

test('a club without seller data says so at the order step and takes no order @mobile', async ({
  page,
  baseURL,
}) => {
  const origin = baseURL!.replace('//localhost', '//rywal.localhost');
  const customer = rivalCustomer();
  const login = await fetch(`${baseURL}/api/andromeda/kontopanel/login`, {
    method: 'POST',
    headers: RIVAL,
    body: JSON.stringify({ Login: customer.email, Password: customer.password }),
  });
  expect(login.ok).toBe(true);
  await signIn(page, ((await login.json()) as { Ticket: string }).Ticket);
  const products = (await (await fetch(`${baseURL}${API}/getProdukty/0/5`, { headers: RIVAL })).json()) as {
    Id: number;
  }[];
  // The shop's API takes the club from the header; the browser from the address (rywal.localhost).
  await seedCartLines(page, baseURL!, [{ id: products[0]!.Id, qty: 1 }], 'rywal');

  await page.goto(`${origin}/dostawa-i-platnosc`);
  const delivery = new DeliveryPage(page);
  await expect(delivery.heading).toBeVisible();
  await delivery.fillAddress(demoBuyer(customer.email));
  await page.getByRole('radio', { name: /Kurier GLS/ }).check();
  await delivery.submit.click();

  const summary = new SummaryPage(page);
  await expect(summary.heading).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(
    'Sklep nie przyjmuje jeszcze zamówień: klub nie uzupełnił danych sprzedawcy wymaganych przez prawo. Spróbuj później albo skontaktuj się z klubem.',
  );
  await expect(summary.placeOrder).toBeDisabled();
  // Only what the club has given: no stray comma where its address would be.
  await expect(summary.seller).toHaveText('Klub nie podał jeszcze danych sprzedawcy.');
  await expect(summary.withdrawal.getByRole('link', { name: 'Polityka prywatności' })).toHaveAttribute(
    'href',
    '/polityka-prywatnosci',
  );
  await summary.withdrawal.getByRole('link', { name: 'Wzór formularza odstąpienia od umowy' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Wzór formularza odstąpienia od umowy' }),
  ).toBeVisible();
  // Addressed from the club's data as it is: its name while it has given no more.
  await expect(page.getByRole('main')).toContainText('Adresat: FC Rywal');
  expect(await seriousA11yViolations(page)).toEqual([]);
});
