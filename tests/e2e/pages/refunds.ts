import { execFileSync } from 'node:child_process';
import { expect, type Locator, type Page } from '@playwright/test';

/** The 'Zwroty pieniędzy' section of the panel's order screen: the list and the owner's form. */
export class OrderRefundsSection {
  readonly region: Locator;
  readonly rows: Locator;
  constructor(readonly page: Page) {
    this.region = page.getByRole('region', { name: 'Zwroty pieniędzy' });
    this.rows = this.region.getByRole('row');
  }
  pieces(product: string) {
    return this.region.getByLabel(new RegExp(`^${product}.*ile sztuk zwrócić`));
  }
  /** The 'Ponów wysłanie' button of the refund of `amount` stuck without PayU's answer. */
  resendButton(amount: string) {
    return this.region.getByRole('button', { name: `Ponów wysłanie zwrotu ${amount}` });
  }
  /** Presses 'Zwróć …' and confirms it in the dialog. */
  async refund(amount: string) {
    await this.region.getByRole('button', { name: `Zwróć ${amount}` }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Zwrócić pieniądze?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: `Zwróć ${amount}` }).click();
  }
}

/**
 * A club of its own for a test that needs PayU: made by the operator's CLI against the run's shop
 * (`npm run club -- create`), so the seeded clubs keep their demo payments and missing seller data.
 * Returns its storefront origin, the API header and the owner's login.
 */
export const createClub = (baseURL: string, alias: string) => {
  const out = execFileSync(
    'node',
    [
      'apps/api/dist/club-cli.js',
      'create',
      '--alias',
      alias,
      '--name',
      `KS ${alias}`,
      '--domain',
      `${alias}.localhost`,
      '--email',
      `wlasciciel@${alias}.example.pl`,
    ],
    {
      encoding: 'utf8',
      env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, PUBLIC_URL: baseURL, LOG_LEVEL: 'warn' },
    },
  );
  const m = /Właściciel: (\S+), hasło: (\S+)/.exec(out);
  if (!m) throw new Error(`club-cli did not print the owner: ${out}`);
  const origin = baseURL.replace('//localhost', `//${alias}.localhost`);
  return { alias, origin, owner: { email: m[1]!, password: m[2]! } };
};

/** Makes the run's fake PayU fail the next `n` refund requests with HTTP 500 (no refund made). */
export const failNextPayuRefunds = async (n = 1) => {
  const res = await fetch(`http://127.0.0.1:${process.env.E2E_PAYU_PORT}/_fake/refunds/fail?n=${n}`, {
    method: 'POST',
  });
  expect(res.status).toBe(200);
};
