import { expect, seriousA11yViolations, test } from './fixtures.ts';
import { allA11yViolations, logInToPanel, PanelLayout } from './pages/panel.ts';
import { NotifyForm, productIdByName, RETRO } from './pages/stock-alerts.ts';

// Three axe runs and a panel login: slow on a busy machine.
test.describe.configure({ timeout: 120_000 });

const unique = () => Date.now().toString(36) + Math.random().toString(36).slice(2, 5);

// Tagged @mobile: it runs at 1280 (desktop project) and at 390 (mobile project).
test.describe('back-in-stock alerts @mobile', () => {
  test('a fan asks to be told when a sold-out size returns, sees the confirmation, and can withdraw', async ({
    page,
  }) => {
    const id = await productIdByName(page, RETRO);
    await page.goto(`/produkt/${id}`);
    const form = new NotifyForm(page);
    await expect(form.section()).toBeVisible();
    // Only the sold-out sizes are offered, after the placeholder.
    await expect(form.section().getByRole('option')).toHaveText(['Wybierz wariant', 'S', 'XXL']);

    // Without the consent: refused in Polish, announced as an alert.
    await form.ask({ variant: 'S', email: `fan-${unique()}@example.pl`, consent: false });
    await expect(form.section().getByRole('alert')).toHaveText(
      'Zaznacz zgodę, abyśmy mogli napisać do Ciebie, gdy produkt wróci.',
    );
    expect(await seriousA11yViolations(page)).toEqual([]);

    await form.ask({ variant: 'S', email: `fan-${unique()}@example.pl` });
    await form.expectConfirmed();
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The confirmation's link: a page that only shows the alert until its button is pressed.
    await form.section().getByRole('link', { name: 'Rezygnuję z powiadomienia' }).click();
    await expect(page.getByRole('heading', { name: 'Powiadomienie o dostępności' })).toBeVisible();
    await expect(page.getByText(`Czekasz na powiadomienie o powrocie: ${RETRO} (S).`)).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Wypisz mnie z tego powiadomienia' }).click();
    await expect(page.getByRole('status')).toHaveText(
      'Wypisaliśmy ten adres: nie wyślemy powiadomienia o tym produkcie.',
    );
  });

  test('without JavaScript the browser’s own posts sign up and withdraw', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    const id = await productIdByName(page, RETRO);
    await page.goto(`/produkt/${id}`);
    const form = new NotifyForm(page);
    await form.ask({ variant: 'XXL', email: `bez-js-${unique()}@example.pl` });
    await form.expectConfirmed();
    await form.section().getByRole('link', { name: 'Rezygnuję z powiadomienia' }).click();
    await page.getByRole('button', { name: 'Wypisz mnie z tego powiadomienia' }).click();
    await expect(page.getByRole('status')).toHaveText(
      'Wypisaliśmy ten adres: nie wyślemy powiadomienia o tym produkcie.',
    );
    await context.close();
  });

  test('the manager sees how many fans wait for each sold-out size', async ({ page }) => {
    const id = await productIdByName(page, RETRO);
    await logInToPanel(page);
    await page.goto(`/panel/produkty/${id}`);
    await expect(new PanelLayout(page).heading(`Produkt: ${RETRO}`)).toBeVisible();
    const waiting = page.getByRole('region', { name: 'Czekają na powiadomienie o dostępności' });
    // The demo's two fans, and any the other test added.
    await expect(waiting.getByRole('listitem').filter({ hasText: /^S: \d+ os/ })).toBeVisible();
    expect(await allA11yViolations(page)).toEqual([]);
  });
});
