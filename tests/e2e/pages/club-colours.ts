import type { Locator, Page } from '@playwright/test';

/** A club's storefront as its colours show: the header, the primary buttons, the cart and add-to-cart buttons. */
export class ClubTheme {
  readonly header: Locator;
  readonly primaryButtons: Locator;
  readonly cart: Locator;
  readonly addToCart: Locator;

  constructor(
    readonly page: Page,
    readonly origin: string,
  ) {
    this.header = page.getByRole('banner');
    // The product tiles' "Szczegóły" links are the shop's primary buttons.
    this.primaryButtons = page.getByRole('main').locator('a.btn-primary');
    this.cart = page.getByRole('banner').getByRole('link', { name: /^Koszyk/ });
    this.addToCart = page.getByRole('button', { name: 'Dodaj do koszyka' });
  }

  async goto(path: string) {
    await this.page.goto(new URL(path, this.origin).href);
  }

  /** The computed background and text colour, as `rgb(r, g, b)`. */
  colours(element: Locator) {
    return element.evaluate((el) => {
      const style = getComputedStyle(el);
      return { background: style.backgroundColor, color: style.color };
    });
  }
}

/** The panel settings' "Kolory sklepu" section. */
export class PanelColours {
  readonly section: Locator;

  constructor(readonly page: Page) {
    this.section = page.getByRole('region', { name: 'Kolory sklepu' });
  }

  /** A colour's `#rrggbb` text field, by its label. */
  field(label: string) {
    return this.section.getByLabel(label, { exact: true });
  }

  /** The contrast line of a pair, e.g. 'Tekst na kolorze głównym'. */
  ratio(pair: string) {
    return this.section.getByRole('listitem').filter({ hasText: new RegExp(`^${pair}:`) });
  }
}
