import { expect, type Locator, type Page } from '@playwright/test';
import { PanelLayout } from './panel.ts';
import { panelApi } from './panel-commerce.ts';

/** /panel/grupy-klientow: the list (a table from a tablet up, cards on a phone) and its "Nowa grupa" link. */
export class PanelCustomerGroups {
  readonly layout: PanelLayout;

  constructor(readonly page: Page) {
    this.layout = new PanelLayout(page);
  }

  async open() {
    await this.layout.go('Grupy klientów');
    await expect(this.layout.heading('Grupy klientów')).toBeVisible();
  }

  /** The group's row or card, whichever the window shows. */
  entry(name: string) {
    return this.page
      .getByRole('main')
      .locator('tr, li')
      .filter({ has: this.page.getByRole('link', { name, exact: true }) })
      .filter({ visible: true });
  }

  async openNew() {
    await this.page.getByRole('link', { name: 'Nowa grupa' }).click();
    return new PanelCustomerGroupForm(this.page).ready('Nowa grupa klientów');
  }
}

/** /panel/grupy-klientow/nowa and /panel/grupy-klientow/:id. */
export class PanelCustomerGroupForm {
  readonly layout: PanelLayout;
  readonly name: Locator;
  readonly validFrom: Locator;
  readonly validTo: Locator;
  readonly domains: Locator;
  readonly accounts: Locator;
  readonly submitNew: Locator;
  readonly save: Locator;
  readonly remove: Locator;
  readonly notice: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    this.layout = new PanelLayout(page);
    this.name = page.getByLabel('Nazwa', { exact: true });
    this.validFrom = page.getByLabel('Ważna od (czas polski)');
    this.validTo = page.getByLabel('Ważna do (czas polski)');
    this.domains = page.getByLabel('Domeny adresów e-mail');
    this.accounts = page.getByLabel('Konta klientów (adresy e-mail)');
    this.submitNew = page.getByRole('button', { name: 'Utwórz grupę' });
    this.save = page.getByRole('button', { name: 'Zapisz zmiany' });
    this.remove = page.getByRole('main').getByRole('button', { name: 'Usuń grupę' });
    this.notice = page.getByRole('main').getByRole('status').filter({ hasText: /\S/ });
    this.error = page.getByRole('main').getByRole('alert');
  }

  async ready(heading: string | RegExp) {
    await expect(this.layout.heading(heading)).toBeVisible();
    return this;
  }

  /** A field's message, as a screen reader hears it: the text its aria-describedby names. */
  async describedError(field: Locator) {
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    return (await field.getAttribute('aria-describedby'))!
      .split(' ')
      .filter((id) => id.endsWith('-error'))
      .map((id) => this.page.locator(`[id="${id}"]`))[0]!;
  }

  async fill(v: { name: string; domains?: string[]; accounts?: string[]; from?: string; to?: string }) {
    await this.name.fill(v.name);
    if (v.from) await this.validFrom.fill(v.from);
    if (v.to) await this.validTo.fill(v.to);
    if (v.domains) await this.domains.fill(v.domains.join('\n'));
    if (v.accounts) await this.accounts.fill(v.accounts.join('\n'));
  }

  /** "Usuń grupę", then the same in the question. */
  async confirmRemove() {
    await this.remove.click();
    const dialog = this.page.getByRole('dialog', { name: /^Usunąć grupę/ });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Usuń grupę' }).click();
    await expect(dialog).toBeHidden();
  }
}

/** Deletes the club's groups named `prefix…` (a test that failed half-way leaves none behind). */
export const deleteGroupLeftovers = async (page: Page, prefix: string) => {
  const list = await panelApi(page, 'GET', '/api/panel/customer-groups');
  if (list.status !== 200) return;
  const { Items } = JSON.parse(list.text) as { Items: { Id: number; Nazwa: string }[] };
  for (const g of Items.filter((i) => i.Nazwa.startsWith(prefix)))
    await panelApi(page, 'DELETE', `/api/panel/customer-groups/${g.Id}`);
};
