import type { Page } from '@playwright/test';
import { expect, seriousA11yViolations, signIn, test } from './fixtures.ts';

const SHOP = 'MKS Sokół Demo';
const NEW_WINDOW = '(otwiera się w nowym oknie)';

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Menu główne' });
const headerCart = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Koszyk/ });
/** Account links appear after hydration (the session lives in localStorage). */
const loginLink = (page: Page) =>
  page.getByRole('banner').getByRole('link', { name: 'Zaloguj', exact: true });
const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 1024;

/** A cart with 2 scarves made through the API, its guid put where the storefront keeps it. */
const seedCart = async (page: Page, baseURL: string) => {
  const res = await fetch(`${baseURL}/api/centauri/sklepyonline/koszyk/`, {
    method: 'POST',
    headers: { organizacja: 'demo', 'content-type': 'application/json' },
    body: JSON.stringify([{ Id: 0, IdWyrob: 17, Ilosc: 2, Parametr: null }]),
  });
  expect(res.ok).toBe(true);
  const guid = (await res.text()).trim();
  expect(guid).not.toBe('');
  await page.addInitScript((g) => window.localStorage.setItem('koszyk_guid', g), guid);
};

test.describe('header', () => {
  test('logo, main menu, side menu and the sub-menu by keyboard', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: SHOP, exact: true })).toHaveAttribute('href', '/');
    // The logo's URL carries its version (decision 59), so a new upload is not hidden by caches.
    await expect(header.getByRole('img', { name: SHOP })).toHaveAttribute(
      'src',
      /^\/api\/cms\/stronyfrontend\/logo\/main\?p=demo&v=[\w-]+$/,
    );
    await expect(mainNav(page).getByRole('link', { name: 'O klubie' })).toHaveAttribute('href', '/o-klubie');
    await expect(mainNav(page).getByRole('link', { name: 'Sklep', exact: true })).toHaveAttribute(
      'href',
      '/produkty',
    );
    const side = page.getByRole('navigation', { name: 'Informacje dla klienta' });
    await expect(side.getByRole('link', { name: 'Regulamin' })).toHaveAttribute('href', '/regulamin');
    await expect(side.getByRole('link', { name: 'Dostawa i zwroty' })).toHaveAttribute(
      'href',
      '/dostawa-i-zwroty',
    );

    // The sub-menu: a disclosure button next to the 'Sklep' link.
    const toggle = mainNav(page).getByRole('button', { name: 'Podmenu: Sklep' });
    const clothes = mainNav(page).getByRole('link', { name: 'Odzież' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(clothes).toBeHidden();
    await expect(loginLink(page)).toBeVisible(); // hydrated

    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(clothes).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(clothes).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();

    // ArrowDown opens it and moves to the first entry; Enter follows the link and closes the menu.
    await page.keyboard.press('ArrowDown');
    await expect(clothes).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(mainNav(page).getByRole('link', { name: 'Akcesoria' })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/produkty\/\d+$/);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');

    // Tabbing out of an open sub-menu closes it.
    await toggle.focus();
    await page.keyboard.press('Space');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    for (let i = 0; i < 5; i++) await page.keyboard.press('Tab');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  test('the sub-menu opens on hover', async ({ page }) => {
    await page.goto('/');
    await expect(loginLink(page)).toBeVisible();
    const toggle = mainNav(page).getByRole('button', { name: 'Podmenu: Sklep' });
    await mainNav(page).getByRole('link', { name: 'Sklep', exact: true }).hover();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await mainNav(page).getByRole('link', { name: 'Bilety' }).click();
    await expect(page).toHaveURL(/\/produkty\/\d+$/);
    await page.mouse.move(5, 800);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  test('external links, new-window links and internal links', async ({ page }) => {
    await page.goto('/');
    // 'Zostań promotorem' always opens as an external link.
    const promoter = mainNav(page).getByRole('link', { name: /^Zostań promotorem/ });
    await expect(promoter).toHaveAttribute('href', 'https://promotor.example.org/');
    await expect(promoter).toHaveAttribute('target', '_blank');
    await expect(promoter).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(promoter).toHaveAccessibleName(`Zostań promotorem ${NEW_WINDOW}`);
    // OtworzWNowymOknie (footer menu 'Strona klubu').
    const club = page.getByRole('contentinfo').getByRole('link', { name: /^Strona klubu/ });
    await expect(club).toHaveAttribute('href', 'https://klub.example.org/');
    await expect(club).toHaveAttribute('target', '_blank');
    await expect(club).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(club).toHaveAccessibleName(`Strona klubu ${NEW_WINDOW}`);
    // Internal links stay in the tab and go through the router.
    const about = mainNav(page).getByRole('link', { name: 'O klubie' });
    await expect(about).not.toHaveAttribute('target', /.*/);
    await expect(loginLink(page)).toBeVisible();
    await about.click();
    await expect(page).toHaveURL(/\/o-klubie$/);
    await expect(about).toHaveAttribute('aria-current', 'page');
  });

  test("cart link shows the count in brackets ('Koszyk (2)')", async ({ page, baseURL }) => {
    await page.goto('/');
    await expect(loginLink(page)).toBeVisible();
    await expect(headerCart(page)).toHaveAccessibleName('Koszyk');
    await expect(headerCart(page)).toHaveAttribute('href', '/koszyk');

    await seedCart(page, baseURL!);
    await page.reload();
    await expect(headerCart(page)).toHaveAccessibleName('Koszyk (2)');
    await headerCart(page).click();
    await expect(page).toHaveURL(/\/koszyk$/);
  });

  test("logged in: 'Moje konto' and 'Wyloguj', which logs out and goes home", async ({ page, customer }) => {
    await signIn(page, customer.ticket);
    await page.goto('/o-klubie');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Moje konto' })).toHaveAttribute('href', '/moje-konto');
    await expect(loginLink(page)).toHaveCount(0);
    await header.getByRole('button', { name: 'Wyloguj' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(loginLink(page)).toBeVisible();
    await expect(header.getByRole('link', { name: 'Moje konto' })).toHaveCount(0);
    expect(await page.evaluate(() => window.localStorage.getItem('access_token'))).toBeNull();
  });
});

test("after a client-side navigation focus is on the new page's heading", async ({ page }) => {
  await page.goto('/');
  await expect(loginLink(page)).toBeVisible(); // hydrated
  const side = page.getByRole('navigation', { name: 'Informacje dla klienta' });
  await side.getByRole('link', { name: 'Regulamin' }).click();
  await expect(page).toHaveURL(/\/regulamin$/);
  const heading = page.getByRole('heading', { level: 1, name: 'Regulamin sklepu' });
  await expect(heading).toBeFocused();
  // The next Tab starts from the heading, in the page's content, not back in the header.
  await page.keyboard.press('Tab');
  const inMain = await page.evaluate(() => !!document.activeElement?.closest('main'));
  expect(inMain).toBe(true);
});

test('a navigation whose data fails shows the error page in the shop’s style, with no script error', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) errors.push(m.text());
  });
  await page.goto('/');
  await expect(loginLink(page)).toBeVisible(); // hydrated
  // The server answers the next page's data with an error, as a busy one may.
  await page.route('**/*.data*', (route) => route.fulfill({ status: 503, body: 'niedostępny' }));
  await page
    .getByRole('navigation', { name: 'Informacje dla klienta' })
    .getByRole('link', { name: 'Regulamin' })
    .click();
  const home = page.getByRole('link', { name: 'Wróć do strony głównej' });
  await expect(
    page.getByRole('heading', { level: 1, name: 'Chwilowa przerwa w działaniu sklepu' }),
  ).toBeVisible();
  // The stylesheet stayed: the link is drawn as the club's button, not as a plain underlined link.
  await expect(home).toHaveCSS('text-decoration-line', 'none');
  await expect(home).not.toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
  expect(errors).toEqual([]);
});

test('links within the shop open their page without reloading it; Ctrl+click opens a new tab', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await expect(loginLink(page)).toBeVisible(); // hydrated
  // A reload would forget this.
  await page.evaluate(() => Object.assign(window, { shopMarker: 'same document' }));
  const tile = page.locator('.product-tile').first();
  const name = (await tile.getByRole('heading', { level: 3 }).innerText()).trim();
  await tile.getByRole('heading', { level: 3 }).getByRole('link').click();
  await expect(page).toHaveURL(/\/produkt\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  // The header's cart link (a NavLink) is marked current on the cart page.
  await headerCart(page).click();
  await expect(page).toHaveURL(/\/koszyk$/);
  await expect(headerCart(page)).toHaveAttribute('aria-current', 'page');
  expect(await page.evaluate(() => (window as { shopMarker?: string }).shopMarker)).toBe('same document');
  await page.goBack();
  await expect(page).toHaveURL(/\/produkt\/\d+$/);
  await expect(headerCart(page)).not.toHaveAttribute('aria-current', 'page');
  expect(await page.evaluate(() => (window as { shopMarker?: string }).shopMarker)).toBe('same document');

  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    headerCart(page).click({ modifiers: ['ControlOrMeta'] }),
  ]);
  await expect(tab).toHaveURL(/\/koszyk$/);
  await tab.close();
  await expect(page).toHaveURL(/\/produkt\/\d+$/);
});

test.describe('footer', () => {
  test('logo, social icons, menu 30, year, footer text, privacy link and credit', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.locator('img[src^="/api/cms/stronyfrontend/logo/footer?p=demo&v="]')).toBeVisible();
    const networks: [string, RegExp][] = [
      ['Facebook', /facebook\.com/],
      ['TikTok', /tiktok\.com/],
      ['Instagram', /instagram\.com/],
      ['YouTube', /youtube\.com/],
      ['X', /x\.com/],
    ];
    for (const [name, href] of networks) {
      const link = footer.getByRole('link', { name: `${name} ${NEW_WINDOW}`, exact: true });
      await expect(link).toHaveAttribute('href', href);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      await expect(link.locator('svg')).toHaveAttribute('aria-hidden', 'true');
    }
    const menu = footer.getByRole('navigation', { name: 'Informacje' });
    await expect(menu.getByRole('link', { name: 'Regulamin' })).toHaveAttribute('href', '/regulamin');
    await expect(menu.getByRole('link', { name: 'Kontakt' })).toHaveAttribute('href', '/kontakt');
    await expect(footer).toContainText(`© ${new Date().getFullYear()} ${SHOP}`);
    await expect(footer.getByTestId('footer-text')).toContainText(
      `${SHOP} – oficjalny sklep kibica. Wysyłka w 48 godzin.`,
    );
    await expect(footer.getByTestId('footer-text')).toContainText(
      'Sprzedawca: MKS Sokół Demo sp. z o.o., ul. Stadionowa 1, 00-001 Warszawa, NIP 1234563218',
    );
    await expect(footer.getByRole('link', { name: 'Polityka prywatności' })).toHaveAttribute(
      'href',
      '/polityka-prywatnosci',
    );
    await expect(footer).toContainText('Sklep internetowy dla klubów sportowych');
  });

  test('the footer text and menus are in the server HTML', async ({ request }) => {
    const html = await (await request.get('/')).text();
    expect(html).toContain('oficjalny sklep kibica. Wysyłka w 48 godzin.');
    expect(html).toContain('href="https://klub.example.org/"');
    expect(html).toContain('aria-label="Facebook (otwiera się w nowym oknie)"');
  });
});

test('mobile menu: toggle, nested sub-menu, Esc and closing on navigation @mobile', async ({ page }) => {
  await page.goto('/');
  const toggle = page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true });
  if (!isPhone(page)) {
    await expect(toggle).toBeHidden();
    await expect(mainNav(page)).toBeVisible();
    return;
  }
  const drawer = page.locator(`[id="${await toggle.getAttribute('aria-controls')}"]`);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(drawer).toBeHidden();
  await expect(headerCart(page)).toBeVisible();

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(drawer).toBeVisible();
  // Sub-menu entries are a nested list; menu 20 and the account links are in the drawer too.
  await expect(drawer.getByRole('link', { name: 'Odzież' })).toBeVisible();
  await expect(drawer.getByRole('listitem').filter({ hasText: 'Sklep' }).getByRole('list')).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Regulamin' })).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Zaloguj', exact: true })).toBeVisible();
  let overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await seriousA11yViolations(page)).toEqual([]);

  await page.keyboard.press('Escape');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(drawer).toBeHidden();
  await expect(toggle).toBeFocused();

  await toggle.click();
  await drawer.getByRole('link', { name: 'O klubie' }).click();
  await expect(page).toHaveURL(/\/o-klubie$/);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(drawer).toBeHidden();
  overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
