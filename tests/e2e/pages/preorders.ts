import { expect, type Locator, type Page } from '@playwright/test';

/** The demo's pre-order: the new away shirt, size M (seed: demo-data.ts, decision 144). */
export const PREORDER_SHIRT = 'Koszulka meczowa wyjazdowa 2027/28';

const SHOP = { organizacja: 'demo' };
const API = '/api/centauri/sklepyonline';

/** The demo shirt's id and its pre-order size's expected shipping date as the shop writes it (DD.MM.RRRR). */
export const demoPreorder = async (baseURL: string) => {
  const list = (await (await fetch(`${baseURL}${API}/getProdukty/0/100`, { headers: SHOP })).json()) as {
    Id: number;
    Nazwa: string;
  }[];
  const id = list.find((p) => p.Nazwa === PREORDER_SHIRT)!.Id;
  const product = (await (await fetch(`${baseURL}${API}/pokazProdukt/${id}`, { headers: SHOP })).json()) as {
    Parametry: { Nazwa: string; Przedsprzedaz?: { DataWysylki: string } }[];
  };
  const release = product.Parametry.find((p) => p.Nazwa === 'M')!.Przedsprzedaz!.DataWysylki;
  return { id, date: release.split('-').reverse().join('.') };
};

/** The label every pre-order line carries. */
export const preorderLabel = (date: string) => `Przedsprzedaż – wysyłka ok. ${date}`;

/** /panel/przedsprzedaz: one card per variant with its orders to send. */
export class PanelPreordersPage {
  readonly heading: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Przedsprzedaż' });
  }

  async goto() {
    await this.page.goto('/panel/przedsprzedaz');
    await expect(this.heading).toBeVisible();
  }

  /** A variant's card, by its heading ('Produkt – Wariant'). */
  variant(name: string) {
    return this.page
      .getByRole('listitem')
      .filter({ has: this.page.getByRole('heading', { level: 2, name }) });
  }
}
