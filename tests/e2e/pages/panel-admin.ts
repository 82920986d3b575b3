import { expect, type Locator, type Page } from '@playwright/test';
import { PanelLayout } from './panel.ts';

/** The confirmation dialog before a delete or an anonymisation. */
export const confirmDialog = (page: Page, title: string | RegExp) =>
  page.getByRole('dialog', { name: title });

/** /panel/kategorie: the tree with its create and edit forms. */
export class PanelCategoriesPage {
  readonly layout: PanelLayout;
  readonly createForm: Locator;
  readonly editForm: Locator;
  readonly list: Locator;
  readonly notice: Locator;
  readonly alert: Locator;

  constructor(readonly page: Page) {
    this.layout = new PanelLayout(page);
    this.createForm = page.getByRole('form', { name: 'Nowa kategoria' });
    this.editForm = page.getByRole('form', { name: /^Edycja kategorii/ });
    this.list = page.getByRole('list', { name: 'Kategorie' });
    this.notice = page.getByRole('status');
    this.alert = page.getByRole('alert');
  }

  async goto() {
    await this.page.goto('/panel/kategorie');
    await expect(this.layout.heading('Kategorie')).toBeVisible();
  }

  row(name: string) {
    return this.list
      .getByRole('listitem')
      .filter({ has: this.page.locator('.category-name').getByText(name, { exact: true }) });
  }

  /** Categories' names in the order shown (the tree order). */
  async names() {
    const texts = await this.list.locator('.category-name').allTextContents();
    return texts.map((s) => s.trim());
  }

  button(action: 'Przenieś wyżej' | 'Przenieś niżej' | 'Edytuj' | 'Usuń', name: string) {
    return this.page.getByRole('button', { name: `${action}: ${name}`, exact: true });
  }

  async create(name: string, parent?: string) {
    await this.createForm.getByLabel('Nazwa', { exact: true }).fill(name);
    if (parent) await this.createForm.getByLabel('Kategoria nadrzędna').selectOption({ label: parent });
    await this.createForm.getByRole('button', { name: 'Dodaj kategorię' }).click();
    await expect(this.notice).toHaveText(`Dodano kategorię „${name}”.`);
    await expect(this.row(name)).toBeVisible();
  }

  /** Opens the row's edit form, changes the name and/or the parent (an option's visible label), saves. */
  async edit(name: string, change: { name?: string; parentLabel?: string }) {
    await this.button('Edytuj', name).click();
    await expect(this.editForm.getByLabel('Nazwa', { exact: true })).toBeFocused();
    if (change.name) await this.editForm.getByLabel('Nazwa', { exact: true }).fill(change.name);
    if (change.parentLabel)
      await this.editForm.getByLabel('Kategoria nadrzędna').selectOption({ label: change.parentLabel });
    await this.editForm.getByRole('button', { name: 'Zapisz zmiany' }).click();
    await expect(this.notice).toHaveText(`Zapisano kategorię „${change.name ?? name}”.`);
    await expect(this.editForm).toBeHidden();
  }

  async remove(name: string) {
    await this.button('Usuń', name).click();
    const dialog = confirmDialog(this.page, `Usunąć kategorię „${name}”?`);
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Usuń', exact: true }).click();
    await expect(dialog).toBeHidden();
  }
}

/** /panel/klienci/:id */
export class PanelCustomerPage {
  readonly layout: PanelLayout;
  readonly anonymise: Locator;
  readonly orders: Locator;
  readonly details: Locator;

  constructor(readonly page: Page) {
    this.layout = new PanelLayout(page);
    this.anonymise = page.getByRole('button', { name: 'Anonimizuj klienta' });
    this.orders = page.getByRole('region', { name: 'Zamówienia klienta' });
    this.details = page.getByRole('region', { name: 'Dane klienta' });
  }

  /** From the list: searches the customer's e-mail and opens their row. */
  async openFromList(email: string, name: string) {
    await this.page.goto('/panel/klienci');
    await expect(this.layout.heading('Klienci')).toBeVisible();
    await this.page.getByRole('searchbox', { name: 'Szukaj' }).fill(email);
    await this.page.getByRole('button', { name: 'Filtruj' }).click();
    await expect(this.page).toHaveURL(/[?&]q=/);
    await this.page
      .getByRole('row')
      .filter({ hasText: email })
      .getByRole('link', { name, exact: true })
      .click();
    await expect(this.layout.heading(`Klient: ${name}`)).toBeVisible();
  }
}

/** /panel/zespol (owner only) */
export class PanelStaffPage {
  readonly layout: PanelLayout;
  readonly inviteForm: Locator;
  readonly table: Locator;

  constructor(readonly page: Page) {
    this.layout = new PanelLayout(page);
    this.inviteForm = page.getByRole('form', { name: 'Zaproś do zespołu' });
    this.table = page.getByRole('region', { name: 'Pracownicy' }).getByRole('table');
  }

  row(email: string) {
    return this.table.getByRole('row').filter({ hasText: email });
  }

  async invite(p: { email: string; firstName: string; lastName: string; role: 'Właściciel' | 'Kierownik' }) {
    await this.inviteForm.getByLabel('E-mail', { exact: true }).fill(p.email);
    await this.inviteForm.getByLabel('Imię', { exact: true }).fill(p.firstName);
    await this.inviteForm.getByLabel('Nazwisko', { exact: true }).fill(p.lastName);
    await this.inviteForm.getByLabel('Rola', { exact: true }).selectOption({ label: p.role });
    await this.inviteForm.getByRole('button', { name: 'Wyślij zaproszenie' }).click();
  }
}
