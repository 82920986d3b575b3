import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, outbox, seriousA11yViolations, signIn, test } from './fixtures.ts';

const SHOP = 'MKS Sokół Demo';
const RULES =
  'Hasło musi składać się z conajmniej 8 znaków w tym: co najmniej jednej litery, co najmniej jednej wielkiej litery i co najmniej jednej cyfry.';
const newEmail = () => `e2e-${randomBytes(5).toString('hex')}@example.pl`;

/** Fills and sends the registration form; every registration reads the same, taken address or not. */
const registerThroughForm = async (page: Page, email: string) => {
  await page.getByLabel('Imię').fill('Jan');
  await page.getByLabel('Nazwisko').fill('Kibic');
  await page.getByLabel('Adres e-mail').fill(email);
  await page.getByLabel(/^Hasło/).fill('Sokol2026x');
  await page.getByLabel('Powtórz hasło').fill('Sokol2026x');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Załóż konto' }).click();
  await expect(
    page.getByRole('status').filter({
      hasText:
        'Rejestracja przebiegła pomyślnie. Na Twój adres e-mail została wysłana wiadomość z linkiem potwierdzającym.',
    }),
  ).toBeVisible();
};

const fillLogin = async (page: Page, email: string, password: string) => {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Hasło').fill(password);
  await page.getByRole('button', { name: 'Zaloguj się' }).click();
};

test.describe('login', () => {
  test('login page: title, links, back link, accessible @mobile', async ({ page }) => {
    const res = await page.goto('/logowanie');
    expect(res?.status()).toBe(200);
    await expect(page).toHaveTitle(`Zaloguj się | ${SHOP}`);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expect(page.getByRole('heading', { level: 1, name: 'Zaloguj się' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Nie pamiętasz hasła?' })).toHaveAttribute(
      'href',
      '/przypomnij-haslo',
    );
    await expect(page.getByRole('link', { name: 'Rejestracja' })).toHaveAttribute('href', '/rejestracja');
    await expect(page.getByRole('link', { name: /Wróć do sklepu/ })).toHaveAttribute('href', '/');
    await expect(page.getByRole('button', { name: 'Zaloguj się' })).toBeEnabled();
    expect(await seriousA11yViolations(page)).toEqual([]);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
  });

  test('validation messages appear only after the first submit', async ({ page }) => {
    await page.goto('/logowanie');
    await expect(page.getByText('Pole wymagane')).toHaveCount(0);
    await page.getByRole('button', { name: 'Zaloguj się' }).click();
    await expect(page.getByText('Pole wymagane')).toHaveCount(2);
    await expect(page.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('E-mail').fill('nie-email');
    await expect(page.getByText('Wpisz poprawny adres e-mail')).toBeVisible();
    await page.getByLabel('E-mail').fill('kibic@example.pl');
    await expect(page.getByText('Wpisz poprawny adres e-mail')).toHaveCount(0);
  });

  test('a wrong password shows the server message in a red box', async ({ page, customer }) => {
    await page.goto('/logowanie');
    await fillLogin(page, customer.email, 'Zle-haslo-123');
    const alert = page.getByRole('alert');
    await expect(alert).toHaveText('Nieprawidłowy adres e-mail lub hasło.');
    await expect(alert).toHaveClass(/bg-red-50/);
    await expect(page).toHaveURL(/\/logowanie$/);
  });

  test('login without a stored target goes to /moje-konto', async ({ page, customer }) => {
    await page.goto('/logowanie');
    await fillLogin(page, customer.email, customer.password);
    await expect(page).toHaveURL(/\/moje-konto$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Moje konto' })).toBeVisible();
  });

  test('a logged-in user opening /logowanie is sent to the main page', async ({ page, customer }) => {
    await signIn(page, customer.ticket);
    await page.goto('/logowanie');
    await expect(page).toHaveURL(/\/$/);
  });

  test('login guard: a guarded page sends to /logowanie and back after login', async ({ page, customer }) => {
    await page.goto('/zmien-haslo');
    await expect(page).toHaveURL(/\/logowanie$/);
    await fillLogin(page, customer.email, customer.password);
    await expect(page).toHaveURL(/\/zmien-haslo$/);
    await expect(page.getByLabel('Obecne hasło')).toBeVisible();
  });

  test('a bogus confirmation link shows the server message', async ({ page }) => {
    await page.goto('/logowanie/nie-ma-takiego-linku');
    await expect(page.getByRole('alert')).toHaveText('Link jest nieprawidłowy, wygasł lub został już użyty.');
    await expect(page.getByLabel('E-mail')).toBeVisible();
  });
});

test.describe('registration', () => {
  test('register through the form, follow the e-mailed link, land logged in on /moje-konto', async ({
    page,
  }) => {
    const email = newEmail();
    await page.goto('/rejestracja');
    await expect(page).toHaveTitle(`Rejestracja | ${SHOP}`);
    await registerThroughForm(page, email);
    // The form resets.
    await expect(page.getByLabel('Adres e-mail')).toHaveValue('');
    await expect(page.getByRole('checkbox')).not.toBeChecked();
    await expect(page.getByText('Pole wymagane')).toHaveCount(0);

    const link = await outbox.link(email, /\/logowanie\/[\w-]+/);
    await page.goto(link);
    await expect(page.getByText('Teraz możesz zalogować się na swoje konto')).toBeVisible();
    await expect(page).toHaveURL(/\/moje-konto$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Moje konto' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Imię', exact: true })).toHaveValue('Jan');
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeTruthy();
  });

  test('an account not confirmed yet asks for a new activation link from the login page @mobile', async ({
    page,
  }) => {
    const email = newEmail();
    await page.goto('/rejestracja');
    await registerThroughForm(page, email);
    const first = await outbox.link(email, /\/logowanie\/[\w-]+/);
    await page.goto('/logowanie');
    await fillLogin(page, email, 'Sokol2026x');
    await expect(page.getByRole('alert')).toHaveText(
      'Konto nie zostało jeszcze potwierdzone. Kliknij link z wiadomości e-mail.',
    );
    await page.getByRole('button', { name: 'Wyślij ponownie link aktywacyjny' }).click();
    const sent = page.getByRole('status').filter({ hasText: 'wysłaliśmy na niego nowy link aktywacyjny' });
    await expect(sent).toBeVisible();
    await expect(sent).toBeInViewport();
    expect(await seriousA11yViolations(page)).toEqual([]);

    let second = first;
    await expect.poll(async () => (second = await outbox.link(email, /\/logowanie\/[\w-]+/))).not.toBe(first);
    await page.goto(first);
    await expect(page.getByRole('alert')).toHaveText('Link jest nieprawidłowy, wygasł lub został już użyty.');
    await page.goto(second);
    await expect(page).toHaveURL(/\/moje-konto$/);
  });

  test('every rule of the form shows its message', async ({ page }) => {
    await page.goto('/rejestracja');
    await page.getByRole('button', { name: 'Załóż konto' }).click();
    await expect(page.getByText('Pole wymagane')).toHaveCount(4); // Imię, Nazwisko, e-mail, repeat
    await expect(page.getByText('Wpisz hasło')).toBeVisible();
    await expect(page.getByText('Zgoda wymagana')).toBeVisible();

    await page.getByLabel('Adres e-mail').fill('zly-adres');
    await expect(page.getByText('Wpisz poprawny adres e-mail')).toBeVisible();
    await page.getByLabel(/^Hasło/).fill('slabe');
    await expect(page.getByText(RULES)).toBeVisible();
    await page.getByLabel(/^Hasło/).fill('Sokol2026x');
    await expect(page.getByText(RULES)).toHaveCount(0);
    await page.getByLabel('Powtórz hasło').fill('Sokol2026y');
    await expect(page.getByText('Hasła nie są zgodne')).toBeVisible();
    await page.getByLabel('Powtórz hasło').fill('Sokol2026x');
    await expect(page.getByText('Hasła nie są zgodne')).toHaveCount(0);
    await page.getByRole('checkbox').check();
    await expect(page.getByText('Zgoda wymagana')).toHaveCount(0);
  });

  test('a taken e-mail reads like any registration: the page tells nobody who has an account', async ({
    page,
    customer,
  }) => {
    await page.goto('/rejestracja');
    await registerThroughForm(page, customer.email);
  });

  test('terms and privacy links; registration page is accessible', async ({ page }) => {
    await page.goto('/rejestracja');
    await expect(page.getByRole('link', { name: /regulamin/ })).toHaveAttribute('href', '/regulamin');
    await expect(page.getByRole('link', { name: /politykę prywatności/ })).toHaveAttribute(
      'href',
      '/polityka-prywatnosci',
    );
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Załóż konto' }).click();
    await expect(page.getByText('Zgoda wymagana')).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});

test.describe('password reminder', () => {
  test('remind, follow the link, set a new password, log in with it', async ({ page, customer }) => {
    await page.goto('/przypomnij-haslo');
    await expect(page).toHaveTitle(`Przypomnij hasło | ${SHOP}`);
    const send = page.getByRole('button', { name: 'Wyślij link' });
    await send.click();
    await expect(page.getByText('Pole wymagane')).toBeVisible();
    await page.getByLabel('E-mail').fill('zly');
    await expect(page.getByText('Wpisz poprawny adres e-mail')).toBeVisible();

    // An address without an account reads like one with: the form tells nobody who has an account.
    for (const email of [newEmail(), customer.email]) {
      await page.getByLabel('E-mail').fill(email);
      await send.click();
      await expect(
        page.getByRole('status').filter({
          hasText:
            'Na podany przez Ciebie adres e-mail wysłaliśmy link do formularza dzięki któremu odzyskasz hasło.',
        }),
      ).toBeVisible();
      await expect(page.getByLabel('E-mail')).toHaveValue('');
    }

    const link = await outbox.link(customer.email, /\/resetuj-haslo\/[\w-]+/);
    await page.goto(link);
    await expect(page).toHaveTitle(`Ustaw nowe hasło | ${SHOP}`);
    const save = page.getByRole('button', { name: 'Ustaw nowe hasło' });
    await save.click();
    await expect(page.getByText('Wpisz hasło')).toBeVisible();
    await expect(page.getByText('Pole wymagane')).toBeVisible();
    await page.getByLabel(/^Hasło/).fill('krotkie');
    await expect(page.getByText(RULES)).toBeVisible();
    await page.getByLabel(/^Hasło/).fill('NoweHaslo2026');
    await page.getByLabel('Powtórz hasło').fill('NoweHaslo2027');
    await expect(page.getByText('Hasła nie są zgodne')).toBeVisible();
    await page.getByLabel('Powtórz hasło').fill('NoweHaslo2026');
    await save.click();
    await expect(page).toHaveURL(/\/logowanie$/);
    await expect(
      page.getByRole('status').filter({ hasText: 'Hasło zostało zmienione. Zaloguj się nowym hasłem.' }),
    ).toBeVisible();

    // The link is used up: opened again, it says so and points to a new one.
    await page.goto(link);
    await page.getByLabel(/^Hasło/).fill('Inne2026haslo');
    await page.getByLabel('Powtórz hasło').fill('Inne2026haslo');
    await save.click();
    await expect(page.getByRole('alert')).toContainText(
      'Link jest nieprawidłowy, wygasł lub został już użyty.',
    );
    await expect(page.getByRole('link', { name: 'Poproś o nowy link' })).toHaveAttribute(
      'href',
      '/przypomnij-haslo',
    );

    await page.goto('/logowanie');
    await fillLogin(page, customer.email, customer.password);
    await expect(page.getByRole('alert')).toHaveText('Nieprawidłowy adres e-mail lub hasło.');
    await fillLogin(page, customer.email, 'NoweHaslo2026');
    await expect(page).toHaveURL(/\/moje-konto$/);
  });

  test('a bogus reset link says so, where a phone shows it @mobile', async ({ page }) => {
    await page.goto('/resetuj-haslo/nie-ma-takiego-linku');
    await page.getByLabel(/^Hasło/).fill('NoweHaslo2026');
    await page.getByLabel('Powtórz hasło').fill('NoweHaslo2026');
    const save = page.getByRole('button', { name: 'Ustaw nowe hasło' });
    const answer = page.waitForResponse(/remindpasswordsetnew/);
    await save.click();
    expect((await answer).status()).toBe(400);
    await expect(save).toBeEnabled();
    await expect(page).toHaveURL(/\/resetuj-haslo\//);
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Link jest nieprawidłowy, wygasł lub został już użyty.');
    await expect(alert).toBeInViewport();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});

test.describe('logout', () => {
  const LOGOUT = '/api/andromeda/kontopanel/logout';
  const userInfo = (baseURL: string, ticket: string) =>
    fetch(`${baseURL}/api/andromeda/kontopanel/getloggedinuserinfo`, {
      headers: { organizacja: 'demo', authorization: `Bearer ${ticket}` },
    });

  test("'Wyloguj' revokes the ticket on the server, not only in this browser", async ({
    page,
    customer,
    baseURL,
  }) => {
    await page.goto('/logowanie');
    await fillLogin(page, customer.email, customer.password);
    await expect(page).toHaveURL(/\/moje-konto$/);
    const ticket = await page.evaluate(() => window.localStorage.getItem('access_token'));
    expect(ticket).toBeTruthy();
    expect((await userInfo(baseURL!, ticket!)).status).toBe(200);

    const call = page.waitForResponse((r) => new URL(r.url()).pathname === LOGOUT);
    await page.getByRole('banner').getByRole('button', { name: 'Wyloguj' }).click();
    expect((await call).status()).toBe(204);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Zaloguj' })).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('access_token'))).toBeNull();
    // A copy of the ticket (another tab, a stolen one) is dead too.
    expect((await userInfo(baseURL!, ticket!)).status).toBe(401);
  });

  test("'Wyloguj' still logs out here when the server cannot be reached", async ({ page, customer }) => {
    await signIn(page, customer.ticket);
    await page.goto('/o-klubie');
    await page.route(`**${LOGOUT}`, (route) => route.abort('internetdisconnected'));
    await page.getByRole('banner').getByRole('button', { name: 'Wyloguj' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Zaloguj' })).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('access_token'))).toBeNull();
  });
});

test('page titles of the public account pages', async ({ page }) => {
  for (const [path, title] of [
    ['/logowanie', 'Zaloguj się'],
    ['/rejestracja', 'Rejestracja'],
    ['/przypomnij-haslo', 'Przypomnij hasło'],
    ['/resetuj-haslo/abc', 'Ustaw nowe hasło'],
  ]) {
    await page.goto(path!);
    await expect(page).toHaveTitle(`${title} | ${SHOP}`);
    // Let the router's lazy route discovery finish before the next navigation aborts it.
    await page.waitForLoadState('networkidle');
  }
});
