import { expect, seriousA11yViolations, test } from './fixtures.ts';

test('home page shows the shop, its products and prices', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Sklep kibica MKS Sokół');
  await expect(page.getByRole('heading', { name: 'Wszystkie produkty' })).toBeVisible();
  await expect(page.getByText('Koszulka meczowa domowa 2026/27').first()).toBeVisible();
  await expect(page.getByText('289,99 zł').first()).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
});

test('unknown pages answer 404 with the Polish page', async ({ page }) => {
  const res = await page.goto('/nie-ma-takiej-strony');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Nie znaleziono strony' })).toBeVisible();
});
