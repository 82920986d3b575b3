import { expect, seriousA11yViolations, signIn, test } from './fixtures.ts';
import { customerApi, placePickupOrder } from './pages/checkout.ts';
import { openAccountOrder } from './pages/invoice.ts';

/** '1 234,50 zł' as the PDF reads back (any spaces as one). */
const zl = (grosze: number) =>
  `${Math.floor(grosze / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ' ')},${String(grosze % 100).padStart(2, '0')} zł`;

test('an invoice asked for in the account downloads as a PDF whose total is the order’s', async ({
  page,
  customer,
  baseURL,
}) => {
  // Cash on delivery, picked up: an invoice may be issued at once.
  const [order] = await placePickupOrder<{ NrZamowienia: string; Koszt: number }>(
    customerApi(baseURL!, customer.ticket),
    [{ id: 17, qty: 2 }],
    'Ewa Testowa',
    20,
  );
  await signIn(page, customer.ticket);
  const o = await openAccountOrder(page, order!.NrZamowienia);

  await o.request('Gęślą Jaźń S.A.', '1234567890');
  await expect(o.invoices.getByText('Nieprawidłowy NIP: 10 cyfr z poprawną cyfrą kontrolną.')).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await o.request('Gęślą Jaźń S.A.', '774-000-14-54');

  const pdf = await o.download();
  expect(pdf.name).toMatch(/^faktura-FV-\d{4}-\d{6}\.pdf$/);
  expect(pdf.text).toContain('NIP: 7740001454');
  expect(pdf.text).toContain(`Do zapłaty: ${zl(Math.round(order!.Koszt * 100))}`);
});
