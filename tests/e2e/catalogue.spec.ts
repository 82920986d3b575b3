import type { APIRequestContext, Page } from '@playwright/test';
import { expect, seriousA11yViolations, test } from './fixtures.ts';
import { orderLimitsLock } from './pages/checkout.ts';

/** "43 produkty", "45 produktów": the count as the list shows it, with the Polish plural. */
const productCount = (n: number) => {
  const few = n % 10 >= 2 && n % 10 <= 4 && !(n % 100 >= 12 && n % 100 <= 14);
  return `${n} ${n === 1 ? 'produkt' : few ? 'produkty' : 'produktów'}`;
};

const SHOP = '/api/centauri/sklepyonline';

// axe takes several seconds per page, more when the machine is busy.
test.describe.configure({ timeout: 120_000 });
const DEMO = { organizacja: 'demo' };

type Category = { Id: number; IdParent: number | null; Name: string };

/** Categories and per-category counts of the demo shop, as the API reports them. */
const catalogue = async (request: APIRequestContext) => {
  const [cats, counts] = await Promise.all([
    request.get(`${SHOP}/pobierzKatalogi`, { headers: DEMO }).then((r) => r.json() as Promise<Category[]>),
    request
      .get(`${SHOP}/getiloscwyrobowdlakatalogu/`, { headers: DEMO })
      .then((r) => r.json() as Promise<Record<string, number>>),
  ]);
  const byName = (name: string) => {
    const c = cats.find((x) => x.Name === name);
    if (!c) throw new Error(`no category ${name}`);
    return { ...c, count: counts[String(c.Id)] ?? 0 };
  };
  return { cats, counts, byName };
};

const tree = (page: Page) => page.getByRole('navigation', { name: 'Kategorie' });
const productsList = (page: Page) =>
  page.getByRole('region', { name: 'Lista produktów' }).getByRole('listitem');
const quantity = (page: Page) => page.getByRole('spinbutton', { name: 'Ilość' });
const minus = (page: Page) => page.getByRole('button', { name: 'Zmniejsz ilość' });
const plus = (page: Page) => page.getByRole('button', { name: 'Zwiększ ilość' });
const addButton = (page: Page) => page.getByRole('button', { name: 'Dodaj do koszyka' });
/** The demo club's quantity limit is shared with specs that raise it for a while. */
const limits = orderLimitsLock();

test.describe('product list', () => {
  test('shows the number of products, the tree with counts and filters by category with subcategories', async ({
    page,
    request,
  }) => {
    const { byName } = await catalogue(request);
    const all = (await (
      await request.get(`${SHOP}/getProdukty/0/64`, { headers: DEMO })
    ).json()) as unknown[];

    await page.goto('/produkty');
    await expect(page).toHaveTitle('Produkty | MKS Sokół Demo');
    await expect(page.getByRole('heading', { level: 1, name: 'Produkty' })).toBeVisible();
    await expect(page.getByText(productCount(all.length))).toBeVisible();
    await expect(productsList(page)).toHaveCount(all.length);
    await expect(tree(page).getByRole('link', { name: 'Pokaż wszystko' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    // A parent category lists its subcategories' products too.
    const clothes = byName('Odzież');
    await tree(page)
      .getByRole('link', { name: `Odzież (${clothes.count})` })
      .click();
    await expect(page).toHaveURL(`/produkty/${clothes.Id}`);
    await expect(page).toHaveTitle('Odzież | MKS Sokół Demo');
    await expect(page.getByRole('heading', { level: 1, name: 'Odzież' })).toBeVisible();
    await expect(page.getByText(productCount(clothes.count))).toBeVisible();
    await expect(productsList(page)).toHaveCount(clothes.count);
    await expect(page.getByRole('link', { name: 'Body niemowlęce', exact: true })).toBeVisible();
    await expect(
      page.getByRole('link', { name: 'Koszulka meczowa domowa 2026/27', exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: /Szalik klubowy tkany/ })).toHaveCount(0);
    await expect(tree(page).getByRole('link', { name: /^Odzież/ })).toHaveAttribute('aria-current', 'page');

    // The current branch starts expanded.
    await expect(tree(page).getByRole('button', { name: 'Podkategorie: Odzież' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const kids = byName('Kolekcja dziecięca');
    await tree(page)
      .getByRole('link', { name: `Kolekcja dziecięca (${kids.count})` })
      .click();
    await expect(page).toHaveURL(`/produkty/${kids.Id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Kolekcja dziecięca' })).toBeVisible();
    await expect(page.getByText(`${kids.count} produkty`)).toBeVisible();
    await expect(productsList(page)).toHaveCount(kids.count);
    await expect(tree(page).getByRole('link', { name: /^Kolekcja dziecięca/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('parents fold and unfold their subcategories; only non-empty categories show', async ({
    page,
    request,
  }) => {
    const { cats, counts } = await catalogue(request);
    await page.goto('/produkty');
    const toggle = tree(page).getByRole('button', { name: 'Podkategorie: Akcesoria' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(tree(page).getByRole('link', { name: /^Szaliki/ })).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(tree(page).getByRole('link', { name: /^Szaliki/ })).toBeVisible();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(tree(page).getByRole('link', { name: /^Szaliki/ })).toBeHidden();

    // Every category link of the tree (expanded or not) is a non-empty category, with its count.
    const nonEmpty = cats.filter((c) => (counts[String(c.Id)] ?? 0) > 0);
    const links = tree(page).locator('a[href^="/produkty/"]');
    await expect(links).toHaveCount(nonEmpty.length);
    for (const c of nonEmpty) {
      await expect(tree(page).locator(`a[href="/produkty/${c.Id}"]`)).toContainText(
        `(${counts[String(c.Id)]})`,
      );
    }
  });

  test('a category without products says Brak produktów; an unknown one answers 404', async ({
    page,
    request,
  }) => {
    const { cats, counts } = await catalogue(request);
    // Empty categories are hidden from the tree, so they are opened by address.
    const empty = cats.find((c) => (counts[String(c.Id)] ?? 0) === 0);
    if (empty) {
      const res = await page.goto(`/produkty/${empty.Id}`);
      expect(res?.status()).toBe(200);
      await expect(page.getByText('Brak produktów')).toBeVisible();
      await expect(page.getByText('0 produktów')).toBeVisible();
    }
    const unknownId = Math.max(...cats.map((c) => c.Id)) + 1000;
    const res = await page.goto(`/produkty/${unknownId}`);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Produkty' })).toBeVisible();
    await expect(page.getByText('Brak produktów')).toBeVisible();
    await expect(page.getByText('0 produktów')).toBeVisible();
    await expect(tree(page).getByRole('link', { name: 'Pokaż wszystko' })).toBeVisible();

    expect((await page.goto('/produkty/abc'))?.status()).toBe(404);
  });

  test('on a phone the tree folds into a disclosure above the products @mobile', async ({
    page,
    request,
  }) => {
    const { byName } = await catalogue(request);
    await page.goto('/produkty');
    const disclosure = tree(page).getByRole('button', { name: 'Kategorie', exact: true });
    const isMobile = (page.viewportSize()?.width ?? 1280) < 1024;
    if (isMobile) {
      await expect(disclosure).toHaveAttribute('aria-expanded', 'false');
      await expect(tree(page).getByRole('link', { name: 'Pokaż wszystko' })).toBeHidden();
      await disclosure.click();
      await expect(disclosure).toHaveAttribute('aria-expanded', 'true');
    } else {
      await expect(disclosure).toBeHidden();
    }
    const tickets = byName('Bilety');
    await tree(page)
      .getByRole('link', { name: `Bilety (${tickets.count})` })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Bilety' })).toBeVisible();
    await expect(productsList(page)).toHaveCount(tickets.count);
    if (isMobile) await expect(disclosure).toHaveAttribute('aria-expanded', 'false');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});

test.describe('product page', () => {
  test('shows breadcrumbs, gallery, price, description, share links and related products @mobile', async ({
    page,
  }) => {
    await page.goto('/produkt/1');
    await expect(page).toHaveTitle('Koszulka meczowa domowa 2026/27 | MKS Sokół Demo');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Koszulka meczowa domowa 2026/27' }),
    ).toBeVisible();
    const crumbs = page.getByRole('navigation', { name: 'Ścieżka nawigacji' });
    await expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await expect(crumbs.getByRole('link', { name: 'Produkty' })).toHaveAttribute('href', '/produkty');
    await expect(crumbs.getByRole('link', { name: 'Koszulki meczowe' })).toHaveAttribute(
      'href',
      /^\/produkty\/\d+$/,
    );
    await expect(crumbs.getByText('Koszulka meczowa domowa 2026/27')).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText('289,99 zł').first()).toBeVisible();

    // Gallery: the main photo loads first; thumbnails switch it.
    const photos = page.getByRole('region', { name: 'Zdjęcia produktu' }).getByRole('img');
    await expect(photos.first()).toHaveAttribute('fetchpriority', 'high');
    await expect(photos.first()).toHaveAttribute('loading', 'eager');
    const second = page.getByRole('button', { name: 'Pokaż zdjęcie 2 z 3' });
    await second.click();
    await expect(second).toHaveAttribute('aria-current', 'true');
    await second.press('ArrowRight');
    await expect(page.getByRole('button', { name: 'Pokaż zdjęcie 3 z 3' })).toBeFocused();
    await expect(page.getByRole('button', { name: 'Pokaż zdjęcie 3 z 3' })).toHaveAttribute(
      'aria-current',
      'true',
    );

    // Trusted HTML description (OpisDodatkowy).
    await expect(page.getByText('100% poliester z recyklingu')).toBeVisible();
    await expect(page.getByText('Bezpieczne płatności')).toBeVisible();

    const fb = page.getByRole('link', { name: /Udostępnij na Facebooku/ });
    await expect(fb).toHaveAttribute('href', /^https:\/\/www\.facebook\.com\/sharer\/sharer\.php\?u=http/);
    await expect(fb).toHaveAttribute('target', '_blank');
    const x = page.getByRole('link', { name: /Udostępnij na X/ });
    await expect(x).toHaveAttribute(
      'href',
      /^https:\/\/x\.com\/intent\/tweet\?url=http.*%2Fprodukt%2F1&text=/,
    );

    const related = page.getByRole('region', { name: 'Produkty z tej samej kategorii' });
    await expect(related.getByRole('listitem')).not.toHaveCount(0);
    expect(await related.getByRole('listitem').count()).toBeLessThanOrEqual(8);
    await expect(related.getByRole('link', { name: 'Koszulka meczowa domowa 2026/27' })).toHaveCount(0);

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test('a product without photos shows the placeholder image', async ({ page, request }) => {
    const list = (await (await request.get(`${SHOP}/getProdukty/0/64`, { headers: DEMO })).json()) as {
      Id: number;
      Zdjecie: unknown;
    }[];
    const bare = list.find((p) => p.Zdjecie === null);
    test.skip(!bare, 'the demo data has no product without photos');
    await page.goto(`/produkt/${bare!.Id}`);
    await expect(page.locator('main img').first()).toHaveAttribute('src', '/assets/images/no-image.png');
    await expect(page.getByRole('button', { name: /Pokaż zdjęcie/ })).toHaveCount(0);
  });

  test('quantity: typed values are clamped between 1 and the club limit, +/- disable at the limits', async ({
    page,
  }) => {
    // The club's limit of 10 a cart line, below the stock of 40, is the most the control offers.
    await limits.acquire();
    try {
      await page.goto('/produkt/1'); // stock 40
      await expect(page.getByText('Dostępne: 40 szt.')).toBeVisible();
      await expect(page.getByText('Możesz zamówić najwyżej 10 szt.')).toBeVisible();
      await expect(quantity(page)).toHaveValue('1');
      await expect(minus(page)).toBeDisabled();
      await expect(plus(page)).toBeEnabled();

      await quantity(page).fill('50');
      await expect(quantity(page)).toHaveValue('10');
      await expect(plus(page)).toBeDisabled();
      await expect(minus(page)).toBeEnabled();
    } finally {
      limits.release();
    }

    await minus(page).click();
    await expect(quantity(page)).toHaveValue('9');
    await expect(plus(page)).toBeEnabled();

    await quantity(page).fill('0');
    await expect(quantity(page)).toHaveValue('1');
    await expect(minus(page)).toBeDisabled();

    await quantity(page).fill('-7');
    await expect(quantity(page)).toHaveValue('1');

    await plus(page).click();
    await plus(page).click();
    await expect(quantity(page)).toHaveValue('3');

    // An emptied field is reported after a submit attempt.
    await quantity(page).fill('');
    await page.getByRole('combobox', { name: /Parametr/ }).selectOption('M');
    await addButton(page).click();
    await expect(page.getByText('Wybierz minimum jeden produkt')).toBeVisible();
    await expect(quantity(page)).toHaveAttribute('aria-invalid', 'true');
  });

  test('out of stock: red message, everything disabled (product 4)', async ({ page }) => {
    await page.goto('/produkt/4');
    await expect(page.getByRole('heading', { level: 1, name: 'Koszulka bramkarska 2026/27' })).toBeVisible();
    const message = page.getByText('Brak produktu na magazynie');
    await expect(message).toBeVisible();
    // Red: the computed colour painted on a canvas reads back as strong red.
    const [r, g, b] = await message.evaluate((el) => {
      const ctx = document.createElement('canvas').getContext('2d')!;
      ctx.fillStyle = getComputedStyle(el).color;
      ctx.fillRect(0, 0, 1, 1);
      return Array.from(ctx.getImageData(0, 0, 1, 1).data);
    });
    expect(r).toBeGreaterThan(150);
    expect(g).toBeLessThan(80);
    expect(b).toBeLessThan(80);
    await expect(addButton(page)).toBeDisabled();
    await expect(quantity(page)).toBeDisabled();
    await expect(minus(page)).toBeDisabled();
    await expect(plus(page)).toBeDisabled();
    await expect(page.getByRole('combobox', { name: /Parametr/ })).toBeDisabled();
  });

  test('parameter: required, optional, absent, preselected; Wybierz parametr after submit', async ({
    page,
  }) => {
    // Required (sizes): placeholder first, message only after a submit attempt.
    await page.goto('/produkt/1');
    const select = page.getByRole('combobox', { name: /Parametr/ });
    await expect(select).toHaveValue('');
    await expect(select.locator('option').first()).toHaveText('--wybierz--');
    await expect(page.getByText('Wybierz parametr')).toHaveCount(0);
    await addButton(page).click();
    await expect(page.getByText('Wybierz parametr')).toBeVisible();
    await expect(select).toHaveAttribute('aria-invalid', 'true');
    await expect(select).toBeFocused();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await select.selectOption('L');
    await expect(page.getByText('Wybierz parametr')).toHaveCount(0);

    // Required with exactly one option: preselected.
    await page.goto('/produkt/22');
    await expect(page.getByRole('heading', { level: 1, name: 'Czapka z daszkiem' })).toBeVisible();
    const only = page.getByRole('combobox', { name: /Parametr/ });
    await expect(only.locator('option:checked')).toHaveText('Uniwersalny');

    // Optional: present, not required, nothing chosen.
    await page.goto('/produkt/21');
    await expect(page.getByRole('heading', { level: 1, name: 'Czapka zimowa z pomponem' })).toBeVisible();
    const optional = page.getByRole('combobox', { name: /Parametr \(opcjonalnie\)/ });
    await expect(optional).toHaveValue('');
    await expect(optional).not.toHaveAttribute('aria-required', 'true');

    // None: no dropdown.
    await page.goto('/produkt/17');
    await expect(page.getByRole('heading', { level: 1, name: 'Szalik klubowy tkany' })).toBeVisible();
    // (The header's search field is a combobox too: only the page's own content counts.)
    await expect(page.getByRole('main').getByRole('combobox')).toHaveCount(0);
  });

  test('another product (client navigation) starts from a fresh form', async ({ page }) => {
    await page.goto('/produkt/1');
    await plus(page).click();
    await plus(page).click();
    await expect(quantity(page)).toHaveValue('3');
    await addButton(page).click();
    await expect(page.getByText('Wybierz parametr')).toBeVisible();

    await page
      .getByRole('region', { name: 'Produkty z tej samej kategorii' })
      .getByRole('link', { name: 'Koszulka meczowa wyjazdowa 2026/27', exact: true })
      .click();
    await expect(page).toHaveURL('/produkt/2');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Koszulka meczowa wyjazdowa 2026/27' }),
    ).toBeVisible();
    await expect(page).toHaveTitle('Koszulka meczowa wyjazdowa 2026/27 | MKS Sokół Demo');
    await expect(quantity(page)).toHaveValue('1');
    await expect(page.getByText('Dostępne: 25 szt.')).toBeVisible();
    await expect(page.getByRole('combobox', { name: /Parametr/ })).toHaveValue('');
    await expect(page.getByText('Wybierz parametr')).toHaveCount(0);
  });

  test('unknown or malformed product ids answer 404', async ({ page }) => {
    for (const path of ['/produkt/999999', '/produkt/abc', '/produkt/0', '/produkt/99999999999']) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
      await expect(page.getByRole('heading', { name: 'Nie znaleziono strony' })).toBeVisible();
    }
  });

  test('server HTML carries title, canonical, Open Graph and JSON-LD Product', async ({
    request,
    baseURL,
  }) => {
    const html = await (await request.get('/produkt/1')).text();
    expect(html).toContain('<title>Koszulka meczowa domowa 2026/27 | MKS Sokół Demo</title>');
    expect(html).toContain(`<link rel="canonical" href="${baseURL}/produkt/1"/>`);
    expect(html).toContain('<meta property="og:type" content="product"/>');
    expect(html).toContain('<meta property="og:title" content="Koszulka meczowa domowa 2026/27"/>');
    expect(html).toContain(`<meta property="og:url" content="${baseURL}/produkt/1"/>`);
    expect(html).toMatch(
      /<meta property="og:image" content="http[^"]+\/static\/demo\/wyrobzdjecie\/1\/[^"]+"\/>/,
    );
    expect(html).toMatch(/<meta property="og:description" content="[^"]+"\/>/);
    expect(html).toMatch(/<meta name="description" content="[^"]+"\/>/);

    const ld = (page: string) =>
      [...page.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
        (m) => JSON.parse(m[1]!) as Record<string, unknown>,
      );
    const product = ld(html).find((d) => d['@type'] === 'Product');
    expect(product).toMatchObject({
      name: 'Koszulka meczowa domowa 2026/27',
      sku: '1',
      url: `${baseURL}/produkt/1`,
      offers: {
        price: '289.99',
        priceCurrency: 'PLN',
        availability: 'https://schema.org/InStock',
      },
    });
    expect((product!.image as string[])[0]).toMatch(/^http/);
    expect(ld(html).some((d) => d['@type'] === 'BreadcrumbList')).toBe(true);

    const soldOut = ld(await (await request.get('/produkt/4')).text()).find((d) => d['@type'] === 'Product');
    expect(soldOut).toMatchObject({ offers: { availability: 'https://schema.org/OutOfStock' } });

    // The list renders on the server too.
    const list = await (await request.get('/produkty')).text();
    expect(list).toContain('<title>Produkty | MKS Sokół Demo</title>');
    expect(list).toMatch(/\d+ produkt(y|ów)/);
    expect(list).toContain('Koszulka meczowa domowa 2026/27');
  });
});
