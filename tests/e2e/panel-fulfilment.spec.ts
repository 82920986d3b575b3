import { expect, outbox, test } from './fixtures.ts';
import { logInToPanel, placeCashOnDeliveryOrder } from './pages/panel.ts';
import { expectCleanPanelPage, PanelOrderDetail } from './pages/panel-flow.ts';

test.describe.configure({ timeout: 120_000 });

test('@mobile the manager adds the parcel number through the confirmation; the buyer gets the tracking link', async ({
  page,
  baseURL,
  customer,
}) => {
  const number = await placeCashOnDeliveryOrder(baseURL!, customer.ticket, 'Jan Wysyłkowy');
  await logInToPanel(page);
  const order = new PanelOrderDetail(page);
  expect(await order.open(number)).toBe(number);
  await order.moveTo('Do realizacji');
  await expectCleanPanelPage(page, 'order detail with the parcel form');

  // Before it is sent, the address can be corrected; a bad field is named in Polish.
  const corrections = page.getByRole('region', { name: 'Poprawki przed wysyłką' });
  await corrections.getByRole('button', { name: 'Popraw adres dostawy' }).click();
  await corrections.getByLabel('Miasto').fill('');
  await corrections.getByRole('button', { name: 'Zapisz adres' }).click();
  await expect(corrections.getByLabel('Miasto')).toHaveAttribute('aria-invalid', 'true');
  await corrections.getByLabel('Miasto').fill('Gdańsk');
  await corrections.getByRole('button', { name: 'Zapisz adres' }).click();
  await expect(corrections.getByText('Poprawiono adres dostawy.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Adres dostawy' })).toContainText('Gdańsk');
  await expectCleanPanelPage(page, 'order detail after an address correction');

  const parcel = `62${Date.now().toString().slice(-12)}`;
  const track = await order.ship('InPost', parcel);
  const link = `https://inpost.pl/sledzenie-przesylek?number=${parcel}`;
  await expect(track).toHaveAttribute('href', link);
  await expect(page.getByRole('region', { name: 'Wysyłka' }).getByRole('status')).toContainText(
    'Zamówienie wysłane',
  );

  // The courier's cash: the owner marks it paid after a question; a staff-only note stays with its author.
  await page.getByRole('button', { name: 'Oznacz jako opłacone' }).click();
  const paid = page.getByRole('dialog', { name: 'Oznaczyć zamówienie jako opłacone?' });
  await paid.getByRole('button', { name: 'Tak, opłacone' }).click();
  await expect(page.getByText('Zamówienie oznaczone jako opłacone.')).toBeVisible();
  const notes = page.getByRole('region', { name: 'Notatki wewnętrzne' });
  await notes.getByLabel('Nowa notatka').fill('Paczka nadana w paczkomacie WAW01M.');
  await notes.getByRole('button', { name: 'Dodaj notatkę' }).click();
  await expect(notes.getByRole('listitem')).toContainText('Paczka nadana w paczkomacie WAW01M.');
  await expectCleanPanelPage(page, 'order detail with its parcel, payment and note');

  // The order's number is this run's own: its 'wysłane' e-mail, to the address given at checkout.
  await expect
    .poll(() => outbox.messages().filter((m) => m.includes(`Subject: Zamówienie ${number} wysłane`)), {
      timeout: 15_000,
    })
    .toEqual([expect.stringContaining(`href="${link}"`)]);
});
