import type { Page, Route } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/** Account links appear after hydration (the session lives in localStorage). */
const hydrated = (page: Page) =>
  expect(page.getByRole('banner').getByRole('link', { name: 'Zaloguj', exact: true })).toBeVisible();

/** Holds the page's images until released, and records when each script was asked for. */
const holdImages = async (page: Page) => {
  const held: Route[] = [];
  const scripts: { url: string; at: number }[] = [];
  let releasedAt = Number.POSITIVE_INFINITY;
  await page.route('**/*', (route) => {
    if (route.request().resourceType() !== 'image' || Number.isFinite(releasedAt)) return route.continue();
    held.push(route);
  });
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push({ url: r.url(), at: Date.now() });
  });
  return {
    scripts,
    held,
    release: async () => {
      releasedAt = Date.now();
      for (const r of held.splice(0)) await r.continue();
    },
    get releasedAt() {
      return releasedAt;
    },
  };
};

// Decision 91: the scripts only hydrate a page readable without them, so they wait for the first
// screen's images (the largest paint) instead of sharing a phone's bandwidth with them.
test('a product page fetches its scripts after its first photo, then hydrates', async ({ page }) => {
  const images = await holdImages(page);
  await page.goto('/produkt/1', { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => images.held.length).toBeGreaterThan(0);
  await page.waitForTimeout(500);
  expect(images.scripts).toEqual([]);
  await images.release();
  await hydrated(page);
  expect(images.scripts.length).toBeGreaterThan(0);
  for (const s of images.scripts) expect(s.at).toBeGreaterThanOrEqual(images.releasedAt);
});

test('a key pressed before the photos are in starts the scripts at once', async ({ page }) => {
  const images = await holdImages(page);
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await expect.poll(() => images.held.length).toBeGreaterThan(0);
  await page.keyboard.press('Tab');
  await hydrated(page);
  expect(images.held.length).toBeGreaterThan(0);
  await images.release();
});

test('a button tapped before the page is interactive does what it says once it is', async ({ page }) => {
  const images = await holdImages(page);
  await page.goto('/produkt/1', { waitUntil: 'domcontentloaded' });
  const second = page.getByRole('button', { name: 'Pokaż zdjęcie 2 z 3' });
  await second.click();
  await hydrated(page);
  await expect(second).toHaveAttribute('aria-current', 'true');
  await images.release();
});
