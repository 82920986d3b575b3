// The manager's sub-pages: a page with an uploaded image, linked from the main
// menu, shows in the storefront; slug clashes are refused in Polish; the editor works by keyboard;
// the special texts are edited here; axe finds nothing on the list and the editor.
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures.ts';
import { logInToPanel, PanelLayout } from './pages/panel.ts';
import { PanelMenuEditor } from './pages/panel-content.ts';
import { expectCleanPanelPage } from './pages/panel-flow.ts';
import { PanelPageEditor, PanelPagesList } from './pages/panel-pages.ts';

// Playwright empties test-results/ when a run starts: PANEL_SHOTS_DIR keeps the screenshots elsewhere.
const SHOTS = process.env.PANEL_SHOTS_DIR ?? 'test-results/panel-pages-screens';
mkdirSync(SHOTS, { recursive: true });

/** The storefront shows a change within 5 s (caches are invalidated on every write): reload until then. */
const CHANGE_VISIBLE_MS = 5_000;

/** A 1200x600 PNG: two colour halves (a photo as a manager would upload it). */
const photo = async () => ({
  name: 'trybuna.png',
  mimeType: 'image/png',
  buffer: await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#0b5d3b' } })
    .composite([
      {
        input: await sharp({ create: { width: 600, height: 600, channels: 3, background: '#f5c400' } })
          .png()
          .toBuffer(),
        left: 600,
        top: 0,
      },
    ])
    .png()
    .toBuffer(),
});

const unique = () => `${Date.now() % 1_000_000}${Math.floor(Math.random() * 100)}`;

/** Reloads the storefront page until `check` passes (the change bus clears the caches within 5 s). */
const eventually = async (shop: Page, check: () => Promise<void>) => {
  const since = Date.now();
  await expect(async () => {
    await shop.reload();
    await check();
  }).toPass({ timeout: CHANGE_VISIBLE_MS, intervals: [250] });
  expect(Date.now() - since).toBeLessThan(CHANGE_VISIBLE_MS + 1_000);
};

test.describe('panel: sub-pages', () => {
  test('a page with an uploaded image, linked from the main menu, shows in the storefront', async ({
    page,
    browser,
  }) => {
    await logInToPanel(page);
    await new PanelLayout(page).go('Podstrony');
    const list = new PanelPagesList(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Podstrony' })).toBeVisible();
    await list.add.click();
    const editor = new PanelPageEditor(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Nowa podstrona' })).toBeVisible();

    const n = unique();
    const title = `Historia stadionu ${n}`;
    const slug = `historia-stadionu-${n}`;
    await editor.title.fill(title);
    // The slug follows the title until it is typed by hand.
    await expect(editor.slug).toHaveValue(slug);
    await editor.content.click();
    await page.keyboard.type('Stadion otwarto w 1921 roku.');

    // The upload's answer is held back a moment, so its progress bar can be seen.
    await page.route('**/api/panel/pages/images', async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    await editor.imageButton.click();
    await expect(editor.imageButton).toHaveAttribute('aria-expanded', 'true');
    await expect(editor.imageFile).toBeFocused();
    await editor.imageFile.setInputFiles(await photo());
    await editor.imageAlt.fill('Trybuna główna');
    await editor.imageInsert.click();
    await expect(page.getByRole('progressbar')).toBeVisible();
    const inEditor = editor.content.getByRole('img', { name: 'Trybuna główna' });
    await expect(inEditor).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    const src = (await inEditor.getAttribute('src'))!;
    expect(src).toMatch(/^\/static\/demo\/trescizdjecia\/\d{4}\/[0-9a-f]+\/trybuna\.(jpe?g|png|webp)$/);
    await expect(editor.content).toBeFocused();
    await page.keyboard.type('Po przebudowie mieści 20 tysięcy kibiców.');

    await editor.meta.fill('Historia stadionu klubu od 1921 roku.');
    await editor.submit('Dodaj podstronę').click();
    await expect(page).toHaveURL(/\/panel\/tresci\/strony\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: `Podstrona: ${title}` })).toBeVisible();
    await expect(editor.notice).toContainText('Podstrona została dodana.');
    await expect(editor.content.getByRole('img', { name: 'Trybuna główna' })).toHaveAttribute('src', src);
    await page.screenshot({ path: `${SHOTS}/page-editor-with-image-1280-desktop.png`, fullPage: true });

    // Linked from the main menu with the menu editor: the new page is one of the shop's pages to pick.
    const menus = new PanelMenuEditor(page);
    await menus.goto('Menu główne');
    await menus.addItem(title, { page: `${title} (/${slug})` });

    // The shopper: the menu link, then the page with its image.
    const shop = await browser.newPage({ baseURL: new URL(page.url()).origin });
    await shop.goto('/');
    const link = shop.getByRole('navigation', { name: 'Menu główne' }).getByRole('link', { name: title });
    await eventually(shop, () => expect(link).toBeAttached({ timeout: 500 }));
    await expect(link).toHaveAttribute('href', `/${slug}`);
    await shop.goto(`/${slug}`);
    await expect(shop.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(shop.getByText('Stadion otwarto w 1921 roku.')).toBeVisible();
    const img = shop.getByRole('main').getByRole('img', { name: 'Trybuna główna' });
    await expect(img).toHaveAttribute('src', src);
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
    await expect(shop.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      'Historia stadionu klubu od 1921 roku.',
    );
    await shop.screenshot({ path: `${SHOTS}/page-in-shop-1280-desktop.png`, fullPage: true });
    await shop.close();

    // A page linked from a menu cannot be deleted: the API's Polish reason is shown.
    await page.goto('/panel/tresci/strony');
    await list.action('Usuń', title).click();
    await page
      .getByRole('dialog', { name: `Usunąć podstronę „${title}”?` })
      .getByRole('button', { name: 'Usuń' })
      .click();
    await expect(list.error).toContainText('Strona jest podlinkowana w menu');
    await expect(list.open(title)).toBeVisible();
  });

  test("slugs of the shop's own pages and of other pages are refused in Polish, next to the field", async ({
    page,
  }) => {
    await logInToPanel(page);
    const editor = new PanelPageEditor(page);
    await editor.gotoNew();
    await editor.title.fill('Koszyk klubowy');
    await editor.slug.fill('koszyk');
    await editor.submit('Dodaj podstronę').click();
    const reserved = 'Adres „/koszyk” należy do strony sklepu. Wybierz inny.';
    await expect(editor.error).toBeVisible();
    await expect(editor.slug).toHaveAttribute('aria-invalid', 'true');
    await expect(editor.slug).toHaveAccessibleDescription(new RegExp(reserved));
    // Under the field, not only in the box at the top.
    await expect(page.locator('p', { hasText: reserved })).toBeVisible();

    await editor.slug.fill('regulamin');
    await editor.submit('Dodaj podstronę').click();
    const taken = 'Strona o adresie „/regulamin” już istnieje. Wybierz inny adres.';
    await expect(editor.slug).toHaveAccessibleDescription(new RegExp(taken));
    await expect(page).toHaveURL(/\/strony\/nowa$/);
    await expectCleanPanelPage(page, 'sub-page editor with errors');
  });

  test('keyboard only: a page with an image is created; the image button is part of the toolbar', async ({
    page,
  }) => {
    await logInToPanel(page);
    const list = new PanelPagesList(page);
    await list.goto();
    await list.add.focus();
    await page.keyboard.press('Enter');
    const editor = new PanelPageEditor(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Nowa podstrona' })).toBeFocused();

    const title = `Skład drużyny ${unique()}`;
    await page.keyboard.press('Tab');
    await expect(editor.title).toBeFocused();
    await page.keyboard.type(title);
    await page.keyboard.press('Tab');
    await expect(editor.slug).toBeFocused();
    // One Tab stop in the toolbar, then the text.
    await page.keyboard.press('Tab');
    await expect(editor.toolbar.getByRole('button', { name: 'Pogrubienie' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(editor.content).toBeFocused();
    await page.keyboard.type('Bramkarze i obrońcy.');
    // End reaches the image button; it opens its panel on Enter, Escape closes it back to the button.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('End');
    await expect(editor.imageButton).toBeFocused();
    await expect(editor.toolbar.locator('button[tabindex="0"]')).toHaveCount(1);
    await page.keyboard.press('Enter');
    await expect(editor.imageFile).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(editor.imageFile).toHaveCount(0);
    await expect(editor.imageButton).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(editor.toolbar.getByRole('button', { name: 'Pogrubienie' })).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Space');
    await expect(editor.imageFile).toBeFocused();
    // The file itself comes from the system's file dialog.
    await editor.imageFile.setInputFiles(await photo());
    await page.keyboard.press('Tab');
    await expect(editor.imageAlt).toBeFocused();
    await page.keyboard.type('Drużyna na boisku');
    // Enter in the field inserts the image (it does not submit the page's form).
    await page.keyboard.press('Enter');
    await expect(editor.content.getByRole('img', { name: 'Drużyna na boisku' })).toBeVisible();
    await expect(editor.content).toBeFocused();
    await expect(page).toHaveURL(/\/strony\/nowa$/);
    // The caret is after the image: typing goes on below it and keeps it.
    await page.keyboard.type('Podpis pod zdjęciem.');

    // On to the form's button, Tab by Tab, and Enter.
    const submit = editor.submit('Dodaj podstronę');
    for (let i = 0; i < 15 && !(await submit.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press('Tab');
    await expect(submit).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(editor.notice).toContainText('Podstrona została dodana.');
    await expect(editor.content.getByRole('img', { name: 'Drużyna na boisku' })).toBeVisible();
    await expect(editor.content.locator('img + p')).toHaveText('Podpis pod zdjęciem.');
  });

  test('the special texts are edited here: a fixed address, no delete; the contact page shows the change', async ({
    page,
    browser,
  }) => {
    await logInToPanel(page);
    const list = new PanelPagesList(page);
    await list.goto('?q=kontakt-rodo');
    await expect(list.action('Usuń', 'RODO')).toHaveCount(0);
    await list.open('RODO').click();
    const editor = new PanelPageEditor(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Podstrona: RODO' })).toBeVisible();
    await expect(
      page.getByText('To tekst specjalny (Informacja RODO pod formularzem kontaktowym)'),
    ).toBeVisible();
    await expect(editor.slug).toHaveAttribute('readonly', '');
    await expect(page.getByRole('button', { name: 'Usuń podstronę' })).toHaveCount(0);

    const added = `Dane z formularza usuwamy po roku (${unique()}).`;
    await editor.content.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.type(added);
    await editor.submit('Zapisz zmiany').click();
    await expect(editor.notice).toContainText('Zmiany zostały zapisane.');

    const shop = await browser.newPage({ baseURL: new URL(page.url()).origin });
    await shop.goto('/kontakt');
    await eventually(shop, () => expect(shop.getByText(added)).toBeVisible({ timeout: 500 }));
    await expect(
      shop.getByText('Administratorem danych podanych w formularzu jest MKS Sokół Demo.'),
    ).toBeVisible();
    await shop.close();

    // The contact data's blocks (one <div> each, cards in the shop) survive an edit and a save.
    await list.goto('?q=kontakt-dane');
    await list.open('Dane kontaktowe').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Podstrona: Dane kontaktowe' })).toBeVisible();
    await expect(editor.content.locator(':scope > div')).toHaveCount(3);
    // To the end of the first block's first address line: its heading, then one line down.
    await editor.content.click();
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('End');
    await page.keyboard.type(' (wejście od parku)');
    await editor.submit('Zapisz zmiany').click();
    await expect(editor.notice).toContainText('Zmiany zostały zapisane.');
    await page.reload();
    await expect(editor.content.locator(':scope > div')).toHaveCount(3);
    // The seller's card holds a placeholder (decision 131, filled by the API): the edit stays beside it.
    await expect(editor.content.locator(':scope > div').first()).toContainText(
      '{{sprzedawca}} (wejście od parku)',
    );
    await page.screenshot({ path: `${SHOTS}/page-editor-special-1280-desktop.png`, fullPage: true });
  });

  test('deleting asks first: Escape keeps the page, confirming removes it', async ({ page }) => {
    await logInToPanel(page);
    const editor = new PanelPageEditor(page);
    await editor.gotoNew();
    const title = `Do usunięcia ${unique()}`;
    await editor.title.fill(title);
    await editor.submit('Dodaj podstronę').click();
    await expect(editor.notice).toContainText('Podstrona została dodana.');

    const list = new PanelPagesList(page);
    await list.goto(`?q=${encodeURIComponent(title)}`);
    await list.action('Usuń', title).click();
    const dialog = page.getByRole('dialog', { name: `Usunąć podstronę „${title}”?` });
    await expect(dialog.getByRole('button', { name: 'Anuluj' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(list.action('Usuń', title)).toBeFocused();
    await list.action('Usuń', title).click();
    await dialog.getByRole('button', { name: 'Usuń' }).click();
    await expect(list.notice).toHaveText(`Usunięto podstronę „${title}”.`);
    await expect(list.open(title)).toHaveCount(0);
  });
});

test.describe('panel: sub-pages, accessibility @mobile', () => {
  test('list: no axe violations @mobile', async ({ page }, info) => {
    await logInToPanel(page);
    await new PanelPagesList(page).goto();
    await expect(
      page.getByRole('link', { name: 'Regulamin sklepu', exact: true }).locator('visible=true'),
    ).toBeVisible();
    await expectCleanPanelPage(page, 'sub-pages');
    const width = page.viewportSize()?.width ?? 0;
    await page.screenshot({ path: `${SHOTS}/pages-list-${width}-${info.project.name}.png`, fullPage: true });
  });

  test('editor, with the image panel open: no axe violations @mobile', async ({ page }, info) => {
    await logInToPanel(page);
    const list = new PanelPagesList(page);
    await list.goto('?q=o-klubie');
    await list.open('O klubie').click();
    const editor = new PanelPageEditor(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Podstrona: O klubie' })).toBeVisible();
    await expect(editor.content).toContainText('stuletnią tradycją');
    await expectCleanPanelPage(page, 'sub-page editor');
    const width = page.viewportSize()?.width ?? 0;
    await page.screenshot({ path: `${SHOTS}/page-editor-${width}-${info.project.name}.png`, fullPage: true });
    await editor.imageButton.click();
    await expect(editor.imageFile).toBeVisible();
    await expectCleanPanelPage(page, 'sub-page editor, image panel');
    await page.screenshot({
      path: `${SHOTS}/page-editor-image-${width}-${info.project.name}.png`,
      fullPage: true,
    });
  });
});
