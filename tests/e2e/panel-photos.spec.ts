import { mkdirSync } from 'node:fs';
import { msg } from '@club/contract';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { allA11yViolations, logInToPanel, PanelProductForm } from './pages/panel.ts';
import {
  createProductInPanel,
  deletePhotoBehindTheForm,
  PanelProductPhotos,
  photoFile,
} from './pages/panel-product.ts';

// Playwright empties test-results/ when a run starts: PANEL_SHOTS_DIR keeps them elsewhere if wanted.
const SHOTS = process.env.PANEL_SHOTS_DIR ?? 'test-results/panel-screens';
mkdirSync(SHOTS, { recursive: true });

const unique = () => Date.now().toString(36) + Math.random().toString(36).slice(2, 5);

/** Counts the photo-order saves the page sends (to prove that Escape sends none). */
const countOrderSaves = (page: Page) => {
  const sent = { count: 0 };
  page.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().endsWith('/photos/order')) sent.count++;
  });
  return sent;
};

test.describe('manager panel: product photos in order', () => {
  test('photos are reordered by keyboard and by mouse drag, the order survives a reload, a refused save puts it back', async ({
    page,
  }) => {
    await logInToPanel(page);
    const productId = await createProductInPanel(page, `Koszulka zdjęcia ${unique()}`);
    const photos = new PanelProductPhotos(page);
    const saves = countOrderSaves(page);
    await photos.upload([
      await photoFile('zielona.png', '#0b5d3b'),
      await photoFile('zolta.jpg', '#f5c400'),
      await photoFile('czerwona.png', '#b00020'),
    ]);
    const [green, yellow, red] = await photos.order();
    await expect(photos.items.first()).toContainText('Zdjęcie główne');
    expect(await allA11yViolations(page)).toEqual([]);

    // The handle tells a screen reader how to move a photo, in Polish.
    await expect(photos.handle(1)).toHaveAccessibleDescription(
      'Aby zmienić kolejność, naciśnij spację. Strzałkami przesuwaj zdjęcie, spacją je upuść, klawiszem Escape anuluj.',
    );

    // Keyboard: Space picks the first photo up, an arrow moves it, Escape puts it back unsaved.
    await photos.moveByKeyboard(1, ['ArrowRight'], 2, 'Escape');
    await expect(photos.announcement).toContainText('Anulowano przenoszenie. Zdjęcie 1 wraca na pozycję 1.');
    await photos.expectOrder([green!, yellow!, red!]);
    expect(saves.count).toBe(0);

    // Keyboard: Space, ArrowRight, Space moves it one place on; it is saved, the focus stays on it.
    await photos.moveByKeyboard(1, ['ArrowRight'], 2);
    await expect(photos.announcement).toContainText('Upuszczono zdjęcie 1 na pozycji 2 z 3.');
    await expect(photos.notice).toHaveText('Kolejność zdjęć zmieniona.');
    await photos.expectOrder([yellow!, green!, red!]);
    await expect(photos.handle(2)).toBeFocused();
    await expect(photos.items.first()).toContainText('Zdjęcie główne');
    expect(saves.count).toBe(1);

    // Mouse: the third photo's picture dragged onto the first's becomes the first, the main one.
    await photos.dragByMouse(3, 1);
    await expect(photos.notice).toHaveText('Kolejność zdjęć zmieniona.');
    await photos.expectOrder([red!, yellow!, green!]);
    expect(saves.count).toBe(2);
    await page.screenshot({ path: `${SHOTS}/h2-product-photos-1280.png`, fullPage: true });

    await page.reload();
    await photos.expectOrder([red!, yellow!, green!]);
    await expect(photos.items.first()).toContainText('Zdjęcie główne');
    expect(await allA11yViolations(page)).toEqual([]);

    // Someone else deletes a photo meanwhile: the stale order is refused, the list shown comes back.
    await deletePhotoBehindTheForm(page, productId, yellow!);
    await photos.moveByKeyboard(1, ['ArrowRight'], 2);
    await expect(photos.error).toHaveText(msg.photoOrderMismatch);
    await photos.expectOrder([red!, yellow!, green!]);
  });

  test('the buttons still move a photo without dragging (single-pointer alternative)', async ({ page }) => {
    await logInToPanel(page);
    await createProductInPanel(page, `Szalik przyciski ${unique()}`);
    const photos = new PanelProductPhotos(page);
    await photos.upload([await photoFile('a.png', '#0b5d3b'), await photoFile('b.png', '#f5c400')]);
    const [a, b] = await photos.order();
    await photos.section.getByRole('button', { name: 'Przesuń zdjęcie 2 wcześniej' }).click();
    await expect(photos.notice).toHaveText('Kolejność zdjęć zmieniona.');
    await photos.expectOrder([b!, a!]);
    await page.reload();
    await photos.expectOrder([b!, a!]);
  });

  test('editor toolbar: one Tab stop, arrows/Home/End move, Enter and Space toggle bold, the result is saved', async ({
    page,
  }) => {
    await logInToPanel(page);
    const name = `Czapka edytor ${unique()}`;
    await createProductInPanel(page, name);
    const form = new PanelProductForm(page);
    const toolbar = page.getByRole('toolbar', { name: 'Formatowanie opisu' });
    const bold = form.toolbarButton('Pogrubienie');
    await expect(toolbar.locator('button[tabindex="0"]')).toHaveCount(1);

    // Tab from the short description reaches the toolbar once, then goes on to the text.
    await form.shortDescription.focus();
    await page.keyboard.press('Tab');
    await expect(bold).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(form.richText).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(bold).toBeFocused();

    // Arrows wrap round, Home and End go to the ends; the last one used keeps the Tab stop.
    await page.keyboard.press('ArrowRight');
    await expect(form.toolbarButton('Kursywa')).toBeFocused();
    await page.keyboard.press('End');
    await expect(form.toolbarButton('Odnośnik')).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(bold).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(form.toolbarButton('Odnośnik')).toBeFocused();
    await page.keyboard.press('Home');
    await expect(bold).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Shift+Tab');
    await expect(form.toolbarButton('Kursywa')).toBeFocused();
    await expect(toolbar.locator('button[tabindex="0"]')).toHaveCount(1);
    await page.keyboard.press('ArrowLeft');

    // Enter turns bold on (the focus goes into the text), Space turns it off again.
    await page.keyboard.press('Tab');
    await page.keyboard.type('Zwykły ');
    await page.keyboard.press('Shift+Tab');
    await expect(bold).toBeFocused();
    await expect(bold).toHaveAttribute('aria-pressed', 'false');
    await page.keyboard.press('Enter');
    await expect(form.richText).toBeFocused();
    await expect(bold).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.type('gruby');
    await page.keyboard.press('Shift+Tab');
    await expect(bold).toBeFocused();
    await page.keyboard.press('Space');
    await expect(bold).toHaveAttribute('aria-pressed', 'false');
    // TipTap's focus command moves the focus back on the next animation frame: keys typed before
    // it reach the button (twice in one CI run under load).
    await expect(form.richText).toBeFocused();
    await page.keyboard.type(' i znowu zwykły');
    await form.submit('Zapisz zmiany');
    await expect(page.getByRole('status').filter({ hasText: 'Zmiany zostały zapisane.' })).toBeVisible();

    await page.reload();
    await expect(form.richText.locator('strong')).toHaveText('gruby');
    await expect(form.richText).toHaveText('Zwykły gruby i znowu zwykły');
  });
});

test.describe('manager panel: product photos on a phone @mobile', () => {
  test.skip(({ viewport }) => (viewport?.width ?? 0) > 400, 'phone layout only');

  test('390 px: the form with photos is axe-clean, a photo moves by keyboard and by a held touch', async ({
    page,
  }) => {
    await logInToPanel(page);
    await createProductInPanel(page, `Bluza telefon ${unique()}`);
    const photos = new PanelProductPhotos(page);
    await photos.upload([await photoFile('zielona.png', '#0b5d3b'), await photoFile('zolta.jpg', '#f5c400')]);
    const [green, yellow] = await photos.order();
    const saves = countOrderSaves(page);
    expect(await allA11yViolations(page)).toEqual([]);
    // Nothing sticks out sideways at 390 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${SHOTS}/h2-product-photos-390.png`, fullPage: true });

    // One column: the arrow down moves the first photo after the second.
    await photos.moveByKeyboard(1, ['ArrowDown'], 2);
    await expect(photos.notice).toHaveText('Kolejność zdjęć zmieniona.');
    await photos.expectOrder([yellow!, green!]);

    // A quick swipe over the photos only scrolls: nothing moves, nothing is saved.
    await photos.items.nth(1).scrollIntoViewIfNeeded();
    await photos.dragByTouch(2, 1, { hold: false });
    await expect(photos.announcement).not.toContainText('Podniesiono zdjęcie 2');
    await photos.expectOrder([yellow!, green!]);
    expect(saves.count).toBe(1);

    // A finger held on the second photo, then moved up, puts it first again.
    await photos.items.nth(1).scrollIntoViewIfNeeded();
    await photos.dragByTouch(2, 1);
    await expect(photos.notice).toHaveText('Kolejność zdjęć zmieniona.');
    await photos.expectOrder([green!, yellow!]);
    expect(saves.count).toBe(2);
    await page.reload();
    await photos.expectOrder([green!, yellow!]);
    expect(await allA11yViolations(page)).toEqual([]);
  });
});
