import { expect, test } from './fixtures.ts';

const SHOP = '/api/centauri/sklepyonline';
const DEMO = { organizacja: 'demo' };
const RETRO = 'Koszulka retro 1979'; // seeded with S 0, M 3, L 2, XL 1, XXL 0

test.describe.configure({ timeout: 120_000 });

test('a sold-out size is listed as unavailable and cannot be chosen; a size shows its own stock', async ({
  page,
  request,
}) => {
  const list = (await (await request.get(`${SHOP}/getProdukty/0/100`, { headers: DEMO })).json()) as {
    Id: number;
    Nazwa: string;
  }[];
  const retro = list.find((p) => p.Nazwa === RETRO)!;
  await page.goto(`/produkt/${retro.Id}`);
  const select = page.getByRole('combobox', { name: /Parametr/ });
  await expect(select).toBeEnabled();

  await expect(select.getByRole('option', { name: 'S (niedostępny)' })).toBeDisabled();
  await expect(select.getByRole('option', { name: 'XXL (niedostępny)' })).toBeDisabled();
  await expect(select.getByRole('option', { name: 'M', exact: true })).toBeEnabled();
  // Before a size is chosen the total shows; a chosen size shows its own stock.
  await expect(page.getByText('Dostępne: 6 szt.')).toBeVisible();
  await select.selectOption('L');
  await expect(page.getByText('Dostępne: 2 szt.')).toBeVisible();

  // The quantity cannot go above the chosen size's stock.
  await page.getByRole('button', { name: 'Zwiększ ilość' }).click();
  await expect(page.getByRole('spinbutton', { name: 'Ilość' })).toHaveValue('2');
  await expect(page.getByRole('button', { name: 'Zwiększ ilość' })).toBeDisabled();
  await page.getByRole('button', { name: 'Dodaj do koszyka' }).click();
  await expect(
    page
      .getByRole('dialog', { name: 'Produkt dodany poprawnie do Twojego koszyka' })
      .getByText(`${RETRO} - L`),
  ).toBeVisible();
});
