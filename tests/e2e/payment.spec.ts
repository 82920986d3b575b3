import type { Page } from '@playwright/test';
import { type Customer, expect, outbox, seriousA11yViolations, signIn, test } from './fixtures.ts';
import { DeliveryPage, demoBuyer, seedGuestCart, ThankYouPage } from './pages/checkout.ts';

/**
 *, browser part: orders placed through the storefront's checkout, paid (or cancelled)
 * on the demo payment page (no PayU keys are configured in the test shop) or cash on delivery,
 * then seen in the account's purchase history.
 */

const SHOP = { organizacja: 'demo', 'content-type': 'application/json' };
const API = '/api/centauri/sklepyonline';

// Each test goes through several pages and axe takes seconds when the machine is busy.
test.describe.configure({ timeout: 120_000 });

/** Demo products used only by this file (other specs order 17, 21, 22), so stock checks are not disturbed. */
const SHIRT = { id: 1, name: 'Koszulka meczowa domowa 2026/27', price: 289.99 };
const KEYRING = { id: 25, name: 'Brelok metalowy' };
const MUG = { id: 24, name: 'Kubek z herbem' };
const LEASH = { id: 28, name: 'Smycz z herbem' };

/** '1 234,50 zł' as formatPrice / formatGrosze write it (no-break spaces). */
const zl = (n: number) =>
  `${n
    .toFixed(2)
    .replace('.', ',')
    .replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0')}\u00a0zł`;

const stock = async (baseURL: string, productId: number): Promise<number> => {
  const res = await fetch(`${baseURL}${API}/pokazProdukt/${productId}`, { headers: SHOP });
  const p = (await res.json()) as { MagazynyStany: { Stan: number }[] };
  return p.MagazynyStany[0]!.Stan;
};

type HistoryOrder = { NrZamowienia: string; Status: number; Koszt: number };
const history = async (baseURL: string, ticket: string): Promise<HistoryOrder[]> => {
  const res = await fetch(`${baseURL}${API}/pobierzHistorieZamowien`, {
    headers: { ...SHOP, authorization: `Bearer ${ticket}` },
  });
  expect(res.ok).toBe(true);
  return (await res.json()) as HistoryOrder[];
};

const fillAddress = async (page: Page, customer: Customer) => {
  // The confirmation e-mail goes to this address: the customer's own, unique per test.
  await new DeliveryPage(page).fillAddress({
    ...demoBuyer(customer.email),
    name: `${customer.firstName} ${customer.lastName}`,
  });
};

const radio = (page: Page, name: string | RegExp) => page.getByRole('radio', { name });
const toSummary = (page: Page) => page.getByRole('button', { name: 'Przejdź do podsumowania' }).click();
/** The summary's final step: the required regulamin acceptance, then 'Zamawiam i płacę'. */
const toPayment = async (page: Page) => {
  await page.getByRole('checkbox', { name: /Znam i akceptuję regulamin sklepu/ }).check();
  await page.getByRole('button', { name: 'Zamawiam i płacę' }).click();
};
const THANK_YOU = 'Dziękujemy za zakupy w naszym sklepie';
const DEMO_PAGE = /\/platnosc-demo\/[^/]+$/;

/** The order's header button in the account's 'Historia zakupów' accordion. */
const historyEntry = (page: Page, number: string) =>
  page
    .getByRole('region', { name: 'Historia zakupów' })
    .getByRole('button', { name: new RegExp(number.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')) });

/** From the filled delivery form of a seeded cart to the demo payment page (PayU, 'Poczta Polska'). */
const payUCheckout = async (page: Page, customer: Customer) => {
  await page.goto('/dostawa-i-platnosc');
  await fillAddress(page, customer);
  await radio(page, /Poczta Polska/).check();
  await expect(radio(page, 'PayU')).toBeChecked();
  await toSummary(page);
  await expect(page.getByTestId('summary-payment')).toHaveText('PayU');
  await toPayment(page);
  await expect(page).toHaveURL(DEMO_PAGE);
  await expect(page.getByRole('heading', { name: 'Płatność demonstracyjna' })).toBeVisible();
  return (await page.locator('dd').first().textContent())!.trim();
};

test('logged-in customer buys a shirt in size M: Paczkomat InPost, demo payment, thank-you, history', async ({
  page,
  customer,
}) => {
  await signIn(page, customer.ticket);

  // Product → size → add → the dialog's way to the cart.
  await page.goto(`/produkt/${SHIRT.id}`);
  await page.getByRole('combobox', { name: /Parametr/ }).selectOption('M');
  await page.getByRole('button', { name: 'Dodaj do koszyka' }).click();
  const added = page.getByRole('dialog', { name: 'Produkt dodany poprawnie do Twojego koszyka' });
  await expect(added.getByText(`${SHIRT.name} - M`)).toBeVisible();
  await added.getByRole('button', { name: 'Przejdź do realizacji zamówienia' }).click();
  await expect(page).toHaveURL(/\/koszyk$/);
  await expect(page.getByRole('listitem').filter({ hasText: `${SHIRT.name} - M` })).toBeVisible();
  await page.getByRole('link', { name: 'Przejdź do realizacji zamówienia' }).click();

  // Delivery and payment: address, Paczkomat InPost with its locker number, PayU.
  await expect(page).toHaveURL(/\/dostawa-i-platnosc$/);
  await fillAddress(page, customer);
  await radio(page, /Paczkomat InPost/).check();
  await page.getByLabel('Numer paczkomatu').fill('KRA01M');
  await radio(page, 'PayU').check();
  await toSummary(page);

  // Summary.
  await expect(page).toHaveURL(/\/podsumowanie$/);
  await expect(page.getByTestId('summary-method')).toContainText('Paczkomat InPost (KRA01M)');
  await expect(page.getByTestId('summary-payment')).toHaveText('PayU');
  await expect(page.getByText(`${SHIRT.name} - M`).first()).toBeVisible();
  const total = SHIRT.price + 13.99;
  await expect(page.getByTestId('summary-total')).toHaveText(zl(total));
  await toPayment(page);

  // The demo provider's payment page with the order number and the amount.
  await expect(page).toHaveURL(DEMO_PAGE);
  await expect(page.getByRole('heading', { name: 'Płatność demonstracyjna' })).toBeVisible();
  await expect(page.getByText(zl(total), { exact: true })).toBeVisible();
  const number = (await page.locator('dd').first().textContent())!.trim();
  expect(number).not.toBe('');

  // From here on time moves only when the test moves it: the thank-you page cannot redirect early.
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1_000);
  // The summary already removed the cart guid; one put back shows when the thank-you page's own
  // clean-up has run, i.e. the page is live and its 5 s timer started.
  await page.evaluate(() => localStorage.setItem('koszyk_guid', 'po-platnosci'));
  await page.getByRole('button', { name: 'Zapłać (symulacja)' }).click();
  // The return URL names the order by its signed token.
  await expect(page).toHaveURL(/\/potwierdenie-platnosci\?z=/);
  await expect(page.getByRole('heading', { name: THANK_YOU })).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('koszyk_guid'))).toBeNull();
  await new ThankYouPage(page).expectAccountRedirectAfterFiveSeconds(/\/potwierdenie-platnosci\?z=/);

  // The purchase history: the paid order is 'Do realizacji', with its line.
  const entry = historyEntry(page, number);
  await expect(entry).toBeVisible();
  await expect(entry).toContainText('Do realizacji');
  await expect(entry).toContainText(zl(total));
  await entry.click();
  const panel = page.locator(`[id="${await entry.getAttribute('aria-controls')}"]`);
  await expect(panel.getByText(`${SHIRT.name} - M`)).toBeVisible();

  // The order confirmation e-mail reached the buyer.
  await expect
    .poll(() => outbox.messages().some((m) => m.includes(customer.email) && m.includes(number)), {
      message: `order confirmation ${number} to ${customer.email}`,
    })
    .toBe(true);
});

test('cash on delivery: no payment page, straight to thank-you; the history shows a new order', async ({
  page,
  customer,
  baseURL,
}) => {
  await signIn(page, customer.ticket);
  await seedGuestCart(page, baseURL!, KEYRING.id, 2);
  await page.goto('/dostawa-i-platnosc');
  await fillAddress(page, customer);
  await radio(page, /Kurier DPD/).check();
  await radio(page, 'Płatność przy odbiorze').check();
  await toSummary(page);
  await expect(page.getByTestId('summary-method')).toContainText('Kurier DPD');
  await expect(page.getByTestId('summary-payment')).toHaveText('Płatność przy odbiorze');

  const visited: string[] = [];
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) visited.push(new URL(f.url()).pathname);
  });
  await toPayment(page);
  await expect(page).toHaveURL(/\/potwierdenie-platnosci\?z=/);
  await expect(page.getByRole('heading', { name: THANK_YOU })).toBeVisible();
  expect(visited.filter((p) => p.startsWith('/platnosc-demo'))).toEqual([]);

  const [order] = await history(baseURL!, customer.ticket);
  expect(order).toBeDefined();
  await page.getByRole('link', { name: 'Mój profil' }).click();
  await expect(page).toHaveURL(/\/moje-konto$/);
  const entry = historyEntry(page, order!.NrZamowienia);
  await expect(entry).toBeVisible();
  await expect(entry).toContainText('Nowe');
  await expect(entry).toContainText('1 pozycja');
  await entry.click();
  const panel = page.locator(`[id="${await entry.getAttribute('aria-controls')}"]`);
  await expect(panel.getByRole('listitem').filter({ hasText: KEYRING.name })).toContainText('Ilość: 2 szt.');
  await expect
    .poll(() => outbox.messages().some((m) => m.includes(customer.email) && m.includes(order!.NrZamowienia)))
    .toBe(true);
});

// A cancelled payment no longer cancels the order: it waits for a new payment until it
// expires (the expiry returns the stock: api test order-lifecycle), and the buyer is told honestly.
test('cancelling on the demo payment page: payment failed, the order stays open for a retry', async ({
  page,
  customer,
  baseURL,
}) => {
  const before = await stock(baseURL!, MUG.id);
  await signIn(page, customer.ticket);
  await seedGuestCart(page, baseURL!, MUG.id, 3);
  const number = await payUCheckout(page, customer);
  const paymentUrl = page.url();
  expect(await stock(baseURL!, MUG.id)).toBe(before - 3);

  await page.getByRole('button', { name: 'Anuluj płatność' }).click();
  // The demo provider sends the buyer back to the shop either way (as PayU's continueUrl).
  await expect(page).toHaveURL(/\/potwierdenie-platnosci\?z=/);
  await expect(page.getByRole('heading', { name: 'Płatność nie powiodła się' })).toBeVisible();
  await expect(page.getByRole('heading', { name: THANK_YOU })).toHaveCount(0);
  expect(await stock(baseURL!, MUG.id)).toBe(before - 3);

  await page.goto('/moje-konto');
  const entry = historyEntry(page, number);
  await expect(entry).toBeVisible();
  await expect(entry).toContainText('Nowe');

  // The payment page now only says it was cancelled; a replayed cancel changes nothing.
  await page.goto(paymentUrl);
  await expect(page.getByText('Ta płatność została anulowana.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Zapłać (symulacja)' })).toHaveCount(0);
  const replay = await fetch(`${paymentUrl}/cancel`, { method: 'POST', redirect: 'manual' });
  expect(replay.status).toBe(303);
  expect(await stock(baseURL!, MUG.id)).toBe(before - 3);
  const orders = await history(baseURL!, customer.ticket);
  expect(orders.find((o) => o.NrZamowienia === number)?.Status).toBe(10);
});

test('the demo payment page is accessible and fits a phone @mobile', async ({ page, customer, baseURL }) => {
  await signIn(page, customer.ticket);
  await seedGuestCart(page, baseURL!, LEASH.id, 1);
  await payUCheckout(page, customer);
  await expect(page.getByRole('button', { name: 'Zapłać (symulacja)' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Anuluj płatność' })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
