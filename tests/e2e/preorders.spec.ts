import { expect, seriousA11yViolations, test } from './fixtures.ts';
import { ThankYouPage } from './pages/checkout.ts';
import { allA11yViolations, logInToPanel } from './pages/panel.ts';
import { demoPreorder, PanelPreordersPage, PREORDER_SHIRT, preorderLabel } from './pages/preorders.ts';

// Tagged @mobile: it runs at 1280 (desktop project) and at 390 (mobile project).
test.describe('pre-orders @mobile', () => {
  test('a fan buys a pre-order size and sees its date on the product page, in the cart and the summary; the manager sees the order to send', async ({
    page,
    baseURL,
  }) => {
    // A whole purchase and a panel login on a shared machine: more than the default minute.
    test.slow();
    const { id, date } = await demoPreorder(baseURL!);
    await page.goto(`/produkt/${id}`);
    const size = page.getByRole('combobox', { name: /^Parametr/ });
    await expect(size.locator('option', { hasText: 'M (przedsprzedaż)' })).toBeEnabled();
    await size.selectOption({ label: 'M (przedsprzedaż)' });
    await expect(page.getByText(preorderLabel(date))).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Dodaj do koszyka' }).click();
    await expect(page.getByRole('dialog')).toContainText(`${PREORDER_SHIRT} - M`);

    await page.goto('/koszyk');
    await expect(page.getByText(preorderLabel(date))).toBeVisible();
    await expect(page.getByTestId('preorder-note')).toHaveText(
      `Produkty z przedsprzedaży wyślemy, gdy dotrą do nas (ok. ${date}).`,
    );
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Przejdź do realizacji zamówienia' }).click();
    await page.getByRole('textbox', { name: /^Imię i nazwisko \/ Nazwa firmy/ }).fill('Anna Kibic');
    await page.getByRole('textbox', { name: /^Ulica i nr/ }).fill('ul. Stadionowa 7/2');
    await page.getByRole('textbox', { name: /^Kod pocztowy/ }).fill('00-001');
    await page.getByRole('textbox', { name: /^Miasto/ }).fill('Warszawa');
    await page.getByRole('textbox', { name: /^Telefon/ }).fill('600 100 200');
    await page.getByRole('textbox', { name: /^E-mail/ }).fill(`przedsprzedaz.${Date.now()}@example.pl`);
    await page.getByRole('radio', { name: /Kurier DPD/ }).check();
    await page.getByRole('radio', { name: 'Płatność przy odbiorze' }).check();
    await page.getByRole('button', { name: 'Przejdź do podsumowania' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Podsumowanie zamówienia' })).toBeVisible();
    const summary = page.getByRole('region', { name: 'Twoje zamówienie' });
    await expect(summary.getByText(preorderLabel(date))).toBeVisible();
    await expect(summary.getByTestId('preorder-note')).toContainText(`ok. ${date}`);
    await page.getByRole('checkbox', { name: /Znam i akceptuję regulamin sklepu/ }).check();
    await page.getByRole('button', { name: 'Zamawiam i płacę' }).click();
    const thanks = new ThankYouPage(page);
    await expect(thanks.heading).toBeVisible();
    const number = (await thanks.fact('Numer zamówienia').textContent())!.trim();

    await logInToPanel(page);
    const preorders = new PanelPreordersPage(page);
    await preorders.goto();
    const card = preorders.variant(`${PREORDER_SHIRT} – M`);
    await expect(card.getByRole('link', { name: number })).toBeVisible();
    await expect(card.getByLabel('Limit sztuk')).toHaveValue('50');
    expect(await allA11yViolations(page)).toEqual([]);
    // Keyboard: the order's link is reached with Tab and opens the order.
    await card.getByRole('link', { name: number }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/panel\/zamowienia\/\d+$/);
    await expect(page.getByText(preorderLabel(date)).locator('visible=true').first()).toBeVisible();
  });
});
