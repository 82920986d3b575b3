import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';

/** A seeded club's owner account, as the test server printed it on its first start (server.log). */
export const clubOwner = (alias: string): { email: string; password: string } => {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  const log = readFileSync(join(dir, 'server.log'), 'utf8');
  const m = log.match(new RegExp(`\\[${alias}\\] manager\\s+(\\S+) / (\\S+)`));
  if (!m) throw new Error(`the test server did not print the ${alias} club's account`);
  return { email: m[1]!, password: m[2]! };
};

/** The run's fake PayU credentials (playwright.config.ts makes them and starts the fake with them). */
export const fakePayu = () => ({
  posId: process.env.E2E_PAYU_POS_ID!,
  clientId: process.env.E2E_PAYU_CLIENT_ID!,
  clientSecret: process.env.E2E_PAYU_CLIENT_SECRET!,
  secondKey: process.env.E2E_PAYU_SECOND_KEY!,
});

/**
 * A panel API call from inside the page, as the panel makes it (session cookie, XSRF double
 * submit; the browser resolves the club's *.localhost name): for cleaning up after a test that
 * failed half-way, and for reading what the API answers.
 */
export const panelApi = (page: Page, method: string, path: string, body?: unknown) =>
  page.evaluate(
    async ({ method, path, body }) => {
      const xsrf = document.cookie.match(/(?:^|; )XSRF-TOKEN=([^;]*)/)?.[1] ?? '';
      const res = await fetch(path, {
        method,
        headers: {
          'x-xsrf-token': decodeURIComponent(xsrf),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: res.status, text: await res.text() };
    },
    { method, path, body },
  );

export type ShippingValues = {
  name: string;
  price: string;
  cod?: boolean;
  locker?: boolean;
  /** Delivery by e-mail (gift cards only). */
  electronic?: boolean;
  active?: boolean;
};

/** /panel/dostawa: the club's shipping options, their form and order buttons (a table or cards). */
export class PanelShipping {
  readonly createForm: Locator;
  readonly editForm: Locator;
  readonly notice: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    this.createForm = page.getByRole('form', { name: 'Nowy sposób dostawy' });
    this.editForm = page.getByRole('form', { name: /^Edycja: / });
    this.notice = page.getByRole('main').getByRole('status');
    this.error = page.getByRole('main').getByRole('alert');
  }

  async goto() {
    await this.page.goto('/panel/dostawa');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Sposoby dostawy' })).toBeVisible();
  }

  /** The options' names in the shown order (the table's or the cards', whichever is displayed). */
  names() {
    return this.page.locator('.shipping-name:visible').allTextContents();
  }

  /** A row's button, e.g. action('Przenieś wyżej', 'Kurier DPD'). */
  action(label: string, name: string) {
    return this.page.getByRole('button', { name: `${label}: ${name}`, exact: true });
  }

  /** The visible row (or card) of an option. */
  row(name: string) {
    return this.page
      .locator('tr:visible, li:visible')
      .filter({ has: this.page.locator('.shipping-name', { hasText: name }) });
  }

  async fill(form: Locator, v: ShippingValues) {
    await form.getByLabel('Nazwa', { exact: true }).fill(v.name);
    await form.getByLabel('Cena (zł)', { exact: true }).fill(v.price);
    if (v.cod !== undefined) await form.getByLabel('Płatność przy odbiorze').setChecked(v.cod);
    if (v.locker !== undefined) await form.getByLabel('Paczkomat').setChecked(v.locker);
    if (v.electronic !== undefined)
      await form.getByLabel('Dostawa e-mailem (tylko karty podarunkowe)').setChecked(v.electronic);
    if (v.active !== undefined) await form.getByLabel('Aktywny').setChecked(v.active);
  }

  async create(v: ShippingValues) {
    await this.fill(this.createForm, v);
    await this.createForm.getByRole('button', { name: 'Dodaj sposób dostawy' }).click();
    await expect(this.notice).toHaveText(`Dodano sposób dostawy „${v.name}”.`);
  }

  async edit(current: string, v: ShippingValues) {
    await this.action('Edytuj', current).click();
    await expect(this.editForm.getByLabel('Nazwa', { exact: true })).toBeFocused();
    await this.fill(this.editForm, v);
    await this.editForm.getByRole('button', { name: 'Zapisz zmiany' }).click();
    await expect(this.notice).toHaveText(`Zapisano sposób dostawy „${v.name}”.`);
  }

  async remove(name: string) {
    await this.action('Usuń', name).click();
    const dialog = this.page.getByRole('dialog', { name: `Usunąć sposób dostawy „${name}”?` });
    await dialog.getByRole('button', { name: 'Usuń', exact: true }).click();
    await expect(this.notice).toHaveText(`Usunięto sposób dostawy „${name}”.`);
  }
}

/** /panel/platnosci: cash on delivery and the club's PayU (secrets write-only, test connection). */
export class PanelPayments {
  readonly posId: Locator;
  readonly clientId: Locator;
  readonly clientSecret: Locator;
  readonly secondKey: Locator;
  readonly sandbox: Locator;
  readonly production: Locator;
  readonly save: Locator;
  readonly test: Locator;
  readonly remove: Locator;
  readonly testResult: Locator;
  readonly source: Locator;
  readonly cod: Locator;
  readonly notice: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    this.posId = page.getByLabel('Identyfikator punktu płatności (POS ID)');
    this.clientId = page.getByLabel('Client ID (protokół OAuth)');
    this.clientSecret = page.getByLabel('Client secret (protokół OAuth)');
    this.secondKey = page.getByLabel('Drugi klucz (MD5)');
    this.sandbox = page.getByRole('radio', { name: /^Sandbox/ });
    this.production = page.getByRole('radio', { name: /^Produkcja/ });
    this.save = page.getByRole('button', { name: 'Zapisz konfigurację PayU' });
    this.test = page.getByRole('button', { name: 'Sprawdź połączenie' });
    this.remove = page.getByRole('button', { name: 'Usuń konfigurację PayU' });
    this.testResult = page.getByTestId('payu-test-result');
    this.source = page.getByRole('region', { name: 'Płatności online teraz' });
    this.cod = page.getByLabel('Przyjmuj płatność przy odbiorze');
    // The screen's notice, not the test connection's own live region.
    this.notice = page.getByRole('main').locator('[role="status"]:not([data-testid])');
    this.error = page.getByRole('main').getByRole('alert');
  }

  async goto() {
    await this.page.goto('/panel/platnosci');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Płatności' })).toBeVisible();
  }
}
