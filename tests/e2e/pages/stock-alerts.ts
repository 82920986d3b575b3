import { expect, type Page } from '@playwright/test';

const SHOP = '/api/centauri/sklepyonline';

/** The seeded shirt with sizes S and XXL sold out and two fans waiting for S (demo data). */
export const RETRO = 'Koszulka retro 1979';

export const productIdByName = async (page: Page, name: string): Promise<number> => {
  const res = await page.request.get(`${SHOP}/getProdukty/0/100`, { headers: { organizacja: 'demo' } });
  const list = (await res.json()) as { Id: number; Nazwa: string }[];
  const found = list.find((p) => p.Nazwa === name);
  if (!found) throw new Error(`no product ${name}`);
  return found.Id;
};

/** "Powiadom mnie" on the product page. */
export class NotifyForm {
  constructor(private readonly page: Page) {}

  section() {
    return this.page.getByRole('region', { name: 'Powiadom mnie, gdy wróci' });
  }

  async ask(opts: { variant: string; email: string; consent?: boolean }) {
    const s = this.section();
    await s.getByRole('combobox', { name: 'Wariant' }).selectOption({ label: opts.variant });
    await s.getByRole('textbox', { name: 'Adres e-mail' }).fill(opts.email);
    if (opts.consent !== false) await s.getByRole('checkbox', { name: /Zgadzam się/ }).check();
    await s.getByRole('button', { name: 'Powiadom mnie' }).click();
  }

  async expectConfirmed() {
    await expect(this.section().getByRole('status')).toContainText('Gdy ten produkt wróci do sprzedaży');
  }
}
