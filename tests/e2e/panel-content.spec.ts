// The manager's content screens: the home banner editor with its live preview, the
// menu editor (tree, keyboard moves) and the social links; each change shows in the storefront.
import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures.ts';
import { allA11yViolations, logInToPanel, PanelLayout } from './pages/panel.ts';
import { PanelBannerEditor, PanelMenuEditor, pickUpByKeyboard } from './pages/panel-content.ts';

// Playwright empties test-results/ when a run starts: PANEL_SHOTS_DIR keeps the screenshots elsewhere.
const SHOTS = process.env.PANEL_SHOTS_DIR ?? 'test-results/panel-content-screens';
mkdirSync(SHOTS, { recursive: true });

/** The storefront shows a change within 5 s (caches are invalidated on every write): reload until then. */
const CHANGE_VISIBLE_MS = 5_000;

/** A 1600x500 PNG of one colour (a banner image as a manager would upload it). */
const bannerImage = (colour: string) =>
  sharp({ create: { width: 1600, height: 500, channels: 3, background: colour } })
    .png()
    .toBuffer();

const storefrontBanner = (page: Page) => page.getByRole('region', { name: 'Wyróżnione' });

/** The element's centre, as a share of the box's width and height. */
const centreIn = async (inner: Locator, outer: Locator) => {
  const a = (await inner.boundingBox())!;
  const b = (await outer.boundingBox())!;
  return { x: (a.x + a.width / 2 - b.x) / b.width, y: (a.y + a.height / 2 - b.y) / b.height };
};

test.describe('panel: home banner', () => {
  test('the manager changes a slide’s text and position; the preview and then the shop show it', async ({
    page,
    browser,
  }) => {
    await logInToPanel(page);
    await new PanelLayout(page).go('Baner');
    const editor = new PanelBannerEditor(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Baner na stronie głównej' })).toBeVisible();
    await expect(editor.slides).toHaveCount(3);
    // Slide 2: the home page tests read slide 1.
    await editor.edit(2);
    const heading = `Karnety na rundę jesienną ${Date.now() % 100_000}`;
    await editor.heading.fill(heading);
    await editor.text.fill('Kup przed pierwszym meczem.');
    await editor.place('Góra, prawo').check();

    // The live preview is the storefront's banner component, at both widths, before saving.
    for (const preview of [editor.desktopPreview, editor.phonePreview]) {
      await expect(preview.getByRole('heading', { level: 2, name: heading })).toBeVisible();
      await expect(preview.getByText('Kup przed pierwszym meczem.')).toBeVisible();
    }
    const previewFrame = editor.desktopPreview.getByRole('region', { name: 'Wyróżnione' });
    const inPreview = await centreIn(
      editor.desktopPreview.getByRole('heading', { name: heading }),
      previewFrame,
    );
    expect(inPreview.x).toBeGreaterThan(0.6);
    expect(inPreview.y).toBeLessThan(0.4);

    await editor.save.click();
    await expect(editor.notice).toContainText('Zapisano slajd.');
    const savedAt = Date.now();

    // The storefront in another browser: slide 2 shows the new text at the top right.
    const shop = await browser.newPage({
      baseURL: new URL(page.url()).origin,
      reducedMotion: 'reduce',
      viewport: { width: 1280, height: 900 },
    });
    await shop.goto('/');
    await expect(async () => {
      await shop.reload();
      await expect(storefrontBanner(shop).getByRole('heading', { name: heading })).toBeAttached({
        timeout: 500,
      });
    }).toPass({ timeout: CHANGE_VISIBLE_MS, intervals: [250] });
    expect(Date.now() - savedAt).toBeLessThan(CHANGE_VISIBLE_MS + 1_000);
    await storefrontBanner(shop).getByRole('button', { name: 'Slajd 2 z 3' }).click();
    const slide = storefrontBanner(shop).locator('[data-current]');
    await expect(slide.getByRole('heading', { name: heading })).toBeVisible();
    await expect(slide).toContainText('Kup przed pierwszym meczem.');
    const inShop = await centreIn(slide.getByRole('heading', { name: heading }), storefrontBanner(shop));
    expect(inShop.x).toBeGreaterThan(0.6);
    expect(inShop.y).toBeLessThan(0.4);
    await shop.close();

    // Back in the panel the saved slide keeps its values.
    await page.reload();
    await editor.edit(2);
    await expect(editor.heading).toHaveValue(heading);
    await expect(editor.place('Góra, prawo')).toBeChecked();
  });

  test('a wrong link is refused in Polish; a new image uploads with a progress bar', async ({ page }) => {
    await logInToPanel(page);
    const editor = new PanelBannerEditor(page);
    await editor.goto();
    await editor.edit(3);
    await editor.link.fill('javascript:alert(1)');
    await editor.save.click();
    await expect(editor.error).toContainText('adres');
    await expect(editor.link).toHaveAttribute('aria-invalid', 'true');

    // Slide 3 gets a new desktop image: its thumbnail changes.
    const thumb = editor.slides.nth(2).locator('img');
    const before = await thumb.getAttribute('src');
    const images = page.getByRole('region', { name: 'Edycja slajdu 3' });
    await images.getByLabel('Nowy obraz dla komputerów').setInputFiles({
      name: 'nowy-baner.png',
      mimeType: 'image/png',
      buffer: await bannerImage('#aa3300'),
    });
    // The answer is held back a moment, so the progress bar can be seen.
    await page.route('**/api/panel/banners/*/slides/*/images', async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    await images.getByRole('button', { name: 'Wyślij obrazy' }).click();
    await expect(page.getByRole('progressbar')).toBeVisible();
    await expect(editor.notice).toHaveText('Zapisano nowe obrazy slajdu.');
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await expect(thumb).not.toHaveAttribute('src', before ?? '');
    await expect(editor.desktopPreview.locator('img')).toHaveAttribute(
      'src',
      (await thumb.getAttribute('src'))!,
    );
  });

  test('slides move by keyboard and by dragging; deleting asks first (Escape keeps the slide)', async ({
    page,
  }) => {
    await logInToPanel(page);
    const editor = new PanelBannerEditor(page);
    await editor.goto();
    const names = () => editor.slides.locator('p span.block.truncate').allTextContents();
    const first = await names();
    // Slides 2 and 3 only: the home page tests read slide 1.
    // Keyboard: Enter on the focused button moves the slide; the focus stays with the moved slide.
    await editor.button('Przenieś niżej slajd 2').focus();
    await page.keyboard.press('Enter');
    await expect(editor.notice).toHaveText('Przeniesiono slajd na pozycję 3.');
    expect(await names()).toEqual([first[0], first[2], first[1]]);
    await expect(editor.button('Przenieś wyżej slajd 3')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(editor.notice).toHaveText('Przeniesiono slajd na pozycję 2.');
    expect(await names()).toEqual(first);
    await expect(editor.button('Przenieś wyżej slajd 2')).toBeFocused();

    // The mouse: slide 3 dragged onto the top of slide 2 goes before it (slide 2 makes room first).
    await editor.dragSlide(3, 2, 6);
    await expect(editor.notice).toHaveText('Przeniesiono slajd na pozycję 2.');
    expect(await names()).toEqual([first[0], first[2], first[1]]);
    // The keyboard drags too: Space on a slide's "Przenieś" button picks it up, the arrows move
    // it, Space drops it; a screen reader is told each step in Polish.
    await pickUpByKeyboard(editor.button('Przenieś slajd 3'), 'Podniesiono slajd 3, pozycja 3 z 3.');
    await page.keyboard.press('ArrowUp');
    await expect(editor.announcement).toContainText('Slajd 3 nad pozycją 2 z 3.');
    await page.keyboard.press('Space');
    await expect(editor.announcement).toContainText('Upuszczono slajd 3 na pozycji 2 z 3.');
    await expect(editor.notice).toHaveText('Przeniesiono slajd na pozycję 2.');
    await expect.poll(names).toEqual(first);
    await expect(editor.button('Przenieś slajd 2')).toBeFocused();
    // Escape puts a picked-up slide back where it was; nothing is saved.
    await pickUpByKeyboard(editor.button('Przenieś slajd 2'), 'Podniesiono slajd 2');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Escape');
    await expect(editor.announcement).toContainText('Anulowano przenoszenie. Slajd 2 wraca na pozycję 2.');
    await expect(editor.notice).toHaveText('Przeniesiono slajd na pozycję 2.');
    expect(await names()).toEqual(first);

    await editor.button('Usuń slajd 3').click();
    const dialog = page.getByRole('dialog', { name: 'Usunąć slajd?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Anuluj' })).toBeFocused();
    expect(await allA11yViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(editor.button('Usuń slajd 3')).toBeFocused();
    await expect(editor.slides).toHaveCount(3);
  });
});

test.describe('panel: menus', () => {
  test('a footer item with a sub-item shows in the storefront footer', async ({ page, browser }) => {
    await logInToPanel(page);
    await new PanelLayout(page).go('Menu sklepu');
    const menus = new PanelMenuEditor(page);
    await page
      .getByRole('navigation', { name: 'Wybór menu' })
      .getByRole('link', { name: 'Menu w stopce' })
      .click();
    await expect(page.getByRole('heading', { level: 2, name: 'Menu w stopce' })).toBeVisible();

    await menus.addItem('Sklep kibica', { page: 'Wszystkie produkty (/produkty)' });
    await menus.action('Dodaj podpozycję', 'Sklep kibica').click();
    await expect(menus.title).toBeFocused();
    await expect(menus.parent).toHaveValue(/\d+/);
    await menus.addItem('Forum kibiców', { url: 'https://forum.example.org/' }, true);
    expect(await menus.titles('Sklep kibica')).toEqual(['Forum kibiców']);
    await expect(menus.item('Forum kibiców')).toContainText('https://forum.example.org/');
    await expect(menus.item('Forum kibiców')).toContainText('nowe okno');
    const addedAt = Date.now();

    const shop = await browser.newPage({ baseURL: new URL(page.url()).origin });
    await shop.goto('/');
    const footer = shop.getByRole('contentinfo').getByRole('navigation', { name: 'Informacje' });
    await expect(async () => {
      await shop.reload();
      await expect(footer.getByRole('link', { name: 'Sklep kibica', exact: true })).toBeVisible({
        timeout: 500,
      });
    }).toPass({ timeout: CHANGE_VISIBLE_MS, intervals: [250] });
    expect(Date.now() - addedAt).toBeLessThan(CHANGE_VISIBLE_MS + 1_000);
    await expect(footer.getByRole('link', { name: 'Sklep kibica', exact: true })).toHaveAttribute(
      'href',
      '/produkty',
    );
    // The sub-item sits in a list inside its parent's list item, and opens in a new window.
    const sub = footer
      .getByRole('listitem')
      .filter({ has: shop.getByRole('link', { name: 'Sklep kibica', exact: true }) })
      .getByRole('list')
      .getByRole('link', { name: /^Forum kibiców/ });
    await expect(sub).toHaveAttribute('href', 'https://forum.example.org/');
    await expect(sub).toHaveAttribute('target', '_blank');
    await shop.close();
  });

  test('keyboard only: items move up, into and out of a parent', async ({ page }) => {
    await logInToPanel(page);
    const menus = new PanelMenuEditor(page);
    await menus.goto('Menu boczne');
    await menus.addItem('Pierwsza próba', { page: 'Koszyk (/koszyk)' });
    await menus.addItem('Druga próba', { page: 'Moje konto (/moje-konto)' });
    const top = await menus.titles(null);
    expect(top.slice(-2)).toEqual(['Pierwsza próba', 'Druga próba']);

    // Up: Enter on the focused button, the focus stays with the moved item.
    await menus.action('Edytuj', 'Druga próba').focus();
    await page.keyboard.press('Tab');
    await expect(menus.action('Przenieś wyżej', 'Druga próba')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(menus.notice).toHaveText(`Przeniesiono „Druga próba” na miejsce ${top.length - 1}.`);
    expect((await menus.titles(null)).slice(-2)).toEqual(['Druga próba', 'Pierwsza próba']);
    await expect(menus.action('Przenieś wyżej', 'Druga próba')).toBeFocused();

    // Indent: 'Pierwsza próba' becomes the sub-item of 'Druga próba' (the item above it).
    await menus.action('Edytuj', 'Pierwsza próba').focus();
    for (let i = 0; i < 5; i++) {
      if (await menus.action('Wcięcie', 'Pierwsza próba').evaluate((el) => el === document.activeElement))
        break;
      await page.keyboard.press('Tab');
    }
    await expect(menus.action('Wcięcie', 'Pierwsza próba')).toBeFocused();
    await page.keyboard.press('Space');
    await expect(menus.notice).toHaveText('„Pierwsza próba” jest teraz podpozycją „Druga próba”.');
    expect(await menus.titles('Druga próba')).toEqual(['Pierwsza próba']);
    // Now a sub-item: it can come back out, by keyboard too.
    await expect(menus.action('Edytuj', 'Pierwsza próba')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(menus.action('Wysuń', 'Pierwsza próba')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(menus.notice).toHaveText('Przeniesiono „Pierwsza próba” poziom wyżej.');
    expect((await menus.titles(null)).slice(-2)).toEqual(['Druga próba', 'Pierwsza próba']);
    expect(await menus.titles('Druga próba')).toEqual([]);

    // After a reload the order is the saved one.
    await page.reload();
    await expect
      .poll(async () => (await menus.titles(null)).slice(-2))
      .toEqual(['Druga próba', 'Pierwsza próba']);

    // Delete asks first; the item and the focus go.
    await menus.action('Usuń', 'Pierwsza próba').click();
    const dialog = page.getByRole('dialog', { name: 'Usunąć pozycję menu?' });
    await dialog.getByRole('button', { name: 'Usuń pozycję' }).click();
    await expect(menus.notice).toHaveText('Usunięto pozycję „Pierwsza próba”.');
    await expect(menus.item('Pierwsza próba')).toHaveCount(0);
  });

  test('drag and drop: an item dropped on the middle of another becomes its sub-item, on its top goes before it', async ({
    page,
  }) => {
    // Names of this try only: a retry after a failed try must not find that try's items too.
    const n = Date.now() % 100_000;
    const [dragged, target, renamed] = [`Przeciągana ${n}`, `Cel upuszczenia ${n}`, `Cel zmieniony ${n}`];
    await logInToPanel(page);
    const menus = new PanelMenuEditor(page);
    await menus.goto('Menu boczne');
    await menus.addItem(dragged, { page: 'Koszyk (/koszyk)' });
    await menus.addItem(target, { page: 'Logowanie (/logowanie)' });
    await menus.dragItem(dragged, target, 'inside');
    await expect(menus.notice).toHaveText(`„${dragged}” jest teraz podpozycją „${target}”.`);
    expect(await menus.titles(target)).toEqual([dragged]);
    // Dropped on the top edge of its former parent: back to the top level, just before it.
    await menus.dragItem(dragged, target, 'before');
    await expect(menus.notice).toContainText(`Przeniesiono „${dragged}”`);
    expect((await menus.titles(null)).slice(-2)).toEqual([dragged, target]);

    // The keyboard drags the same way: Space on "Przenieś" picks the item up, the arrows step
    // through the places (before, into, after each item), Space drops; each step said in Polish.
    await pickUpByKeyboard(menus.handle(dragged), `Podniesiono „${dragged}”.`);
    await page.keyboard.press('ArrowDown');
    await expect(menus.announcement).toContainText(`„${dragged}”: przed „${target}”.`);
    await page.keyboard.press('ArrowDown');
    await expect(menus.announcement).toContainText(`„${dragged}”: jako podpozycja „${target}”.`);
    await expect(menus.card(target)).toHaveAttribute('data-drop', 'inside');
    await page.keyboard.press('Space');
    await expect(menus.notice).toHaveText(`„${dragged}” jest teraz podpozycją „${target}”.`);
    expect(await menus.titles(target)).toEqual([dragged]);
    await expect(menus.handle(dragged)).toBeFocused();
    // Up again, past 'after' and 'into', to 'before' its parent: back to the top level.
    await pickUpByKeyboard(menus.handle(dragged), `Podniesiono „${dragged}”.`);
    for (const zone of ['za', 'jako podpozycja', 'przed']) {
      await page.keyboard.press('ArrowUp');
      await expect(menus.announcement).toContainText(`„${dragged}”: ${zone} „${target}”.`);
    }
    await page.keyboard.press('Space');
    await expect(menus.notice).toContainText(`Przeniesiono „${dragged}”`);
    expect((await menus.titles(null)).slice(-2)).toEqual([dragged, target]);

    // Editing: a new title, and the parent chosen from the list instead of dragging.
    await menus.action('Edytuj', target).click();
    await expect(page.getByRole('heading', { level: 2, name: `Edycja pozycji „${target}”` })).toBeFocused();
    await expect(menus.shopPage).toBeChecked();
    await menus.title.fill(renamed);
    await menus.parent.selectOption({ label: dragged });
    await page.getByRole('button', { name: 'Zapisz pozycję' }).click();
    await expect(menus.notice).toHaveText(`Zapisano pozycję „${renamed}”.`);
    expect(await menus.titles(dragged)).toEqual([renamed]);
    await expect(menus.action('Edytuj', renamed)).toBeFocused();
  });

  test('390 px: a held finger drags an item into another @mobile', async ({ page }) => {
    test.skip((page.viewportSize()?.width ?? 0) > 400, 'phone layout only');
    await logInToPanel(page);
    const menus = new PanelMenuEditor(page);
    // The footer menu: the other tests of this run check the side menu's last items.
    await menus.goto('Menu w stopce');
    const [dragged, parent] = [`Palcem ${Date.now() % 100_000}`, `Rodzic ${Date.now() % 100_000}`];
    await menus.addItem(dragged, { page: 'Koszyk (/koszyk)' });
    await menus.addItem(parent, { page: 'Logowanie (/logowanie)' });
    await menus.dragItemByTouch(dragged, parent);
    await expect(menus.notice).toHaveText(`„${dragged}” jest teraz podpozycją „${parent}”.`);
    expect(await menus.titles(parent)).toEqual([dragged]);
    // Tidied up: the parent goes with its sub-item.
    await menus.action('Usuń', parent).click();
    await page
      .getByRole('dialog', { name: 'Usunąć pozycję menu?' })
      .getByRole('button', { name: 'Usuń pozycję' })
      .click();
    await expect(menus.notice).toHaveText(`Usunięto pozycję „${parent}”.`);
    await expect(menus.item(dragged)).toHaveCount(0);
  });

  test('a title and an address are required, in Polish', async ({ page }) => {
    await logInToPanel(page);
    const menus = new PanelMenuEditor(page);
    await menus.goto('Menu główne');
    await menus.otherAddress.check();
    await menus.otherAddressField.fill('javascript:alert(1)');
    await menus.add.click();
    await expect(menus.error).toBeVisible();
    await expect(menus.title).toHaveAttribute('aria-invalid', 'true');
  });
});

test.describe('panel: content screens, accessibility @mobile', () => {
  for (const [name, path, heading] of [
    ['banner', '/panel/tresci/baner', 'Baner na stronie głównej'],
    ['menu', '/panel/tresci/menu/10', 'Menu sklepu'],
    ['menu-footer', '/panel/tresci/menu/30', 'Menu sklepu'],
    ['social', '/panel/tresci/media-spolecznosciowe', 'Media społecznościowe'],
  ] as const) {
    test(`${name}: no axe violations @mobile`, async ({ page }, info) => {
      await logInToPanel(page);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      if (name === 'banner') {
        // The previews have rendered (their frames are part of the page axe checks).
        await expect(
          new PanelBannerEditor(page).phonePreview.getByRole('region', { name: 'Wyróżnione' }),
        ).toBeVisible();
      }
      expect(await allA11yViolations(page)).toEqual([]);
      const width = page.viewportSize()?.width ?? 0;
      await page.screenshot({ path: `${SHOTS}/${name}-${width}-${info.project.name}.png`, fullPage: true });
    });
  }
});

test.describe('panel: social links', () => {
  test('a link to the wrong site is refused; a good one is saved', async ({ page }) => {
    await logInToPanel(page);
    await new PanelLayout(page).go('Media społecznościowe');
    const x = page.getByLabel('X', { exact: true });
    const original = await x.inputValue();
    await x.fill('https://facebook.com/klub');
    await page.getByRole('button', { name: 'Zapisz linki' }).click();
    await expect(page.getByRole('alert')).toHaveText('Ten adres nie prowadzi do serwisu X.');
    await x.fill(original);
    await page.getByRole('button', { name: 'Zapisz linki' }).click();
    await expect(page.getByRole('status')).toHaveText('Zapisano linki do mediów społecznościowych.');
  });
});
