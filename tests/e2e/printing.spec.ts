import { expect, seriousA11yViolations, signIn, test } from './fixtures.ts';
import { customerApi } from './pages/checkout.ts';
import { logInToPanel, PanelLayout } from './pages/panel.ts';
import { orderCartAsCustomer, PrintingFields, PrintQueuePage } from './pages/printing.ts';

// Name-and-number printing (decision 143): the fan prints "NOWAK 9" on the home shirt, the
// manager finds the line in the print queue and marks it printed.
test('@mobile a fan adds "NOWAK 9" printing, sees the preview and price, and the print shop marks it done', async ({
  page,
  customer,
  baseURL,
}) => {
  await signIn(page, customer.ticket);
  await page.goto('/produkt/1');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Koszulka meczowa domowa 2026/27' }),
  ).toBeVisible();
  await page.getByRole('combobox', { name: /Parametr/ }).selectOption('M');

  const printing = new PrintingFields(page);
  await printing.open();
  // The preview loads when the fields open; the price with printing follows what is typed.
  await expect(printing.price).toHaveText(/Nadruk: 0,00\sz. · Cena z nadrukiem: 289,99\sz./);
  await printing.name.fill('nowak1');
  await page.getByRole('button', { name: 'Dodaj do koszyka' }).click();
  await expect(
    page.getByText('Nadruk może zawierać tylko wielkie litery A–Z i polskie (ĄĆĘŁŃÓŚŹŻ), spację i łącznik', {
      exact: false,
    }),
  ).toBeVisible();
  await expect(printing.name).toBeFocused();
  // Drawn as the shop's other fields are: with a border a fan can see.
  await expect(printing.name).toHaveCSS('border-top-style', 'solid');
  await expect(printing.number).toHaveCSS('border-top-width', '1px');

  await printing.name.fill('nowak');
  await printing.number.fill('9');
  await expect(printing.preview).toHaveAttribute('aria-label', 'Podgląd tyłu koszulki: NOWAK 9');
  await expect(printing.price).toHaveText(/Nadruk: 20,00\sz. · Cena z nadrukiem: 309,99\sz./);
  await expect(page.getByText('Produktu z nadrukiem nie można zwrócić', { exact: false })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Dodaj do koszyka' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Przejdź do realizacji zamówienia' }).click();
  await expect(page).toHaveURL(/\/koszyk$/);
  const line = page.getByRole('listitem').filter({ hasText: 'nadruk „NOWAK 9”' });
  await expect(line).toContainText('Koszulka meczowa domowa 2026/27 - M, nadruk „NOWAK 9”');
  await expect(line).toContainText(/w tym nadruk: 20,00\sz./);
  await expect(line).toContainText(/309,99\sz./);

  const guid = await page.evaluate(() => localStorage.getItem('koszyk_guid'));
  const number = await orderCartAsCustomer(customerApi(baseURL!, customer.ticket), guid!);

  await logInToPanel(page);
  await new PanelLayout(page).go('Nadruki');
  const queue = new PrintQueuePage(page);
  const order = queue.order(number);
  await expect(order).toContainText('NOWAK 9');
  await expect(order).toContainText('Koszulka meczowa domowa 2026/27');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await order.getByRole('button', { name: 'Wydrukowano: NOWAK 9' }).click();
  await expect(page.getByRole('status')).toHaveText('Oznaczono jako wydrukowane.');
  await expect(order).toHaveCount(0);
  await queue.tab('Zrobione').click();
  await expect(queue.order(number)).toContainText('NOWAK 9');
  expect(await seriousA11yViolations(page)).toEqual([]);
});
