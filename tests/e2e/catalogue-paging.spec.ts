// Product list paging and sorting: a category of 70 products, made for the run
// through the panel API in the second demo club (FC Rywal, rywal.localhost), so the demo club's
// counts, home page and sitemap that other specs check in parallel never see them; archived and
// removed afterwards. Page 1 has 64 tiles and the total, 'Następna' leads to ?strona=2, rel
// prev/next and canonical in the head, price sorting, the 'Brak' badge, axe, 390 and 1280 px.
import { mkdirSync } from 'node:fs';
import { expect, test } from './fixtures.ts';
import { CatalogueAdmin, ProductListPage } from './pages/catalogue.ts';
import { allA11yViolations } from './pages/panel.ts';
import { clubOwner } from './pages/panel-commerce.ts';

const SHOTS = process.env.PAGING_SHOTS_DIR ?? '/tmp/shots-paging';
mkdirSync(SHOTS, { recursive: true });

const PRODUCTS = 70;
/** Initials in the Polish alphabet's order, then shuffled into the products. */
const INITIALS = ['Bidon', 'Czapka', 'Ćwiczenia', 'Lampka', 'Łapacz', 'Smycz', 'Śpiwór', 'Zegar', 'Żel'];

test.describe.configure({ mode: 'serial', timeout: 120_000 });

let admin: CatalogueAdmin;
let categoryId: number;
let origin: string;
const productIds: number[] = [];
/** The first product made: first in the list order, sold out. */
let soldOutName: string;

test.beforeAll(async ({ baseURL }, info) => {
  test.setTimeout(180_000);
  origin = baseURL!.replace('//localhost', '//rywal.localhost');
  admin = new CatalogueAdmin(baseURL!, 'rywal');
  await admin.logIn(clubOwner('rywal'));
  // Each project (desktop, mobile) runs this in its own worker: names of its own.
  const suffix = `${info.project.name} ${Date.now() % 100_000}`;
  categoryId = await admin.createCategory(`Stronicowanie E2E ${suffix}`);
  for (let i = 1; i <= PRODUCTS; i++) {
    const name = `${INITIALS[(i * 5) % INITIALS.length]} E2E ${String(i).padStart(2, '0')}`;
    if (i === 1) soldOutName = name;
    // Distinct prices in no particular order: 10.99 zł .. 79.99 zł.
    const price = 10 + ((i * 37) % PRODUCTS) + 0.99;
    productIds.push(await admin.createProduct({ name, price, stock: i === 1 ? 0 : 5, categoryId }));
  }
});

test.afterAll(async () => {
  await admin?.removeAll(productIds, categoryId);
});

test('page 1 shows 64 tiles and the total; Następna leads to ?strona=2 with the rest; rel prev/next', async ({
  page,
}) => {
  const list = new ProductListPage(page, origin);
  expect(await list.goto(categoryId)).toBe(200);
  await expect(list.count).toHaveText('70 produktów · Strona 1 z 2');
  await expect(list.tiles).toHaveCount(64);
  await expect(list.pageLink(1)).toHaveAttribute('aria-current', 'page');
  await expect(list.pageLink(2)).not.toHaveAttribute('aria-current', /.*/);
  await expect(list.previous).toHaveCount(0);
  expect(await list.headLink('canonical')).toBe(list.url(categoryId));
  expect(await list.headLink('next')).toBe(list.url(categoryId, '?strona=2'));
  expect(await list.headLink('prev')).toBeNull();

  await list.next.click();
  await expect(page).toHaveURL(list.url(categoryId, '?strona=2'));
  await expect(list.tiles).toHaveCount(PRODUCTS - 64);
  await expect(list.count).toHaveText('70 produktów · Strona 2 z 2');
  await expect(list.pageLink(2)).toHaveAttribute('aria-current', 'page');
  await expect(list.next).toHaveCount(0);
  await expect(list.previous).toHaveAttribute('href', `/produkty/${categoryId}`);

  // The server's HTML (not only after hydration) carries the links of the page.
  await page.reload();
  expect(await list.headLink('canonical')).toBe(list.url(categoryId, '?strona=2'));
  expect(await list.headLink('prev')).toBe(list.url(categoryId));
  expect(await list.headLink('next')).toBeNull();
  // Fetched in the page: the runner cannot resolve *.localhost names.
  const html = await page.evaluate(async (u) => (await fetch(u)).text(), list.url(categoryId, '?strona=2'));
  expect(html).toContain(`<link rel="prev" href="${list.url(categoryId)}"/>`);
  await page.screenshot({ path: `${SHOTS}/page2-1280.png`, fullPage: true });
  expect(await allA11yViolations(page)).toEqual([]);

  // One address per page: page 1 by its name redirects, pages past the last and junk are 404s.
  await list.goto(categoryId, '?strona=1');
  await expect(page).toHaveURL(list.url(categoryId));
  for (const bad of ['?strona=3', '?strona=0', '?strona=abc', '?sortuj=cena'])
    expect(await list.goto(categoryId, bad), bad).toBe(404);
});

test('sorting by price ascending orders the tiles on every page; the order survives paging', async ({
  page,
}) => {
  const list = new ProductListPage(page, origin);
  await list.goto(categoryId);
  await expect(list.sort).toHaveValue('domyslne');
  await list.sortBy('Cena: od najniższej');
  await expect(page).toHaveURL(list.url(categoryId, '?sortuj=cena-rosnaco'));
  await expect(list.sort).toHaveValue('cena-rosnaco');
  await expect(list.tiles).toHaveCount(64);
  const first = await list.prices();
  expect(first).toEqual([...first].sort((a, b) => a - b));
  expect(first[0]).toBe(10.99);
  expect(await list.headLink('next')).toBe(list.url(categoryId, '?sortuj=cena-rosnaco&strona=2'));
  // The canonical address leaves the order out.
  expect(await list.headLink('canonical')).toBe(list.url(categoryId));

  await list.next.click();
  await expect(page).toHaveURL(list.url(categoryId, '?sortuj=cena-rosnaco&strona=2'));
  await expect(list.tiles).toHaveCount(6);
  const second = await list.prices();
  expect(second).toEqual([74.99, 75.99, 76.99, 77.99, 78.99, 79.99]);
  await expect(list.sort).toHaveValue('cena-rosnaco');
  await expect(list.previous).toHaveAttribute('href', `/produkty/${categoryId}?sortuj=cena-rosnaco`);

  // Descending, then back to the shop's own order (its address has no parameters).
  await list.sortBy('Cena: od najwyższej');
  await expect(page).toHaveURL(list.url(categoryId, '?sortuj=cena-malejaco'));
  expect((await list.prices())[0]).toBe(79.99);
  await list.sortBy('Domyślnie');
  await expect(page).toHaveURL(list.url(categoryId));
  expect(await allA11yViolations(page)).toEqual([]);
});

test('without JavaScript the sort form and the page links work', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    const list = new ProductListPage(page, origin);
    await list.goto(categoryId, '?strona=2');
    await list.sortBy('Nazwa: od A do Z');
    await expect(page).toHaveURL(list.url(categoryId, '?sortuj=nazwa'));
    const names = await list.names();
    expect(names[0]).toMatch(/^Bidon/);
    expect(names.findIndex((n) => n.startsWith('Ćwiczenia'))).toBeGreaterThan(
      names.findLastIndex((n) => n.startsWith('Czapka')),
    );
    expect(names.findIndex((n) => n.startsWith('Łapacz'))).toBeGreaterThan(
      names.findLastIndex((n) => n.startsWith('Lampka')),
    );
    await list.next.click();
    await expect(page).toHaveURL(list.url(categoryId, '?sortuj=nazwa&strona=2'));
    expect((await list.names()).at(-1)).toMatch(/^Żel/);
    // The form sends the default order by name too: redirected to the address without it.
    await list.sortBy('Domyślnie');
    await expect(page).toHaveURL(list.url(categoryId));
  } finally {
    await context.close();
  }
});

test('a sold-out product has a Brak badge read as Brak na magazynie', async ({ page }) => {
  const list = new ProductListPage(page, origin);
  await list.goto(categoryId);
  const tile = list.tile(soldOutName);
  await expect(tile).toHaveCount(1);
  const badge = tile.getByText('Brak na magazynie');
  await expect(badge).toBeVisible();
  // Seen: 'Brak'; the rest is for screen readers only.
  expect(await badge.evaluate((el) => el.firstChild?.textContent)).toBe('Brak');
  await expect(badge.locator('.sr-only')).toHaveText('na magazynie');
  // Only that one: every other product has stock.
  await expect(list.tiles.filter({ hasText: 'Brak na magazynie' })).toHaveCount(1);
  await tile.screenshot({ path: `${SHOTS}/sold-out-tile-1280.png` });
  expect(await allA11yViolations(page)).toEqual([]);
});

test('@mobile page 2 at 390 px: pagination and sort fit, no horizontal scrolling, axe', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const list = new ProductListPage(page, origin);
  await list.goto(categoryId, '?sortuj=cena-rosnaco&strona=2');
  await expect(list.tiles).toHaveCount(6);
  await expect(list.pagination).toBeVisible();
  await expect(list.sort).toBeVisible();
  expect(await list.overflow()).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SHOTS}/page2-390.png`, fullPage: true });
  await list.previous.click();
  await expect(page).toHaveURL(list.url(categoryId, '?sortuj=cena-rosnaco'));
  await expect(list.tiles).toHaveCount(64);
  expect(await allA11yViolations(page)).toEqual([]);
});
