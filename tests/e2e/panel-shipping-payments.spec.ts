// Shipping options and payments in the manager's panel: a shipping option
// made, renamed and repriced shows in the storefront's delivery step, reordered by keyboard, then
// removed; PayU's 'test connection' against the run's fake PayU (PayU's OAuth protocol over HTTP),
// secrets write-only; axe and screenshots of both screens at 1280 and 390 px.
//
// All specs share one shop. The PayU configuration is saved on the second seeded club (FC Rywal,
// rywal.localhost), never on the demo club: a club with its own PayU sends its buyers to PayU, and
// the payment tests pay the demo club on the demo payment page. The demo club gets only a shipping
// option of this test's own, removed at the end.
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures.ts';
import { allA11yViolations, logInToPanel, PanelLayout } from './pages/panel.ts';
import { clubOwner, fakePayu, PanelPayments, PanelShipping, panelApi } from './pages/panel-commerce.ts';

// Playwright empties test-results/ when a run starts: PANEL_SHOTS_DIR keeps the screenshots elsewhere.
const SHOTS = process.env.PANEL_SHOTS_DIR ?? 'test-results/panel-commerce-screens';
mkdirSync(SHOTS, { recursive: true });

/** The storefront shows a change within 5 s (caches are invalidated on every write): reload until then. */
const CHANGE_VISIBLE_MS = 5_000;

const SHOP_API = '/api/centauri/sklepyonline';
/** Demo product 17 'Szalik klubowy tkany' (no parameters). */
const SCARF = 17;

/** A demo-club cart with one scarf, put into the tab's localStorage before the first page script. */
const seedCart = async (page: Page, baseURL: string) => {
  const res = await fetch(`${baseURL}${SHOP_API}/koszyk/`, {
    method: 'POST',
    headers: { organizacja: 'demo', 'content-type': 'application/json' },
    body: JSON.stringify([{ Id: 0, IdWyrob: SCARF, Ilosc: 1, Parametr: null }]),
  });
  expect(res.ok, await res.clone().text()).toBe(true);
  const guid = (await res.text()).trim();
  await page.addInitScript((g) => localStorage.setItem('koszyk_guid', g), guid);
};

/** Removes the club's shipping options whose name starts with `prefix` (a test that failed half-way). */
const removeShippingLeftovers = async (page: Page, prefix: string) => {
  const list = await panelApi(page, 'GET', '/api/panel/shipping');
  if (list.status !== 200) return;
  const { Items } = JSON.parse(list.text) as { Items: { Id: number; Tresc: string }[] };
  for (const o of Items.filter((i) => i.Tresc.startsWith(prefix))) {
    await panelApi(page, 'DELETE', `/api/panel/shipping/${o.Id}`);
  }
};

test.describe('panel: shipping options', () => {
  test('a new option, renamed and repriced, shows in the delivery step; keyboard moves keep the focus; delete asks first', async ({
    page,
    browser,
    customer,
    baseURL,
  }) => {
    const prefix = `Kurier E2E ${Date.now() % 100_000}`;
    const created = `${prefix} nowy`;
    const renamed = `${prefix} ekspres`;
    await logInToPanel(page);
    try {
      await new PanelLayout(page).go('Dostawa');
      const shipping = new PanelShipping(page);
      await expect(page.getByRole('heading', { level: 1, name: 'Sposoby dostawy' })).toBeVisible();
      // The demo club's seeded options, in the shop's order.
      const seeded = await shipping.names();
      expect(seeded.slice(0, 2)).toEqual(['Kurier DPD', 'Paczkomat InPost']);

      // Validation in Polish, the field marked.
      await shipping.createForm.getByLabel('Nazwa', { exact: true }).fill(created);
      await shipping.createForm.getByLabel('Cena (zł)').fill('12,345');
      await shipping.createForm.getByRole('button', { name: 'Dodaj sposób dostawy' }).click();
      await expect(shipping.error).toContainText('Podaj cenę dostawy w złotych');
      await expect(shipping.createForm.getByLabel('Cena (zł)')).toHaveAttribute('aria-invalid', 'true');

      await shipping.create({ name: created, price: '18,00', cod: true });
      expect(await shipping.names()).toEqual([...seeded, created]);
      const row = shipping.row(created);
      await expect(row).toContainText('18,00');

      // The buyer's delivery step (another browser) offers the new option at its price.
      const shop = await browser.newPage({ baseURL: baseURL! });
      await signIn(shop, customer.ticket);
      await seedCart(shop, baseURL!);
      await shop.goto('/dostawa-i-platnosc');
      const offered = (name: string, price: string) =>
        shop.getByRole('radio', { name: new RegExp(`^${name}\\s+${price}\\s+zł$`) });
      await expect(async () => {
        await shop.reload();
        await expect(offered(created, '18,00')).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: CHANGE_VISIBLE_MS, intervals: [250] });

      // Renamed and repriced; cash on delivery off.
      await shipping.edit(created, { name: renamed, price: '21,50', cod: false });
      const savedAt = Date.now();
      await expect(shipping.action('Edytuj', renamed)).toBeFocused();
      await expect(shipping.row(renamed)).toContainText('21,50');

      // The delivery step shows the new name and price within seconds.
      await expect(async () => {
        await shop.reload();
        await expect(offered(renamed, '21,50')).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: CHANGE_VISIBLE_MS, intervals: [250] });
      expect(Date.now() - savedAt).toBeLessThan(CHANGE_VISIBLE_MS + 2_000);
      await expect(shop.getByRole('radio', { name: new RegExp(created) })).toHaveCount(0);
      await shop.close();

      // Keyboard only: up with Enter, the focus stays on the moved row's button; down with Space.
      const n = seeded.length + 1;
      await shipping.action('Przenieś wyżej', renamed).focus();
      await page.keyboard.press('Enter');
      await expect(shipping.notice).toHaveText(
        `Sposób dostawy „${renamed}” jest teraz na miejscu ${n - 1} z ${n}.`,
      );
      expect((await shipping.names()).slice(-2)).toEqual([renamed, seeded.at(-1)]);
      await expect(shipping.action('Przenieś wyżej', renamed)).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(shipping.action('Przenieś niżej', renamed)).toBeFocused();
      await page.keyboard.press('Space');
      await expect(shipping.notice).toHaveText(
        `Sposób dostawy „${renamed}” jest teraz na miejscu ${n} z ${n}.`,
      );
      expect(await shipping.names()).toEqual([...seeded, renamed]);
      await expect(shipping.action('Przenieś niżej', renamed)).toBeFocused();
      // The last one cannot go lower: it says so, and the focus stays.
      await page.keyboard.press('Enter');
      await expect(shipping.notice).toHaveText(`Sposób dostawy „${renamed}” jest już ostatni.`);
      await expect(shipping.action('Przenieś niżej', renamed)).toBeFocused();

      // After a reload the order is the saved one.
      await page.reload();
      await expect.poll(() => shipping.names()).toEqual([...seeded, renamed]);

      // Delete asks first; cancelling gives the focus back to the button.
      await shipping.action('Usuń', renamed).click();
      const dialog = page.getByRole('dialog', { name: `Usunąć sposób dostawy „${renamed}”?` });
      await dialog.getByRole('button', { name: 'Anuluj' }).click();
      await expect(dialog).toBeHidden();
      await expect(shipping.action('Usuń', renamed)).toBeFocused();
      await shipping.remove(renamed);
      expect(await shipping.names()).toEqual(seeded);
    } finally {
      await removeShippingLeftovers(page, prefix);
    }
  });
});

test.describe('panel: payments (PayU of the club FC Rywal)', () => {
  test('test connection: a wrong secret is refused in Polish, the right one works; saved secrets never come back', async ({
    browser,
    baseURL,
  }) => {
    const payu = fakePayu();
    const port = new URL(baseURL!).port;
    const context = await browser.newContext({ baseURL: `http://rywal.localhost:${port}` });
    const page = await context.newPage();
    await logInToPanel(page, clubOwner('rywal'));
    try {
      await new PanelLayout(page).go('Płatności');
      const payments = new PanelPayments(page);
      await expect(page.getByRole('heading', { level: 1, name: 'Płatności' })).toBeVisible();
      // No PayU of its own yet: the run's shop takes demo payments.
      await expect(payments.source).toContainText('stronę płatności demonstracyjnych');
      await expect(payments.clientSecret).toHaveAccessibleDescription(/^Stan: nie zapisany\./);
      await expect(payments.remove).toHaveCount(0);

      // A wrong client secret: PayU's OAuth refuses it, the panel says so in Polish.
      await payments.posId.fill(payu.posId);
      await payments.clientId.fill(payu.clientId);
      await payments.clientSecret.fill('zlysekret-123456');
      await payments.secondKey.fill(payu.secondKey);
      await payments.sandbox.check();
      await payments.test.click();
      await expect(payments.testResult).toHaveText(
        'PayU odrzuciło dane logowania: sprawdź client_id i client secret oraz tryb (sandbox czy produkcja).',
      );
      await expect(payments.testResult).toHaveAttribute('role', 'status');

      // The right one: PayU gives a token. Nothing was saved by testing.
      await payments.clientSecret.fill(payu.clientSecret);
      await payments.test.click();
      await expect(payments.testResult).toHaveText('Połączenie z PayU działa: PayU wydało token dostępu.');
      await expect(payments.clientSecret).toHaveAccessibleDescription(/^Stan: nie zapisany\./);

      // Saved: the secret fields are empty again and say only that a key is stored.
      await payments.save.click();
      await expect(payments.notice).toHaveText('Zapisano konfigurację PayU.');
      await expect(payments.clientSecret).toHaveValue('');
      await expect(payments.secondKey).toHaveValue('');
      await expect(payments.clientSecret).toHaveAccessibleDescription(/^Stan: zapisany\./);
      await expect(payments.secondKey).toHaveAccessibleDescription(/^Stan: zapisany\./);
      await expect(payments.source).toContainText('PayU klubu');
      const noSecrets = async () => {
        const html = await page.content();
        expect(html).not.toContain(payu.clientSecret);
        expect(html).not.toContain(payu.secondKey);
        const answer = (await panelApi(page, 'GET', '/api/panel/payments')).text;
        expect(answer).not.toContain(payu.clientSecret);
        expect(answer).not.toContain(payu.secondKey);
      };
      await noSecrets();

      // After a reload: the saved configuration, secrets still only 'zapisany'.
      await page.reload();
      await expect(payments.posId).toHaveValue(payu.posId);
      await expect(payments.clientId).toHaveValue(payu.clientId);
      await expect(payments.clientSecret).toHaveValue('');
      await expect(payments.clientSecret).toHaveAccessibleDescription(/^Stan: zapisany\./);
      await noSecrets();

      // With the fields empty the test uses the saved (encrypted) keys; a typed wrong one replaces them.
      await payments.test.click();
      await expect(payments.testResult).toHaveText('Połączenie z PayU działa: PayU wydało token dostępu.');
      await payments.clientSecret.fill('innyzlysekret-987');
      await payments.test.click();
      await expect(payments.testResult).toContainText('PayU odrzuciło dane logowania');
      await payments.clientSecret.fill('');
      expect(await allA11yViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/payments-configured-1280.png`, fullPage: true });

      // Delete asks first; then the club has no PayU of its own again.
      await payments.remove.click();
      const dialog = page.getByRole('dialog', { name: 'Usunąć konfigurację PayU?' });
      await dialog.getByRole('button', { name: 'Usuń konfigurację PayU' }).click();
      await expect(payments.notice).toHaveText('Usunięto konfigurację PayU.');
      await expect(payments.clientSecret).toHaveAccessibleDescription(/^Stan: nie zapisany\./);
      await expect(payments.source).toContainText('stronę płatności demonstracyjnych');
      await expect(payments.remove).toHaveCount(0);
    } finally {
      await panelApi(page, 'DELETE', '/api/panel/payments/payu');
      await context.close();
    }
  });

  test('cash on delivery switched off and on again', async ({ browser, baseURL }) => {
    const port = new URL(baseURL!).port;
    const context = await browser.newContext({ baseURL: `http://rywal.localhost:${port}` });
    const page = await context.newPage();
    await logInToPanel(page, clubOwner('rywal'));
    const payments = new PanelPayments(page);
    try {
      await payments.goto();
      await expect(payments.cod).toBeChecked();
      await payments.cod.uncheck();
      await page.getByRole('button', { name: 'Zapisz', exact: true }).click();
      await expect(payments.notice).toHaveText('Płatność przy odbiorze jest wyłączona.');
      await page.reload();
      await expect(payments.cod).not.toBeChecked();
      await payments.cod.check();
      await page.getByRole('button', { name: 'Zapisz', exact: true }).click();
      await expect(payments.notice).toHaveText('Płatność przy odbiorze jest włączona.');
      await page.reload();
      await expect(payments.cod).toBeChecked();
    } finally {
      await panelApi(page, 'PATCH', '/api/panel/payments', { PlatnoscPrzyOdbiorze: true });
      await context.close();
    }
  });
});

test.describe('panel: shipping and payments, accessibility @mobile', () => {
  for (const [name, path, heading] of [
    ['shipping', '/panel/dostawa', 'Sposoby dostawy'],
    ['payments', '/panel/platnosci', 'Płatności'],
  ] as const) {
    test(`${name}: no axe violations @mobile`, async ({ page }, info) => {
      await logInToPanel(page);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      expect(await allA11yViolations(page)).toEqual([]);
      const width = page.viewportSize()?.width ?? 0;
      await page.screenshot({ path: `${SHOTS}/${name}-${width}-${info.project.name}.png`, fullPage: true });
    });
  }
});
