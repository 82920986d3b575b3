import { expect, seriousA11yViolations, test } from './fixtures.ts';
import { logInToPanel, PanelLayout } from './pages/panel.ts';
import { UnsavedDialog } from './pages/panel-no-lost-work.ts';
import { PanelSizeGuideEditor, SizeGuideDialog } from './pages/size-guide.ts';

test.describe('size guide', () => {
  test('a fan opens the shirt size guide from the size selector, reads it and closes it by Escape @mobile', async ({
    page,
  }) => {
    await page.goto('/produkt/1');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Koszulka meczowa domowa 2026/27' }),
    ).toBeVisible();
    // In the server's HTML, before any script.
    const html = await (await page.request.get('/produkt/1')).text();
    expect(html).toContain('Obwód klatki (cm)');

    const guide = new SizeGuideDialog(page);
    await guide.open();
    await expect(guide.table).toHaveAccessibleName(/Koszulka meczowa domowa 2026\/27/);
    expect((await guide.rows()).slice(0, 2)).toEqual([
      ['Rozmiar', 'Obwód klatki (cm)', 'Długość (cm)', 'Wzrost (cm)'],
      ['S', '88–96', '70', '164–170'],
    ]);
    await expect(guide.table.getByRole('columnheader', { name: 'Obwód klatki (cm)' })).toBeVisible();
    await expect(guide.table.getByRole('rowheader', { name: 'XL', exact: true })).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The page itself never scrolls sideways; on a phone the table does, inside the dialog.
    const width = page.viewportSize()?.width ?? 0;
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    // Keyboard: the focus stays in the dialog (close button, then the table's scrolling box).
    await expect(guide.dialog.getByRole('button', { name: 'Zamknij' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(guide.scroller).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(guide.dialog.getByRole('button', { name: 'Zamknij' })).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(guide.dialog).toBeHidden();
    await expect(guide.button).toBeFocused();
  });

  test('a product with no guide anywhere has no size guide button', async ({ page }) => {
    await page.goto('/szukaj?q=szalik');
    const href = await page
      .getByRole('link', { name: /^Szczegóły: / })
      .first()
      .getAttribute('href');
    await page.goto(href ?? '');
    await expect(page.getByRole('heading', { level: 1, name: /Szalik/ })).toBeVisible();
    // The button is in the server's HTML when a guide applies: none here.
    await expect(page.getByRole('button', { name: 'Dodaj do koszyka' })).toBeVisible();
    await expect(new SizeGuideDialog(page).button).toHaveCount(0);
  });

  test('the manager makes a category a size guide; its product shows it @mobile', async ({
    page,
  }, testInfo) => {
    // Each project its own category: the runs share one shop.
    const [category, product] =
      testInfo.project.name === 'mobile'
        ? ['Bluzy i kurtki', 'Bluza z kapturem']
        : ['Kolekcja dziecięca', 'Koszulka meczowa dziecięca'];
    await logInToPanel(page);
    const layout = new PanelLayout(page);
    await layout.go('Kategorie');
    await page.getByRole('link', { name: `Tabela rozmiarów: ${category}` }).click();
    await expect(layout.heading(`Tabela rozmiarów: ${category}`)).toBeVisible();
    const editor = new PanelSizeGuideEditor(page);
    await editor.create.click();
    await expect(editor.cell('Rozmiar', 1)).toBeFocused();
    await editor.heading(3).fill('Wiek');
    for (const [r, row] of [
      ['128', '64–68', '7–8 lat'],
      ['140', '68–72', '9–10 lat'],
    ].entries()) {
      if (r > 0) await editor.addRow.click();
      await editor.cell('Rozmiar', r + 1).fill(row[0]!);
      await editor.cell('Obwód klatki (cm)', r + 1).fill(row[1]!);
      await editor.cell('Wiek', r + 1).fill(row[2]!);
    }
    await editor.addRow.click();
    await expect(editor.cell('Rozmiar', 3)).toBeFocused();
    // The table scrolls inside its box; the screen itself stays as wide as the phone.
    const width = page.viewportSize()?.width ?? 0;
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // An empty row is refused with the contract's message; unsaved, leaving asks first.
    await editor.save.click();
    await expect(page.getByRole('alert')).toHaveText(
      'Wiersz tabeli rozmiarów jest pusty: wypełnij go albo usuń.',
    );
    await expect(editor.cell('Rozmiar', 3)).toHaveAttribute('aria-invalid', 'true');
    await layout.go('Produkty');
    const unsaved = new UnsavedDialog(page);
    await expect(unsaved.dialog).toBeVisible();
    await unsaved.stay.click();
    await editor.section.getByRole('button', { name: 'Usuń wiersz 3' }).click();
    await expect(editor.addRow).toBeFocused();
    await editor.save.click();
    await expect(editor.notice).toHaveText(
      'Zapisano tabelę rozmiarów. Sklep pokaże zmiany w ciągu kilku sekund.',
    );

    await page.goto(`/szukaj?q=${product}`);
    const href = await page
      .getByRole('link', { name: `Szczegóły: ${product}`, exact: true })
      .getAttribute('href');
    // The storefront may serve its cached copy for a few seconds.
    await expect(async () => {
      await page.goto(href ?? '');
      await expect(page.getByRole('heading', { level: 1, name: product })).toBeVisible();
      await expect(new SizeGuideDialog(page).button).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 10_000 });
    const guide = new SizeGuideDialog(page);
    await guide.open();
    expect(await guide.rows()).toEqual([
      ['Rozmiar', 'Obwód klatki (cm)', 'Wiek'],
      ['128', '64–68', '7–8 lat'],
      ['140', '68–72', '9–10 lat'],
    ]);
    await page.keyboard.press('Escape');
    await expect(guide.dialog).toBeHidden();
  });

  test("the product form gives one shirt its own guide, shown instead of its category's", async ({
    page,
  }) => {
    await logInToPanel(page);
    await page.goto('/panel/produkty/7');
    await expect(new PanelLayout(page).heading('Produkt: Koszulka retro 1979')).toBeVisible();
    const editor = new PanelSizeGuideEditor(page);
    await expect(editor.section).toContainText('Brak tabeli.');
    await editor.create.click();
    await editor.section.getByRole('button', { name: 'Usuń kolumnę: Długość (cm)' }).click();
    await expect(editor.addColumn).toBeFocused();
    await editor.cell('Rozmiar', 1).fill('M (krój retro)');
    await editor.cell('Obwód klatki (cm)', 1).fill('100–108');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await editor.save.click();
    await expect(editor.notice).toHaveText(
      'Zapisano tabelę rozmiarów. Sklep pokaże zmiany w ciągu kilku sekund.',
    );

    const guide = new SizeGuideDialog(page);
    await expect(async () => {
      await page.goto('/produkt/7');
      await guide.open();
      expect(await guide.rows()).toEqual([
        ['Rozmiar', 'Obwód klatki (cm)'],
        ['M (krój retro)', '100–108'],
      ]);
    }).toPass({ timeout: 10_000 });
  });
});
