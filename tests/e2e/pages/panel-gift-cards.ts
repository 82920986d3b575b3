import { expect, type Locator, type Page } from '@playwright/test';
import { hashToken } from '../../../apps/api/src/lib/crypto.ts';
import { newGiftCardCode } from './gift-cards.ts';
import { PanelLayout } from './panel.ts';
import { withShopDatabase } from './shop-database.ts';

export type SeededCard = { id: number; code: string; end: string; email: string };

/**
 * A demo club's card of `amount` grosze, valid a year. With `order` (its number), the order bought
 * it with its first line, and paid `paid` grosze of itself with the card, as placement would record.
 */
export const insertDemoGiftCard = (opts: { amount: number; email: string; order?: string; paid?: number }) =>
  withShopDatabase(async (db): Promise<SeededCard> => {
    const code = newGiftCardCode().replaceAll('-', '');
    const org = (await db.query<{ id: number }>(`SELECT id FROM organisations WHERE alias = 'demo'`)).rows[0]!
      .id;
    let orderId: number | null = null;
    let lineId: number | null = null;
    if (opts.order) {
      orderId = (
        await db.query<{ id: number }>('SELECT id FROM orders WHERE organisation_id = $1 AND number = $2', [
          org,
          opts.order,
        ])
      ).rows[0]!.id;
      lineId = (
        await db.query<{ id: number }>(
          'UPDATE order_lines SET gift_card = true WHERE id = (SELECT min(id) FROM order_lines WHERE order_id = $1) RETURNING id',
          [orderId],
        )
      ).rows[0]!.id;
    }
    const paid = opts.paid ?? 0;
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO gift_cards (organisation_id, code_hash, code_end, amount, balance, expires_at, order_id, order_line_id, email)
       VALUES ($1, $2, $3, $4, $5, now() + interval '1 year', $6, $7, $8) RETURNING id`,
      [org, hashToken(code), code.slice(-4), opts.amount, opts.amount - paid, orderId, lineId, opts.email],
    );
    const id = rows[0]!.id;
    if (orderId !== null && paid > 0) {
      await db.query('UPDATE orders SET gift_card_paid = $1 WHERE id = $2', [paid, orderId]);
      await db.query(
        `INSERT INTO gift_card_uses (organisation_id, gift_card_id, order_id, amount, kind) VALUES ($1, $2, $3, $4, 'order')`,
        [org, id, orderId, paid],
      );
    }
    return { id, code, end: code.slice(-4), email: opts.email };
  });

/** /panel/karty-podarunkowe: the filters, and the list (a table from a tablet up, cards on a phone). */
export class PanelGiftCards {
  readonly layout: PanelLayout;
  readonly search: Locator;
  readonly state: Locator;
  readonly filter: Locator;

  constructor(readonly page: Page) {
    this.layout = new PanelLayout(page);
    this.search = page.getByLabel('Szukaj');
    this.state = page.getByLabel('Stan');
    this.filter = page.getByRole('button', { name: 'Filtruj' });
  }

  async open() {
    await this.layout.go('Karty podarunkowe');
    await expect(this.layout.heading('Karty podarunkowe')).toBeVisible();
  }

  /** The card's row or card, by its link `••••-END`, whichever the window shows. */
  link(end: string) {
    return this.page
      .getByRole('main')
      .getByRole('link', { name: `••••-${end}`, exact: true })
      .filter({ visible: true });
  }

  entry(end: string) {
    return this.page
      .getByRole('main')
      .locator('tr, li')
      .filter({ has: this.page.getByRole('link', { name: `••••-${end}`, exact: true }) })
      .filter({ visible: true });
  }

  /** Types the search and submits it with Enter, the state chosen first (a keyboard user's way). */
  async find(q: string, state?: string) {
    if (state) await this.state.selectOption({ label: state });
    await this.search.fill(q);
    await this.search.press('Enter');
    await expect(this.page).toHaveURL(/q=/);
  }
}

/** /panel/karty-podarunkowe/:id */
export class PanelGiftCard {
  readonly layout: PanelLayout;
  readonly details: Locator;
  readonly history: Locator;
  readonly disable: Locator;
  readonly dialog: Locator;
  readonly notice: Locator;

  constructor(readonly page: Page) {
    this.layout = new PanelLayout(page);
    this.details = page.getByRole('region', { name: 'Dane karty' });
    this.history = page.getByRole('region', { name: 'Historia salda' });
    this.disable = page.getByRole('button', { name: 'Zablokuj kartę' });
    this.dialog = page.getByRole('dialog', { name: 'Zablokować kartę podarunkową?' });
    this.notice = page.getByRole('status');
  }

  async ready(end: string) {
    await expect(this.layout.heading(`Karta podarunkowa ••••-${end}`)).toBeVisible();
    return this;
  }

  /** A figure of the card by its label ("Saldo", "Stan"...). */
  figure(label: string) {
    return this.details.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('+ dd');
  }
}
