// Quantity limits: a product's own limit set in the panel's product form, the club's limits in the
// panel's settings; the product page and the cart offer no more than the limit.
import { msg, ORDER_LIMIT_DEFAULTS } from '@club/contract';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { orderLimitsLock, patchClubSettings, seedGuestCart } from './pages/checkout.ts';
import { demoManager, logInToPanel } from './pages/panel.ts';
import { expectCleanPanelPage, PanelProductEditor } from './pages/panel-flow.ts';

const quantity = (page: Page) => page.getByRole('spinbutton', { name: 'Ilość', exact: true });
const plus = (page: Page) => page.getByRole('button', { name: 'Zwiększ ilość' });
const LINE_LIMIT = 'Limit sztuk na pozycję koszyka';
/** The product form's name for the same limit: it is the product's per-order limit (decision 145). */
const PRODUCT_LINE_LIMIT = 'Limit sztuk w jednym zamówieniu (na pozycję koszyka)';

test("@mobile a product's own limit: set in the product form, the product page and the cart offer no more", async ({
  page,
}) => {
  await logInToPanel(page);
  const editor = new PanelProductEditor(page);
  await page.goto('/panel/produkty/nowy');
  await expect(editor.layout.heading('Nowy produkt')).toBeVisible();
  const name = `Bilet limitowany ${Date.now().toString(36)}`;
  await editor.name.fill(name);
  await editor.price.fill('25,00');
  await page.getByLabel('Stan (szt.)', { exact: true }).fill('30');
  const limit = page.getByLabel(PRODUCT_LINE_LIMIT, { exact: true });
  await limit.fill('0');
  await editor.submit('Dodaj produkt');
  await expect(page.locator('p').filter({ hasText: msg.panelProductLineLimitInvalid })).toBeVisible();
  await expect(limit).toHaveAttribute('aria-invalid', 'true');
  await expectCleanPanelPage(page, 'product form, limit refused');

  await limit.fill('2');
  await editor.submit('Dodaj produkt');
  await expect(editor.layout.heading(`Produkt: ${name}`)).toBeVisible();
  await expect(page.getByLabel(PRODUCT_LINE_LIMIT, { exact: true })).toHaveValue('2');
  await editor.setVisible();
  await expectCleanPanelPage(page, 'product form with a limit');
  const id = Number(new URL(page.url()).pathname.split('/').pop());

  // The product page: 30 in stock, 2 at most.
  await page.goto(`/produkt/${id}`);
  await expect(page.getByText('Dostępne: 30 szt.')).toBeVisible();
  await expect(page.getByText('Możesz zamówić najwyżej 2 szt.')).toBeVisible();
  await quantity(page).fill('5');
  await expect(quantity(page)).toHaveValue('2');
  await expect(plus(page)).toBeDisabled();

  // The cart: the line's control stops at 2 too.
  await seedGuestCart(page, page.url().replace(/\/produkt\/.*$/, ''), id, 2);
  await page.goto('/koszyk');
  const line = page.getByRole('spinbutton', { name: `Ilość: ${name}` });
  await expect(line).toHaveValue('2');
  await expect(line).toHaveAttribute('max', '2');
  await expect(
    page.getByRole('listitem').filter({ has: line }).getByRole('button', { name: 'Zwiększ ilość' }),
  ).toBeDisabled();
});

test("@mobile the club's limits in the settings: validated, saved, and the shop follows", async ({
  page,
  baseURL,
}) => {
  const limits = orderLimitsLock();
  await limits.acquire();
  try {
    await logInToPanel(page);
    await page.goto('/panel/ustawienia');
    const section = page.getByRole('region', { name: 'Ochrona przed blokowaniem towaru' });
    await expect(section).toBeVisible();
    const line = section.getByLabel(LINE_LIMIT, { exact: true });
    await expect(line).toHaveValue(String(ORDER_LIMIT_DEFAULTS.linePieces));
    await expect(section.getByLabel('Limit sztuk w zamówieniu')).toHaveValue('30');
    await expect(section.getByLabel('Potwierdzenie e-mailem płatności przy odbiorze od (zł)')).toHaveValue(
      '500',
    );
    await expect(section.getByLabel('Zamówień z jednego adresu e-mail na godzinę')).toHaveValue('5');
    await expect(section.getByLabel('Zamówień z jednego adresu IP na godzinę')).toHaveValue('10');
    await expectCleanPanelPage(page, 'settings with the order limits');

    await line.fill('0');
    await page.getByRole('button', { name: 'Zapisz ustawienia', exact: true }).click();
    await expect(section.getByText(msg.settingsLinePiecesInvalid)).toBeVisible();
    await expect(line).toHaveAttribute('aria-invalid', 'true');
    await expectCleanPanelPage(page, 'settings, a limit refused');

    await line.fill('4');
    await page.getByRole('button', { name: 'Zapisz ustawienia', exact: true }).click();
    await expect(page.getByText('Zapisano ustawienia.', { exact: false })).toBeVisible();
    // The keyring (80 in stock): 4 at most, within the 5 s the shop takes to show a change.
    await expect(async () => {
      await page.goto('/produkt/25');
      await expect(page.getByText('Możesz zamówić najwyżej 4 szt.')).toBeVisible({ timeout: 500 });
    }).toPass({ timeout: 5_000 });
  } finally {
    await patchClubSettings(baseURL!, demoManager(), {
      LimitSztukNaPozycje: ORDER_LIMIT_DEFAULTS.linePieces,
    });
    limits.release();
  }
});
