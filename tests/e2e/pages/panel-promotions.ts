import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';
import { PanelLayout } from './panel.ts';
import { panelApi } from './panel-commerce.ts';

/** What the manager types into the new promotion's form; only what is given is filled in. */
export type PromotionValues = {
  name: string;
  /** The kind's label, e.g. 'Rabat procentowy'. */
  kind?: string;
  percent?: string;
  /** Categories ticked by name (the scope "Wybrane kategorie"). */
  categories?: string[];
  code?: string;
  batch?: { count: string; prefix: string };
};

/** /panel/promocje: the list (a table from a tablet up, cards on a phone) and its "Nowa promocja" link. */
export class PanelPromotions {
  readonly layout: PanelLayout;

  constructor(readonly page: Page) {
    this.layout = new PanelLayout(page);
  }

  async open() {
    await this.layout.go('Promocje');
    await expect(this.layout.heading('Promocje i kody rabatowe')).toBeVisible();
  }

  /** The promotion's row or card, whichever the window shows. */
  entry(name: string) {
    return this.page
      .getByRole('main')
      .locator('tr, li')
      .filter({ has: this.page.getByRole('link', { name, exact: true }) })
      .filter({ visible: true });
  }

  async openNew() {
    await this.page.getByRole('link', { name: 'Nowa promocja' }).click();
    return new PanelPromotionForm(this.page).ready('Nowa promocja');
  }
}

/** /panel/promocje/nowa and /panel/promocje/:id: the form, and a stored promotion's state and actions. */
export class PanelPromotionForm {
  readonly layout: PanelLayout;
  readonly name: Locator;
  readonly percent: Locator;
  readonly submitNew: Locator;
  readonly save: Locator;
  readonly notice: Locator;
  readonly error: Locator;
  readonly state: Locator;
  readonly csv: Locator;
  /** The promotion's figures for a period. */
  readonly usage: Locator;

  constructor(readonly page: Page) {
    this.layout = new PanelLayout(page);
    this.name = page.getByLabel('Nazwa', { exact: true });
    this.percent = page.getByLabel('Rabat (%)');
    this.submitNew = page.getByRole('button', { name: 'Utwórz promocję' });
    this.save = page.getByRole('button', { name: 'Zapisz zmiany' });
    this.notice = page.getByRole('main').getByRole('status').filter({ hasText: /\S/ });
    this.error = page.getByRole('main').getByRole('alert');
    this.state = page.getByRole('region', { name: 'Stan promocji' });
    this.csv = page.getByRole('link', { name: 'Pobierz kody (CSV)' });
    this.usage = page.getByRole('region', { name: 'Wykorzystanie' });
  }

  async ready(heading: string | RegExp) {
    await expect(this.layout.heading(heading)).toBeVisible();
    return this;
  }

  /** A figure of the usage section by its label ("Zamówienia", "Przychód"...). */
  figure(label: string) {
    return this.usage
      .getByRole('term')
      .filter({ hasText: new RegExp(`^${label}$`) })
      .locator('xpath=following-sibling::dd[1]');
  }

  /** A field's message, as a screen reader hears it: the text its aria-describedby names. */
  async describedError(field: Locator) {
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    return (await field.getAttribute('aria-describedby'))!
      .split(' ')
      .filter((id) => id.endsWith('-error'))
      .map((id) => this.page.locator(`[id="${id}"]`))[0]!;
  }

  async fill(v: PromotionValues) {
    await this.name.fill(v.name);
    if (v.kind) await this.page.getByLabel('Rodzaj', { exact: true }).selectOption({ label: v.kind });
    if (v.percent !== undefined) await this.percent.fill(v.percent);
    if (v.categories) {
      await this.page.getByLabel('Wybrane kategorie').check();
      for (const c of v.categories) await this.page.getByLabel(c, { exact: true }).check();
    }
    if (v.code) {
      await this.page.getByLabel('Jeden kod dla wszystkich').check();
      await this.page.getByLabel('Kod', { exact: true }).fill(v.code);
    }
    if (v.batch) {
      await this.page.getByLabel('Pula kodów jednorazowych').check();
      await this.page.getByLabel('Liczba kodów').fill(v.batch.count);
      await this.page.getByLabel('Przedrostek').fill(v.batch.prefix);
    }
  }

  /** Creates the promotion and waits for its own screen; returns its id from the address. */
  async create(v: PromotionValues) {
    await this.fill(v);
    await this.submitNew.click();
    await this.ready(`Promocja: ${v.name}`);
    await expect(this.notice).toHaveText(`Utworzono promocję „${v.name}”.`);
    return Number(new URL(this.page.url()).pathname.split('/').pop());
  }

  /** The state's status in words ("Aktywna", "Wstrzymana"...). */
  status() {
    return this.state.getByRole('definition').first();
  }

  /** Downloads the batch's codes; the file's name and its text. */
  async downloadCodes() {
    const waiting = this.page.waitForEvent('download');
    await this.csv.click();
    const file = await waiting;
    return { name: file.suggestedFilename(), text: readFileSync((await file.path())!, 'utf8') };
  }

  /** "Zakończ", then the same in the question: ending cannot be undone. */
  async end() {
    await this.state.getByRole('button', { name: 'Zakończ' }).click();
    const dialog = this.page.getByRole('dialog', { name: /^Zakończyć promocję/ });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Zakończ' }).click();
    await expect(dialog).toBeHidden();
  }
}

/** Ends the club's promotions named `prefix…` still open (a test that failed half-way leaves none working). */
export const endPromotionLeftovers = async (page: Page, prefix: string) => {
  const list = await panelApi(page, 'GET', '/api/panel/promotions');
  if (list.status !== 200) return;
  const { Items } = JSON.parse(list.text) as { Items: { Id: number; Nazwa: string; Status: string }[] };
  for (const p of Items.filter((i) => i.Nazwa.startsWith(prefix) && i.Status !== 'ended'))
    await panelApi(page, 'POST', `/api/panel/promotions/${p.Id}/end`);
};
