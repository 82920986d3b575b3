import { expect, type Locator, type Page } from '@playwright/test';
import { PanelLayout } from './panel.ts';

/** The complaints part of an opened order in the account (moje-konto). */
export class AccountComplaints {
  readonly region: Locator;

  constructor(
    readonly page: Page,
    readonly orderNumber: string,
  ) {
    this.region = page.getByRole('region', { name: 'Historia zakupów' });
  }

  async openOrder() {
    await this.region.getByRole('button', { name: new RegExp(this.orderNumber) }).click();
  }

  async file(o: {
    line: RegExp;
    description: string;
    request: string;
    photo: { name: string; buffer: Buffer };
  }) {
    await this.region.getByRole('button', { name: 'Złóż reklamację' }).click();
    await this.region.getByRole('checkbox', { name: o.line }).check();
    await this.region.getByLabel('Opis wady').fill(o.description);
    await this.region.getByLabel('Czego żądasz?').selectOption({ label: o.request });
    await this.region
      .getByLabel('Zdjęcia (nieobowiązkowe)')
      .setInputFiles({ name: o.photo.name, mimeType: 'image/png', buffer: o.photo.buffer });
    await this.region.getByRole('button', { name: 'Wyślij reklamację' }).click();
    await expect(this.region.getByRole('status')).toContainText('Reklamacja wysłana');
  }
}

/** /panel/reklamacje and /panel/reklamacje/:id */
export class PanelComplaints {
  readonly layout: PanelLayout;

  constructor(readonly page: Page) {
    this.layout = new PanelLayout(page);
  }

  async open(orderNumber: string) {
    await this.layout.go('Reklamacje');
    await expect(this.layout.heading('Reklamacje')).toBeVisible();
    await this.page
      .getByRole('link', { name: new RegExp(`zamówienie ${orderNumber.replace(/[/]/g, '\\/')}`) })
      .click();
  }

  /** Takes a step and confirms the e-mail in the dialog. */
  async step(label: string) {
    await this.page.getByRole('button', { name: `Oznacz: ${label}` }).click();
    const dialog = this.page.getByRole('dialog');
    await expect(dialog).toContainText('otrzyma o tym e-mail');
    await dialog.getByRole('button', { name: 'Tak, zapisz i wyślij e-mail' }).click();
    await expect(this.page.getByRole('status').filter({ hasText: `Zapisano: ${label}` })).toBeVisible();
  }
}
