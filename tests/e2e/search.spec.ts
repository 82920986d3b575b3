import { join } from 'node:path';
import { expect, test } from './fixtures.ts';
import { allA11yViolations } from './pages/panel.ts';
import { SearchBox, SearchResultsPage } from './pages/search.ts';

// axe takes several seconds per page, more when the machine is busy.
test.describe.configure({ timeout: 120_000 });

/** Screenshots to look at (SHOTS_DIR, e.g. /tmp/shots-search), named by viewport width. */
const shot = async (page: import('@playwright/test').Page, name: string) => {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: join(dir, `${name}-${width}.png`), fullPage: false });
};

test.describe('search', () => {
  test('suggests products typed without Polish letters and opens the one chosen with the keyboard @mobile', async ({
    page,
  }) => {
    await page.goto('/');
    const box = new SearchBox(page);
    await box.type('szalik dziec');
    await expect(box.suggestions).toBeVisible();
    await expect(box.field).toHaveAttribute('aria-expanded', 'true');
    const first = box.option('Szalik dziecięcy');
    await expect(first).toBeVisible();
    await shot(page, 'suggestions');
    expect(await allA11yViolations(page)).toEqual([]);

    await box.field.press('ArrowDown');
    const chosen = await box.field.getAttribute('aria-activedescendant');
    expect(chosen).toBeTruthy();
    await expect(page.locator(`[id="${chosen}"]`)).toHaveAttribute('aria-selected', 'true');
    await box.field.press('Escape');
    await expect(box.suggestions).toBeHidden();
    await expect(box.field).toHaveAttribute('aria-expanded', 'false');
    await box.field.press('ArrowDown');
    await expect(box.suggestions).toBeVisible();
    await expect(box.option('Szalik dziecięcy')).toHaveAttribute('aria-selected', 'true');
    await box.field.press('Enter');
    await expect(page).toHaveURL(/\/produkt\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Szalik dziecięcy' })).toBeVisible();
  });

  test('submitting goes to the results page, which finds a query with one typo @mobile', async ({ page }) => {
    await page.goto('/produkty');
    const box = new SearchBox(page);
    await box.type('pilka meczowa');
    await box.field.press('Enter');
    await expect(page).toHaveURL(/\/szukaj\?q=pilka(\+|%20)meczowa$/);
    const results = new SearchResultsPage(page);
    await expect(results.heading).toHaveText('Wyniki wyszukiwania dla „pilka meczowa”');
    await expect(results.result('Piłka meczowa replika')).toBeVisible();
    await expect(page).toHaveTitle(/^Wyniki wyszukiwania dla „pilka meczowa”/);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expect(box.field).toHaveValue('pilka meczowa');

    // One letter missing, no Polish letters.
    await results.goto('szalik dziececy');
    await expect(results.heading).toHaveText('Wyniki wyszukiwania dla „szalik dziececy”');
    await expect(results.result('Szalik dziecięcy')).toBeVisible();
    await expect(results.count).toBeVisible();
    await shot(page, 'results');
    expect(await allA11yViolations(page)).toEqual([]);
  });

  test('says so when nothing is found, with a link to every product', async ({ page }) => {
    const results = new SearchResultsPage(page);
    await results.goto('xqzxqz');
    await expect(results.nothingFound).toBeVisible();
    await expect(results.results).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'wszystkie produkty' })).toHaveAttribute('href', '/produkty');
    await shot(page, 'empty');
    expect(await allA11yViolations(page)).toEqual([]);
  });

  test('pages through many results', async ({ page }) => {
    const results = new SearchResultsPage(page);
    await results.goto('koszulka');
    await expect(results.results.first()).toBeVisible();
    // The demo club has fewer than one page of shirts: no paging links then.
    const next = page.getByRole('link', { name: 'Następna strona' });
    if ((await results.results.count()) < 24) await expect(next).toHaveCount(0);
    else {
      await expect(next).toHaveAttribute('rel', 'next');
      await next.click();
      await expect(page.getByRole('link', { name: 'Poprzednia strona' })).toHaveAttribute('rel', 'prev');
    }
  });

  test('works without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    const box = new SearchBox(page);
    await box.field.fill('zimowa czapka');
    await box.submit.click();
    await expect(page).toHaveURL(/\/szukaj\?q=zimowa(\+|%20)czapka$/);
    await expect(new SearchResultsPage(page).result('Czapka zimowa z pomponem')).toBeVisible();
    await context.close();
  });
});
