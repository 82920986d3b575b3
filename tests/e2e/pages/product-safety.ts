import { expect, type Locator, type Page } from '@playwright/test';

/** The labels of the safety fields, the same in the product form and (for the club's defaults) in the settings. */
export type SafetyLabel =
  | 'Producent: nazwa'
  | 'Producent: adres pocztowy'
  | 'Producent: e-mail lub strona'
  | 'Osoba odpowiedzialna w UE: nazwa'
  | 'Osoba odpowiedzialna w UE: adres pocztowy'
  | 'Osoba odpowiedzialna w UE: e-mail lub strona'
  | 'Kod EAN/GTIN'
  | 'Model lub numer katalogowy'
  | 'Ostrzeżenia i informacje o bezpieczeństwie';

/** The product form's safety fieldset and its VAT rate. */
export class PanelProductSafety {
  readonly group: Locator;
  readonly vatRate: Locator;

  constructor(readonly page: Page) {
    this.group = page.getByRole('group', { name: 'Bezpieczeństwo produktu (GPSR)' });
    this.vatRate = page.getByLabel('Stawka VAT', { exact: true });
  }

  field(label: SafetyLabel) {
    return this.group.getByLabel(label, { exact: true });
  }

  async fill(values: Partial<Record<SafetyLabel, string>>) {
    for (const [label, value] of Object.entries(values)) await this.field(label as SafetyLabel).fill(value);
  }
}

/** The settings' "Bezpieczeństwo produktów (GPSR)" section: the club's defaults. */
export class PanelSafetyDefaults {
  readonly section: Locator;

  constructor(readonly page: Page) {
    this.section = page.getByRole('region', { name: 'Bezpieczeństwo produktów (GPSR)' });
  }

  field(label: SafetyLabel) {
    return this.section.getByLabel(label, { exact: true });
  }

  async fill(values: Partial<Record<SafetyLabel, string>>) {
    for (const [label, value] of Object.entries(values)) await this.field(label as SafetyLabel).fill(value);
  }
}

/** The storefront product page's price note and "Bezpieczeństwo produktu" section. */
export class ProductSafetySection {
  readonly section: Locator;

  constructor(readonly page: Page) {
    this.section = page.getByRole('region', { name: 'Bezpieczeństwo produktu' });
  }

  async goto(productId: number) {
    await this.page.goto(`/produkt/${productId}`);
    await expect(this.page.getByRole('heading', { level: 1 })).toBeVisible();
  }

  /** A group of the section ("Producent", "Osoba odpowiedzialna w UE", …) by its heading. */
  group(heading: string) {
    return this.section.getByRole('heading', { level: 3, name: heading, exact: true });
  }

  /** The value under `label` in the group headed `heading`. */
  value(heading: string, label: string) {
    const headed = this.page.getByRole('heading', { level: 3, name: heading, exact: true });
    return this.section
      .locator('div', { has: headed })
      .locator('dt', { hasText: new RegExp(`^${label}$`) })
      .locator('xpath=following-sibling::dd[1]');
  }

  vatNote(text: string) {
    return this.page.getByText(text, { exact: true });
  }
}
