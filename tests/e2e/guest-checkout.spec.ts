// A guest buys without an account (cash on delivery, the demo payment), the lawful order
// step (seller, withdrawal, VAT, total, required regulamin, 'Zamawiam i płacę'), the company
// invoice with its NIP; and: the manager switches guest checkout in the panel and the
// storefront follows within 5 s. Every test that needs or switches the demo club's option is here.
import { mkdirSync } from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';
import { expect, outbox, test } from './fixtures.ts';
import {
  DeliveryPage,
  ensureGuestCheckoutOn,
  guestBuyer,
  guestOptionLock,
  openGuestCart,
  openGuestDelivery,
  SummaryPage,
} from './pages/checkout.ts';
import { allA11yViolations, demoManager, logInToPanel } from './pages/panel.ts';

test.describe.configure({ mode: 'serial' });

const SHOTS = process.env.CHECKOUT_SHOTS_DIR ?? '/work/team/shots';
mkdirSync(SHOTS, { recursive: true });

/** Demo products: 'Szalik klubowy tkany' 59,99 zł, 'Brelok metalowy'. */
const SCARF = { id: 17, name: 'Szalik klubowy tkany' };
const KEYRING = { id: 25, name: 'Brelok metalowy' };
const THANK_YOU = 'Dziękujemy za zakupy w naszym sklepie';
const TERMS_ERROR = 'Zaakceptuj regulamin sklepu, aby złożyć zamówienie.';
/** The storefront shows a panel change within 5 s (caches are dropped on every write). */
const CHANGE_VISIBLE_MS = 5_000;

const lock = guestOptionLock();
test.beforeEach(async () => {
  await lock.acquire();
});
test.afterEach(() => lock.release());

const buyer = (tag: string) => guestBuyer('gosc', tag);

const expectNoA11yViolations = async (page: Page) => expect(await allA11yViolations(page)).toEqual([]);

const shot = async (page: Page, info: TestInfo, name: string) =>
  page.screenshot({
    path: `${SHOTS}/checkout-${name}-${info.project.name === 'mobile' ? 390 : 1280}.png`,
    fullPage: true,
  });

/** The order confirmation reached the guest; returns the mail. */
const mailTo = async (email: string) => {
  await expect
    .poll(() => outbox.messages().some((m) => m.includes(email)), { message: `a mail to ${email}` })
    .toBe(true);
  return outbox.messages().find((m) => m.includes(email))!;
};

test('@mobile a guest buys with cash on delivery: no login, the lawful summary, the regulamin required', async ({
  page,
  baseURL,
}, info) => {
  const cart = await openGuestCart(page, baseURL!, SCARF.id, 2);
  await expect(cart.guestNote).toBeVisible();
  await expect(cart.loginNote).toHaveCount(0);
  await expectNoA11yViolations(page);
  await shot(page, info, 'cart');
  await cart.toOrder.click();

  // Delivery and payment without logging in, with the offer to log in.
  const delivery = new DeliveryPage(page);
  await expect(page).toHaveURL(/\/dostawa-i-platnosc$/);
  await expect(delivery.heading).toBeVisible();
  await expect(delivery.loginOffer).toBeVisible();
  await expect(delivery.loginOffer.getByRole('link', { name: 'Zaloguj się' })).toHaveAttribute(
    'href',
    '/logowanie',
  );
  const me = buyer('cod');
  await delivery.fillAddress(me);
  await delivery.choose(/Kurier DPD/, 'Płatność przy odbiorze');
  await expectNoA11yViolations(page);
  await shot(page, info, 'delivery');
  await delivery.submit.click();

  // The summary: seller, withdrawal, VAT, the total with delivery, the required regulamin.
  const summary = new SummaryPage(page);
  await expect(page).toHaveURL(/\/podsumowanie$/);
  await expect(summary.heading).toBeVisible();
  await expect(page.getByTestId('summary-address')).toContainText(me.email);
  await expect(summary.seller).toContainText('MKS Sokół Demo sp. z o.o.');
  await expect(summary.seller).toContainText('NIP: 1234563218');
  await expect(summary.seller).toContainText('ul. Stadionowa 1, 00-001 Warszawa');
  await expect(summary.withdrawal).toContainText('14 dni');
  await expect(summary.withdrawal.getByRole('link', { name: /regulamin/ })).toHaveAttribute(
    'href',
    '/regulamin',
  );
  await expect(summary.withdrawal.getByRole('link', { name: 'Formularz kontaktowy' })).toHaveAttribute(
    'href',
    '/kontakt',
  );
  await expect(page.getByText('Ceny zawierają VAT', { exact: true })).toBeVisible();
  await expect(page.getByTestId('summary-total')).toHaveText('135,97 zł');
  await expect(summary.toPay).toHaveText('135,97 zł');
  await expect(page.getByRole('link', { name: /regulamin sklepu/ })).toHaveAttribute('href', '/regulamin');
  await expect(summary.placeOrder).toHaveText('Zamawiam i płacę');
  await expect(page.getByRole('button', { name: 'Przejdź do płatności' })).toHaveCount(0);
  await expectNoA11yViolations(page);
  await shot(page, info, 'summary');

  // Not ticked: a Polish error, the box marked, no order.
  await expect(summary.terms).not.toBeChecked();
  await summary.placeOrder.click();
  await expect(page.getByText(TERMS_ERROR)).toBeVisible();
  await expect(summary.terms).toHaveAttribute('aria-invalid', 'true');
  await expect(summary.terms).toBeFocused();
  await expect(page).toHaveURL(/\/podsumowanie$/);
  await expectNoA11yViolations(page);
  await shot(page, info, 'summary-terms-error');
  expect(outbox.messages().some((m) => m.includes(me.email))).toBe(false);

  await summary.acceptAndOrder();
  await expect(page).toHaveURL(/\/potwierdenie-platnosci\?z=/);
  await expect(page.getByRole('heading', { name: THANK_YOU })).toBeVisible();
  expect(await mailTo(me.email)).toContain(SCARF.name);
});

test('@mobile a guest pays with the demo payment and gets the confirmation e-mail', async ({
  page,
  baseURL,
}) => {
  const delivery = await openGuestDelivery(page, baseURL!, KEYRING.id, 1);
  await expect(delivery.loginOffer).toBeVisible();
  const me = buyer('payu');
  await delivery.fillAddress(me);
  await delivery.choose(/Poczta Polska/, 'PayU');
  await delivery.submit.click();

  const summary = new SummaryPage(page);
  await expect(summary.heading).toBeVisible();
  await expect(page.getByTestId('summary-payment')).toHaveText('PayU');
  await summary.acceptAndOrder();
  await expect(page).toHaveURL(/\/platnosc-demo\/[^/]+$/);
  await expect(page.getByRole('heading', { name: 'Płatność demonstracyjna' })).toBeVisible();
  await page.getByRole('button', { name: 'Zapłać (symulacja)' }).click();
  await expect(page).toHaveURL(/\/potwierdenie-platnosci\?z=/);
  await expect(page.getByRole('heading', { name: THANK_YOU })).toBeVisible();
  expect(await mailTo(me.email)).toContain(KEYRING.name);
});

test("@mobile company invoice: a wrong NIP is refused, a right one shows in the panel's order detail", async ({
  page,
  baseURL,
}, info) => {
  const delivery = await openGuestDelivery(page, baseURL!, SCARF.id, 1);
  const me = buyer('firma');
  await delivery.fillAddress(me);
  await delivery.choose(/Odbiór osobisty/, 'Płatność przy odbiorze');
  await expect(delivery.company).toHaveCount(0);
  await delivery.askForInvoice('Kibice Sokoła sp. z o.o.', '123-456-32-17');
  await delivery.submit.click();
  await expect(page.getByText('Nieprawidłowy NIP: 10 cyfr z poprawną cyfrą kontrolną.')).toBeVisible();
  await expect(delivery.nip).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/dostawa-i-platnosc$/);
  await expectNoA11yViolations(page);
  await shot(page, info, 'delivery-invoice-error');

  await delivery.nip.fill('123-456-32-18');
  await expect(page.getByText('Nieprawidłowy NIP: 10 cyfr z poprawną cyfrą kontrolną.')).toHaveCount(0);
  await delivery.submit.click();
  const summary = new SummaryPage(page);
  await expect(summary.heading).toBeVisible();
  await expect(page.getByTestId('summary-invoice')).toContainText('Kibice Sokoła sp. z o.o.');
  await expect(page.getByTestId('summary-invoice')).toContainText('NIP: 1234563218');
  await summary.acceptAndOrder();
  await expect(page.getByRole('heading', { name: THANK_YOU })).toBeVisible();

  // The manager finds the order by the buyer's e-mail and sees the invoice data.
  await logInToPanel(page);
  await page.goto(`/panel/zamowienia?q=${encodeURIComponent(me.email)}`);
  await page.getByRole('link', { name: /^ZS\// }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: /^Zamówienie ZS\// })).toBeVisible();
  const invoice = page.getByRole('region', { name: 'Faktura na firmę' });
  await expect(invoice).toContainText('Kibice Sokoła sp. z o.o.');
  await expect(invoice).toContainText('NIP: 1234563218');
  await expectNoA11yViolations(page);
});

test('the manager switches guest checkout off and on; the cart asks to log in / lets the guest through within 5 s', async ({
  page,
  browser,
  baseURL,
}) => {
  // A guest in a browser of their own; the manager in the panel.
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  const guestErrors: string[] = [];
  guest.on('pageerror', (e) => guestErrors.push(e.message));
  guest.on('console', (m) => {
    if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) guestErrors.push(m.text());
  });
  try {
    const cart = await openGuestCart(guest, baseURL!, KEYRING.id, 1);
    await expect(cart.guestNote).toBeVisible();

    await logInToPanel(page);
    await page.goto('/panel/ustawienia');
    const option = page.getByRole('checkbox', { name: 'Zakupy bez logowania', exact: true });
    await expect(option).toBeChecked();
    await option.uncheck();
    await page.getByRole('button', { name: 'Zapisz ustawienia' }).click();
    await expect(page.getByText('Zapisano ustawienia.', { exact: false })).toBeVisible();

    // Off: the cart asks to log in, and the way on leads to the login page.
    await expect(async () => {
      await cart.goto();
      await expect(cart.loginNote).toBeVisible({ timeout: 500 });
    }).toPass({ timeout: CHANGE_VISIBLE_MS });
    await expect(cart.guestNote).toHaveCount(0);
    await cart.toOrder.click();
    await expect(guest).toHaveURL(/\/logowanie$/);

    await option.check();
    await page.getByRole('button', { name: 'Zapisz ustawienia' }).click();
    await expect(page.getByText('Zapisano ustawienia.', { exact: false })).toBeVisible();

    // On: the guest goes straight to delivery and payment.
    await expect(async () => {
      await cart.goto();
      await expect(cart.guestNote).toBeVisible({ timeout: 500 });
    }).toPass({ timeout: CHANGE_VISIBLE_MS });
    await cart.toOrder.click();
    await expect(guest).toHaveURL(/\/dostawa-i-platnosc$/);
    await expect(new DeliveryPage(guest).loginOffer).toBeVisible();
    expect(guestErrors, 'console errors in the guest browser').toEqual([]);
  } finally {
    await guestContext.close();
    await ensureGuestCheckoutOn(baseURL!, demoManager());
  }
});
