import { expect, type Locator, type Page } from '@playwright/test';

/** The product page's "Tabela rozmiarów" button and its dialog. */
export class SizeGuideDialog {
  readonly button: Locator;
  readonly dialog: Locator;
  readonly table: Locator;
  readonly scroller: Locator;

  constructor(readonly page: Page) {
    this.button = page.getByRole('button', { name: 'Tabela rozmiarów' });
    this.dialog = page.getByRole('dialog', { name: 'Tabela rozmiarów' });
    this.table = this.dialog.getByRole('table');
    this.scroller = this.dialog.getByRole('region');
  }

  async open() {
    await this.button.click();
    await expect(this.dialog).toBeVisible();
  }

  /** The table as text: headings, then each row. */
  async rows(): Promise<string[][]> {
    return this.table
      .getByRole('row')
      .evaluateAll((rows) =>
        rows.map((r) => Array.from(r.querySelectorAll('th, td'), (c) => c.textContent?.trim() ?? '')),
      );
  }
}

/** The panel's size guide editor (a category's screen or the product form's section). */
export class PanelSizeGuideEditor {
  readonly section: Locator;
  readonly create: Locator;
  readonly addRow: Locator;
  readonly addColumn: Locator;
  readonly save: Locator;
  readonly notice: Locator;

  constructor(readonly page: Page) {
    this.section = page.getByRole('region', { name: 'Tabela rozmiarów', exact: true });
    this.create = this.section.getByRole('button', { name: 'Utwórz tabelę' });
    this.addRow = this.section.getByRole('button', { name: 'Dodaj wiersz' });
    this.addColumn = this.section.getByRole('button', { name: 'Dodaj kolumnę' });
    this.save = this.section.getByRole('button', { name: 'Zapisz tabelę rozmiarów' });
    this.notice = this.section.getByRole('status');
  }

  heading(n: number) {
    return this.section.getByLabel(`Nagłówek kolumny ${n}`, { exact: true });
  }

  cell(column: string, row: number) {
    return this.section.getByLabel(`${column}, wiersz ${row}`, { exact: true });
  }
}
