// A gift card bought and spent over two orders (decision 154): a fan buys the club's 100 zł card on
// a phone (e-mail delivery, PayU on the demo page), finds its code and PDF in the e-mail, spends
// 69,99 zł of it on a scarf (the card pays all: no payment step), checks the balance, then spends
// the rest on another scarf with PayU paying what is left, and finds the card used up. Axe and
// screenshots at 390 and 1280 px on the product, the summary with a card and the balance page.
import type { Page } from '@playwright/test';
import { expect, outbox, signIn, test } from './fixtures.ts';
import { CartPage, DeliveryPage, demoBuyer, SummaryPage, seedCartLines } from './pages/checkout.ts';
import { CartGiftCardField, GiftCardBalancePage } from './pages/gift-cards.ts';
import { phoneAndDesktopShots } from './pages/shots.ts';

const SHOTS = process.env.GIFT_CARD_SHOTS_DIR ?? 'test-results/gift-card-shots';
const shots = phoneAndDesktopShots(SHOTS);

/** Demo products: 18 (69,99 zł) and 17 (59,99 zł), both Szaliki. */
const SCARF = { id: 18, price: 69.99 };
const WOVEN = { id: 17, price: 59.99 };
const THANK_YOU = 'Dziękujemy za zakupy w naszym sklepie';
const CODE_RE = /[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}/;

const zl = (n: number) => `${n.toFixed(2).replace('.', ',')}\u00a0zł`;

/** A new cart of one product, made the fan's cart in this tab (their earlier one was ordered). */
const newCart = async (page: Page, baseURL: string, productId: number) => {
  const guid = await seedCartLines(page, baseURL, [{ id: productId, qty: 1 }]);
  await page.evaluate((g) => localStorage.setItem('koszyk_guid', g), guid);
};

/** From the cart to the summary with pickup at the club shop (0 zł), the address typed. */
const toSummary = async (page: Page, email: string, delivery: RegExp = /Odbiór osobisty/) => {
  await new CartPage(page).toOrder.click();
  const step = new DeliveryPage(page);
  await expect(step.heading).toBeVisible();
  await step.fillAddress(demoBuyer(email));
  await page.getByRole('radio', { name: delivery }).check();
  await step.submit.click();
  const summary = new SummaryPage(page);
  await expect(summary.heading).toBeVisible();
  return summary;
};

test('a fan buys a 100 zł gift card and spends it over two orders, the second with PayU for the rest', async ({
  page,
  baseURL,
  customer,
}, info) => {
  test.skip(info.project.name !== 'desktop', 'one story at 390 and 1280 px');
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, customer.ticket);

  // The card on its product page: 'Kwota' is its option; the note says how it travels.
  const list = (await (
    await fetch(`${baseURL}/api/centauri/sklepyonline/getProdukty/0/100`, {
      headers: { organizacja: 'demo' },
    })
  ).json()) as { Id: number; Nazwa: string }[];
  const cardProduct = list.find((p) => p.Nazwa === 'E-karta podarunkowa')!;
  await page.goto(`/produkt/${cardProduct.Id}`);
  await expect(page.getByText(/Kartę podarunkową wyślemy e-mailem/)).toBeVisible();
  await page.getByRole('combobox', { name: /^Kwota/ }).selectOption('100 zł');
  await expect(page.getByText(zl(100)).first()).toBeVisible();
  await shots(page, 'story-product');
  await page.getByRole('button', { name: 'Dodaj do koszyka' }).click();
  await expect(page.getByRole('dialog')).toContainText('E-karta podarunkowa - 100 zł');

  // Bought: e-mail delivery only, PayU on the demo page.
  const cart = new CartPage(page);
  await cart.goto();
  const buy = await toSummary(page, customer.email, /Karta podarunkowa e-mailem/);
  await expect(buy.toPay).toHaveText(zl(100));
  const mailsBefore = outbox.mails().length;
  await buy.acceptAndOrder();
  await expect(page).toHaveURL(/\/platnosc-demo\//);
  await page.getByRole('button', { name: 'Zapłać (symulacja)' }).click();
  await expect(page.getByRole('heading', { name: THANK_YOU })).toBeVisible();

  // The code arrives by e-mail with its PDF.
  let code = '';
  await expect(async () => {
    const mail = outbox
      .mails()
      .slice(mailsBefore)
      .find((m) => m.to === customer.email && m.subject.startsWith('Karta podarunkowa'));
    expect(mail).toBeDefined();
    expect(mail!.text).toMatch(/100,00\s?zł/);
    code = CODE_RE.exec(mail!.text)?.[0] ?? '';
    expect(code).not.toBe('');
    expect(mail!.attachments?.map((a) => a.filename)).toEqual([`karta-podarunkowa-${code.slice(-4)}.pdf`]);
  }).toPass({ timeout: 15_000 });

  // First order: a 69,99 zł scarf, picked up at the club shop; the card pays all of it.
  await newCart(page, baseURL!, SCARF.id);
  await cart.goto();
  const card = new CartGiftCardField(page);
  await card.field.fill(code.toLowerCase());
  await card.field.press('Enter');
  await expect(card.amount).toHaveText(`−${zl(SCARF.price)}`);
  await expect(card.balance).toContainText(zl(100));
  const first = await toSummary(page, customer.email);
  await expect(first.toPay).toHaveText(zl(0));
  await expect(page.getByTestId('summary-payment')).toHaveText('Zamówienie opłaci karta podarunkowa');
  await shots(page, 'story-summary-paid-by-card');
  await first.acceptAndOrder();
  await expect(page).toHaveURL(/potwierdenie-platnosci/);
  await expect(page.getByText('Opłacone').first()).toBeVisible();

  // The holder checks what is left.
  const balance = new GiftCardBalancePage(page);
  await balance.goto();
  await balance.code.fill(code);
  await balance.check.click();
  await expect(balance.value('Saldo')).toHaveText(zl(100 - SCARF.price));
  await expect(balance.value('Stan')).toHaveText('Aktywna');
  await shots(page, 'story-balance');

  // Second order: a 59,99 zł scarf; the card pays 30,01 zł, PayU the remaining 29,98 zł.
  await newCart(page, baseURL!, WOVEN.id);
  await cart.goto();
  await card.field.fill(code);
  await card.apply.click();
  await expect(card.amount).toHaveText(`−${zl(100 - SCARF.price)}`);
  const second = await toSummary(page, customer.email);
  const rest = WOVEN.price - (100 - SCARF.price);
  await expect(second.toPay).toHaveText(zl(rest));
  await shots(page, 'story-summary-card-and-payu');
  await second.acceptAndOrder();
  await expect(page).toHaveURL(/\/platnosc-demo\//);
  await expect(page.getByText(zl(rest)).first()).toBeVisible();
  await page.getByRole('button', { name: 'Zapłać (symulacja)' }).click();
  await expect(page.getByRole('heading', { name: THANK_YOU })).toBeVisible();

  // Used up now: the balance page says so, and a new cart refuses it in Polish.
  await balance.goto();
  await balance.code.fill(code);
  await balance.check.click();
  await expect(balance.value('Saldo')).toHaveText(zl(0));
  await expect(balance.value('Stan')).toHaveText('Wykorzystana');
  await newCart(page, baseURL!, WOVEN.id);
  await cart.goto();
  await card.field.fill(code);
  await card.apply.click();
  await expect(page.getByText('Na karcie podarunkowej nie zostały już środki.')).toBeVisible();
});
