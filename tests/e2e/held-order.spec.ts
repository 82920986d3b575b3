// A guest's cash-on-delivery order from an address new to the club waits for the buyer's
// confirmation: the thank-you page says so, the e-mailed link confirms it once, and the panel
// marks it as not to be shipped until then.
import type { Page } from '@playwright/test';
import { expect, outbox, test } from './fixtures.ts';
import { type Buyer, guestOptionLock, openGuestDelivery, SummaryPage } from './pages/checkout.ts';
import { allA11yViolations, logInToPanel } from './pages/panel.ts';

/** Demo product: 'Brelok metalowy', 19,99 zł. */
const KEYRING = { id: 25, name: 'Brelok metalowy' };
const THANK_YOU = 'Dziękujemy za zakupy w naszym sklepie';
const HELD = 'Czeka na potwierdzenie przez kupującego';
const LINK = /\/potwierdz-zamowienie\/[A-Za-z0-9_-]{43}/;

// Guests may order only while the demo club's option is on: other specs switch it.
const lock = guestOptionLock();
test.beforeEach(async () => {
  await lock.acquire();
});
test.afterEach(() => lock.release());

const buyer = (tag: string): Buyer => ({
  name: 'Nowy Kibic',
  street: 'ul. Stadionowa 9',
  postcode: '00-001',
  city: 'Warszawa',
  phone: '600 100 300',
  email: `nowy-${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.pl`,
});

const expectNoA11yViolations = async (page: Page) => expect(await allA11yViolations(page)).toEqual([]);

/** A guest's cash-on-delivery order through the storefront, up to the thank-you page. */
const orderAsGuest = async (page: Page, baseURL: string, me: Buyer) => {
  const delivery = await openGuestDelivery(page, baseURL, KEYRING.id, 1);
  await expect(delivery.heading).toBeVisible();
  await delivery.fillAddress(me);
  await delivery.choose(/Kurier DPD/, 'Płatność przy odbiorze');
  await delivery.submit.click();
  const summary = new SummaryPage(page);
  await expect(summary.heading).toBeVisible();
  await summary.acceptAndOrder();
  await expect(page).toHaveURL(/\/potwierdenie-platnosci\?z=/);
  await expect(page.getByRole('heading', { name: THANK_YOU })).toBeVisible();
};

test('@mobile a guest is asked to confirm the order from the e-mail; the link confirms it once', async ({
  page,
  baseURL,
}) => {
  const me = buyer('link');
  await orderAsGuest(page, baseURL!, me);
  const held = page.getByTestId('order-held');
  await expect(held.getByRole('heading', { name: 'Potwierdź zamówienie w e-mailu' })).toBeVisible();
  await expect(held).toContainText('Wysłaliśmy Ci e-mail z linkiem potwierdzającym');
  await expect(held).toContainText(
    /Kliknij go do \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}: bez potwierdzenia zamówienie zostanie anulowane/,
  );
  await expect(page.getByTestId('order-facts')).toContainText('Czeka na Twoje potwierdzenie');
  await expect(page.getByText('Potwierdzenie zamówienia wysłaliśmy')).toHaveCount(0);
  await expectNoA11yViolations(page);

  // The link from the e-mail, opened in the browser.
  const link = await outbox.link(me.email, LINK);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Zamówienie potwierdzone' })).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: /Zamówienie ZS\/\d{4}\/\d+ zostało potwierdzone/ }),
  ).toBeVisible();
  await expectNoA11yViolations(page);

  // Used once: a second visit is refused, in Polish.
  await page.goto(link);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Nie udało się potwierdzić zamówienia' }),
  ).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('Ten link został już użyty');
  await expectNoA11yViolations(page);
});

test('@mobile the panel lists the held order apart and labels it not to be shipped', async ({
  page,
  baseURL,
}) => {
  const me = buyer('panel');
  await orderAsGuest(page, baseURL!, me);
  await logInToPanel(page);
  await page.goto('/panel/zamowienia');
  await page
    .getByLabel('Potwierdzenie kupującego')
    .selectOption({ label: 'Czeka na potwierdzenie (nie wysyłaj)' });
  await page.getByRole('button', { name: 'Filtruj' }).click();
  await expect(page).toHaveURL(/potwierdzenie=czeka/);
  // The buyer's e-mail finds it among the held ones, with its deadline.
  await page.goto(`/panel/zamowienia?potwierdzenie=czeka&q=${encodeURIComponent(me.email)}`);
  // Other tests hold orders too: the list is read once it shows the search's one result.
  await expect(page.getByText('Pozycje 1–1 z 1')).toBeVisible();
  const orderLink = page.getByRole('link', { name: /^ZS\// }).filter({ visible: true }).first();
  await expect(orderLink).toBeVisible();
  await expect(
    page.getByText(/^Czeka na potwierdzenie do \d{1,2}\.\d{2}\.\d{4}/).filter({ visible: true }),
  ).toBeVisible();
  await expectNoA11yViolations(page);

  await orderLink.click();
  await expect(page.getByRole('heading', { level: 1, name: /^Zamówienie ZS\// })).toBeVisible();
  const label = page.getByTestId('order-held');
  await expect(label).toContainText(HELD);
  await expect(label).toContainText('Nie wysyłaj tego zamówienia');
  await expect(label).toContainText(/do \d{1,2}\.\d{2}\.\d{4}, \d{2}:\d{2}/);
  await expectNoA11yViolations(page);

  // Once the buyer confirms it, it leaves the held list.
  await page.goto(await outbox.link(me.email, LINK));
  await expect(page.getByRole('heading', { level: 1, name: 'Zamówienie potwierdzone' })).toBeVisible();
  await page.goto(`/panel/zamowienia?potwierdzenie=czeka&q=${encodeURIComponent(me.email)}`);
  await expect(page.getByText('Brak zamówień spełniających kryteria.')).toBeVisible();
});
