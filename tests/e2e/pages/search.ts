import type { Locator, Page } from '@playwright/test';

/** The header's search box (the visible one: the bar on wide screens, its own row on phones). */
export class SearchBox {
  readonly field: Locator;
  readonly submit: Locator;
  readonly suggestions: Locator;

  constructor(readonly page: Page) {
    const form = page.getByRole('search');
    this.field = form.getByRole('combobox', { name: 'Szukaj produktów' });
    this.submit = form.getByRole('button', { name: 'Szukaj', exact: true });
    this.suggestions = page.getByRole('listbox', { name: 'Podpowiedzi' });
  }

  option(name: string | RegExp): Locator {
    return this.suggestions.getByRole('option', { name });
  }

  /** Types like a person (key by key), so the debounced suggestions are asked for. */
  async type(text: string) {
    await this.field.click();
    await this.field.fill('');
    await this.field.pressSequentially(text, { delay: 30 });
  }
}

/** /szukaj?q= */
export class SearchResultsPage {
  readonly heading: Locator;
  readonly results: Locator;
  readonly nothingFound: Locator;
  readonly count: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 });
    this.results = page.getByRole('region', { name: 'Wyniki wyszukiwania' }).getByRole('listitem');
    this.nothingFound = page.getByText('Nic nie znaleziono.');
    this.count = page.getByText(/^Znaleziono \d+ produkt/);
  }

  async goto(q: string) {
    await this.page.goto(`/szukaj?${new URLSearchParams({ q })}`);
  }

  result(name: string): Locator {
    return this.results.filter({ has: this.page.getByRole('link', { name, exact: true }) });
  }
}
