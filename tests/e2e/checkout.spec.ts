import type { Page } from '@playwright/test';
import { expect, seriousA11yViolations, signIn, test } from './fixtures.ts';
import { ThankYouPage } from './pages/checkout.ts';

/** Shop calls as the storefront makes them for the demo club. */
const SHOP = { organizacja: 'demo', 'content-type': 'application/json' };
const API = '/api/centauri/sklepyonline';
/** Demo product 17 'Szalik klubowy tkany' (59,99 zł, no parameters). */
const SCARF = { id: 17, name: 'Szalik klubowy tkany' };

type Shipping = { Id: number; Tresc: string; Meta: number; PlatnoscPrzyOdbiorze: boolean };

/** A new cart with `qty` scarves, made through the API; returns its guid. */
const createCart = async (baseURL: string, qty = 2): Promise<string> => {
  const res = await fetch(`${baseURL}${API}/koszyk/`, {
    method: 'POST',
    headers: SHOP,
    body: JSON.stringify([{ Id: 0, IdWyrob: SCARF.id, Ilosc: qty, Parametr: null }]),
  });
  expect(res.ok, await res.clone().text()).toBe(true);
  return (await res.text()).trim();
};

const shippingOption = async (baseURL: string, tresc: string): Promise<Shipping> => {
  const res = await fetch(`${baseURL}${API}/getwysylki`, { headers: SHOP });
  const all = (await res.json()) as Shipping[];
  const found = all.find((s) => s.Tresc === tresc);
  if (!found) throw new Error(`no shipping option ${tresc}`);
  return found;
};

/**
 * Puts the cart guid (and optionally a stored 'adres') into localStorage before the first page
 * script runs, once per tab: later navigations see what the app itself left there.
 */
const seedStorage = async (page: Page, values: { guid?: string; adres?: unknown }) => {
  await page.addInitScript((v) => {
    if (sessionStorage.getItem('e2e-seeded')) return;
    sessionStorage.setItem('e2e-seeded', '1');
    if (v.guid) localStorage.setItem('koszyk_guid', v.guid);
    if (v.adres) localStorage.setItem('adres', JSON.stringify(v.adres));
  }, values);
};

/** Signed in, with a fresh cart of `qty` scarves (and a stored address), on `path`; the cart's guid. */
const signedInWithCart = async (
  page: Page,
  ticket: string,
  baseURL: string,
  { qty, adres, path = '/dostawa-i-platnosc' }: { qty?: number; adres?: unknown; path?: string } = {},
) => {
  await signIn(page, ticket);
  const guid = await createCart(baseURL, qty);
  await seedStorage(page, { guid, adres });
  await page.goto(path);
  return guid;
};

const stored = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

const ADDRESS = {
  name: 'Anna Kibic',
  street: 'ul. Stadionowa 7/2',
  postcode: '00-001',
  city: 'Warszawa',
  phone: '600 100 200',
  email: 'anna.kibic@example.pl',
};

const fillAddress = async (page: Page) => {
  await page.getByLabel('Imię i nazwisko / Nazwa firmy').fill(ADDRESS.name);
  await page.getByLabel('Ulica i nr').fill(ADDRESS.street);
  await page.getByLabel('Kod pocztowy').fill(ADDRESS.postcode);
  await page.getByLabel('Miasto').fill(ADDRESS.city);
  await page.getByLabel('Telefon').fill(ADDRESS.phone);
  await page.getByLabel('E-mail').fill(ADDRESS.email);
};

const submitDelivery = (page: Page) => page.getByRole('button', { name: 'Przejdź do podsumowania' }).click();
const radio = (page: Page, name: string | RegExp) => page.getByRole('radio', { name });
const COD = 'Płatność przy odbiorze';
/** The summary's final step: the required regulamin acceptance, then 'Zamawiam i płacę'. */
const placeOrder = async (page: Page) => {
  await page.getByRole('checkbox', { name: /Znam i akceptuję regulamin sklepu/ }).check();
  await page.getByRole('button', { name: 'Zamawiam i płacę' }).click();
};

test.describe('delivery and payment', () => {
  // Guest checkout (on in the demo) and the guard where a club switches it off: guest-checkout.spec.ts,
  // the one file that switches the club's option.

  test('an empty submit shows every validation message; the summary box shows the cart', async ({
    page,
    customer,
    baseURL,
  }) => {
    await signedInWithCart(page, customer.ticket, baseURL!, { qty: 2 });
    await expect(page.getByRole('heading', { name: 'Dostawa i płatność', level: 1 })).toBeVisible();
    for (const section of ['1. Adres dostawy', '2. Sposób dostawy', '3. Płatność']) {
      await expect(page.getByRole('heading', { name: section })).toBeVisible();
    }
    await expect(page.getByText('Na ten adres wyślemy informacje o zamówieniu.')).toBeVisible();

    // Summary box: line with 'szt', no shipping yet, total = cart.
    const summary = page.getByRole('region', { name: 'Twoje zamówienie' });
    await expect(summary.getByText(SCARF.name)).toBeVisible();
    await expect(summary.getByText('2 szt.')).toBeVisible();
    await expect(summary.getByText('119,98 zł').first()).toBeVisible();
    await expect(summary.getByText('Wysyłka')).toBeVisible();

    // A logged-in customer without a saved address starts with the account's name and e-mail.
    const name = page.getByLabel('Imię i nazwisko / Nazwa firmy');
    await expect(name).toHaveValue(`${customer.firstName} ${customer.lastName}`);
    await expect(page.getByLabel('E-mail')).toHaveValue(customer.email);
    await name.fill('');
    await page.getByLabel('E-mail').fill('');

    // No errors before the first submit.
    await expect(page.getByText('Pole wymagane')).toHaveCount(0);
    await submitDelivery(page);
    await expect(page.getByText('Pole wymagane')).toHaveCount(6);
    await expect(page.getByText('Wybierz sposób dostawy', { exact: true })).toBeVisible();
    for (const label of [
      'Imię i nazwisko / Nazwa firmy',
      'Ulica i nr',
      'Kod pocztowy',
      'Miasto',
      'Telefon',
      'E-mail',
    ]) {
      await expect(page.getByLabel(label)).toHaveAttribute('aria-invalid', 'true');
    }
    await expect(page).toHaveURL(/\/dostawa-i-platnosc$/);

    // Errors follow the typing once shown.
    await page.getByLabel('Miasto').fill('Kraków');
    await expect(page.getByText('Pole wymagane')).toHaveCount(5);
    await radio(page, /Kurier DPD/).check();
    await expect(page.getByText('Wybierz sposób dostawy', { exact: true })).toHaveCount(0);
    await expect(summary.getByTestId('summary-shipping')).toHaveText('15,99 zł');
    await expect(summary.getByTestId('summary-total')).toHaveText('135,97 zł');
  });

  test('locker shipping: the locker number, the finder link, no cash on delivery; a change resets payment', async ({
    page,
    customer,
    baseURL,
  }) => {
    await signedInWithCart(page, customer.ticket, baseURL!, { qty: 1 });
    await expect(radio(page, /Paczkomat InPost/)).toBeVisible();
    await expect(page.getByLabel('Numer paczkomatu')).toHaveCount(0);

    // Kurier DPD allows cash on delivery; choosing it, then another option, resets payment to PayU.
    await radio(page, /Kurier DPD/).check();
    await expect(radio(page, COD)).toBeVisible();
    await radio(page, COD).check();
    await radio(page, /Poczta Polska/).check();
    await expect(radio(page, 'PayU')).toBeChecked();
    await expect(radio(page, COD)).not.toBeChecked();

    // Paczkomat InPost: no cash on delivery, a required locker number with the InPost finder.
    await radio(page, /Kurier DPD/).check();
    await radio(page, COD).check();
    await radio(page, /Paczkomat InPost/).check();
    await expect(radio(page, COD)).toHaveCount(0);
    await expect(radio(page, 'PayU')).toBeChecked();
    const locker = page.getByLabel('Numer paczkomatu');
    await expect(locker).toBeVisible();
    const finder = page.getByRole('link', { name: /Znajdź paczkomat/ });
    await expect(finder).toHaveAttribute('href', 'https://inpost.pl/znajdz-paczkomat');
    await expect(finder).toHaveAttribute('target', '_blank');

    await fillAddress(page);
    await submitDelivery(page);
    await expect(locker).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Pole wymagane')).toHaveCount(1);
    await expect(page).toHaveURL(/\/dostawa-i-platnosc$/);

    await locker.fill('WAW01M');
    await expect(page.getByText('Pole wymagane')).toHaveCount(0);
    await submitDelivery(page);
    await expect(page).toHaveURL(/\/podsumowanie$/);
    const saved = JSON.parse((await stored(page, 'adres'))!);
    expect(saved).toMatchObject({
      Nazwa: ADDRESS.name,
      SposobDostawy: { Tresc: 'Paczkomat InPost', Meta: 1399 },
      Platnosc: 10,
      DodatkoweInformacjeDostawa: 'WAW01M',
    });
    // Spec: stored with an expiry 2 hours ahead.
    expect(saved.Expire - Date.now()).toBeGreaterThan(2 * 3600_000 - 120_000);
    expect(saved.Expire - Date.now()).toBeLessThanOrEqual(2 * 3600_000);

    // Summary: the locker number in brackets, PayU, shipping in the widget.
    await expect(page.getByTestId('summary-method')).toContainText('Paczkomat InPost (WAW01M)');
    await expect(page.getByTestId('summary-method')).toContainText('13,99 zł');
    await expect(page.getByTestId('summary-payment')).toHaveText('PayU');
  });

  test('a stored address pre-fills the form, its shipping and payment pre-selected', async ({
    page,
    customer,
    baseURL,
  }) => {
    const dpd = await shippingOption(baseURL!, 'Kurier DPD');
    await signedInWithCart(page, customer.ticket, baseURL!, {
      adres: {
        Nazwa: 'Zapisana Osoba',
        UlicaINumer: 'ul. Zapisana 1',
        KodPocztowy: '30-001',
        Miasto: 'Kraków',
        Telefon: '501 501 501',
        Email: 'zapisana@example.pl',
        SposobDostawy: { Id: dpd.Id, Tresc: dpd.Tresc, Meta: dpd.Meta },
        Platnosc: 20,
        Expire: Date.now() + 3600_000,
      },
    });
    await expect(page.getByLabel('Imię i nazwisko / Nazwa firmy')).toHaveValue('Zapisana Osoba');
    await expect(page.getByLabel('Miasto')).toHaveValue('Kraków');
    await expect(radio(page, /Kurier DPD/)).toBeChecked();
    await expect(radio(page, COD)).toBeChecked();
    await expect(page.getByTestId('summary-shipping')).toHaveText('15,99 zł');
  });

  test('an expired stored address is ignored and removed; the account address fills the form', async ({
    page,
    customer,
    baseURL,
  }) => {
    const dpd = await shippingOption(baseURL!, 'Kurier DPD');
    const saved = await fetch(`${baseURL}${API}/zapiszprofil`, {
      method: 'POST',
      headers: { ...SHOP, authorization: `Bearer ${customer.ticket}` },
      body: JSON.stringify({
        DaneKonta: { Imie: customer.firstName, Nazwisko: customer.lastName },
        Adres: {
          Nazwa: 'Ewa Z Konta',
          UlicaINumer: 'ul. Kontowa 5',
          KodPocztowy: '80-001',
          Miasto: 'Gdańsk',
          Telefon: '700 800 900',
          Email: customer.email,
        },
      }),
    });
    expect(saved.ok, await saved.clone().text()).toBe(true);
    await signedInWithCart(page, customer.ticket, baseURL!, {
      adres: {
        Nazwa: 'Stara Osoba',
        UlicaINumer: 'ul. Stara 1',
        KodPocztowy: '30-001',
        Miasto: 'Kraków',
        Telefon: '501',
        Email: 'stara@example.pl',
        SposobDostawy: { Id: dpd.Id },
        Platnosc: 20,
        Expire: Date.now() - 60_000,
      },
    });
    await expect(page.getByLabel('Imię i nazwisko / Nazwa firmy')).toHaveValue('Ewa Z Konta');
    await expect(page.getByLabel('Miasto')).toHaveValue('Gdańsk');
    await expect(page.getByLabel('E-mail')).toHaveValue(customer.email);
    await expect(radio(page, /Kurier DPD/)).not.toBeChecked();
    expect(await stored(page, 'adres')).toBeNull();
  });

  test('an empty cart shows a note with a link to the products', async ({ page, customer }) => {
    await signIn(page, customer.ticket);
    await page.goto('/dostawa-i-platnosc');
    await expect(page.getByText('Twój koszyk jest pusty.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Przejdź do produktów' })).toHaveAttribute(
      'href',
      '/produkty',
    );
  });

  test('delivery page is accessible, also after a failed submit @mobile', async ({
    page,
    customer,
    baseURL,
  }) => {
    await signedInWithCart(page, customer.ticket, baseURL!);
    await expect(radio(page, /Kurier DPD/)).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await radio(page, /Paczkomat InPost/).check();
    await submitDelivery(page);
    await expect(page.getByText('Pole wymagane').first()).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test.describe('order summary', () => {
  test('without stored delivery data it goes back to delivery and payment', async ({
    page,
    customer,
    baseURL,
  }) => {
    await signedInWithCart(page, customer.ticket, baseURL!, { path: '/podsumowanie' });
    await expect(page).toHaveURL(/\/dostawa-i-platnosc$/);
  });

  test('shows the order and places it: cash on delivery ends on the thank-you page', async ({
    page,
    customer,
    baseURL,
  }) => {
    await signedInWithCart(page, customer.ticket, baseURL!, { qty: 2 });
    await fillAddress(page);
    await radio(page, /Kurier DPD/).check();
    await radio(page, COD).check();
    await submitDelivery(page);

    await expect(page).toHaveURL(/\/podsumowanie$/);
    await expect(page.getByRole('heading', { name: 'Podsumowanie zamówienia' })).toBeVisible();
    const address = page.getByTestId('summary-address');
    for (const v of Object.values(ADDRESS)) await expect(address).toContainText(v);
    await expect(page.getByTestId('summary-method')).toContainText('Kurier DPD');
    await expect(page.getByTestId('summary-method')).toContainText('15,99 zł');
    await expect(page.getByTestId('summary-payment')).toHaveText('Płatność przy odbiorze');
    await expect(page.getByTestId('summary-total')).toHaveText('135,97 zł');

    await placeOrder(page);
    await expect(page).toHaveURL(/\/potwierdenie-platnosci\?z=/);
    await expect(page.getByRole('heading', { name: 'Dziękujemy za zakupy w naszym sklepie' })).toBeVisible();
    expect(await stored(page, 'koszyk_guid')).toBeNull();
    expect(await stored(page, 'adres')).toBeNull();
  });

  test('PayU goes to the payment page the server returns', async ({ page, customer, baseURL }) => {
    await signedInWithCart(page, customer.ticket, baseURL!, { qty: 1 });
    await fillAddress(page);
    await radio(page, /Poczta Polska/).check();
    await submitDelivery(page);
    await expect(page.getByTestId('summary-payment')).toHaveText('PayU');
    // Passes the real response through, keeping its text (the page navigates away right after).
    let target = '';
    await page.route('**/zlozZamowienie/', async (route) => {
      const response = await route.fetch();
      target = (await response.text()).trim();
      await route.fulfill({ response });
    });
    await placeOrder(page);
    await expect.poll(() => target).not.toBe('');
    await page.waitForURL(target);
    expect(new URL(target).pathname).not.toMatch(/^\/(podsumowanie|potwierdenie-platnosci)$/);
  });

  test('a failed order keeps the cart and the address and shows the server message', async ({
    page,
    customer,
    baseURL,
  }) => {
    const guid = await signedInWithCart(page, customer.ticket, baseURL!, { qty: 1 });
    await fillAddress(page);
    await radio(page, /Kurier DPD/).check();
    await submitDelivery(page);
    await expect(page.getByTestId('summary-payment')).toHaveText('PayU');

    // The cart is emptied elsewhere (another tab) before the order is sent: the server refuses it.
    const cart = (await (await fetch(`${baseURL}${API}/koszyk/${guid}`, { headers: SHOP })).json()) as {
      Pozycje: { Id: number }[];
    };
    for (const line of cart.Pozycje) {
      const res = await fetch(`${baseURL}${API}/koszyk/${guid}/${line.Id}`, {
        method: 'DELETE',
        headers: { organizacja: 'demo' },
      });
      expect(res.ok).toBe(true);
    }
    await placeOrder(page);
    await expect(page.getByRole('alert')).toHaveText('Koszyk jest pusty');
    await expect(page).toHaveURL(/\/podsumowanie$/);
    expect(await stored(page, 'koszyk_guid')).toBe(guid);
    expect(JSON.parse((await stored(page, 'adres'))!)).toMatchObject({ Nazwa: ADDRESS.name });
  });
});

test.describe('thank-you page', () => {
  test('thanks, links to the profile, clears the checkout data and redirects after 5 s', async ({
    page,
    customer,
    baseURL,
  }) => {
    await signIn(page, customer.ticket);
    await seedStorage(page, {
      guid: await createCart(baseURL!),
      adres: { Nazwa: 'x', Expire: Date.now() + 3600_000 },
    });
    // Time stands still (timers fire only when the test moves the clock), so a slow machine cannot redirect early.
    const start = new Date('2026-11-20T12:00:00+01:00');
    await page.clock.install({ time: start });
    await page.clock.pauseAt(new Date(start.getTime() + 1_000));
    await page.goto('/potwierdenie-platnosci');
    await expect(page).toHaveTitle(/^Dziękujemy za zakupy/);
    await expect(page.getByRole('heading', { name: 'Dziękujemy za zakupy w naszym sklepie' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Mój profil' })).toHaveAttribute('href', '/moje-konto');
    await expect(page.locator('main svg[aria-hidden="true"]')).toBeVisible();
    // Outside the default layout: no shop header or footer.
    await expect(page.locator('header, footer')).toHaveCount(0);
    await expect.poll(() => stored(page, 'koszyk_guid')).toBeNull();
    expect(await stored(page, 'adres')).toBeNull();

    await new ThankYouPage(page).expectAccountRedirectAfterFiveSeconds(/\/potwierdenie-platnosci$/);
  });
});
