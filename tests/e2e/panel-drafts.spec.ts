import { msg, productStatusLabel } from '@club/contract';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { logInToPanel } from './pages/panel.ts';
import { expectCleanPanelPage, PanelProductEditor } from './pages/panel-flow.ts';
import { PanelProductStatus } from './pages/panel-product.ts';

/** The product's row in the list: a table row, or on a phone its card. */
const listed = (page: Page, name: string) =>
  page.getByRole('main').locator('tr:visible, li:visible').filter({ hasText: name });
const unique = () => Date.now().toString(36) + Math.random().toString(36).slice(2, 5);

test.describe('manager panel: drafts, free products, low stock per size @mobile', () => {
  test('a new product is a draft the shop does not show; published, it appears', async ({ page }) => {
    await logInToPanel(page);
    const editor = new PanelProductEditor(page);
    const status = new PanelProductStatus(page);
    const name = `Czapka szkic ${unique()}`;
    await page.goto('/panel/produkty/nowy');
    await expect(editor.layout.heading('Nowy produkt')).toBeVisible();
    await editor.name.fill(name);
    await editor.shortDescription.fill('Ciepła czapka.');
    // 0 zł is refused until the product is marked free; then the price is 0 and locked.
    await editor.price.fill('0');
    await editor.addSize('M', '8');
    await editor.submit('Dodaj produkt');
    await expect(page.locator('p').filter({ hasText: msg.panelProductPriceZero })).toBeVisible();
    await expect(editor.price).toHaveAttribute('aria-invalid', 'true');
    await expectCleanPanelPage(page, 'product form, price 0 refused');
    const free = page.getByRole('checkbox', { name: 'Bezpłatny' });
    await free.check();
    await expect(editor.price).toHaveValue('0,00');
    await expect(editor.price).toHaveAttribute('readonly', '');
    await free.uncheck();
    await editor.price.fill('39,90');
    await editor.submit('Dodaj produkt');
    await expect(editor.layout.heading(`Produkt: ${name}`)).toBeVisible();
    const id = Number(new URL(page.url()).pathname.split('/').pop());

    // A draft: said so in the form and the list, and the shop answers 404.
    await expect(status.heading(productStatusLabel.draft)).toBeVisible();
    await expect(status.draftHint).toBeVisible();
    await expectCleanPanelPage(page, 'product form, a draft');
    await page.goto(`/panel/produkty?status=draft&q=${encodeURIComponent(name)}`);
    await expect(listed(page, name)).toContainText('Szkic');
    await expect(page.getByLabel('Status', { exact: true })).toHaveValue('draft');
    await expectCleanPanelPage(page, 'product list, drafts');
    expect((await page.goto(`/produkt/${id}`))?.status()).toBe(404);
    await page.goto(`/szukaj?q=${encodeURIComponent(name)}`);
    await expect(page.getByRole('link', { name })).toHaveCount(0);

    // Published: the shop shows it.
    await page.goto(`/panel/produkty/${id}`);
    await status.publish.click();
    await expect(status.heading(productStatusLabel.active)).toBeVisible();
    await expect(status.hide).toBeVisible();
    await expect(status.draftHint).toHaveCount(0);
    await expectCleanPanelPage(page, 'product form, published');
    expect((await page.goto(`/produkt/${id}`))?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  });

  test('the dashboard links to every product with a low size, which the list names', async ({ page }) => {
    await logInToPanel(page);
    const editor = new PanelProductEditor(page);
    const name = `Koszulka niski rozmiar ${unique()}`;
    await editor.create({
      name,
      price: '89,00',
      sizes: [
        ['S', 2],
        ['M', 30],
        ['L', 30],
      ],
    });

    await editor.layout.go('Pulpit');
    await expect(editor.layout.heading('Pulpit')).toBeVisible();
    await expectCleanPanelPage(page, 'dashboard');
    await page
      .getByRole('region', { name: /Niski stan magazynowy/ })
      .getByRole('link', { name: 'Pokaż wszystkie' })
      .click();
    await expect(editor.layout.heading('Produkty')).toBeVisible();
    await expect(page).toHaveURL(/\/panel\/produkty\?stan=low$/);
    await expect(page.getByLabel('Stan', { exact: true })).toHaveValue('low');
    // 62 pieces in all, yet on the list: size S has 2.
    const row = listed(page, name);
    await expect(row).toContainText('62 szt.');
    await expect(row).toContainText('Niski stan: S (2 szt.)');
    await expectCleanPanelPage(page, 'product list, low stock');
  });
});
