// Size exchange: a fan asks for another size instead of the money in the withdrawal form, the
// club sends it from the return with "Wyślij wymianę" once the shirt is back, and the fan finds
// the new order (nothing to pay) in the account, naming the order it replaces goods of.
import { expect, seriousA11yViolations, signIn, test } from './fixtures.ts';
import { customerApi, placePickupOrder } from './pages/checkout.ts';
import { allA11yViolations, logInToPanel } from './pages/panel.ts';
import { ExchangeSteps, ReturnsPanel, WithdrawalPage } from './pages/withdrawal.ts';

const SHIRT = 'Koszulka treningowa';
type Product = { Id: number; Nazwa: string; Parametry: { Id: number; Nazwa: string; Stan: number }[] };
type Order = { Id: number; NrZamowienia: string };

/** The customer's order of one training shirt in size M (cash on delivery, picked up). */
const orderShirt = async (baseURL: string, ticket: string) => {
  const api = customerApi(baseURL, ticket);
  const list = (await (await api('getProdukty/0/100')).json()) as { Id: number; Nazwa: string }[];
  const shirt = (await (
    await api(`pokazProdukt/${list.find((p) => p.Nazwa === SHIRT)!.Id}`)
  ).json()) as Product;
  const size = (n: string) => shirt.Parametry.find((p) => p.Nazwa === n)!;
  const [order] = await placePickupOrder<Order>(
    api,
    [{ id: shirt.Id, qty: 1, param: size('M') }],
    'Ewa Testowa',
    20,
  );
  return { api, order: order!, size };
};

test('@mobile a fan asks for another size instead of the money', async ({ page, baseURL, customer }) => {
  const { order } = await orderShirt(baseURL!, customer.ticket);
  await signIn(page, customer.ticket);
  await page.goto(`/moje-konto/odstapienie/${order.Id}`);
  const w = new WithdrawalPage(page);
  await expect(w.heading).toBeVisible();
  const line = page.getByRole('listitem').filter({ hasText: `${SHIRT} - M` });
  const instead = new ExchangeSteps(page).instead(line);
  await expect(instead).toHaveValue('');
  await expect(instead.getByRole('option', { name: 'Wymiana na rozmiar L' })).toHaveCount(1);
  await expect(instead.getByRole('option', { name: 'Wymiana na rozmiar M' })).toHaveCount(0);
  expect(await allA11yViolations(page)).toEqual([]);

  await w.pieces(`${SHIRT} - M`).fill('1');
  await instead.selectOption({ label: 'Wymiana na rozmiar L' });
  await w.next.click();
  await expect(page.getByText(`${SHIRT} - M: 1 szt. (wymiana na rozmiar L, bez dopłaty)`)).toBeVisible();
  await expect(page.getByText('wyślemy bez dopłaty i bez kosztów dostawy')).toBeVisible();
  expect(await allA11yViolations(page)).toEqual([]);
  await w.confirm.click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Otrzymaliśmy Twoje oświadczenie' }),
  ).toBeVisible();
  await expect(page.getByText('wymiana na rozmiar L, bez dopłaty')).toBeVisible();
  expect(await allA11yViolations(page)).toEqual([]);
});

test('the club sends the exchange from the return; the fan sees the new order with nothing to pay', async ({
  page,
  baseURL,
  customer,
}) => {
  const { api, order, size } = await orderShirt(baseURL!, customer.ticket);
  // The fan's statement through the API, as the form sends it (the form itself: the test above).
  const offer = (await (await api(`zamowienie/${order.Id}/odstapienie`)).json()) as {
    Pozycje: { Id: number }[];
  };
  const sent = await api(`zamowienie/${order.Id}/odstapienie`, {
    method: 'POST',
    body: JSON.stringify({ Pozycje: [{ Id: offer.Pozycje[0]!.Id, Ilosc: 1, WymianaNa: size('L').Id }] }),
  });
  expect(sent.ok, await sent.clone().text()).toBe(true);

  await logInToPanel(page);
  const panel = new ReturnsPanel(page);
  await panel.open(order.NrZamowienia);
  await expect(page.getByText(`${SHIRT} - M: 1 szt.`)).toContainText('wymiana na rozmiar L');
  // Not before the goods are back: the step is not offered yet.
  await expect(page.getByRole('button', { name: 'Wyślij wymianę' })).toHaveCount(0);
  await panel.move('Przyjęty');
  await expect(page.getByRole('status')).toContainText('Stan zwrotu zmieniony na „Przyjęty”');
  await panel.move('Towar otrzymany');
  await expect(page.getByRole('status')).toContainText('Stan zwrotu zmieniony na „Towar otrzymany”');
  expect(await allA11yViolations(page)).toEqual([]);
  await new ExchangeSteps(page).send();
  const done = page.getByRole('status').filter({ hasText: 'Wymiana wysłana jako zamówienie' });
  await expect(done).toBeVisible();
  const newNumber = /zamówienie (\S+)\./.exec((await done.textContent()) ?? '')![1]!;
  await expect(page.getByRole('definition').filter({ hasText: 'Wymieniony' })).toBeVisible();
  expect(await allA11yViolations(page)).toEqual([]);

  // The new order names the one it replaces goods of, and costs nothing.
  await page.getByRole('link', { name: newNumber }).click();
  await expect(page.getByRole('link', { name: `Wymiana do zamówienia ${order.NrZamowienia}` })).toBeVisible();
  await expect(page.getByText('Wymiana — bez płatności')).toBeVisible();
  expect(await allA11yViolations(page)).toEqual([]);

  await signIn(page, customer.ticket);
  await page.goto('/moje-konto');
  const history = page.getByRole('region', { name: 'Historia zakupów' });
  const header = history.getByRole('button', { name: new RegExp(newNumber) });
  await expect(header).toContainText('0,00');
  await header.click();
  await expect(history.getByText(`Wymiana do zamówienia ${order.NrZamowienia}`)).toBeVisible();
  await expect(history.getByText('Bez płatności (wymiana)')).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
});
