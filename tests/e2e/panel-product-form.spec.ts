import { mkdirSync } from 'node:fs';
import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { allA11yViolations, logInToPanel, PanelProductForm } from './pages/panel.ts';
import { createProductInPanel, PanelProductPhotos, photoFile } from './pages/panel-product.ts';

const SHOTS = process.env.PANEL_SHOTS_DIR ?? 'test-results/panel-screens';
mkdirSync(SHOTS, { recursive: true });

const unique = () => Date.now().toString(36) + Math.random().toString(36).slice(2, 5);
const box = async (l: Locator) => (await l.boundingBox())!;

// Tagged @mobile so that it runs at 1280 (desktop project) and at 390 (mobile project).
test.describe('manager panel: the product form laid out @mobile', () => {
  test('parameter rows line up, the fields come before the photos, one notice at a time', async ({
    page,
    viewport,
  }) => {
    const phone = (viewport?.width ?? 1280) < 400;
    await logInToPanel(page);
    await createProductInPanel(page, `Spodenki układ ${unique()}`);
    const form = new PanelProductForm(page);
    // The screen's own notices (dnd-kit's live region at the end of <body> is a status too).
    const notices = page.getByRole('main').getByRole('status');
    await form.addSize('S', '2');
    await form.addSize('XXL długie', '10');
    await form.addSize('M', '0');

    // The stock fields and the remove buttons start at the same x in every row, whatever the name.
    const stocks = await Promise.all([1, 2, 3].map((n) => box(page.getByLabel(`Parametr ${n}: stan`))));
    const removes = await Promise.all(
      ['S', 'XXL długie', 'M'].map((n) => box(page.getByRole('button', { name: `Usuń parametr ${n}` }))),
    );
    for (const b of [...stocks, ...removes]) expect(b.height).toBeLessThan(60);
    expect(new Set(stocks.map((b) => Math.round(b.x))).size).toBe(1);
    expect(new Set(removes.map((b) => Math.round(b.x))).size).toBe(1);
    // One line per size, also on a phone: the next row starts right under the previous one.
    expect(stocks[1]!.y - stocks[0]!.y).toBeLessThan(64);

    // A size removed by its button; the focus goes to "Dodaj parametr", not to the page's start.
    await page.getByRole('button', { name: 'Usuń parametr XXL długie' }).click();
    await expect(page.getByRole('button', { name: 'Dodaj parametr' })).toBeFocused();
    await expect(page.getByLabel('Parametr 2: nazwa')).toHaveValue('M');
    await form.submit('Zapisz zmiany');
    await expect(notices).toHaveText('Zmiany zostały zapisane.');

    // Photos uploaded after the save: their notice replaces the form's, never two at once.
    const photos = new PanelProductPhotos(page);
    await photos.upload([
      await photoFile('a.png', '#0b5d3b'),
      await photoFile('b.png', '#f5c400'),
      await photoFile('c.png', '#b00020'),
    ]);
    await expect(notices).toHaveCount(1);
    await expect(notices).toHaveText('Dodano zdjęcia (3).');
    // And the form's next notice replaces the photos' one.
    await form.submit('Zapisz zmiany');
    await expect(notices).toHaveText('Zmiany zostały zapisane.');
    await expect(notices).toHaveCount(1);

    // Name, price and stock come before the photos; the photo cards are compact.
    expect((await box(form.name)).y).toBeLessThan((await box(photos.section)).y);
    expect((await box(form.price)).y).toBeLessThan((await box(photos.section)).y);
    // (A card was about 600 px tall at 390 before: a big picture over four stacked buttons.)
    for (const n of [0, 1, 2])
      expect((await box(photos.items.nth(n))).height).toBeLessThan(phone ? 200 : 260);
    // The short visible labels keep the full accessible names.
    await expect(photos.section.getByRole('button', { name: 'Ustaw zdjęcie 2 jako główne' })).toHaveText(
      'Ustaw jako główne',
    );
    await expect(photos.section.getByRole('button', { name: 'Usuń zdjęcie 3' })).toHaveText('Usuń');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport?.width ?? 1280,
    );
    expect(await allA11yViolations(page)).toEqual([]);
    await page.screenshot({
      path: `${SHOTS}/product-form-laid-out-${phone ? 390 : 1280}.png`,
      fullPage: true,
    });
  });
});
