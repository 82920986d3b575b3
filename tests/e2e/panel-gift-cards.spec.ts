// Gift cards in the manager's panel (decision 154): a card bought by an order and partly spent on it
// is found in the list by its code's end, opened, and blocked, all by keyboard; the order shows what
// the card paid, what is left to pay and the card it issued. axe 0 on each screen, at 1280 and 390 px.
// The card's row is written as issuing writes it (the hash and end of a random code): cards are
// issued only once an order is paid.
import { randomBytes } from 'node:crypto';
import { expect, test } from './fixtures.ts';
import { logInToPanel, PanelProductForm, placeCashOnDeliveryOrder } from './pages/panel.ts';
import { PanelShipping } from './pages/panel-commerce.ts';
import { expectCleanPanelPage, PanelOrderDetail } from './pages/panel-flow.ts';
import { insertDemoGiftCard, PanelGiftCard, PanelGiftCards } from './pages/panel-gift-cards.ts';

test.describe.configure({ timeout: 120_000 });

test('the manager finds a gift card, sees where its money went and blocks it by keyboard @mobile', async ({
  page,
  customer,
  baseURL,
}) => {
  const number = await placeCashOnDeliveryOrder(baseURL!, customer.ticket, 'Jan Karta');
  const email = `e2e-karta-${randomBytes(4).toString('hex')}@example.pl`;
  const card = await insertDemoGiftCard({ amount: 10_000, email, order: number, paid: 2_500 });
  await logInToPanel(page);

  // The order: what the card paid, what is left, and the card its line issued.
  const order = new PanelOrderDetail(page);
  await order.open(number);
  const details = page.getByRole('region', { name: 'Dane zamówienia' });
  await expect(details.getByText(`Zapłacono kartą podarunkową ••••-${card.end}`)).toBeVisible();
  await expect(details.getByText('−25,00 zł')).toBeVisible();
  await expect(details.getByText('Do zapłaty (PayU / przy odbiorze)')).toBeVisible();
  const issued = page.getByRole('region', { name: 'Wydane karty podarunkowe' });
  await expect(issued).toContainText('100,00 zł');
  await expect(issued).toContainText('75,00 zł');
  await expect(issued).toContainText('Aktywna');
  await expectCleanPanelPage(page, 'order paid with a gift card', 'gift-card-order');

  // The list: found by the code's end, with the keyboard; the code itself is nowhere.
  const list = new PanelGiftCards(page);
  await list.open();
  await expectCleanPanelPage(page, 'gift cards list', 'gift-cards');
  await list.find(card.end.toLowerCase(), 'Aktywna');
  const entry = list.entry(card.end);
  await expect(entry).toContainText(email);
  await expect(entry).toContainText('75,00 zł');
  await expect(entry).toContainText(number);
  await expect(page.getByRole('main')).not.toContainText(card.code);
  await list.find(email);
  await expect(list.link(card.end)).toHaveCount(1);

  await list.link(card.end).focus();
  await page.keyboard.press('Enter');
  const detail = await new PanelGiftCard(page).ready(card.end);
  await expect(detail.figure('Stan')).toHaveText('Aktywna');
  await expect(detail.figure('Saldo')).toHaveText('75,00 zł');
  await expect(detail.history).toContainText('Zapłata za zamówienie');
  await expect(detail.history).toContainText(number);
  await expect(detail.history).toContainText('−25,00 zł');
  await expectCleanPanelPage(page, 'gift card', 'gift-card');

  // Blocked: the question first (Escape leaves it unblocked), then Enter on its confirm button.
  await detail.disable.focus();
  await page.keyboard.press('Enter');
  await expect(detail.dialog).toBeVisible();
  await expect(detail.dialog).toContainText(`••••-••••-••••-${card.end}`);
  await expectCleanPanelPage(page, 'blocking question', 'gift-card-confirm');
  await page.keyboard.press('Escape');
  await expect(detail.dialog).toBeHidden();
  await expect(detail.disable).toBeFocused();
  await page.keyboard.press('Enter');
  await detail.dialog.getByRole('button', { name: 'Tak, zablokuj' }).focus();
  await page.keyboard.press('Enter');
  await expect(detail.notice).toHaveText('Karta została zablokowana.');
  await expect(detail.figure('Stan')).toHaveText('Zablokowana');
  await expect(detail.disable).toHaveCount(0);
  await expect(detail.layout.heading(`Karta podarunkowa ••••-${card.end}`)).toBeFocused();
  await expectCleanPanelPage(page, 'blocked gift card', 'gift-card-blocked');

  // The list says so, under its state's filter.
  await page.getByRole('link', { name: '← Wszystkie karty podarunkowe' }).click();
  await list.find(card.end, 'Zablokowana');
  await expect(list.entry(card.end)).toContainText('Zablokowana');
});

test('delivery by e-mail refuses cash on delivery, and a gift card product refuses to be free, each by its field @mobile', async ({
  page,
}, info) => {
  await logInToPanel(page);
  // Inactive, and removed at the end: the storefront of the shared shop must not offer it.
  const name = `E2E e-mail ${info.project.name}`;
  const shipping = new PanelShipping(page);
  await shipping.goto();
  await shipping.fill(shipping.createForm, { name, price: '0', cod: true, electronic: true, active: false });
  await shipping.createForm.getByRole('button', { name: 'Dodaj sposób dostawy' }).click();
  const cod = shipping.createForm.getByLabel('Płatność przy odbiorze');
  await expect(cod).toHaveAttribute('aria-invalid', 'true');
  await expect(cod).toHaveAccessibleDescription(/Dostawa e-mailem nie może mieć płatności przy odbiorze\./);
  await expectCleanPanelPage(page, 'e-mail delivery refused', 'shipping-electronic-refused');
  await cod.setChecked(false);
  await shipping.createForm.getByRole('button', { name: 'Dodaj sposób dostawy' }).click();
  await expect(shipping.notice).toHaveText(`Dodano sposób dostawy „${name}”.`);
  await expect(shipping.row(name)).toContainText('tak');
  await shipping.remove(name);

  const product = new PanelProductForm(page);
  await page.goto('/panel/produkty/nowy');
  await product.name.fill('E2E karta podarunkowa za darmo');
  await product.price.fill('0');
  await page.getByLabel('Bezpłatny', { exact: true }).check();
  const giftCard = page.getByLabel('Karta podarunkowa', { exact: true });
  await expect(giftCard).toHaveAccessibleDescription(/Cena produktu lub każdego wariantu to kwota karty\./);
  await giftCard.check();
  await product.submit('Dodaj produkt');
  await expect(giftCard).toHaveAttribute('aria-invalid', 'true');
  await expect(giftCard).toHaveAccessibleDescription(/Karta podarunkowa musi mieć cenę: to jej kwota\./);
  await expectCleanPanelPage(page, 'free gift card refused', 'product-gift-card-refused');
});
