import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { customerApi, placePickupOrder } from './checkout.ts';

/**
 * The seeded demo manager of the test server. The server prints the seeded accounts' passwords
 * once, on its first start; playwright.config.ts keeps its output in DATA_DIR/server.log.
 */
export const demoManager = (): { email: string; password: string } => {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  const log = readFileSync(join(dir, 'server.log'), 'utf8');
  const m = log.match(/\[demo\] manager\s+(\S+) \/ (\S+)/);
  if (!m) throw new Error('the test server did not print the demo manager account (is the demo seeded?)');
  return { email: m[1]!, password: m[2]! };
};

/** Every axe violation, whatever its impact (WCAG 2.x A and AA and best practices). */
export const allA11yViolations = async (page: Page) => {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map(
    (v) => `${v.impact}: ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
};

/** /panel/logowanie */
export class PanelLoginPage {
  readonly email: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    this.email = page.getByLabel('E-mail', { exact: true });
    this.password = page.getByLabel('Hasło', { exact: true });
    this.submit = page.getByRole('button', { name: 'Zaloguj się' });
    this.error = page.getByRole('alert');
  }

  async goto() {
    await this.page.goto('/panel/logowanie');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Logowanie do panelu' })).toBeVisible();
  }

  async logIn(email: string, password: string) {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.submit.click();
  }
}

/** The signed-in frame: navigation, the signed-in user, logout. */
export class PanelLayout {
  readonly nav: Locator;
  readonly menuButton: Locator;

  constructor(readonly page: Page) {
    this.nav = page.getByRole('navigation', { name: 'Menu panelu' });
    this.menuButton = page.getByRole('button', { name: 'Menu', exact: true });
  }

  heading(name: string | RegExp) {
    return this.page.getByRole('heading', { level: 1, name });
  }

  /** On a phone the navigation hides behind the menu button. */
  async openNav() {
    if (await this.menuButton.isVisible()) await this.menuButton.click();
    await expect(this.nav).toBeVisible();
  }

  /** A navigation link by its label; a count beside it ("Zamówienia (nowe: 2)") is allowed. */
  navLink(label: string) {
    const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return this.nav.getByRole('link', { name: new RegExp(`^${escaped}( \\(.*\\))?$`) });
  }

  async go(link: string) {
    await this.openNav();
    await this.navLink(link).click();
  }

  async logOut() {
    await this.openNav();
    await this.nav.getByRole('button', { name: 'Wyloguj' }).click();
  }
}

/** Logs in through the form and waits for the dashboard. */
export const logInToPanel = async (page: Page, account = demoManager()) => {
  const login = new PanelLoginPage(page);
  await login.goto();
  await login.logIn(account.email, account.password);
  await expect(page).toHaveURL(/\/panel\/?$/);
  await expect(new PanelLayout(page).heading('Pulpit')).toBeVisible();
};

/**
 * A real cash-on-delivery order through the shop's API (a customer's ticket): one scarf, picked
 * up in the club shop. Returns the order's number as the shop shows it.
 */
export const placeCashOnDeliveryOrder = async (baseURL: string, ticket: string, buyer: string) => {
  const orders = await placePickupOrder<{ NrZamowienia: string }>(
    customerApi(baseURL, ticket),
    [{ id: 17, qty: 1 }],
    buyer,
    20,
  );
  return orders[0]!.NrZamowienia;
};

/** /panel/produkty/nowy and /panel/produkty/:id */
export class PanelProductForm {
  readonly name: Locator;
  readonly shortDescription: Locator;
  readonly richText: Locator;
  readonly price: Locator;

  constructor(readonly page: Page) {
    this.name = page.getByLabel('Nazwa', { exact: true });
    this.shortDescription = page.getByLabel('Opis', { exact: true });
    this.richText = page.getByRole('textbox', { name: 'Opis dodatkowy' });
    this.price = page.getByLabel('Cena brutto (zł)');
  }

  toolbarButton(name: string) {
    return this.page.getByRole('toolbar', { name: 'Formatowanie opisu' }).getByRole('button', { name });
  }

  /** Adds a parameter row (its name field takes the focus) and fills it in. */
  async addSize(size: string, stock: string) {
    await this.page.getByRole('button', { name: 'Dodaj parametr' }).click();
    const n = await this.page.getByLabel(/^Parametr \d+: nazwa$/).count();
    await expect(this.page.getByLabel(`Parametr ${n}: nazwa`)).toBeFocused();
    await this.page.keyboard.type(size);
    await this.page.getByLabel(`Parametr ${n}: stan`).fill(stock);
  }

  async submit(label: 'Dodaj produkt' | 'Zapisz zmiany') {
    await this.page.getByRole('button', { name: label, exact: true }).click();
  }
}
