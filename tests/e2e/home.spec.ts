import type { Page } from '@playwright/test';
import { expect, seriousA11yViolations, test } from './fixtures.ts';

const TITLE = 'Sklep kibica MKS Sokół';
const DESCRIPTION = 'Oficjalny sklep kibica MKS Sokół: koszulki meczowe, szaliki, gadżety i bilety.';
const AUTOPLAY_MS = 8000;

const carousel = (page: Page) => page.getByRole('region', { name: 'Wyróżnione' });
const bullet = (page: Page, n: number) => carousel(page).getByRole('button', { name: `Slajd ${n} z 3` });
const slides = (page: Page) => carousel(page).locator('[aria-roledescription="slide"]');

/** The page has hydrated once the account links (read from localStorage) are there. */
const hydrated = (page: Page) =>
  expect(page.getByRole('banner').locator('a[href="/logowanie"]').first()).toBeAttached();

const expectCurrent = async (page: Page, n: number) => {
  await expect(bullet(page, n)).toHaveAttribute('aria-current', 'true');
  await expect(slides(page).nth(n - 1)).toHaveAttribute('data-current', 'true');
  await expect(slides(page).nth(n - 1)).not.toHaveAttribute('inert', /.*/);
  for (const other of [1, 2, 3].filter((i) => i !== n)) {
    await expect(bullet(page, other)).not.toHaveAttribute('aria-current', /.*/);
    await expect(slides(page).nth(other - 1)).toHaveAttribute('inert', /.*/);
  }
};

/** Mouse off the banner and focus outside it, so nothing pauses the autoplay. */
const leaveBanner = async (page: Page) => {
  await page.mouse.move(5, (page.viewportSize()?.height ?? 900) - 5);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
};

test('home page shows the shop, its products and prices', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(TITLE);
  await expect(page.getByRole('heading', { name: 'Wszystkie produkty' })).toBeVisible();
  await expect(page.getByText('Koszulka meczowa domowa 2026/27').first()).toBeVisible();
  await expect(page.getByText('289,99 zł').first()).toBeVisible();
  const block = page.getByRole('region', { name: 'Wszystkie produkty' });
  await expect(block.getByRole('listitem')).toHaveCount(8);
  await expect(block.getByRole('link', { name: 'Sprawdź wszystkie' })).toHaveAttribute('href', '/produkty');
  expect(await seriousA11yViolations(page)).toEqual([]);
});

test('title, description and banner are in the server HTML', async ({ request }) => {
  const res = await request.get('/');
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toContain(`<title>${TITLE}</title>`);
  expect(html).toContain(`<meta name="description" content="${DESCRIPTION}"/>`);
  expect(html).toContain('aria-roledescription="carousel"');
  expect(html).toContain('Nowe koszulki meczowe 2026/27');
  expect(html).toMatch(
    // Attribute names are case-insensitive in HTML (srcset / srcSet).
    /<source media="\(max-width: 639px\)" srcset="\/static\/demo\/panelbanerygrafika\/\d+\/\d+\/baner-1-mobile\.jpg"/i,
  );
  expect(html).toContain('Wszystkie produkty');
});

test('banner slides: images, text, links in a new tab', async ({ page }) => {
  await page.goto('/');
  await expect(slides(page)).toHaveCount(3);
  const first = slides(page).nth(0);
  const img = first.locator('img');
  await expect(img).toHaveAttribute('src', /^\/static\/demo\/panelbanerygrafika\/\d+\/\d+\/baner-1\.jpg$/);
  await expect(img).toHaveAttribute('loading', 'eager');
  await expect(img).toHaveAttribute('fetchpriority', 'high');
  await expect(slides(page).nth(1).locator('img')).toHaveAttribute('loading', 'lazy');
  // Phones get their own image; every browser here takes the WebP copies before the JPEGs.
  await expect(first.locator('source')).toHaveCount(3);
  await expect(first.locator('source').first()).toHaveAttribute('media', '(max-width: 639px)');
  await expect(first.locator('source').first()).toHaveAttribute('type', 'image/webp');
  await expect
    .poll(() => img.evaluate((i: HTMLImageElement) => i.currentSrc))
    .toMatch(/\/baner-1(-mobile)?\.webp$/);
  await expect(first.getByRole('heading', { name: 'Nowe koszulki meczowe 2026/27' })).toBeVisible();
  await expect(first).toContainText('Zagraj w barwach klubu. Dostępne wszystkie rozmiary.');
  const link = first.getByRole('link');
  await expect(link).toHaveAttribute('href', '/produkty');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  // Height: Wysokosc (520 px) on a wide screen, capped at 610.
  const box = await carousel(page).boundingBox();
  if ((page.viewportSize()?.width ?? 0) >= 1200) expect(Math.round(box!.height)).toBe(520);
});

test('banner bullets, arrows and keyboard switch slides, looping', async ({ page }) => {
  await page.goto('/');
  await hydrated(page);
  await expectCurrent(page, 1);
  await bullet(page, 2).click();
  await expectCurrent(page, 2);
  await bullet(page, 3).click();
  await expectCurrent(page, 3);
  await carousel(page).getByRole('button', { name: 'Następny slajd' }).click();
  await expectCurrent(page, 1);
  await carousel(page).getByRole('button', { name: 'Poprzedni slajd' }).click();
  await expectCurrent(page, 3);
  // Arrow keys on a focused bullet move the slide and the focus.
  await bullet(page, 3).focus();
  await page.keyboard.press('ArrowRight');
  await expectCurrent(page, 1);
  await expect(bullet(page, 1)).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expectCurrent(page, 3);
});

test('banner autoplays every 8 s and loops', async ({ page }) => {
  await page.clock.install();
  await page.goto('/');
  await hydrated(page);
  await leaveBanner(page);
  await expectCurrent(page, 1);
  await page.clock.fastForward(AUTOPLAY_MS);
  await expectCurrent(page, 2);
  await page.clock.fastForward(AUTOPLAY_MS);
  await expectCurrent(page, 3);
  await page.clock.fastForward(AUTOPLAY_MS);
  await expectCurrent(page, 1);
});

test('banner pauses on hover and with the pause button', async ({ page }) => {
  await page.clock.install();
  await page.goto('/');
  await hydrated(page);
  const box = (await carousel(page).boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + 40);
  await page.clock.fastForward(AUTOPLAY_MS * 2);
  await expectCurrent(page, 1);
  await leaveBanner(page);
  await page.clock.fastForward(AUTOPLAY_MS);
  await expectCurrent(page, 2);

  // WCAG 2.2.2: the pause button stops it for good, play resumes.
  const pause = carousel(page).getByRole('button', { name: 'Zatrzymaj automatyczne przewijanie' });
  await pause.click();
  const play = carousel(page).getByRole('button', { name: 'Wznów automatyczne przewijanie' });
  await expect(play).toBeVisible();
  await leaveBanner(page);
  await page.clock.fastForward(AUTOPLAY_MS * 3);
  await expectCurrent(page, 2);
  await play.click();
  await leaveBanner(page);
  await page.clock.fastForward(AUTOPLAY_MS);
  await expectCurrent(page, 3);
});

test('banner pauses while focus is inside it', async ({ page }) => {
  await page.clock.install();
  await page.goto('/');
  await hydrated(page);
  await page.mouse.move(5, 880);
  await bullet(page, 1).focus();
  await page.clock.fastForward(AUTOPLAY_MS * 2);
  await expectCurrent(page, 1);
});

test('no autoplay with prefers-reduced-motion', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.clock.install();
  await page.goto('/');
  await hydrated(page);
  await leaveBanner(page);
  await expect(carousel(page).getByRole('button', { name: 'Wznów automatyczne przewijanie' })).toBeVisible();
  await page.clock.fastForward(AUTOPLAY_MS * 2);
  await expectCurrent(page, 1);
});

test('home layout does not shift while loading', async ({ page }) => {
  await page.addInitScript(() => {
    (window as unknown as { __cls: number }).__cls = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
        if (!e.hadRecentInput) (window as unknown as { __cls: number }).__cls += e.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/');
  await hydrated(page);
  await page.waitForLoadState('load');
  await page.waitForTimeout(500);
  const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
  expect(cls).toBeLessThan(0.02);
});

test('home page is accessible and fits a phone @mobile', async ({ page }) => {
  await page.goto('/');
  await hydrated(page);
  await expect(carousel(page)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Wszystkie produkty' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await seriousA11yViolations(page)).toEqual([]);
});

test('unknown pages answer 404 with the Polish page', async ({ page }) => {
  const res = await page.goto('/nie-ma-takiej-strony');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Nie znaleziono strony' })).toBeVisible();
});
