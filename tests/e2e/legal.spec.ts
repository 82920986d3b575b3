import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, outbox, signIn, test } from './fixtures.ts';
import { DeliveryPage, demoBuyer, seedCartLines } from './pages/checkout.ts';

/**
 * The lawful shop: the legal pages open from the footer, a cut price shows the lowest
 * price of the 30 days before the cut (Omnibus), and the order confirmation e-mail carries the
 * withdrawal information, the model form and the seller's legal data.
 */

const SHOP = { organizacja: 'demo', 'content-type': 'application/json' };
const API = '/api/centauri/sklepyonline';
const SHOTS = '/work/team/shots';
const SALE_SHIRT = 'Koszulka meczowa 2025/26 (wyprzedaż)';
const TICKET = 'Bilet: mecz ligowy – trybuna główna';
const STICKERS = 'Zestaw naklejek';
const OMNIBUS = 'Najniższa cena z 30 dni przed obniżką: 199,99\u00a0zł';

test.describe.configure({ timeout: 120_000 });

/** Axe with no violations of any impact (WCAG 2.1 A and AA rules). */
const expectNoAxeViolations = async (page: Page) => {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    results.violations.map(
      (v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(', ')})`,
    ),
  ).toEqual([]);
};

const productId = async (baseURL: string, name: string): Promise<number> => {
  const res = await fetch(`${baseURL}${API}/getProdukty/0/100`, { headers: SHOP });
  const list = (await res.json()) as { Id: number; Nazwa: string }[];
  const p = list.find((x) => x.Nazwa === name);
  if (!p) throw new Error(`no product ${name}`);
  return p.Id;
};

for (const [link, heading] of [
  ['Regulamin', 'Regulamin sklepu'],
  ['Polityka prywatności', 'Polityka prywatności'],
  ['Deklaracja dostępności', 'Deklaracja dostępności'],
] as const) {
  test(`'${link}' opens from the footer and is accessible @mobile`, async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    // The privacy policy is also the footer's own fixed link (spec); either leads to the page.
    await footer.getByRole('link', { name: link, exact: true }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectNoAxeViolations(page);
  });
}

test('the regulamin has its withdrawal section; the privacy policy names PayU and InPost', async ({
  page,
}) => {
  await page.goto('/regulamin');
  await expect(page.getByRole('heading', { name: '§5 Prawo odstąpienia od umowy' })).toBeVisible();
  await expect(page.getByText('w terminie 14 dni bez podania przyczyny')).toBeVisible();
  await page.goto('/polityka-prywatnosci');
  await expect(page.getByRole('heading', { name: 'Odbiorcy danych' })).toBeVisible();
  await expect(page.getByText(/PayU S\.A\./)).toBeVisible();
  await expect(page.getByText(/InPost sp\. z o\.o\./)).toBeVisible();
});

test('a cut price shows the lowest price of the 30 days before the cut, on the page and the tile @mobile', async ({
  page,
  baseURL,
}) => {
  const id = await productId(baseURL!, SALE_SHIRT);
  await page.goto(`/produkt/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: SALE_SHIRT })).toBeVisible();
  await expect(page.getByText(OMNIBUS)).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto('/produkty');
  const tile = page.getByRole('article').filter({ has: page.getByRole('link', { name: SALE_SHIRT }) });
  await expect(tile.getByText(OMNIBUS)).toBeVisible();
  // A price that was never cut says nothing of the kind.
  const regular = page
    .getByRole('article')
    .filter({ has: page.getByRole('link', { name: 'Kubek z herbem' }) });
  await expect(regular).toBeVisible();
  await expect(regular.getByText(/Najniższa cena/)).toHaveCount(0);
});

test('the confirmation e-mail of a cash-on-delivery order carries the withdrawal information and the seller’s NIP', async ({
  page,
  customer,
  baseURL,
}) => {
  const [ticket, stickers] = await Promise.all([productId(baseURL!, TICKET), productId(baseURL!, STICKERS)]);
  await seedCartLines(page, baseURL!, [
    { id: ticket, qty: 1 },
    { id: stickers, qty: 1 },
  ]);
  await signIn(page, customer.ticket);

  await page.goto('/dostawa-i-platnosc');
  await new DeliveryPage(page).fillAddress({
    ...demoBuyer(customer.email),
    name: `${customer.firstName} ${customer.lastName}`,
  });
  await page.getByRole('radio', { name: /Kurier DPD/ }).check();
  await page.getByRole('radio', { name: 'Płatność przy odbiorze' }).check();
  await page.getByRole('button', { name: 'Przejdź do podsumowania' }).click();
  await page.getByRole('checkbox', { name: /Znam i akceptuję regulamin sklepu/ }).check();
  await page.getByRole('button', { name: 'Zamawiam i płacę' }).click();
  await expect(page).toHaveURL(/\/potwierdenie-platnosci\?z=/);

  const ofCustomer = (m: string) =>
    m.split(/\r?\n/).includes(`To: ${customer.email}`) && /Potwierdzenie zam/.test(m);
  let mail = '';
  await expect
    .poll(() => {
      mail = outbox.messages().find(ofCustomer) ?? '';
      return mail;
    })
    .toContain('Prawo odstąpienia od umowy');
  for (const text of [
    'NIP',
    '1234563218',
    'MKS Sokół Demo sp. z o.o.',
    'w terminie 14 dni bez podania jakiejkolwiek przyczyny',
    'Wzór formularza odstąpienia od umowy',
    'Adresat: MKS Sokół Demo sp. z o.o., ul. Stadionowa 1, 00-001 Warszawa, e-mail: sklep@sokol-demo.pl',
    `${TICKET}.`,
    'art. 38 ust. 1 pkt 12 ustawy o prawach konsumenta',
    'Płatność przy odbiorze',
    'Kurier DPD',
  ]) {
    expect(mail, text).toContain(text);
  }
});

test('screenshots: the product with its Omnibus price and the legal pages @mobile', async ({
  page,
  baseURL,
}) => {
  const width = page.viewportSize()!.width;
  const id = await productId(baseURL!, SALE_SHIRT);
  await page.goto(`/produkt/${id}`);
  await expect(page.getByText(OMNIBUS)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/legal-product-omnibus-${width}.png` });
  await page.goto('/produkty');
  const tile = page.getByRole('article').filter({ has: page.getByRole('link', { name: SALE_SHIRT }) });
  await tile.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/legal-tile-omnibus-${width}.png` });
  for (const slug of ['regulamin', 'polityka-prywatnosci', 'deklaracja-dostepnosci']) {
    await page.goto(`/${slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/legal-${slug}-${width}.png`, fullPage: true });
  }
});
