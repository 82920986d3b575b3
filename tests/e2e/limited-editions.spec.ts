// A limited edition (decision 145): the demo's numbered centenary shirt, at most 2 per buyer. A fan
// over the limit is refused in Polish at the summary; the manager sees the pieces' numbers.
import { fillMessage, msg } from '@club/contract';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { guestOptionLock, openGuestDelivery, SummaryPage } from './pages/checkout.ts';
import { allA11yViolations, logInToPanel } from './pages/panel.ts';
import { expectCleanPanelPage, PanelOrderDetail } from './pages/panel-flow.ts';

const SHIRT = 'Koszulka na 100-lecie, edycja numerowana';
const SHOP = { organizacja: 'demo', 'content-type': 'application/json' };
const API = '/api/centauri/sklepyonline';

const lock = guestOptionLock();
test.beforeEach(async () => {
  await lock.acquire();
});
test.afterEach(() => lock.release());

const shirtId = async (baseURL: string) => {
  const list = (await (await fetch(`${baseURL}${API}/getProdukty/0/100`, { headers: SHOP })).json()) as {
    Id: number;
    Nazwa: string;
  }[];
  return list.find((p) => p.Nazwa === SHIRT)!.Id;
};

/** A guest's cash-on-delivery order through the shop's API: the fan's first order. */
const placeGuestOrder = async (baseURL: string, productId: number, pieces: number, email: string) => {
  const cart = await fetch(`${baseURL}${API}/koszyk/`, {
    method: 'POST',
    headers: SHOP,
    body: JSON.stringify([{ Id: 0, IdWyrob: productId, Ilosc: pieces, Parametr: null }]),
  });
  expect(cart.ok).toBe(true);
  const shipping = (await (await fetch(`${baseURL}${API}/getwysylki`, { headers: SHOP })).json()) as {
    Id: number;
    Tresc: string;
    Meta: number;
  }[];
  const courier = shipping.find((s) => s.Tresc === 'Kurier DPD')!;
  const placed = await fetch(`${baseURL}${API}/zlozZamowienie/`, {
    method: 'POST',
    headers: SHOP,
    body: JSON.stringify({
      Nazwa: 'Kolekcjoner Kibic',
      UlicaINumer: `Jubileuszowa ${Math.floor(Math.random() * 1e6)}`,
      KodPocztowy: '00-100',
      Miasto: 'Warszawa',
      Telefon: '600100200',
      Email: email,
      SposobDostawy: { Id: courier.Id, Tresc: courier.Tresc, Meta: courier.Meta },
      Platnosc: 20,
      Guid: await cart.text(),
      AkceptacjaRegulaminu: true,
    }),
  });
  expect(placed.status, await placed.clone().text()).toBe(200);
};

const expectNoA11yViolations = async (page: Page, what: string) =>
  expect(await allA11yViolations(page), `axe: ${what}`).toEqual([]);

test('@mobile a fan over the per-buyer limit is refused in Polish; the manager sees the edition numbers', async ({
  page,
  baseURL,
}) => {
  // The shop, the checkout and the panel in one story: longer than the default minute on a busy machine.
  test.setTimeout(150_000);
  const id = await shirtId(baseURL!);
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `Kolekcjoner-${tag}@example.pl`;
  await placeGuestOrder(baseURL!, id, 2, email);

  // The product page says the limit and the numbering.
  await page.goto(`/produkt/${id}`);
  await expect(
    page.getByText(
      /^Edycja numerowana: każda sztuka dostaje swój kolejny numer\. Jedna osoba może kupić najwyżej 2 szt\./,
    ),
  ).toBeVisible();
  await expectNoA11yViolations(page, 'product page of a limited edition');

  // The same fan (the e-mail in another case, another address) tries one more.
  const delivery = await openGuestDelivery(page, baseURL!, id, 1);
  await expect(delivery.heading).toBeVisible();
  await delivery.fillAddress({
    name: 'Kolekcjoner Kibic',
    street: 'ul. Inna 5',
    postcode: '00-200',
    city: 'Warszawa',
    phone: '600 100 200',
    email: email.toLowerCase(),
  });
  await delivery.choose(/Kurier DPD/, 'Płatność przy odbiorze');
  await delivery.submit.click();
  const summary = new SummaryPage(page);
  await expect(summary.heading).toBeVisible();
  await summary.acceptAndOrder();
  await expect(
    page.getByText(fillMessage(msg.customerLimitReached, { produkt: SHIRT, limit: '2' })),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/podsumowanie$/);
  await expectNoA11yViolations(page, 'summary with the limit refusal');

  await logInToPanel(page);
  // The manager: the product form shows both settings with their hints.
  await page.goto(`/panel/produkty/${id}`);
  await expect(
    page.getByLabel('Limit sztuk na osobę (we wszystkich zamówieniach)', { exact: true }),
  ).toHaveValue('2');
  await expect(page.getByRole('checkbox', { name: 'Edycja numerowana' })).toBeChecked();
  await expectCleanPanelPage(page, 'product form of a limited edition');

  // The first order's line with its two numbers.
  const detail = new PanelOrderDetail(page);
  await detail.open(email.toLowerCase());
  const numbers = page.getByTestId('edition-numbers').filter({ visible: true });
  await expect(numbers).toHaveCount(1);
  await expect(numbers).toHaveText(/^Edycja numerowana: egzemplarze nr \d+–\d+$/);
  const [from, to] = ((await numbers.textContent()) ?? '').match(/\d+/g)!.map(Number);
  expect(to! - from!).toBe(1);
  await expectCleanPanelPage(page, 'order detail with edition numbers');
});
