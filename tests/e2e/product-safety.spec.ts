import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures.ts';
import { allA11yViolations, logInToPanel, PanelProductForm } from './pages/panel.ts';
import { createProductInPanel, PanelProductStatus } from './pages/panel-product.ts';
import { PanelSettingsPage } from './pages/panel-settings.ts';
import { PanelProductSafety, PanelSafetyDefaults, ProductSafetySection } from './pages/product-safety.ts';

const unique = () => Date.now().toString(36) + Math.random().toString(36).slice(2, 5);

test.describe('product safety data and the VAT rate', () => {
  test('a manager sets them in the product form and the settings; the shopper reads them on the product page', async ({
    page,
  }) => {
    test.slow();
    await logInToPanel(page);
    const id = await createProductInPanel(page, `Kubek GPSR ${unique()}`);
    // A new product is a draft: published, since the shopper reads it below.
    const status = new PanelProductStatus(page);
    await status.publish.click();
    await expect(status.heading('Opublikowany')).toBeVisible();
    const form = new PanelProductForm(page);
    const safety = new PanelProductSafety(page);
    // A new product starts at 23 %.
    await expect(safety.vatRate).toHaveValue('23');

    // A wrong EAN is refused by the form with the contract's Polish message, tied to the field.
    await safety.fill({ 'Kod EAN/GTIN': '5901234123458' });
    await form.submit('Zapisz zmiany');
    const gtinMessage = 'Kod EAN/GTIN to 8, 12, 13 albo 14 cyfr z poprawną cyfrą kontrolną.';
    await expect(page.getByRole('main').getByRole('alert')).toContainText(gtinMessage);
    await expect(safety.field('Kod EAN/GTIN')).toHaveAttribute('aria-invalid', 'true');
    await expect(safety.field('Kod EAN/GTIN')).toHaveAccessibleDescription(
      new RegExp(gtinMessage.slice(0, 20)),
    );

    await safety.fill({
      'Producent: nazwa': 'Fabryka Kubków Sp. z o.o.',
      'Producent: adres pocztowy': 'ul. Gliniana 5, 30-001 Kraków',
      'Producent: e-mail lub strona': 'kontakt@kubki.example.pl',
      'Kod EAN/GTIN': '5901234123457',
      'Model lub numer katalogowy': 'KB-01',
      'Ostrzeżenia i informacje o bezpieczeństwie': 'Nie używać w kuchence mikrofalowej.',
    });
    await safety.vatRate.selectOption('5');
    await form.submit('Zapisz zmiany');
    await expect(page.getByRole('main').getByRole('status')).toHaveText('Zmiany zostały zapisane.');
    expect(await allA11yViolations(page)).toEqual([]);

    // The club's default for the EU responsible person fills what the product leaves empty.
    const settings = new PanelSettingsPage(page);
    const defaults = new PanelSafetyDefaults(page);
    await settings.goto();
    await defaults.fill({
      'Osoba odpowiedzialna w UE: nazwa': 'EU Rep GmbH',
      'Osoba odpowiedzialna w UE: e-mail lub strona': 'https://eurep.example.de',
    });
    await settings.save.click();
    await expect(settings.notice).toHaveText(
      'Zapisano ustawienia. Sklep pokaże zmiany w ciągu kilku sekund.',
    );
    expect(await allA11yViolations(page)).toEqual([]);

    try {
      const shop = new ProductSafetySection(page);
      await shop.goto(id);
      await expect(shop.vatNote('cena brutto, zawiera 5% VAT')).toBeVisible();
      await expect(shop.section.getByRole('heading', { level: 2 })).toHaveText('Bezpieczeństwo produktu');
      await expect(shop.value('Producent', 'Nazwa')).toHaveText('Fabryka Kubków Sp. z o.o.');
      await expect(shop.value('Producent', 'Adres')).toHaveText('ul. Gliniana 5, 30-001 Kraków');
      await expect(shop.section.getByRole('link', { name: 'kontakt@kubki.example.pl' })).toHaveAttribute(
        'href',
        'mailto:kontakt@kubki.example.pl',
      );
      await expect(shop.value('Osoba odpowiedzialna w UE', 'Nazwa')).toHaveText('EU Rep GmbH');
      await expect(shop.section.getByRole('link', { name: 'https://eurep.example.de' })).toBeVisible();
      await expect(shop.value('Identyfikatory produktu', 'EAN/GTIN')).toHaveText('5901234123457');
      await expect(shop.value('Identyfikatory produktu', 'Model')).toHaveText('KB-01');
      await expect(shop.section).toContainText('Nie używać w kuchence mikrofalowej.');
      const axe = await new AxeBuilder({ page }).analyze();
      expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
      // On a phone too: the section fits the width and stays accessible. (One test at both widths:
      // the club's defaults are shared, so a second project running alongside would race on them.)
      await page.setViewportSize({ width: 390, height: 844 });
      await shop.goto(id);
      await expect(shop.value('Producent', 'Adres')).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      const phoneAxe = await new AxeBuilder({ page }).analyze();
      expect(phoneAxe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    } finally {
      // The demo club's other products go back to showing no defaults.
      await settings.goto();
      await defaults.fill({
        'Osoba odpowiedzialna w UE: nazwa': '',
        'Osoba odpowiedzialna w UE: e-mail lub strona': '',
      });
      await settings.save.click();
      await expect(settings.notice).toHaveText(
        'Zapisano ustawienia. Sklep pokaże zmiany w ciągu kilku sekund.',
      );
    }
  });
});
