import { expect, seriousA11yViolations, test } from './fixtures.ts';
import { allA11yViolations, logInToPanel, PanelLayout, PanelProductForm } from './pages/panel.ts';
import {
  createProductInPanel,
  PanelProductPhotos,
  PanelProductVariants,
  photoFile,
} from './pages/panel-product.ts';

const unique = () => Date.now().toString(36) + Math.random().toString(36).slice(2, 5);

// Tagged @mobile: it runs at 1280 (desktop project) and at 390 (mobile project).
test.describe('options and variants @mobile', () => {
  test('the manager sets up Kolor × Rozmiar with stock and an own price; a fan picks a combination', async ({
    page,
  }) => {
    // A manager's whole set-up and a fan's visit in one test: under a loaded machine it passed 60 s.
    test.slow();
    const name = `Koszulka wariantowa ${unique()}`;
    await logInToPanel(page);
    const id = await createProductInPanel(page, name);
    const variants = new PanelProductVariants(page);
    await variants.addOption('Kolor', 'Zielona, Biała');
    await variants.addOption('Rozmiar', 'M, L');
    await expect(variants.heading()).toHaveText('Warianty (4)');
    await variants.setAllStock('2');
    await variants.field('Biała / L', 'Stan (szt.)').fill('0');
    await variants.field('Zielona / L', 'Cena (zł)').fill('59,90');
    await variants.field('Zielona / M', 'SKU').fill('KW-ZI-M');
    // A wrong EAN is refused in Polish at its field, and nothing is lost.
    await variants.field('Zielona / M', 'EAN').fill('123');
    await new PanelProductForm(page).submit('Zapisz zmiany');
    await expect(page.getByRole('alert')).toHaveText(
      'Kod EAN/GTIN to 8, 12, 13 albo 14 cyfr z poprawną cyfrą kontrolną.',
    );
    await expect(variants.field('Zielona / M', 'EAN')).toHaveAttribute('aria-invalid', 'true');
    await variants.field('Zielona / M', 'EAN').fill('');
    await new PanelProductForm(page).submit('Zapisz zmiany');
    await expect(page.getByRole('main').getByRole('status')).toHaveText('Zmiany zostały zapisane.');
    await expect(variants.field('Zielona / L', 'Cena (zł)')).toHaveValue('59,9');
    await expect(variants.field('Biała / M', 'Stan (szt.)')).toHaveValue('2');
    // A white shirt's own photo: tied to the value 'Biała'.
    const photos = new PanelProductPhotos(page);
    await photos.upload([await photoFile('zielona.png', '#0b5d3b'), await photoFile('biala.png', '#ffffff')]);
    await page.getByLabel('Zdjęcie 2 pokazuj przy').selectOption('Biała');
    await expect(photos.notice).toHaveText('Zapisano, przy których wariantach widać zdjęcie.');
    expect(await allA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Opublikuj' }).click();
    await expect(new PanelLayout(page).heading(`Produkt: ${name}`)).toBeVisible();
    await expect(page.getByRole('main').getByRole('status')).toContainText('Opublikowany');

    // The fan: each option by its name; a sold-out combination is marked; the variant's price shows.
    await page.goto(`/produkt/${id}`);
    const kolor = page.getByRole('combobox', { name: /^Kolor/ });
    const rozmiar = page.getByRole('combobox', { name: /^Rozmiar/ });
    await expect(kolor).toBeEnabled();
    await page.getByRole('button', { name: 'Dodaj do koszyka' }).click();
    await expect(page.getByText('Wybierz parametr')).toBeVisible();
    await expect(kolor).toBeFocused();
    const firstPhoto = page.locator(`img[alt^="${name}"]`).first();
    await expect(firstPhoto).toHaveAttribute('src', /zielona/);
    await kolor.selectOption('Biała');
    await expect(rozmiar.locator('option', { hasText: 'L (niedostępny)' })).toBeDisabled();
    // The chosen colour's photo leads the gallery.
    await expect(firstPhoto).toHaveAttribute('src', /biala/);
    await kolor.selectOption('Zielona');
    await rozmiar.selectOption('L');
    await expect(page.getByText('59,90 zł').first()).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Dodaj do koszyka' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(`${name} - Zielona / L`);
    await expect(dialog).toContainText('59,90 zł');
  });
});
