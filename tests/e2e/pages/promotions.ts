import type { Locator } from '@playwright/test';

/**
 * A price as a tile or the product page shows it with a promotion (decision 151): the badge with
 * the promotion's name, the regular price struck through (`del`), the promoted price (`ins`), each
 * named for screen readers, and the Omnibus line.
 */
export class ShownPriceView {
  readonly regular: Locator;
  readonly promoted: Locator;
  readonly omnibus: Locator;

  constructor(readonly scope: Locator) {
    this.regular = scope.locator('del');
    this.promoted = scope.locator('ins');
    this.omnibus = scope.getByText(/^Najniższa cena z 30 dni przed obniżką:/);
  }

  badge(name: string) {
    return this.scope.getByText(name, { exact: true });
  }
}
