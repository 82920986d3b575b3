import type { Page, TestInfo } from '@playwright/test';
import { expect, signIn, test } from './fixtures.ts';
import { DeliveryPage, demoBuyer, SummaryPage, seedGuestCart } from './pages/checkout.ts';
import { allA11yViolations } from './pages/panel.ts';

/**
 * Honest payment outcomes. A cancelled demo payment shows 'Płatność nie powiodła się'
 * with the order number and 'Ponów płatność', which pays the same order; the history offers the
 * retry; a guest on the thank-you page is not sent to the account.
 */
test.describe.configure({ timeout: 120_000 });

const SHOTS = '/work/team/shots';
const THANK_YOU = 'Dziękujemy za zakupy w naszym sklepie';
const FAILED = 'Płatność nie powiodła się';
const DEMO_PAGE = /\/platnosc-demo\/[^/]+$/;
/** 'Kalendarz 2027' is not used by the other specs' stock checks. */
const CALENDAR = { id: 30 };

const shot = (page: Page, info: TestInfo, name: string) =>
  page.screenshot({
    path: `${SHOTS}/payment-${name}-${info.project.name === 'mobile' ? 390 : 1280}.png`,
    fullPage: true,
  });

/** From a seeded cart to the demo payment page; returns the order number shown there. */
const toDemoPayment = async (page: Page, email: string) => {
  await page.goto('/dostawa-i-platnosc');
  const delivery = new DeliveryPage(page);
  await delivery.fillAddress(demoBuyer(email));
  await delivery.choose(/Poczta Polska/, 'PayU');
  await delivery.submit.click();
  await new SummaryPage(page).acceptAndOrder();
  await expect(page).toHaveURL(DEMO_PAGE);
  return (await page.locator('dd').first().textContent())!.trim();
};

test('@mobile a cancelled payment fails honestly; "Ponów płatność" pays the same order', async ({
  page,
  customer,
  baseURL,
}, info) => {
  await signIn(page, customer.ticket);
  await seedGuestCart(page, baseURL!, CALENDAR.id, 1);
  const number = await toDemoPayment(page, customer.email);
  const amount = (await page.locator('dd.amount').textContent())!.trim();

  await page.getByRole('button', { name: 'Anuluj płatność' }).click();
  await expect(page).toHaveURL(/\/potwierdenie-platnosci\?z=/);
  await expect(page.getByRole('heading', { name: FAILED })).toBeVisible();
  await expect(page.getByRole('heading', { name: THANK_YOU })).toHaveCount(0);
  await expect(page.getByTestId('order-facts')).toContainText(number);
  await expect(page).toHaveTitle(new RegExp(`^${FAILED}`));
  expect(await allA11yViolations(page)).toEqual([]);
  await shot(page, info, 'failed');
  // No redirect to the account from a failed payment.
  await page.waitForTimeout(5_500);
  await expect(page.getByRole('heading', { name: FAILED })).toBeVisible();

  await page.getByRole('button', { name: 'Ponów płatność' }).click();
  await expect(page).toHaveURL(DEMO_PAGE);
  await expect(page.locator('dd').first()).toHaveText(number);
  await page.getByRole('button', { name: 'Zapłać (symulacja)' }).click();
  await expect(page.getByRole('heading', { name: THANK_YOU })).toBeVisible();
  const facts = page.getByTestId('order-facts');
  await expect(facts).toContainText(number);
  await expect(facts).toContainText(amount);
  await expect(facts).toContainText('PayU');
  await expect(facts).toContainText('Opłacone');
  await expect(page.getByText('Potwierdzenie zamówienia wysłaliśmy')).toBeVisible();
  await shot(page, info, 'thank-you');
  expect(await allA11yViolations(page)).toEqual([]);
});

test('the history offers "Ponów płatność" for an unpaid order', async ({ page, customer, baseURL }) => {
  await signIn(page, customer.ticket);
  await seedGuestCart(page, baseURL!, CALENDAR.id, 1);
  const number = await toDemoPayment(page, customer.email);
  await page.getByRole('button', { name: 'Anuluj płatność' }).click();
  await expect(page.getByRole('heading', { name: FAILED })).toBeVisible();

  await page.goto('/moje-konto');
  const history = page.getByRole('region', { name: 'Historia zakupów' });
  await expect(history.getByRole('button', { name: `Zamówienie ${number}` })).toBeVisible();
  await history.getByRole('button', { name: 'Ponów płatność' }).click();
  await expect(page).toHaveURL(DEMO_PAGE);
  await expect(page.locator('dd').first()).toHaveText(number);
});

test('@mobile a guest on the thank-you page is not sent to the account', async ({ page }, info) => {
  await page.goto('/potwierdenie-platnosci');
  await expect(page.getByRole('heading', { name: THANK_YOU })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Wróć do sklepu' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('link', { name: 'Mój profil' })).toHaveCount(0);
  await page.waitForTimeout(5_500);
  await expect(page).toHaveURL(/\/potwierdenie-platnosci$/);
  expect(await allA11yViolations(page)).toEqual([]);
  await shot(page, info, 'thank-you-guest');
});
