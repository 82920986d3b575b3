// The press accreditation page (sub-page parameter 'akredytacja'), reached from the footer's
// sub-item of 'Kontakt' (menu 30 with its sub-items).
import { expect, outbox, seriousA11yViolations, test } from './fixtures.ts';

const SEND = 'Wyślij wniosek';

test.describe('press accreditation page', () => {
  test('the footer shows the sub-item of Kontakt and it leads to the accreditation page', async ({
    page,
  }) => {
    await page.goto('/');
    const menu = page.getByRole('contentinfo').getByRole('navigation', { name: 'Informacje' });
    const contact = menu
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: 'Kontakt', exact: true }) });
    const sub = contact.getByRole('list').getByRole('link', { name: 'Akredytacje prasowe' });
    await expect(sub).toHaveAttribute('href', '/akredytacja');
    await sub.click();
    await expect(page).toHaveURL(/\/akredytacja$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Akredytacje prasowe' })).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 2, name: 'Wniosek o akredytację prasową' }),
    ).toBeVisible();
  });

  test('bad input gets Polish messages at the fields; a good request is sent, the shop mailed, the form reset', async ({
    page,
  }) => {
    await page.goto('/akredytacja');
    const form = page.getByRole('region', { name: 'Wniosek o akredytację prasową' });
    const send = form.getByRole('button', { name: SEND });
    await expect(send).toBeEnabled();
    await send.click();
    // Imię, Nazwisko, E-mail and Redakcja are required; the rest are not.
    await expect(form.getByText('Pole wymagane')).toHaveCount(4);
    for (const label of ['Imię', 'Nazwisko', 'E-mail', 'Redakcja'])
      await expect(form.getByLabel(label)).toHaveAttribute('aria-invalid', 'true');
    for (const label of ['Telefon', 'Funkcja', 'Wydarzenie', 'Uwagi'])
      await expect(form.getByLabel(label)).not.toHaveAttribute('aria-invalid', 'true');
    // The first invalid field has the focus, so a keyboard user lands on it.
    await expect(form.getByLabel('Imię')).toBeFocused();

    await form.getByLabel('Imię').fill('Ewa');
    await form.getByLabel('Nazwisko').fill('Reporterska');
    await form.getByLabel('E-mail').fill('ewa@gazeta');
    await form.getByLabel('Redakcja').fill('Gazeta Sportowa');
    await expect(form.getByText('Wpisz poprawny adres e-mail')).toBeVisible();
    await send.click();
    await expect(form.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true');

    await form.getByLabel('E-mail').fill('ewa.e2e@gazeta.example.pl');
    await form.getByLabel('Telefon').fill('500 600 700');
    await form.getByLabel('Funkcja').fill('fotoreporterka');
    await form.getByLabel('Wydarzenie').fill('Mecz z Rywalem');
    await form.getByLabel('Uwagi').fill('Miejsce przy linii bocznej.');
    await expect(form.getByText('Pole wymagane')).toHaveCount(0);
    await send.click();
    await expect(
      form.getByRole('status').filter({ hasText: 'Wniosek akredytacyjny został wysłany.' }),
    ).toBeVisible();
    await expect(form.getByLabel('Imię')).toHaveValue('');
    await expect(form.getByLabel('Uwagi')).toHaveValue('');
    // The shop is told by e-mail, with the journalist's address to reply to.
    await expect
      .poll(
        () =>
          outbox
            .messages()
            .filter((m) => m.includes('Gazeta Sportowa') && m.includes('ewa.e2e@gazeta.example.pl')).length,
      )
      .toBeGreaterThan(0);
  });

  test('a refused request shows the server text and keeps what was typed', async ({ page }) => {
    await page.route('**/api/cms/stronyfrontend/send-formularz-akredytacyjny', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({ Message: 'Zbyt wiele prób. Spróbuj ponownie za chwilę.' }),
      }),
    );
    await page.goto('/akredytacja');
    const form = page.getByRole('region', { name: 'Wniosek o akredytację prasową' });
    await form.getByLabel('Imię').fill('Ewa');
    await form.getByLabel('Nazwisko').fill('Reporterska');
    await form.getByLabel('E-mail').fill('ewa@gazeta.example.pl');
    await form.getByLabel('Redakcja').fill('Gazeta Sportowa');
    await form.getByRole('button', { name: SEND }).click();
    await expect(form.getByRole('alert')).toHaveText('Zbyt wiele prób. Spróbuj ponownie za chwilę.');
    await expect(form.getByLabel('Redakcja')).toHaveValue('Gazeta Sportowa');
  });

  test('the accreditation page is accessible and fits a phone @mobile', async ({ page }) => {
    await page.goto('/akredytacja');
    const send = page.getByRole('button', { name: SEND });
    await expect(send).toBeEnabled();
    await send.click();
    await expect(page.getByText('Pole wymagane').first()).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({
      path: `/work/shots/T3/accreditation-${page.viewportSize()!.width}.png`,
      fullPage: true,
    });
  });
});
