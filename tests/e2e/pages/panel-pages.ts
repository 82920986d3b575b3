import { expect, type Locator, type Page } from '@playwright/test';

/** /panel/tresci/strony: the sub-pages and special texts, search, delete. */
export class PanelPagesList {
  readonly add: Locator;
  readonly search: Locator;
  readonly notice: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    this.add = page.getByRole('link', { name: 'Dodaj podstronę', exact: true });
    this.search = page.getByRole('searchbox', { name: 'Szukaj' });
    this.notice = page.getByRole('status');
    this.error = page.getByRole('alert');
  }

  async goto(query = '') {
    await this.page.goto(`/panel/tresci/strony${query}`);
    await expect(this.page.getByRole('heading', { level: 1, name: 'Podstrony' })).toBeVisible();
  }

  /** The page's title link (in the table on a laptop, on its card on a phone). */
  open(title: string) {
    return this.page.getByRole('link', { name: title, exact: true }).locator('visible=true');
  }

  /** 'Edytuj' or 'Usuń' of a page's row. */
  action(name: 'Edytuj' | 'Usuń', title: string) {
    return this.page
      .getByRole(name === 'Usuń' ? 'button' : 'link', { name: `${name}: ${title}` })
      .locator('visible=true');
  }
}

/** /panel/tresci/strony/nowa and /panel/tresci/strony/:id */
export class PanelPageEditor {
  readonly title: Locator;
  readonly slug: Locator;
  readonly content: Locator;
  readonly toolbar: Locator;
  readonly imageButton: Locator;
  readonly imageFile: Locator;
  readonly imageAlt: Locator;
  readonly imageInsert: Locator;
  readonly meta: Locator;
  readonly parent: Locator;
  readonly notice: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    this.title = page.getByLabel('Tytuł', { exact: true });
    this.slug = page.getByLabel('Adres strony', { exact: true });
    this.content = page.getByRole('textbox', { name: 'Treść' });
    this.toolbar = page.getByRole('toolbar', { name: 'Formatowanie treści' });
    this.imageButton = this.toolbar.getByRole('button', { name: 'Wstaw obraz' });
    this.imageFile = page.getByLabel('Plik obrazu');
    this.imageAlt = page.getByLabel('Opis obrazu (tekst alternatywny)');
    this.imageInsert = page.getByRole('button', { name: 'Wyślij i wstaw' });
    this.meta = page.getByLabel('Opis dla wyszukiwarek (meta description)');
    this.parent = page.getByLabel('Strona nadrzędna');
    this.notice = page.getByRole('status');
    this.error = page.getByRole('alert');
  }

  async gotoNew() {
    await this.page.goto('/panel/tresci/strony/nowa');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Nowa podstrona' })).toBeVisible();
  }

  param(key: string) {
    return this.page.getByRole('checkbox', { name: key, exact: true });
  }

  submit(label: 'Dodaj podstronę' | 'Zapisz zmiany') {
    return this.page.getByRole('button', { name: label, exact: true });
  }

  /** Uploads an image through the toolbar's image button and waits for it in the text. */
  async insertImage(image: { name: string; mimeType: string; buffer: Buffer }, alt: string) {
    await this.imageButton.click();
    await expect(this.imageFile).toBeFocused();
    await this.imageFile.setInputFiles(image);
    await this.imageAlt.fill(alt);
    await this.imageInsert.click();
    await expect(this.content.getByRole('img', { name: alt })).toBeVisible();
  }
}
