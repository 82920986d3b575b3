import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, outbox, seriousA11yViolations, signIn, test } from './fixtures.ts';
import { customerApi, placePickupOrder } from './pages/checkout.ts';

const SHOP = 'MKS Sokół Demo';
const RULES =
  'Hasło musi składać się z conajmniej 8 znaków w tym: co najmniej jednej litery, co najmniej jednej wielkiej litery i co najmniej jednej cyfry.';

const API_HEADERS = { organizacja: 'demo', 'content-type': 'application/json' };

/** '1 234,50 zł' as formatPrice writes it (no-break spaces). */
const zl = (n: number) =>
  `${n
    .toFixed(2)
    .replace('.', ',')
    .replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0')}\u00a0zł`;

/** y-MM-d in Warsaw time, e.g. '2026-11-5'. */
const warsawDate = (iso: string) => {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Warsaw',
      year: 'numeric',
      month: '2-digit',
      day: 'numeric',
    })
      .formatToParts(new Date(iso))
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}-${p.month}-${Number(p.day)}`;
};

/** A real order through the shop's API: 2 scarves and a winter hat, picked up in the club shop. */
const placeOrder = async (baseURL: string, ticket: string) => {
  const api = customerApi(baseURL, ticket);
  const scarf = (await (await api('pokazProdukt/17')).json()) as { CenaBrutto: number };
  const orders = await placePickupOrder<{ NrZamowienia: string; DataZamowienia: string; Koszt: number }>(
    api,
    [
      { id: 17, qty: 2 },
      { id: 21, qty: 1 },
    ],
    'Ewa Testowa',
    10,
  );
  return { ...orders[0]!, scarfPrice: scarf.CenaBrutto };
};

const status = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

const logInViaForm = async (page: Page, email: string, password: string) => {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Hasło').fill(password);
  await page.getByRole('button', { name: 'Zaloguj się' }).click();
};

test.describe('my account', () => {
  test('shows the account data, saves names and address, reload shows them', async ({ page, customer }) => {
    await signIn(page, customer.ticket);
    await page.goto('/moje-konto');
    await expect(page).toHaveTitle(`Moje konto | ${SHOP}`);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    const data = page.getByRole('region', { name: 'Dane konta' });
    const address = page.getByRole('region', { name: 'Adres dostawy' });
    await expect(data.getByLabel('Imię')).toHaveValue(customer.firstName);
    await expect(data.getByLabel('Nazwisko')).toHaveValue(customer.lastName);
    await expect(data.getByLabel(/^E-mail/)).toHaveValue(customer.email);
    await expect(data.getByLabel(/^E-mail/)).toBeDisabled();
    await expect(data.getByLabel(/^Hasło/)).toBeDisabled();
    await expect(data.getByLabel(/^Hasło/)).toHaveAttribute('placeholder', '********');
    await expect(data.getByRole('link', { name: 'Zmień adres e-mail' })).toHaveAttribute(
      'href',
      '/nowy-adres-email',
    );
    await expect(data.getByRole('link', { name: 'Zmień hasło' })).toHaveAttribute('href', '/zmien-haslo');
    await expect(page.getByRole('heading', { name: 'Historia zakupów' })).toBeVisible();
    await expect(page.getByText('Nie masz jeszcze żadnych zamówień.')).toBeVisible();

    // Names are required; the address is not validated.
    await data.getByLabel('Imię').fill('');
    await page.getByRole('button', { name: 'Zapisz' }).click();
    await expect(data.getByText('Pole wymagane')).toBeVisible();
    await data.getByLabel('Imię').fill('Ewelina');
    await expect(data.getByText('Pole wymagane')).toHaveCount(0);
    await data.getByLabel('Nazwisko').fill('Kibicowska');
    await address.getByLabel('Imię i nazwisko / Nazwa firmy').fill('Ewelina Kibicowska');
    await address.getByLabel('Ulica i nr').fill('ul. Stadionowa 7/2');
    await address.getByLabel('Kod pocztowy').fill('00-950');
    await address.getByLabel('Miasto').fill('Warszawa');
    await address.getByLabel('Telefon').fill('600 700 800');
    await address.getByLabel('E-mail').fill('dostawa@example.pl');
    await page.getByRole('button', { name: 'Zapisz' }).click();
    await expect(status(page, 'Poprawnie zmieniono dane')).toBeVisible();

    await page.reload();
    await expect(data.getByLabel('Imię')).toHaveValue('Ewelina');
    await expect(data.getByLabel('Nazwisko')).toHaveValue('Kibicowska');
    await expect(address.getByLabel('Imię i nazwisko / Nazwa firmy')).toHaveValue('Ewelina Kibicowska');
    await expect(address.getByLabel('Ulica i nr')).toHaveValue('ul. Stadionowa 7/2');
    await expect(address.getByLabel('Kod pocztowy')).toHaveValue('00-950');
    await expect(address.getByLabel('Miasto')).toHaveValue('Warszawa');
    await expect(address.getByLabel('Telefon')).toHaveValue('600 700 800');
    await expect(address.getByLabel('E-mail')).toHaveValue('dostawa@example.pl');
  });

  test('account page is accessible', async ({ page, customer }) => {
    await signIn(page, customer.ticket);
    await page.goto('/moje-konto');
    await expect(page.getByText('Nie masz jeszcze żadnych zamówień.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Dane konta' }).getByLabel('Imię')).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test('logged out, the account page goes to the login and back', async ({ page, customer }) => {
    await page.goto('/moje-konto');
    await expect(page).toHaveURL(/\/logowanie$/);
    await logInViaForm(page, customer.email, customer.password);
    await expect(page).toHaveURL(/\/moje-konto$/);
    await expect(page.getByRole('region', { name: 'Dane konta' }).getByLabel('Imię')).toHaveValue(
      customer.firstName,
    );
  });

  test('purchase history: an order placed through the API shows in the accordion', async ({
    page,
    customer,
    baseURL,
  }) => {
    const order = await placeOrder(baseURL!, customer.ticket);
    await signIn(page, customer.ticket);
    await page.goto('/moje-konto');
    const history = page.getByRole('region', { name: 'Historia zakupów' });
    const header = history.getByRole('button', { name: new RegExp(order.NrZamowienia) });
    await expect(header).toBeVisible();
    await expect(header).toHaveAttribute('aria-expanded', 'false');
    await expect(header).toContainText('Nowe');
    await expect(header).toContainText(warsawDate(order.DataZamowienia));
    await expect(header).toContainText(zl(order.Koszt));
    await expect(header).toContainText('2 pozycje');
    const panel = page.locator(`[id="${await header.getAttribute('aria-controls')}"]`);
    await expect(panel).toBeHidden();

    await header.click();
    await expect(header).toHaveAttribute('aria-expanded', 'true');
    await expect(panel).toBeVisible();
    const scarf = panel.getByRole('listitem').filter({ hasText: 'Szalik klubowy tkany' });
    await expect(scarf).toContainText('Ilość: 2 szt.');
    await expect(scarf).toContainText(zl(2 * order.scarfPrice));
    // The photo is decorative (alt=""): the name is beside it. It must load.
    const photo = scarf.locator('img');
    await expect(photo).toBeVisible();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(panel.getByRole('listitem')).toHaveCount(2);
    // Opened, the order says how it is delivered, how it is paid and where it goes.
    await expect(panel.getByRole('definition').filter({ hasText: 'Oczekuje na płatność' })).toBeVisible();
    await expect(panel.getByText('Adres dostawy')).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await header.press('Enter');
    await expect(header).toHaveAttribute('aria-expanded', 'false');
    await expect(panel).toBeHidden();
  });
});

test.describe('change password', () => {
  test('validates, reports a wrong current password, changes it; the new one logs in', async ({
    page,
    customer,
  }) => {
    await page.goto('/logowanie');
    await logInViaForm(page, customer.email, customer.password);
    await expect(page).toHaveURL(/\/moje-konto$/);
    // Through the account page's link (a goto here could cut the router's route discovery short).
    await page.getByRole('link', { name: 'Zmień hasło' }).click();
    await expect(page).toHaveURL(/\/zmien-haslo$/);
    await expect(page).toHaveTitle(`Zmiana hasła | ${SHOP}`);
    const submit = page.getByRole('button', { name: 'Zmień hasło' });
    await submit.click();
    await expect(page.getByText('Wpisz hasło')).toHaveCount(2);
    await expect(page.getByText('Pole wymagane')).toBeVisible();
    await page.getByLabel(/^Nowe hasło/).fill('abc');
    await expect(page.getByText(RULES)).toBeVisible();
    await page.getByLabel(/^Nowe hasło/).fill('Zmienione2026');
    await page.getByLabel('Powtórz nowe hasło').fill('Zmienione2027');
    await expect(page.getByText('Hasła nie są zgodne')).toBeVisible();
    await page.getByLabel('Powtórz nowe hasło').fill('Zmienione2026');

    await page.getByLabel('Obecne hasło').fill('Zle-haslo-1');
    await submit.click();
    await expect(page.getByRole('alert')).toHaveText('Obecne hasło jest nieprawidłowe.');

    await page.getByLabel('Obecne hasło').fill(customer.password);
    await submit.click();
    await expect(status(page, 'Hasło zostało zmienione')).toBeVisible();
    await expect(page.getByLabel('Obecne hasło')).toHaveValue('');

    await page.evaluate(() => localStorage.removeItem('access_token'));
    await page.goto('/logowanie');
    await logInViaForm(page, customer.email, 'Zmienione2026');
    await expect(page).toHaveURL(/\/moje-konto$/);
  });
});

test.describe('change e-mail', () => {
  test('requests the change, confirms it through the e-mailed link after logging in', async ({
    page,
    customer,
    baseURL,
  }) => {
    const next = `e2e-new-${randomBytes(5).toString('hex')}@example.pl`;
    await page.goto('/logowanie');
    await logInViaForm(page, customer.email, customer.password);
    await expect(page).toHaveURL(/\/moje-konto$/);
    await page.getByRole('link', { name: 'Zmień adres e-mail' }).click();
    await expect(page).toHaveURL(/\/nowy-adres-email$/);
    await expect(page).toHaveTitle(`Zmiana adresu e-mail | ${SHOP}`);
    await expect(page.getByLabel('Obecny adres e-mail')).toHaveValue(customer.email);
    await expect(page.getByLabel('Obecny adres e-mail')).toBeDisabled();
    const submit = page.getByRole('button', { name: 'Zmień adres e-mail' });
    await submit.click();
    await expect(page.getByText('Pole wymagane')).toBeVisible();
    await page.getByLabel('Nowy adres e-mail').fill('zly');
    await expect(page.getByText('Wpisz poprawny adres e-mail')).toBeVisible();
    await page.getByLabel('Nowy adres e-mail').fill(customer.email);
    await page.getByLabel('Obecne hasło').fill('Zgaduje2026');
    await submit.click();
    await expect(page.getByRole('alert')).toHaveText('Obecne hasło jest nieprawidłowe.');
    await page.getByLabel('Obecne hasło').fill(customer.password);
    await submit.click();
    await expect(page.getByRole('alert')).toHaveText('Nowy adres e-mail musi różnić się od obecnego.');

    await page.getByLabel('Nowy adres e-mail').fill(next);
    await page.getByLabel('Obecne hasło').fill(customer.password);
    await submit.click();
    await expect(
      status(page, 'Na Twój adres e-mail została wysłana wiadomość z linkiem potwierdzającym.'),
    ).toBeVisible();
    await expect(page.getByLabel('Nowy adres e-mail')).toHaveValue('');

    // The link needs a session: logged out, it goes through the login and comes back.
    const link = await outbox.link(next, /\/potwierdz-nowy-adres-email\/[\w-]+/);
    await page.evaluate(() => localStorage.removeItem('access_token'));
    await page.goto(link);
    await expect(page).toHaveURL(/\/logowanie$/);
    await logInViaForm(page, customer.email, customer.password);
    await expect(page.getByRole('heading', { name: 'Pomyślnie zmieniono adres e-mail' })).toBeVisible();
    await expect(page).toHaveTitle(`Potwierdzenie adresu e-mail | ${SHOP}`);
    await expect(page.getByRole('link', { name: /Wróć do sklepu/ })).toHaveAttribute('href', '/');
    // Then to the main page after a few seconds.
    await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });

    // The account now has the new address.
    const ticket = await page.evaluate(() => localStorage.getItem('access_token'));
    const profile = await fetch(`${baseURL}/api/andromeda/kontopanel/getprofileinfo`, {
      method: 'POST',
      headers: { ...API_HEADERS, authorization: `Bearer ${ticket}` },
      body: '{}',
    });
    expect(((await profile.json()) as { Email: string }).Email).toBe(next);
  });

  test('a bogus confirmation link shows the failure page', async ({ page, customer }) => {
    await signIn(page, customer.ticket);
    await page.goto('/potwierdz-nowy-adres-email/nie-ma-takiego-linku');
    await expect(
      page.getByRole('heading', { name: 'Nie udało się potwierdzić Twojego adresu e-mail' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: /Wróć do sklepu/ })).toHaveAttribute('href', '/');
    await page.waitForTimeout(500);
    await expect(page).toHaveURL(/\/potwierdz-nowy-adres-email\//);
  });
});

test('page titles of the guarded pages', async ({ page, customer }) => {
  await signIn(page, customer.ticket);
  for (const [path, title] of [
    ['/moje-konto', 'Moje konto'],
    ['/nowy-adres-email', 'Zmiana adresu e-mail'],
    ['/zmien-haslo', 'Zmiana hasła'],
  ]) {
    await page.goto(path!);
    await expect(page).toHaveTitle(`${title} | ${SHOP}`);
    // Let the router's lazy route discovery finish before the next navigation aborts it.
    await page.waitForLoadState('networkidle');
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  }
});
