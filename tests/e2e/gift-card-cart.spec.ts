// A gift card spent in the cart (decision 154): typed by keyboard on a phone, a wrong code told in
// Polish under the field, the right one as its own line with the card's balance, and the summary's
// 'Do zapłaty' as the server counts it after the card; a card paying all says so instead of a
// payment method. A cart of gift cards alone goes by e-mail and never cash on delivery. Axe at 390
// and 1280 px on the cart with a card, the delivery step and the summary.
import { expect, seriousA11yViolations, signIn, test } from './fixtures.ts';
import { CartPage, DeliveryPage, demoBuyer, SummaryPage, seedGuestCart } from './pages/checkout.ts';
import { CartGiftCardField, insertGiftCard, seedGiftCardCart } from './pages/gift-cards.ts';
import { phoneAndDesktopShots } from './pages/shots.ts';

const shots = phoneAndDesktopShots(process.env.GIFT_CARD_SHOTS_DIR ?? 'test-results/gift-card-shots');

/** Demo product 18, 69,99 zł. */
const SCARF = { id: 18, name: 'Szalik zimowy dziany' };
const zl = (n: number) => `${n.toFixed(2).replace('.', ',')}\u00a0zł`;

test('a fan types a gift card in the cart by keyboard; the summary shows what it pays and what is left', async ({
  page,
  baseURL,
  customer,
}, info) => {
  test.skip(info.project.name !== 'desktop', 'one story at 390 and 1280 px');
  const expiresAt = new Date('2027-09-15T10:00:00Z');
  const code = await insertGiftCard({ amount: 20000, balance: 10000, expiresAt });
  const end = code.slice(-4);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, customer.ticket);
  await seedGuestCart(page, baseURL!, SCARF.id, 2);
  const cart = new CartPage(page);
  await cart.goto();
  await expect(cart.total).toHaveText(zl(139.98));
  const card = new CartGiftCardField(page);

  // A wrong code: told in Polish under the field, the field keeps the focus.
  await card.field.focus();
  await page.keyboard.type('ABCD-EFGH-JKMN-PQ22');
  await page.keyboard.press('Enter');
  await expect(
    page.getByText('Nie ma takiej karty podarunkowej. Sprawdź kod w e-mailu z kartą.'),
  ).toBeVisible();
  await expect(card.field).toHaveAttribute('aria-invalid', 'true');
  await expect(card.field).toBeFocused();

  // The right one, typed as printed, sent with the button reached by Tab.
  await card.field.fill('');
  await page.keyboard.type(code);
  await page.keyboard.press('Tab');
  await expect(card.apply).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(card.kept).toContainText(`Karta podarunkowa ••••-${end}`);
  // The button pressed is gone: the card kept takes the focus, and Tab reaches 'Usuń kartę'.
  await expect(card.kept).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(card.remove).toBeFocused();
  await expect(card.balance).toHaveText(`Saldo: ${zl(100)}, ważna do 15.09.2027`);
  await expect(card.amount).toHaveText(`−${zl(100)}`);
  await expect(page.getByRole('status').filter({ hasText: `••••-${end} została dodana` })).toBeAttached();
  // 'Razem' is still the order's value: the card pays for it.
  await expect(cart.total).toHaveText(zl(139.98));
  await shots(page, 'cart-with-card');

  await cart.toOrder.click();
  const delivery = new DeliveryPage(page);
  await expect(delivery.heading).toBeVisible();
  await delivery.fillAddress(demoBuyer(customer.email));
  await delivery.choose(/Kurier DPD/, 'PayU');
  await expect(page.getByTestId('summary-gift-card-to-pay')).toHaveText(zl(55.97));
  await shots(page, 'delivery-with-card');
  await delivery.submit.click();

  const summary = new SummaryPage(page);
  await expect(summary.heading).toBeVisible();
  await expect(page.getByText(`Karta podarunkowa ••••-${end}`)).toBeVisible();
  await expect(card.amount).toHaveText(`−${zl(100)}`);
  await expect(summary.total).toHaveText(zl(155.97));
  await expect(summary.toPay).toHaveText(zl(55.97));
  await expect(page.getByTestId('summary-payment')).toHaveText('PayU');
  await shots(page, 'summary-with-card');
});

test('a card that pays the whole order: the summary says so instead of a payment method', async ({
  page,
  baseURL,
  customer,
}, info) => {
  test.skip(info.project.name !== 'desktop', 'one run');
  const code = await insertGiftCard({ amount: 50000 });
  await signIn(page, customer.ticket);
  await seedGuestCart(page, baseURL!, SCARF.id, 1);
  const cart = new CartPage(page);
  await cart.goto();
  const card = new CartGiftCardField(page);
  await card.field.fill(code);
  await card.apply.click();
  await expect(card.amount).toHaveText(`−${zl(69.99)}`);
  await cart.toOrder.click();
  const delivery = new DeliveryPage(page);
  await delivery.fillAddress(demoBuyer(customer.email));
  await page.getByRole('radio', { name: /Odbiór osobisty/ }).check();
  await expect(page.getByTestId('paid-by-card')).toHaveText(/Zamówienie opłaci karta podarunkowa/);
  await delivery.submit.click();
  const summary = new SummaryPage(page);
  await expect(summary.heading).toBeVisible();
  await expect(summary.toPay).toHaveText(zl(0));
  await expect(page.getByTestId('summary-payment')).toHaveText('Zamówienie opłaci karta podarunkowa');
  expect(await seriousA11yViolations(page)).toEqual([]);
  // The form goes as always; the server records the order as paid by the card.
  await summary.acceptAndOrder();
  await expect(page).toHaveURL(/potwierdenie-platnosci/);
  await expect(page.getByText('Opłacone').first()).toBeVisible();
});

test('a cart of gift cards alone goes by e-mail, without cash on delivery', async ({
  page,
  baseURL,
  customer,
}, info) => {
  test.skip(info.project.name !== 'desktop', 'one run');
  await signIn(page, customer.ticket);
  await page.setViewportSize({ width: 390, height: 844 });
  await seedGiftCardCart(page, baseURL!);
  const cart = new CartPage(page);
  await cart.goto();
  await expect(page.getByText('wysyłka e-mailem').first()).toBeVisible();
  await expect(page.getByTestId('gift-card-delivery')).toHaveText(
    'Karty podarunkowe wysyłamy e-mailem na adres podany w zamówieniu.',
  );
  await cart.toOrder.click();
  const delivery = new DeliveryPage(page);
  await expect(delivery.heading).toBeVisible();
  await expect(page.getByTestId('gift-card-delivery')).toBeVisible();
  const options = page.getByRole('group', { name: '2. Sposób dostawy' }).getByRole('radio');
  await expect(options).toHaveCount(1);
  await expect(page.getByRole('radio', { name: /Karta podarunkowa e-mailem/ })).toBeVisible();
  await page.getByRole('radio', { name: /Karta podarunkowa e-mailem/ }).check();
  await expect(page.getByRole('radio', { name: 'Płatność przy odbiorze' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: /Numer paczkomatu/ })).toHaveCount(0);
  await shots(page, 'delivery-gift-cards-only');
});

test("the gift card's product page says how the card travels and how long it lasts", async ({
  page,
  baseURL,
}, info) => {
  test.skip(info.project.name !== 'desktop', 'one run at 390 and 1280 px');
  const { productId } = await seedGiftCardCart(page, baseURL!);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/produkt/${productId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'E-karta podarunkowa' })).toBeVisible();
  await expect(page.getByTestId('gift-card-note')).toHaveText(
    'Kartę podarunkową wyślemy e-mailem (kod i PDF) po opłaceniu zamówienia. Ważna 12 miesięcy. Można nią płacić w częściach, także razem z PayU.',
  );
  await expect(page.getByRole('combobox', { name: 'Kwota' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Tabela rozmiarów' })).toHaveCount(0);
  await shots(page, 'product');
});

test("'Usuń kartę' by keyboard takes the card off and gives the focus back to the field", async ({
  page,
  baseURL,
}, info) => {
  test.skip(info.project.name !== 'desktop', 'one run');
  const code = await insertGiftCard({ amount: 5000 });
  await page.setViewportSize({ width: 390, height: 844 });
  await seedGuestCart(page, baseURL!, SCARF.id, 1);
  const cart = new CartPage(page);
  await cart.goto();
  const card = new CartGiftCardField(page);
  await card.field.fill(code);
  await card.field.press('Enter');
  await expect(card.amount).toHaveText(`−${zl(50)}`);
  await card.remove.focus();
  await page.keyboard.press('Enter');
  await expect(card.field).toBeFocused();
  await expect(card.amount).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Usunięto kartę podarunkową.' })).toBeAttached();
  await expect(cart.total).toHaveText(zl(69.99));
});
