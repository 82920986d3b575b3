import type { Page } from '@playwright/test';
import { expect, seriousA11yViolations, test } from './fixtures.ts';

const SHOP = '/api/centauri/sklepyonline';

// axe takes several seconds per page, more when the machine is busy.
test.describe.configure({ timeout: 120_000 });

/** The header's cart link (count in brackets when above 0). */
const headerCart = (page: Page) => page.getByRole('banner').getByRole('link', { name: /koszyk/i });
const dialog = (page: Page) =>
  page.getByRole('dialog', { name: 'Produkt dodany poprawnie do Twojego koszyka' });
const addButton = (page: Page) => page.getByRole('button', { name: 'Dodaj do koszyka' });

/** A cart made through the API (plain fetch: no cookies, so no XSRF header needed), its guid put in localStorage. */
const seedCart = async (
  page: Page,
  baseURL: string,
  lines: { IdWyrob: number; Ilosc: number; Parametr?: { Id: number } | null }[],
) => {
  const res = await fetch(`${baseURL}${SHOP}/koszyk/`, {
    method: 'POST',
    headers: { organizacja: 'demo', 'content-type': 'application/json' },
    body: JSON.stringify(lines.map((l) => ({ Id: 0, Parametr: null, ...l }))),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const guid = (await res.text()).trim();
  await page.addInitScript((g) => window.localStorage.setItem('koszyk_guid', g), guid);
  return guid;
};

const czapkaParam = async (baseURL: string) => {
  const res = await fetch(`${baseURL}${SHOP}/pokazProdukt/22`, { headers: { organizacja: 'demo' } });
  const p = (await res.json()) as { Parametry: { Id: number }[] };
  return p.Parametry[0]!.Id;
};

test('shopper path: home → category → product → add with a parameter → cart → change → remove', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Sprawdź wszystkie' }).first().click();
  await expect(page).toHaveURL('/produkty');
  await expect(page).toHaveTitle('Produkty | MKS Sokół Demo');

  const tree = page.getByRole('navigation', { name: 'Kategorie' });
  await tree.getByRole('link', { name: /^Odzież/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Odzież' })).toBeVisible();
  await tree.getByRole('link', { name: /^Koszulki meczowe/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Koszulki meczowe' })).toBeVisible();

  await page.getByRole('link', { name: 'Szczegóły: Koszulka meczowa domowa 2026/27' }).click();
  await expect(page).toHaveURL('/produkt/1');
  await expect(page).toHaveTitle('Koszulka meczowa domowa 2026/27 | MKS Sokół Demo');

  await page.getByRole('combobox', { name: /Parametr/ }).selectOption('M');
  await page.getByRole('button', { name: 'Zwiększ ilość' }).click();
  await expect(page.getByRole('spinbutton', { name: 'Ilość' })).toHaveValue('2');
  await addButton(page).click();

  const added = dialog(page);
  await expect(added).toBeVisible();
  await expect(added.getByText('Koszulka meczowa domowa 2026/27 - M')).toBeVisible();
  await expect(added.getByText('289,99 zł')).toBeVisible();
  await expect(added.getByText('579,98 zł')).toBeVisible();
  await expect(added.locator('dd').nth(1)).toHaveText('2');
  await expect(added.locator('img')).toHaveAttribute('src', /wyrobzdjecie\/1\//);
  expect(await page.evaluate(() => window.localStorage.getItem('koszyk_guid'))).toMatch(/^[\w-]{10,}$/);
  await expect(headerCart(page)).toContainText('(2)');

  await added.getByRole('button', { name: 'Przejdź do realizacji zamówienia' }).click();
  await expect(added).toBeHidden();
  await expect(page).toHaveURL('/koszyk');
  await expect(page).toHaveTitle('Koszyk | MKS Sokół Demo');
  await expect(page.getByRole('heading', { level: 1, name: 'Koszyk' })).toBeVisible();

  const line = page.getByRole('listitem').filter({ hasText: 'Koszulka meczowa domowa 2026/27 - M' });
  await expect(line).toBeVisible();
  const qty = line.getByRole('spinbutton', { name: 'Ilość: Koszulka meczowa domowa 2026/27 - M' });
  await expect(qty).toHaveValue('2');
  // The line's maximum is the chosen size's stock (8 of the 40 shirts are size M), not the product's.
  await expect(qty).toHaveAttribute('max', '8');
  const total = page.getByTestId('cart-total');
  await expect(total).toHaveText('579,98 zł');

  // Changing the quantity sets the line's quantity on the server; the total follows.
  await line.getByRole('button', { name: 'Zwiększ ilość' }).click();
  await expect(qty).toHaveValue('3');
  await expect(total).toHaveText('869,97 zł');
  await expect(headerCart(page)).toContainText('(3)');
  await qty.fill('1');
  await expect(total).toHaveText('289,99 zł');
  await qty.fill('99');
  await expect(qty).toHaveValue('8');
  await expect(total).toHaveText('2 319,92 zł');

  // Reload: the server kept it.
  await page.reload();
  await expect(page.getByTestId('cart-total')).toHaveText('2 319,92 zł');

  await page.getByRole('button', { name: 'Usuń Koszulka meczowa domowa 2026/27 - M' }).click();
  await expect(page.getByText('Koszyk jest pusty')).toBeVisible();
  await expect(page.getByText('Razem')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Przejdź do realizacji zamówienia' })).toHaveCount(0);
  await expect(headerCart(page)).not.toContainText(/\(\d+\)/);
});

test('the summary leads to delivery and payment; empty cart without a summary', async ({ page, baseURL }) => {
  await page.goto('/koszyk');
  await expect(page.getByText('Koszyk jest pusty')).toBeVisible();
  await expect(page.getByText('Razem')).toHaveCount(0);

  await seedCart(page, baseURL!, [
    { IdWyrob: 17, Ilosc: 2 },
    { IdWyrob: 22, Ilosc: 1, Parametr: { Id: await czapkaParam(baseURL!) } },
  ]);
  await page.goto('/koszyk');
  await expect(page.getByRole('button', { name: /^Usuń / })).toHaveCount(2);
  await expect(page.getByRole('link', { name: 'Czapka z daszkiem - Uniwersalny' })).toBeVisible();
  await expect(page.getByTestId('cart-total')).toHaveText('199,97 zł');
  const go = page.getByRole('link', { name: 'Przejdź do realizacji zamówienia' });
  await expect(go).toHaveAttribute('href', '/dostawa-i-platnosc');
});

test('the dialog traps focus, closes with Esc and gives focus back to the add button', async ({ page }) => {
  await page.goto('/produkt/17');
  await addButton(page).click();
  const added = dialog(page);
  await expect(added).toBeVisible();
  await expect(added.getByText('Szalik klubowy tkany', { exact: true })).toBeVisible();
  await expect(added.getByRole('button', { name: 'Kontynuuj zakupy' })).toBeFocused();

  const focusInDialog = () => page.evaluate(() => Boolean(document.activeElement?.closest('dialog')));
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab');
    expect(await focusInDialog()).toBe(true);
  }
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Shift+Tab');
    expect(await focusInDialog()).toBe(true);
  }

  await page.keyboard.press('Escape');
  await expect(added).toBeHidden();
  await expect(addButton(page)).toBeFocused();
  await expect(page).toHaveURL('/produkt/17');

  // 'Kontynuuj zakupy' closes it too and the page stays.
  await addButton(page).click();
  await expect(added).toBeVisible();
  await added.getByRole('button', { name: 'Kontynuuj zakupy' }).click();
  await expect(added).toBeHidden();
  await expect(page).toHaveURL('/produkt/17');
  await expect(headerCart(page)).toContainText('(2)');
});

test('server errors of adding are shown in an alert (quantity above stock)', async ({ page }) => {
  // 'Szalik jedwabny „Derby”' has 3 in stock: 3 + 3 is more than the shop has.
  await page.goto('/produkt/19');
  await expect(page.getByText('Dostępne: 3 szt.')).toBeVisible();
  await page.getByRole('spinbutton', { name: 'Ilość' }).fill('3');
  await expect(page.getByRole('spinbutton', { name: 'Ilość' })).toHaveValue('3');
  await addButton(page).click();
  await dialog(page).getByRole('button', { name: 'Kontynuuj zakupy' }).click();
  await addButton(page).click();
  await expect(page.getByRole('alert')).toContainText('przekracza stan magazynowy');
  await expect(dialog(page)).toBeHidden();
});

test.describe('accessibility (axe: no serious or critical violations)', () => {
  test('product list @mobile', async ({ page }) => {
    await page.goto('/produkty');
    await expect(page.getByRole('heading', { level: 1, name: 'Produkty' })).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test('product page and the added-to-cart dialog @mobile', async ({ page }) => {
    await page.goto('/produkt/1');
    await expect(addButton(page)).toBeEnabled();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('combobox', { name: /Parametr/ }).selectOption('S');
    await addButton(page).click();
    await expect(dialog(page)).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test('cart with a line @mobile', async ({ page, baseURL }) => {
    await seedCart(page, baseURL!, [{ IdWyrob: 17, Ilosc: 1 }]);
    await page.goto('/koszyk');
    await expect(page.getByRole('button', { name: 'Usuń Szalik klubowy tkany' })).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
