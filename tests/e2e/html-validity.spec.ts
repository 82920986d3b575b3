import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures.ts';
import { DeliveryPage, demoBuyer, SummaryPage, seedGuestCart } from './pages/checkout.ts';
import { GiftCardBalancePage, insertGiftCard } from './pages/gift-cards.ts';
import { checkDocuments } from './pages/html-checker.ts';
import { logInToPanel, placeCashOnDeliveryOrder } from './pages/panel.ts';
import { PanelOrderDetail } from './pages/panel-flow.ts';
import { insertDemoGiftCard } from './pages/panel-gift-cards.ts';

/**
 * Every storefront page and every panel screen through the W3C Nu HTML checker (vnu-jar), as
 * served (the server's HTML) and as shown (the DOM after hydration, which holds what the browser
 * rendered from localStorage and, in the panel, everything). One checker run over all documents.
 */
test.describe.configure({ timeout: 240_000 });

/** Collects a page's HTML as served and its DOM once the given check has passed. */
const collector = (page: Page) => {
  const documents = new Map<string, string>();
  return {
    documents,
    async visit(name: string, url: string, shown: () => Promise<void>) {
      const response = await page.goto(url);
      documents.set(`${name}-served`, await response!.text());
      await shown();
      documents.set(`${name}-shown`, await page.content());
    },
    async shown(name: string, check: () => Promise<void>) {
      await check();
      documents.set(`${name}-shown`, await page.content());
    },
  };
};

const heading = (page: Page, name: string | RegExp) => () =>
  expect(page.getByRole('heading', { name }).first()).toBeVisible();

test('every storefront page is valid HTML, as served and as shown', async ({ page, customer, baseURL }) => {
  const pages = collector(page);
  const main = () => expect(page.locator('main')).toBeVisible();
  await pages.visit('home', '/', main);
  await pages.visit('list', '/produkty', heading(page, /Produkty/));
  const category = await page.locator('a[href^="/produkty/"]').first().getAttribute('href');
  await pages.visit('category', category!, main);
  const product = await page.locator('a[href^="/produkt/"]').first().getAttribute('href');
  await pages.visit('product', product!, main);
  // A product with named options (Kolor × Rozmiar): one select per option, server-rendered.
  await pages.visit('product with options', '/produkt/13', main);
  await pages.visit('search', '/szukaj?q=szalik', main);
  await pages.visit('sub-page', '/regulamin', heading(page, /Regulamin/));
  await pages.visit('contact', '/kontakt', main);
  await pages.visit('withdrawal form', '/formularz-odstapienia', heading(page, /Wzór formularza/));
  await pages.visit('gift card balance', '/karta-podarunkowa', heading(page, /Karta podarunkowa/));
  const giftCard = new GiftCardBalancePage(page);
  await giftCard.code.fill(await insertGiftCard());
  await giftCard.check.click();
  await pages.shown('gift card balance found', () => expect(giftCard.result).toBeVisible());
  await giftCard.code.fill('ABCD');
  await giftCard.check.click();
  await pages.shown('gift card balance refused', () =>
    expect(giftCard.code).toHaveAttribute('aria-invalid', 'true'),
  );
  await pages.visit('login', '/logowanie', heading(page, /Logowanie|Zaloguj/));
  await pages.visit('registration', '/rejestracja', heading(page, /Rejestracja|Załóż/));
  await pages.visit('404', '/nie-ma-takiej-podstrony', main);

  // The buyer's pages, rendered from the session and cart in localStorage.
  await signIn(page, customer.ticket);
  await pages.visit('account', '/moje-konto', heading(page, /Moje konto/));
  await seedGuestCart(page, baseURL!, 30, 1);
  await pages.visit('cart', '/koszyk', () =>
    expect(page.getByRole('link', { name: /Kalendarz/ }).first()).toBeVisible(),
  );
  await pages.visit('delivery', '/dostawa-i-platnosc', main);
  const delivery = new DeliveryPage(page);
  await delivery.fillAddress(demoBuyer(customer.email));
  await delivery.choose(/Poczta Polska/, 'PayU');
  await pages.shown('delivery-filled', async () => {});
  await delivery.submit.click();
  await pages.shown('summary', () => expect(page).toHaveURL(/\/podsumowanie/));
  await new SummaryPage(page).acceptAndOrder();
  await expect(page).toHaveURL(/\/platnosc-demo\//);
  await page.getByRole('button', { name: 'Zapłać (symulacja)' }).click();
  await pages.shown('thank-you', heading(page, 'Dziękujemy za zakupy w naszym sklepie'));
  await pages.visit('thank-you-direct', page.url(), heading(page, 'Dziękujemy za zakupy w naszym sklepie'));
  // The order opened in the account (delivery, payment, invoices, complaints), then its withdrawal.
  await page.goto('/moje-konto');
  const history = page.getByRole('region', { name: 'Historia zakupów' });
  await history
    .getByRole('button', { name: /^Zamówienie / })
    .first()
    .click();
  await pages.shown('account-order', () =>
    expect(history.getByRole('definition').filter({ hasText: 'Opłacone' }).first()).toBeVisible(),
  );
  await history
    .getByRole('link', { name: /Odstąp od umowy/ })
    .first()
    .click();
  await pages.shown('withdrawal', heading(page, /Odstąpienie od umowy/));

  expect(await checkDocuments(pages.documents)).toEqual([]);
});

test("every panel screen's DOM is valid HTML", async ({ page, customer, baseURL }) => {
  const screens = collector(page);
  await screens.visit('panel-login', '/panel/logowanie', heading(page, /Logowanie|Zaloguj/));
  await logInToPanel(page);
  await screens.shown('panel-dashboard', () => expect(page.getByRole('main')).toBeVisible());
  for (const [path, name] of [
    ['produkty', 'Produkty'],
    ['produkty/nowy', 'Nowy produkt'],
    ['zamowienia', 'Zamówienia'],
    ['zwroty', /Zwroty/],
    ['reklamacje', /Reklamacje/],
    ['kategorie', 'Kategorie'],
    ['klienci', 'Klienci'],
    ['zespol', 'Zespół'],
    ['dziennik', 'Dziennik zmian'],
    ['tresci/baner', /Baner/],
    ['tresci/menu', /Menu/],
    ['tresci/media-spolecznosciowe', /Media społecznościowe/],
    ['tresci/strony', /Strony|Podstrony/],
    ['tresci/strony/nowa', /Nowa/],
    ['dostawa', /Dostawa|Sposoby dostawy/],
    ['platnosci', /Płatności/],
    ['promocje', /Promocje/],
    ['promocje/nowa', 'Nowa promocja'],
    ['karty-podarunkowe', 'Karty podarunkowe'],
    ['grupy-klientow', 'Grupy klientów'],
    ['grupy-klientow/nowa', 'Nowa grupa klientów'],
    ['skrzynka', /Skrzynka|Wiadomości/],
    ['skrzynka/akredytacje', /Skrzynka|Akredytacje/],
    ['ustawienia', /Ustawienia/],
    ['dane-sprzedawcy', /Dane sprzedawcy/],
  ] as const) {
    await page.goto(`/panel/${path}`);
    await screens.shown(`panel-${path}`, heading(page, name));
  }
  // A product, an order and its buyer in detail.
  await page.goto('/panel/produkty');
  await page.locator('main a[href^="/panel/produkty/"]').filter({ visible: true }).first().click();
  await screens.shown('panel-product-edit', heading(page, /Edycja|produkt/i));
  const number = await placeCashOnDeliveryOrder(baseURL!, customer.ticket, 'Jan Poprawny');
  const order = new PanelOrderDetail(page);
  await order.open(number);
  // The same order as one a gift card paid in part, whose line issued the card; then the card.
  const card = await insertDemoGiftCard({
    amount: 5_000,
    email: 'obdarowany@example.pl',
    order: number,
    paid: 1_000,
  });
  await page.reload();
  await screens.shown('panel-order-gift-card', () =>
    expect(page.getByRole('region', { name: 'Wydane karty podarunkowe' })).toBeVisible(),
  );
  await page.goto(`/panel/karty-podarunkowe/${card.id}`);
  await screens.shown('panel-gift-card', heading(page, `Karta podarunkowa ••••-${card.end}`));
  await page.goto(`/panel/klienci?q=${encodeURIComponent(customer.email)}`);
  await page.locator('main a[href^="/panel/klienci/"]').filter({ visible: true }).first().click();
  await screens.shown('panel-customer', heading(page, /Klient/));

  expect(await checkDocuments(screens.documents)).toEqual([]);
});
