import { expect, test } from './fixtures.ts';
import {
  allA11yViolations,
  logInToPanel,
  PanelLayout,
  PanelLoginPage,
  placeCashOnDeliveryOrder,
} from './pages/panel.ts';
import { expectCleanPanelPage, PanelOrderDetail, PanelProductEditor, photoFile } from './pages/panel-flow.ts';
import { UnsavedDialog } from './pages/panel-no-lost-work.ts';

// Every panel screen through axe (no violation of any impact), on a laptop (desktop project, 1280 px)
// and on a phone (the @mobile titles run in the mobile project too, 390 px). axe takes seconds a page.
test.describe.configure({ timeout: 120_000 });

test('@mobile login, dashboard and every list screen are axe-clean and fit the window', async ({ page }) => {
  const login = new PanelLoginPage(page);
  await login.goto();
  await expectCleanPanelPage(page, 'login', 'login');
  await login.submit.click();
  await expect(login.email).toHaveAttribute('aria-invalid', 'true');
  await expectCleanPanelPage(page, 'login with errors');

  await logInToPanel(page);
  await expectCleanPanelPage(page, 'dashboard', 'dashboard');
  const layout = new PanelLayout(page);
  for (const [link, heading, shot] of [
    ['Produkty', 'Produkty', 'products'],
    ['Zamówienia', 'Zamówienia', 'orders'],
    ['Kategorie', 'Kategorie', 'categories'],
    ['Klienci', 'Klienci', 'customers'],
    ['Dziennik zmian', 'Dziennik zmian', 'audit'],
    // The demo manager is the club's owner, who manages the staff.
    ['Zespół', 'Zespół', 'staff'],
  ] as const) {
    await layout.go(link);
    await expect(layout.heading(heading)).toBeVisible();
    await expectCleanPanelPage(page, heading, shot);
  }
});

test('@mobile the product form, new with sizes and edited with photos, is axe-clean', async ({ page }) => {
  await logInToPanel(page);
  const editor = new PanelProductEditor(page);
  await page.goto('/panel/produkty/nowy');
  await expect(editor.layout.heading('Nowy produkt')).toBeVisible();
  await expectCleanPanelPage(page, 'new product', 'product-new');
  // The server's field messages shown beside the fields.
  await editor.price.fill('12,345');
  await editor.submit('Dodaj produkt');
  await expect(page.getByRole('alert').first()).toBeVisible();
  await expectCleanPanelPage(page, 'new product with errors');

  // The refused form is left unsaved: the panel asks first, and the question is axe-clean too.
  await editor.layout.go('Produkty');
  const unsaved = new UnsavedDialog(page);
  await expect(unsaved.dialog).toBeVisible();
  expect(await allA11yViolations(page)).toEqual([]);
  await unsaved.leave.click();
  await expect(editor.layout.heading('Produkty')).toBeVisible();

  const name = `Axe ${Date.now().toString(36)}`;
  await editor.create({
    name,
    price: '39,00',
    sizes: [
      ['S', 2],
      ['M', 0],
    ],
  });
  await expectCleanPanelPage(page, 'edited product without photos', 'product-form');
  await editor.uploadPhotos([await photoFile('a.jpg', '#0b5d3b'), await photoFile('b.png', '#f5c400')]);
  await expectCleanPanelPage(page, 'edited product with photos', 'product-edit');
});

test('@mobile an order detail and a customer detail with its anonymise dialog are axe-clean', async ({
  page,
  baseURL,
  customer,
}) => {
  const number = await placeCashOnDeliveryOrder(baseURL!, customer.ticket, 'Jan Dostępny');
  await logInToPanel(page);
  const order = new PanelOrderDetail(page);
  expect(await order.open(number)).toBe(number);
  await order.expectQuantityInView();
  await expectCleanPanelPage(page, 'order detail', 'order');
  await order.moveTo('Do realizacji');
  await expectCleanPanelPage(page, 'order detail after a status change');

  // The buyer in the customers list, their detail with the order, and the GDPR dialog (cancelled).
  await order.layout.go('Klienci');
  await page.getByLabel('Szukaj').fill(customer.email);
  await page.getByRole('button', { name: 'Filtruj' }).click();
  await expect(page).toHaveURL(/q=/);
  const buyer = `${customer.firstName} ${customer.lastName}`;
  const found = page
    .getByRole('main')
    .getByRole('link', { name: buyer, exact: true })
    .filter({ visible: true });
  await expect(found).toHaveCount(1);
  await found.click();
  await expect(order.layout.heading(`Klient: ${buyer}`)).toBeVisible();
  await expect(page.getByRole('link', { name: number })).toBeVisible();
  await expectCleanPanelPage(page, 'customer detail', 'customer');
  await page.getByRole('button', { name: 'Anonimizuj klienta' }).click();
  const dialog = page.getByRole('dialog', { name: 'Anonimizować dane klienta?' });
  await expect(dialog).toBeVisible();
  await expectCleanPanelPage(page, 'anonymise dialog');
  await dialog.getByRole('button', { name: 'Anuluj' }).click();
  await expect(dialog).toBeHidden();
});
