import { expect, seriousA11yViolations, test } from './fixtures.ts';

test.describe('CMS sub-pages', () => {
  test('title, meta description, canonical and breadcrumbs come in the server HTML', async ({
    request,
    baseURL,
  }) => {
    const res = await request.get('/polityka-prywatnosci');
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain('<title>Polityka prywatności | MKS Sokół Demo</title>');
    expect(html).toContain(
      '<meta name="description" content="Jak MKS Sokół Demo przetwarza Twoje dane osobowe: cele, podstawy, odbiorcy (PayU, InPost), Twoje prawa."/>',
    );
    expect(html).toContain(`<link rel="canonical" href="${baseURL}/polityka-prywatnosci"/>`);
    expect(html).toMatch(/<h1[^>]*>Polityka prywatności<\/h1>/);
    expect(html).toContain('Administratorem Twoich danych osobowych jest MKS Sokół Demo sp. z o.o.');
    // Breadcrumbs: 'Home' linking to /, the page title as plain text.
    expect(html).toMatch(/<nav[^>]*aria-label="[^"]+"[^>]*>.*<a[^>]*href="\/"[^>]*>Home<\/a>/s);
    expect(html).toMatch(/<span aria-current="page"[^>]*>Polityka prywatności<\/span>/);
  });

  test('a sub-page renders with the template and is accessible', async ({ page }) => {
    await page.goto('/regulamin');
    await expect(page).toHaveTitle('Regulamin sklepu | MKS Sokół Demo');
    await expect(page.getByRole('heading', { level: 1, name: 'Regulamin sklepu' })).toBeVisible();
    await expect(page.getByRole('heading', { name: '§1 Postanowienia ogólne' })).toBeVisible();
    const crumbs = page.getByRole('navigation', { name: 'Ścieżka nawigacji' });
    await expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await expect(crumbs.getByText('Regulamin sklepu')).toHaveAttribute('aria-current', 'page');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test('unknown slugs, fragments and deeper unknown paths answer 404', async ({ page, request }) => {
    for (const path of ['/nie-ma-takiej-podstrony', '/kontakt-dane', '/tekst-stopka', '/regulamin/dalej']) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(404);
      expect(await res.text(), path).toContain('Nie znaleziono strony');
    }
    const res = await page.goto('/nie-ma-takiej-podstrony');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Nie znaleziono strony' })).toBeVisible();
  });
});

test.describe('contact page', () => {
  test('blocks, the form with enabled fields only, the RODO text and the map', async ({ page }) => {
    await page.goto('/kontakt');
    await expect(page).toHaveTitle('Kontakt | MKS Sokół Demo');
    await expect(page.getByRole('heading', { level: 1, name: 'Kontakt' })).toBeVisible();
    for (const block of ['Sprzedawca', 'Obsługa klienta', 'Godziny otwarcia']) {
      await expect(page.getByRole('heading', { name: block })).toBeVisible();
    }
    // The seller's card is the panel's 'Dane sprzedawcy', filled in where the page says {{sprzedawca}}.
    await expect(
      page.getByRole('main').getByText('MKS Sokół Demo sp. z o.o., ul. Stadionowa 1, 00-001 Warszawa'),
    ).toBeVisible();
    for (const label of ['Imię', 'Nazwisko', 'E-mail', 'Telefon', 'Wiadomość']) {
      await expect(page.getByLabel(label)).toBeVisible();
    }
    await expect(
      page.getByText('Administratorem danych podanych w formularzu jest MKS Sokół Demo.'),
    ).toBeVisible();
    const map = page.locator('iframe[title="Mapa dojazdu"]');
    await expect(map).toHaveAttribute('src', /^https:\/\//);
    await expect(map).toHaveAttribute('loading', 'lazy');
    // The map loads from the internet (absent on test machines): scrolling to it must not log errors.
    await map.scrollIntoViewIfNeeded();
    await page.waitForTimeout(500);
  });

  test('required fields follow PolaWymagane; a complete message is sent and the form resets', async ({
    page,
  }) => {
    await page.goto('/kontakt');
    const send = page.getByRole('button', { name: 'Wyślij wiadomość' });
    await expect(send).toBeEnabled();
    await send.click();
    await expect(page.getByText('To pole jest wymagane')).toHaveCount(2);
    await expect(page.getByLabel('Imię')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Nazwisko')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Telefon')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Wiadomość')).not.toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Imię').fill('Kasia');
    await page.getByLabel('E-mail').fill('kasia@example.pl');
    await expect(page.getByText('To pole jest wymagane')).toHaveCount(0);
    await page.getByLabel('Wiadomość').fill('Czy będą koszulki w rozmiarze XS?');
    await send.click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Wiadomość została wysłana poprawnie' }),
    ).toBeVisible();
    await expect(page.getByLabel('Imię')).toHaveValue('');
    await expect(page.getByLabel('Wiadomość')).toHaveValue('');
  });

  test('a refused message shows the server text', async ({ page }) => {
    await page.route('**/api/cms/stronyfrontend/send-message', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({ Message: 'Zbyt wiele prób. Spróbuj ponownie za chwilę.' }),
      }),
    );
    await page.goto('/kontakt');
    await page.getByLabel('Imię').fill('Kasia');
    await page.getByLabel('E-mail').fill('kasia@example.pl');
    await page.getByRole('button', { name: 'Wyślij wiadomość' }).click();
    await expect(page.getByRole('alert')).toHaveText('Zbyt wiele prób. Spróbuj ponownie za chwilę.');
    await expect(page.getByLabel('Imię')).toHaveValue('Kasia');
  });

  test('the contact page is accessible @mobile', async ({ page }) => {
    await page.goto('/kontakt');
    await expect(page.getByRole('button', { name: 'Wyślij wiadomość' })).toBeEnabled();
    expect(await seriousA11yViolations(page)).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test.describe('sitemap.xml and robots.txt', () => {
  test('sitemap lists home, products, categories, products and sub-pages with absolute URLs', async ({
    request,
    baseURL,
  }) => {
    // sitemap.xml is a sitemap index: the pages file, then product files of at most 50,000.
    const res = await request.get('/sitemap.xml');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/^application\/xml/);
    const index = await res.text();
    expect(index).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(files).toEqual([`${baseURL}/sitemap/strony.xml`, `${baseURL}/sitemap/produkty-1.xml`]);
    let xml = '';
    for (const file of files) {
      const part = await request.get(new URL(file).pathname);
      expect(part.status()).toBe(200);
      const body = await part.text();
      expect(body).toMatch(
        /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
      );
      xml += body;
    }
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(locs.every((l) => l.startsWith(`${baseURL}/`))).toBe(true);
    expect(new Set(locs).size).toBe(locs.length);
    for (const path of [
      '/',
      '/produkty',
      '/produkt/1',
      '/produkt/17',
      '/regulamin',
      '/polityka-prywatnosci',
      '/kontakt',
      '/o-klubie',
    ]) {
      expect(locs, path).toContain(`${baseURL}${path}`);
    }
    expect(locs.some((l) => /\/produkty\/\d+$/.test(l))).toBe(true);
    // Every product of the demo shop is listed, each once.
    const products = await (
      await request.get('/api/centauri/sklepyonline/getProdukty/0/100', { headers: { organizacja: 'demo' } })
    ).json();
    expect(locs.filter((l) => /\/produkt\/\d+$/.test(l))).toHaveLength(products.length);
    expect(locs).not.toContain(`${baseURL}/kontakt-dane`);
    expect(xml).not.toContain('promotor.example.org');
  });

  test('robots.txt allows the shop, keeps crawlers out of account and checkout, names the sitemap', async ({
    request,
    baseURL,
  }) => {
    const res = await request.get('/robots.txt');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/^text\/plain/);
    const txt = await res.text();
    expect(txt).toContain('User-agent: *\nAllow: /');
    for (const path of [
      '/moje-konto',
      '/koszyk',
      '/dostawa-i-platnosc',
      '/podsumowanie',
      '/potwierdenie-platnosci',
    ]) {
      expect(txt).toContain(`Disallow: ${path}`);
    }
    expect(txt).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });
});
