import { createHash, randomInt } from 'node:crypto';
import { GIFT_CARD_ALPHABET } from '@club/contract';
import { expect, type Locator, type Page } from '@playwright/test';
import { withShopDatabase } from './shop-database.ts';

/** A fresh code of the shop's alphabet, as the e-mail prints it (ABCD-EFGH-JKMN-PQRS). */
export const newGiftCardCode = () =>
  Array.from({ length: 16 }, () => GIFT_CARD_ALPHABET[randomInt(GIFT_CARD_ALPHABET.length)])
    .join('')
    .match(/.{4}/g)!
    .join('-');

/**
 * A card of the demo club, as the shop issues one: only the hash of the code (without dashes) is
 * kept. Amounts in grosze. Returns the code as printed.
 */
export const insertGiftCard = async ({
  amount = 20000,
  balance = amount,
  expiresAt = new Date(Date.now() + 365 * 86_400_000),
  alias = 'demo',
}: {
  amount?: number;
  balance?: number;
  expiresAt?: Date;
  alias?: string;
} = {}) => {
  const code = newGiftCardCode();
  const plain = code.replaceAll('-', '');
  await withShopDatabase((db) =>
    db.query(
      `insert into gift_cards (organisation_id, code_hash, code_end, amount, balance, expires_at, email)
       select id, $2, $3, $4, $5, $6, 'e2e-karta@example.pl' from organisations where alias = $1`,
      [alias, createHash('sha256').update(plain).digest('hex'), plain.slice(-4), amount, balance, expiresAt],
    ),
  );
  return code;
};

/** /karta-podarunkowa: the code's field and the card's state, balance, amount and last day. */
export class GiftCardBalancePage {
  readonly heading: Locator;
  readonly code: Locator;
  readonly check: Locator;
  readonly result: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Karta podarunkowa – sprawdź saldo' });
    this.code = page.getByRole('textbox', { name: 'Kod karty podarunkowej' });
    this.check = page.getByRole('button', { name: 'Sprawdź saldo' });
    this.result = page.getByTestId('gift-card-balance');
  }

  async goto() {
    await this.page.goto('/karta-podarunkowa');
    await expect(this.heading).toBeVisible();
  }

  /** The answer's value under its label ('Stan', 'Saldo', 'Kwota karty', 'Ważna do'). */
  value(label: string) {
    return this.result.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
  }
}

/** The cart's gift card: its field, the card kept with its balance, and its row in the summary. */
export class CartGiftCardField {
  readonly field: Locator;
  readonly apply: Locator;
  readonly kept: Locator;
  readonly balance: Locator;
  readonly remove: Locator;
  /** '−50,00 zł' after 'Karta podarunkowa ••••-PQRS' (the cart, the delivery step, the summary). */
  readonly amount: Locator;

  constructor(readonly page: Page) {
    const form = page.getByRole('form', { name: 'Karta podarunkowa' });
    this.field = form.getByRole('textbox', { name: 'Karta podarunkowa' });
    this.apply = form.getByRole('button', { name: 'Zastosuj' });
    this.kept = page.getByTestId('cart-gift-card');
    this.balance = this.kept.getByTestId('gift-card-balance');
    this.remove = this.kept.getByRole('button', { name: 'Usuń kartę' });
    this.amount = page.getByTestId('gift-card-amount');
  }
}

const SHOP_API = '/api/centauri/sklepyonline';

/**
 * A cart of the demo club's gift card (its first amount) and, optionally, other products, made
 * through the shop's API; its guid put where the storefront keeps it before the first page script.
 */
export const seedGiftCardCart = async (
  page: Page,
  baseURL: string,
  others: { id: number; qty: number }[] = [],
) => {
  const headers = { organizacja: 'demo', 'content-type': 'application/json' };
  const list = (await (await fetch(`${baseURL}${SHOP_API}/getProdukty/0/100`, { headers })).json()) as {
    Id: number;
    Nazwa: string;
  }[];
  const card = list.find((p) => p.Nazwa === 'E-karta podarunkowa');
  if (!card) throw new Error('no gift card product in the demo club');
  const product = (await (
    await fetch(`${baseURL}${SHOP_API}/pokazProdukt/${card.Id}`, { headers })
  ).json()) as {
    Parametry: { Id: number; Nazwa: string }[];
  };
  const variant = product.Parametry[0]!;
  const res = await fetch(`${baseURL}${SHOP_API}/koszyk/`, {
    method: 'POST',
    headers,
    body: JSON.stringify([
      { Id: 0, IdWyrob: card.Id, Ilosc: 1, Parametr: { Id: variant.Id, Nazwa: variant.Nazwa } },
      ...others.map(({ id, qty }) => ({ Id: 0, IdWyrob: id, Ilosc: qty, Parametr: null })),
    ]),
  });
  expect(res.ok, await res.clone().text()).toBe(true);
  const guid = (await res.text()).trim();
  await page.addInitScript((g) => {
    if (sessionStorage.getItem('e2e-cart-seeded')) return;
    sessionStorage.setItem('e2e-cart-seeded', '1');
    localStorage.setItem('koszyk_guid', g);
  }, guid);
  return { guid, productId: card.Id };
};
