import { fillMessage, msg, OrderStatus, orderTransitions, statusLabel } from '@club/contract';
import { expect, test } from './fixtures.ts';
import { logInToPanel } from './pages/panel.ts';
import { PanelOrderDetail, PanelProductEditor, photoFile, Shopper } from './pages/panel-flow.ts';

// Two people, a manager and a shopper, each in their own browser; every step waits on the other.
test.describe.configure({ timeout: 180_000 });

test('a product made in the panel is bought in the shop, its order moved to done, a sold-out size refused', async ({
  page,
  browser,
  baseURL,
  customer,
}) => {
  const name = `Czapka zimowa ${Date.now().toString(36)}`;
  const editor = new PanelProductEditor(page);
  await logInToPanel(page);
  const productId = await editor.create({
    name,
    price: '49,90',
    category: '– Czapki',
    sizes: [
      ['S/M', 3],
      ['L/XL', 1],
    ],
  });
  await editor.uploadPhotos([await photoFile('przod.jpg', '#0b5d3b'), await photoFile('tyl.png', '#f5c400')]);
  await editor.setVisible();

  // The shopper, in another browser, finds the product in its category, with both photos.
  const shopperContext = await browser.newContext();
  await shopperContext.addInitScript((t) => window.localStorage.setItem('access_token', t), customer.ticket);
  const shopper = new Shopper(await shopperContext.newPage(), customer);
  const shopperErrors: string[] = [];
  shopper.page.on('pageerror', (e) => shopperErrors.push(e.message));
  shopper.page.on('console', (m) => {
    if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) shopperErrors.push(m.text());
  });
  await shopper.openCategory('Akcesoria', 'Czapki');
  await shopper.openProduct(name);
  const photos = shopper.page.getByRole('img', { name: new RegExp(`^${name} – zdjęcie \\d z 2$`) });
  await expect(photos).toHaveCount(2);
  await expect
    .poll(() => photos.first().evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  // The browser picked a size from the WebP srcset.
  await expect
    .poll(() => photos.first().evaluate((img: HTMLImageElement) => img.currentSrc))
    .toMatch(/\/\d+_\d+_[^/]+\.webp$/);
  // The product form is disabled until the page is hydrated (slow on a busy machine).
  await expect(shopper.sizeSelect).toBeEnabled({ timeout: 20_000 });
  await expect(shopper.sizeOption('S/M')).toBeEnabled();
  await expect(shopper.sizeOption('L/XL')).toBeEnabled();
  await shopper.addToCart(name, 'S/M');
  expect(await shopper.checkOutCashOnDelivery()).toEqual({ placed: true });

  // The manager takes the order through its statuses; the buyer sees each one and gets its e-mail.
  const order = new PanelOrderDetail(page);
  const number = await order.open(customer.email);
  await expect(order.status('Nowe')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('S/M');
  await expect(page.getByText('Płatność przy odbiorze')).toBeVisible();
  await shopper.expectStatusInHistory(number, 'Nowe');
  await order.expectNextStatuses(orderTransitions[OrderStatus.new]!.map(statusLabel));
  for (const code of [OrderStatus.toFulfil, OrderStatus.inProgress, OrderStatus.done]) {
    const status = statusLabel(code);
    await order.moveTo(status);
    await order.expectNextStatuses(orderTransitions[code]!.map(statusLabel));
    await shopper.expectStatusInHistory(number, status);
    await shopper.expectStatusMail(number, status);
  }
  await expect(
    page.getByText('To zamówienie jest zamknięte: jego statusu nie można już zmienić.'),
  ).toBeVisible();

  // The shopper puts the last L/XL in the cart; then the manager sets L/XL to 0 in the panel.
  await shopper.openCategory('Akcesoria', 'Czapki');
  await shopper.openProduct(name);
  const productPage = shopper.page.url();
  await shopper.addToCart(name, 'L/XL');
  await page.goto(`/panel/produkty/${productId}`);
  await expect(editor.layout.heading(`Produkt: ${name}`)).toBeVisible();
  await editor.setStock('L/XL', 0);

  // The size is shown sold out and cannot be chosen; the cart that already holds it cannot be ordered.
  await shopper.page.goto(productPage);
  await expect(shopper.sizeSelect).toBeEnabled({ timeout: 20_000 });
  await expect(shopper.sizeOption('L/XL', true)).toBeDisabled();
  await expect(shopper.sizeOption('S/M')).toBeEnabled();
  const before = await shopper.orderCount(baseURL!);
  await shopper.page.goto('/koszyk');
  const refused = await shopper.checkOutCashOnDelivery();
  expect(refused).toEqual({
    placed: false,
    error: fillMessage(msg.orderNotEnoughStock, { produkt: `${name} - L/XL` }),
  });
  expect(await shopper.orderCount(baseURL!)).toBe(before);
  expect(shopperErrors, "the shop's page errors").toEqual([]);
  await shopperContext.close();
});
