import { mkdirSync } from 'node:fs';
import { msg } from '@club/contract';
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures.ts';
import {
  allA11yViolations,
  demoManager,
  logInToPanel,
  PanelLayout,
  PanelLoginPage,
  PanelProductForm,
  placeCashOnDeliveryOrder,
} from './pages/panel.ts';

// Playwright empties test-results/ when a run starts: PANEL_SHOTS_DIR keeps them elsewhere if wanted.
const SHOTS = process.env.PANEL_SHOTS_DIR ?? 'test-results/panel-screens';

/** Presses Tab until the element has the focus (it must be reachable by keyboard, in at most 40 steps). */
const tabTo = async (page: Page, target: Locator) => {
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error('not reachable with Tab');
};

/** An 800x800 PNG of one colour (a product photo as a manager would upload it). */
const pngPhoto = (colour: string) =>
  sharp({ create: { width: 800, height: 800, channels: 3, background: colour } })
    .png()
    .toBuffer();
mkdirSync(SHOTS, { recursive: true });

test.describe('manager panel: login', () => {
  test('the login page is labelled, axe-clean, and a wrong password shows the Polish error', async ({
    page,
  }) => {
    const login = new PanelLoginPage(page);
    await login.goto();
    await expect(page).toHaveTitle('Logowanie do panelu · Panel sklepu');
    expect(await allA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/login-1280.png`, fullPage: true });
    await login.logIn(demoManager().email, 'Zle-haslo-123');
    await expect(login.error).toHaveText(msg.loginFailed);
    await expect(page).toHaveURL(/\/panel\/logowanie$/);
    expect(await allA11yViolations(page)).toEqual([]);
  });

  test('empty fields are reported in Polish next to them, without calling the API', async ({ page }) => {
    const login = new PanelLoginPage(page);
    await login.goto();
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST') posts.push(r.url());
    });
    await login.submit.click();
    await expect(page.getByText(msg.invalidEmail)).toBeVisible();
    await expect(page.getByText(msg.passwordRequired)).toBeVisible();
    await expect(login.email).toBeFocused();
    await expect(login.email).toHaveAttribute('aria-invalid', 'true');
    expect(posts).toEqual([]);
  });

  test('a signed-out visit to a panel page goes to the login screen, and the login comes back to it', async ({
    page,
  }) => {
    await page.goto('/panel/zamowienia');
    await expect(page).toHaveURL(/\/panel\/logowanie\?next=%2Fzamowienia$/);
    const account = demoManager();
    await new PanelLoginPage(page).logIn(account.email, account.password);
    await expect(page).toHaveURL(/\/panel\/zamowienia$/);
    await expect(new PanelLayout(page).heading('Zamówienia')).toBeVisible();
  });

  test('keyboard only: Tab to the fields, type, Enter logs in', async ({ page }) => {
    const account = demoManager();
    await new PanelLoginPage(page).goto();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('E-mail', { exact: true })).toBeFocused();
    await page.keyboard.type(account.email);
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Hasło', { exact: true })).toBeFocused();
    await page.keyboard.type(account.password);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Zaloguj się' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(new PanelLayout(page).heading('Pulpit')).toBeVisible();
  });
});

test.describe('manager panel: signed in', () => {
  test('logs in, sees the dashboard, navigation and who is signed in, logs out', async ({ page }) => {
    await logInToPanel(page);
    const layout = new PanelLayout(page);
    for (const name of ['Pulpit', 'Produkty', 'Kategorie', 'Zamówienia', 'Klienci', 'Dziennik zmian']) {
      await expect(layout.navLink(name)).toBeVisible();
    }
    await expect(layout.nav).toContainText('Zalogowano jako Anna Nowak');
    await expect(page.getByRole('heading', { name: /Zamówienia do obsłużenia/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: /Niski stan magazynowy/ })).toBeVisible();
    expect(await allA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/dashboard-1280.png`, fullPage: true });

    // The session is a cookie the page's scripts cannot read, and nothing is kept in localStorage.
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'panel_session')).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
    });
    expect(await page.evaluate(() => Object.keys(window.localStorage))).toEqual([]);

    await layout.logOut();
    await expect(page).toHaveURL(/\/panel\/logowanie\?powod=wylogowano$/);
    await expect(page.getByRole('status')).toHaveText('Wylogowano z panelu.');
    await page.goto('/panel');
    await expect(page).toHaveURL(/\/panel\/logowanie$/);
  });

  test('orders: the list finds a new cash-on-delivery order; its detail moves it to "Do realizacji"', async ({
    page,
    baseURL,
    customer,
  }) => {
    const buyer = `Zofia ${customer.email.slice(4, 14)}`;
    const number = await placeCashOnDeliveryOrder(baseURL!, customer.ticket, buyer);
    await logInToPanel(page);
    const layout = new PanelLayout(page);
    await layout.go('Zamówienia');
    await expect(layout.heading('Zamówienia')).toBeVisible();
    await expect(layout.heading('Zamówienia')).toBeFocused();
    expect(await allA11yViolations(page)).toEqual([]);
    await page.getByLabel('Szukaj').fill(number);
    await page.getByRole('button', { name: 'Filtruj' }).click();
    await expect(page).toHaveURL(/q=/);
    const row = page.getByRole('row').filter({ hasText: number });
    await expect(row).toContainText('Nowe');
    await page.screenshot({ path: `${SHOTS}/orders-1280.png`, fullPage: true });
    await row.getByRole('link', { name: number }).click();

    await expect(layout.heading(`Zamówienie ${number}`)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Status: Nowe' })).toBeVisible();
    expect(await allA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/order-1280.png`, fullPage: true });
    // Asked first: Escape changes nothing, the confirmation does.
    await page.getByRole('button', { name: 'Zmień na: Anulowane' }).click();
    const cancel = page.getByRole('dialog', { name: 'Zmienić status na „Anulowane”?' });
    await expect(cancel).toContainText('Zarezerwowane produkty wrócą na magazyn.');
    await expect(cancel).toContainText('Tego statusu nie można już zmienić.');
    expect(await allA11yViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(cancel).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Status: Nowe' })).toBeVisible();
    await page.getByRole('button', { name: 'Zmień na: Do realizacji' }).click();
    await page.getByRole('button', { name: 'Tak, zmień status' }).click();
    await expect(page.getByRole('heading', { name: 'Status: Do realizacji' })).toBeVisible();
    await expect(page.getByRole('status')).toContainText('Do realizacji');
    await expect(page.getByRole('button', { name: 'Zmień na: W realizacji' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Zmień na: Do realizacji' })).toHaveCount(0);
    // The change survives a reload: it is the server's state, not the page's.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Status: Do realizacji' })).toBeVisible();
  });

  test('products: creates a product with two sizes and stock per size, finds it in the list, hides it', async ({
    page,
  }) => {
    const name = `Czapka testowa ${Date.now().toString(36)}`;
    await logInToPanel(page);
    const layout = new PanelLayout(page);
    await layout.go('Produkty');
    await expect(layout.heading('Produkty')).toBeVisible();
    expect(await allA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/products-1280.png`, fullPage: true });

    await page.getByRole('link', { name: 'Dodaj produkt' }).click();
    const form = new PanelProductForm(page);
    await expect(layout.heading('Nowy produkt')).toBeVisible();
    expect(await allA11yViolations(page)).toEqual([]);
    await form.name.fill(name);
    await form.shortDescription.fill('Ciepła czapka w barwach klubu.');
    await form.richText.click();
    await page.keyboard.type('Wełna ');
    await form.toolbarButton('Pogrubienie').click();
    await page.keyboard.type('merino');
    await form.price.fill('59,90');
    await form.addSize('S', '3');
    await form.addSize('M', '0');
    await expect(page.getByText('Razem w magazynie: 3 szt.')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/product-form-1280.png`, fullPage: true });
    await form.submit('Dodaj produkt');

    await expect(layout.heading(`Produkt: ${name}`)).toBeVisible();
    await expect(page.getByRole('status')).toHaveText('Produkt został dodany.');
    await expect(page.getByLabel('Parametr 1: nazwa')).toHaveValue('S');
    await expect(page.getByLabel('Parametr 1: stan')).toHaveValue('3');
    await expect(page.getByLabel('Parametr 2: nazwa')).toHaveValue('M');
    await expect(page.getByLabel('Parametr 2: stan')).toHaveValue('0');
    await expect(form.richText.locator('strong')).toHaveText('merino');
    expect(await allA11yViolations(page)).toEqual([]);

    // Two photos at once through the file picker; the first becomes the main one, then the second.
    await page.getByLabel('Wybierz zdjęcia z dysku').setInputFiles([
      { name: 'zielona.png', mimeType: 'image/png', buffer: await pngPhoto('#0b5d3b') },
      { name: 'zolta.png', mimeType: 'image/png', buffer: await pngPhoto('#f5c400') },
    ]);
    await expect(page.getByRole('status').filter({ hasText: 'Dodano zdjęcia (2).' })).toBeVisible();
    await expect(page.getByRole('img', { name: /^Zdjęcie \d$/ })).toHaveCount(2);
    await expect(page.getByText('Zdjęcie główne', { exact: true })).toHaveCount(1);
    await page.getByRole('button', { name: 'Ustaw zdjęcie 2 jako główne' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Zdjęcie główne zmienione.' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ustaw zdjęcie 2 jako główne' })).toBeVisible();
    expect(await allA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/product-edit-1280.png`, fullPage: true });
    // A file that is not an image is refused with the server's Polish message.
    await page
      .getByLabel('Wybierz zdjęcia z dysku')
      .setInputFiles([
        { name: 'notatka.png', mimeType: 'image/png', buffer: Buffer.from('to nie jest obraz') },
      ]);
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page.getByRole('img', { name: /^Zdjęcie \d$/ })).toHaveCount(2);

    // Stock of one size changed and saved; the list shows the new total.
    await page.getByLabel('Parametr 2: stan').fill('4');
    await form.submit('Zapisz zmiany');
    await expect(page.getByRole('status').filter({ hasText: 'Zmiany zostały zapisane.' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Status: Szkic' })).toBeVisible();
    await page.getByRole('button', { name: 'Opublikuj' }).click();
    await expect(page.getByRole('heading', { name: 'Status: Opublikowany' })).toBeVisible();
    await page.getByRole('button', { name: 'Ukryj w sklepie' }).click();
    await expect(page.getByRole('heading', { name: 'Status: Ukryty' })).toBeVisible();

    await layout.go('Produkty');
    await page.getByLabel('Szukaj po nazwie').fill(name);
    await page.getByRole('button', { name: 'Filtruj' }).click();
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('7 szt.');
    await expect(row).toContainText('Ukryty');
    await expect(row).toContainText('59,90');
  });

  test('products: keyboard only, a product with two sizes is created', async ({ page }) => {
    const name = `Szalik klawiatury ${Date.now().toString(36)}`;
    await logInToPanel(page);
    await page.goto('/panel/produkty/nowy');
    const form = new PanelProductForm(page);
    await expect(new PanelLayout(page).heading('Nowy produkt')).toBeVisible();
    await tabTo(page, form.name);
    await page.keyboard.type(name);
    await tabTo(page, form.richText);
    await page.keyboard.type('Dwustronny, ');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('ciepły');
    await tabTo(page, form.price);
    await page.keyboard.type('45');
    await tabTo(page, page.getByRole('button', { name: 'Dodaj parametr' }));
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('Parametr 1: nazwa')).toBeFocused();
    await page.keyboard.type('S');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Parametr 1: stan')).toBeFocused();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('2');
    await tabTo(page, page.getByRole('button', { name: 'Dodaj parametr' }));
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('Parametr 2: nazwa')).toBeFocused();
    await page.keyboard.type('M');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Control+a');
    await page.keyboard.type('5');
    await tabTo(page, page.getByRole('button', { name: 'Dodaj produkt', exact: true }));
    await page.keyboard.press('Enter');
    await expect(new PanelLayout(page).heading(`Produkt: ${name}`)).toBeVisible();
    await expect(page.getByLabel('Parametr 2: stan')).toHaveValue('5');
    await expect(form.richText.locator('strong')).toHaveText('ciepły');
    await expect(page.getByText('Razem w magazynie: 7 szt.')).toBeVisible();
  });

  test("products: the server's Polish message shows for an invalid product", async ({ page }) => {
    await logInToPanel(page);
    await page.goto('/panel/produkty/nowy');
    const form = new PanelProductForm(page);
    await form.price.fill('12,345');
    await form.submit('Dodaj produkt');
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page.getByRole('alert')).not.toHaveText('');
    await expect(page).toHaveURL(/\/panel\/produkty\/nowy$/);
  });

  test('categories, customers and the audit log: each screen loads, axe-clean, reachable from the menu', async ({
    page,
  }) => {
    await logInToPanel(page);
    const layout = new PanelLayout(page);
    for (const [link, heading] of [
      ['Kategorie', 'Kategorie'],
      ['Klienci', 'Klienci'],
      ['Dziennik zmian', 'Dziennik zmian'],
    ] as const) {
      await layout.go(link);
      await expect(layout.heading(heading)).toBeVisible();
      await expect(layout.heading(heading)).toBeFocused();
      await expect(layout.navLink(link)).toHaveAttribute('aria-current', 'page');
      expect(await allA11yViolations(page), heading).toEqual([]);
    }
  });

  test('an unknown panel address shows the panel\'s own "not found" screen', async ({ page }) => {
    await logInToPanel(page);
    await page.goto('/panel/nie-ma-takiej-strony');
    await expect(new PanelLayout(page).heading('Nie znaleziono strony')).toBeVisible();
  });
});

test.describe('manager panel on a phone @mobile', () => {
  test.skip(({ viewport }) => (viewport?.width ?? 0) > 400, 'phone layout only');

  test('390 px: login and dashboard fit the screen, the navigation opens from the menu button', async ({
    page,
  }) => {
    await new PanelLoginPage(page).goto();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await allA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/login-390.png`, fullPage: true });
    await logInToPanel(page);
    const layout = new PanelLayout(page);
    await expect(layout.nav).toBeHidden();
    await expect(layout.menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${SHOTS}/dashboard-390.png`, fullPage: true });
    await layout.openNav();
    await expect(page.getByRole('button', { name: 'Zamknij menu' })).toHaveAttribute('aria-expanded', 'true');
    expect(await allA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/nav-390.png`, fullPage: true });
    await layout.navLink('Zamówienia').click();
    await expect(layout.heading('Zamówienia')).toBeVisible();
    await expect(layout.nav).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await allA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/orders-390.png`, fullPage: true });

    await layout.go('Produkty');
    await expect(layout.heading('Produkty')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await allA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/products-390.png`, fullPage: true });
    await page.getByRole('link', { name: 'Dodaj produkt' }).click();
    await expect(layout.heading('Nowy produkt')).toBeVisible();
    await new PanelProductForm(page).addSize('XL', '2');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await allA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/product-form-390.png`, fullPage: true });
  });

  test("390 px: an order's detail fits the screen, its status buttons usable", async ({
    page,
    baseURL,
    customer,
  }) => {
    const number = await placeCashOnDeliveryOrder(baseURL!, customer.ticket, 'Jan Telefon');
    await logInToPanel(page);
    await page.goto('/panel/zamowienia');
    await page.getByLabel('Szukaj').fill(number);
    await page.getByRole('button', { name: 'Filtruj' }).click();
    await page.getByRole('link', { name: number }).click();
    const layout = new PanelLayout(page);
    await expect(layout.heading(`Zamówienie ${number}`)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await allA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/order-390.png`, fullPage: true });
    await page.getByRole('button', { name: 'Zmień na: Wstrzymane' }).click();
    await page.getByRole('button', { name: 'Tak, zmień status' }).click();
    await expect(page.getByRole('heading', { name: 'Status: Wstrzymane' })).toBeVisible();
  });
});
