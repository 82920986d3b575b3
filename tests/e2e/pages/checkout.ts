import { mkdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { PANEL_COOKIE, XSRF_COOKIE, XSRF_HEADER } from '@club/contract';
import { expect, type Locator, type Page } from '@playwright/test';
import type { DeliveryAddress } from '../../../apps/api/src/modules/orders/place-repository.ts';

const SHOP = { organizacja: 'demo', 'content-type': 'application/json' };
const API = '/api/centauri/sklepyonline';

/** What the delivery form asks for: the order's delivery address as the shop stores it. */
export type Buyer = DeliveryAddress;

/** The buyer the checkout specs fill in, with the e-mail that ties the order to the test. */
export const demoBuyer = (email: string): Buyer => ({
  name: 'Jan Kibic',
  street: 'ul. Stadionowa 7/2',
  postcode: '00-001',
  city: 'Warszawa',
  phone: '600 100 200',
  email,
});

/** A guest at the demo buyer's address, with an e-mail of its own (`prefix-tag-…@example.pl`). */
export const guestBuyer = (prefix: string, tag: string): Buyer => ({
  ...demoBuyer(
    `${prefix}-${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.pl`,
  ),
  name: 'Gość Kibic',
});

/** The shop's API as the demo club's signed-in customer (their ticket). */
export const customerApi = (baseURL: string, ticket: string) => (path: string, init?: RequestInit) =>
  fetch(`${baseURL}${API}/${path}`, { ...init, headers: { ...SHOP, authorization: `Bearer ${ticket}` } });

/**
 * A real order through the shop's API, picked up in the club shop, paid with `payment` (its code);
 * returns the customer's order history, newest first.
 */
export const placePickupOrder = async <Order>(
  api: ReturnType<typeof customerApi>,
  lines: { id: number; qty: number; param?: { Id: number; Nazwa: string } }[],
  buyer: string,
  payment: number,
) => {
  const cart = await api('koszyk/', {
    method: 'POST',
    body: JSON.stringify(
      lines.map((l) => ({ Id: 0, IdWyrob: l.id, Ilosc: l.qty, Parametr: l.param ?? null })),
    ),
  });
  expect(cart.ok).toBe(true);
  const guid = await cart.text();
  const shipping = (await (await api('getwysylki')).json()) as { Id: number; Tresc: string }[];
  const pickup = shipping.find((s) => s.Tresc.startsWith('Odbiór osobisty'))!;
  const placed = await api('zlozZamowienie/', {
    method: 'POST',
    body: JSON.stringify({
      Nazwa: buyer,
      UlicaINumer: 'ul. Stadionowa 1',
      KodPocztowy: '00-950',
      Miasto: 'Warszawa',
      Telefon: '600700800',
      Email: 'ewa@example.pl',
      SposobDostawy: { Id: pickup.Id },
      Platnosc: payment,
      Guid: guid,
      AkceptacjaRegulaminu: true,
    }),
  });
  expect(placed.ok, await placed.clone().text()).toBe(true);
  return (await (await api('pobierzHistorieZamowien')).json()) as Order[];
};

/**
 * A cart made through the shop's API, its guid put where the storefront keeps it before the first
 * page script runs (once per tab, so a reload keeps whatever the test did to the cart).
 */
export const seedCartLines = async (
  page: Page,
  baseURL: string,
  lines: { id: number; qty: number }[],
  org = 'demo',
) => {
  const res = await fetch(`${baseURL}${API}/koszyk/`, {
    method: 'POST',
    headers: { ...SHOP, organizacja: org },
    body: JSON.stringify(lines.map(({ id, qty }) => ({ Id: 0, IdWyrob: id, Ilosc: qty, Parametr: null }))),
  });
  expect(res.ok, await res.clone().text()).toBe(true);
  const guid = (await res.text()).trim();
  await page.addInitScript((g) => {
    if (sessionStorage.getItem('e2e-cart-seeded')) return;
    sessionStorage.setItem('e2e-cart-seeded', '1');
    localStorage.setItem('koszyk_guid', g);
  }, guid);
  return guid;
};

/** A guest's cart of one product made through the shop's API (once per tab). */
export const seedGuestCart = (page: Page, baseURL: string, productId: number, qty = 1) =>
  seedCartLines(page, baseURL, [{ id: productId, qty }]);

/** A guest's cart of one product, opened on the cart page. */
export const openGuestCart = async (page: Page, baseURL: string, productId: number, qty = 1) => {
  await seedGuestCart(page, baseURL, productId, qty);
  const cart = new CartPage(page);
  await cart.goto();
  return cart;
};

/** A guest's cart of one product, opened on the delivery step. */
export const openGuestDelivery = async (page: Page, baseURL: string, productId: number, qty = 1) => {
  await seedGuestCart(page, baseURL, productId, qty);
  await page.goto('/dostawa-i-platnosc');
  return new DeliveryPage(page);
};

/**
 * The demo club's guest-checkout option is shared by every test of the run: tests that switch it,
 * and tests that need it on, hold this lock (a directory in the run's data folder) one at a time,
 * across workers and projects. A lock older than `staleMs` was left by a crashed worker.
 */
export const guestOptionLock = (staleMs = 120_000, name = 'guest-checkout') => {
  const dir = join(process.env.E2E_DATA_DIR ?? '/tmp', `${name}.lock`);
  return {
    async acquire() {
      for (;;) {
        try {
          mkdirSync(dir);
          return;
        } catch {
          try {
            if (Date.now() - statSync(dir).mtimeMs > staleMs) rmSync(dir, { recursive: true, force: true });
          } catch {
            // Released meanwhile: try again.
          }
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    },
    release() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
};

/**
 * The demo club's free-shipping threshold is shared by every test of the run, like the guest
 * option: the tests that set it, or that count on it being unset, hold this lock.
 */
export const freeShippingLock = (staleMs = 180_000) => guestOptionLock(staleMs, 'free-shipping');

/**
 * The demo club's quantity limits (10 pieces a cart line by default) are shared too: tests that
 * raise them, or that count on the default, hold this lock. Take it after `freeShippingLock`.
 */
export const orderLimitsLock = (staleMs = 180_000) => guestOptionLock(staleMs, 'order-limits');

/** /koszyk: the summary box and the way on to delivery and payment. */
export class CartPage {
  readonly toOrder: Locator;
  readonly loginNote: Locator;
  readonly guestNote: Locator;
  readonly total: Locator;
  /** The delivery note under the total: 'Dostawa od …', what is missing to free delivery, or free. */
  readonly delivery: Locator;
  readonly deliveryFrom: Locator;
  readonly freeShippingMissing: Locator;
  readonly freeShipping: Locator;

  /** The discount code: its field and button, the code kept (with 'Usuń kod …'), the discounts' lines. */
  readonly codeField: Locator;
  readonly applyCode: Locator;
  readonly keptCode: Locator;
  readonly discounts: Locator;

  constructor(readonly page: Page) {
    this.toOrder = page.getByRole('link', { name: 'Przejdź do realizacji zamówienia' });
    this.codeField = page.getByRole('textbox', { name: 'Kod rabatowy' });
    // The gift card's field has a 'Zastosuj' of its own.
    this.applyCode = page
      .getByRole('form', { name: 'Kod rabatowy' })
      .getByRole('button', { name: 'Zastosuj' });
    this.keptCode = page.getByTestId('cart-code');
    this.discounts = page.getByTestId('cart-discount');
    this.loginNote = page.getByTestId('cart-login-note');
    this.guestNote = page.getByText('Możesz kupić bez zakładania konta.');
    this.total = page.getByTestId('cart-total');
    this.delivery = page.getByTestId('cart-delivery');
    this.deliveryFrom = this.delivery.getByText(/^Dostawa od /);
    this.freeShippingMissing = this.delivery.getByText(/^Do darmowej dostawy brakuje /);
    this.freeShipping = this.delivery.getByText('Darmowa dostawa', { exact: true });
  }

  /** The quantity field of a line, by the product's name. */
  quantity(product: string) {
    return this.page.getByRole('spinbutton', { name: `Ilość: ${product}` });
  }

  async applyDiscountCode(code: string) {
    await this.codeField.fill(code);
    await this.applyCode.click();
  }

  async goto() {
    await this.page.goto('/koszyk');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Koszyk' })).toBeVisible();
    await expect(this.toOrder).toBeVisible();
  }
}

/** /dostawa-i-platnosc: the address, the invoice, shipping and payment. */
export class DeliveryPage {
  readonly heading: Locator;
  readonly loginOffer: Locator;
  readonly invoice: Locator;
  readonly company: Locator;
  readonly nip: Locator;
  readonly submit: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Dostawa i płatność' });
    this.loginOffer = page.getByRole('region', { name: 'Masz konto w naszym sklepie?' });
    this.invoice = page.getByRole('checkbox', { name: 'Chcę fakturę na firmę' });
    this.company = page.getByRole('textbox', { name: /^Nazwa firmy/ });
    this.nip = page.getByRole('textbox', { name: /^NIP/ });
    this.submit = page.getByRole('button', { name: 'Przejdź do podsumowania' });
  }

  field(label: string) {
    return this.page.getByLabel(label, { exact: false }).first();
  }

  async fillAddress(b: Buyer) {
    await this.page.getByRole('textbox', { name: /^Imię i nazwisko \/ Nazwa firmy/ }).fill(b.name);
    await this.page.getByRole('textbox', { name: /^Ulica i nr/ }).fill(b.street);
    await this.page.getByRole('textbox', { name: /^Kod pocztowy/ }).fill(b.postcode);
    await this.page.getByRole('textbox', { name: /^Miasto/ }).fill(b.city);
    await this.page.getByRole('textbox', { name: /^Telefon/ }).fill(b.phone);
    await this.page.getByRole('textbox', { name: /^E-mail/ }).fill(b.email);
  }

  async choose(shipping: string | RegExp, payment: 'PayU' | 'Płatność przy odbiorze') {
    await this.page.getByRole('radio', { name: shipping }).check();
    await this.page.getByRole('radio', { name: payment }).check();
  }

  async askForInvoice(company: string, nip: string) {
    await this.invoice.check();
    await this.company.fill(company);
    await this.nip.fill(nip);
  }
}

/** /podsumowanie: the order, the seller, the right of withdrawal, the regulamin and 'Zamawiam i płacę'. */
export class SummaryPage {
  readonly heading: Locator;
  readonly terms: Locator;
  readonly placeOrder: Locator;
  readonly seller: Locator;
  readonly withdrawal: Locator;
  readonly toPay: Locator;
  /** The products summary box: its 'Wysyłka' line and 'Razem'; the delivery method with its price. */
  readonly shipping: Locator;
  readonly total: Locator;
  readonly method: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Podsumowanie zamówienia' });
    this.terms = page.getByRole('checkbox', { name: /Znam i akceptuję regulamin sklepu/ });
    this.placeOrder = page.getByRole('button', { name: 'Zamawiam i płacę' });
    this.seller = page.getByTestId('summary-seller');
    this.withdrawal = page.getByRole('region', { name: 'Prawo odstąpienia od umowy' });
    this.toPay = page.getByTestId('summary-to-pay');
    this.shipping = page.getByTestId('summary-shipping');
    this.total = page.getByTestId('summary-total');
    this.method = page.getByTestId('summary-method');
  }

  async acceptAndOrder() {
    await this.terms.check();
    await this.placeOrder.click();
  }
}

/** potwierdenie-platnosci: the order's facts (number, amount, payment method, state) by their labels. */
export class ThankYouPage {
  readonly heading: Locator;
  readonly facts: Locator;
  readonly confirmationSent: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Dziękujemy za zakupy w naszym sklepie' });
    this.facts = page.getByTestId('order-facts');
    this.confirmationSent = page.getByText(
      'Potwierdzenie zamówienia wysłaliśmy na adres e-mail podany w zamówieniu.',
    );
  }

  /** The value beside a label ('Numer zamówienia', 'Kwota', 'Metoda płatności', 'Stan'). */
  fact(label: string) {
    return this.facts.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
  }

  /**
   * With the page's clock paused (`page.clock.pauseAt`): 4 s on, the customer is still here; then
   * time runs again and the page goes to /moje-konto. The timer is set in an effect after
   * hydration and the navigation itself waits on timers and frames, so under a paused clock when
   * exactly it arrives depends on the machine; running time it arrives about a second later.
   */
  async expectAccountRedirectAfterFiveSeconds(stayOn: RegExp) {
    await this.page.clock.runFor(4_000);
    await expect(this.page).toHaveURL(stayOn);
    await this.page.clock.resume();
    await expect(this.page).toHaveURL(/\/moje-konto$/, { timeout: 10_000 });
  }
}

/** A panel session per account in this worker: every login costs a password hash on a busy server. */
const panelSessions = new Map<string, string>();

/**
 * A request to the demo club's panel API as `account` (the session kept per worker, logged in
 * again once if it ended meanwhile); the answer must have `status`.
 */
export const panelRequest = async (
  baseURL: string,
  account: { email: string; password: string },
  method: string,
  path: string,
  body?: unknown,
  /** The status the answer must have; null: any (the caller looks). */
  status: number | null = 200,
) => {
  const xsrf = `e2e${Date.now()}${Math.random().toString(36).slice(2)}`;
  const headers = (token?: string) => ({
    organizacja: 'demo',
    'content-type': 'application/json',
    cookie: [token ? `${PANEL_COOKIE}=${token}` : '', `${XSRF_COOKIE}=${xsrf}`].filter(Boolean).join('; '),
    [XSRF_HEADER]: xsrf,
  });
  const logIn = async () => {
    const login = await fetch(`${baseURL}/api/panel/auth/login`, {
      method: 'POST',
      headers: headers(),
      body: JSON.stringify({ Email: account.email, Haslo: account.password }),
    });
    expect(login.status, await login.clone().text()).toBe(200);
    const token = login.headers
      .getSetCookie()
      .map((c) => c.match(new RegExp(`^${PANEL_COOKIE}=([^;]*)`))?.[1])
      .find(Boolean)!;
    panelSessions.set(`${baseURL} ${account.email}`, token);
    return token;
  };
  const send = (token: string) =>
    fetch(`${baseURL}/api/panel${path}`, {
      method,
      headers: headers(token),
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
  let res = await send(panelSessions.get(`${baseURL} ${account.email}`) ?? (await logIn()));
  // The session ended meanwhile (another test logged the account out): once more, logged in.
  if (res.status === 401) res = await send(await logIn());
  if (status !== null) expect(res.status, await res.clone().text()).toBe(status);
  return res;
};

/**
 * Changes the demo club's settings through the panel API (the demo manager's login), as the
 * panel sends them, e.g. `{ DarmowaDostawaOd: 700 }`.
 */
export const patchClubSettings = async (
  baseURL: string,
  account: { email: string; password: string },
  body: Record<string, unknown>,
) => {
  await panelRequest(baseURL, account, 'PATCH', '/settings', body);
};

/**
 * Switches the demo club's guest checkout on through the panel API (the demo manager's login),
 * whatever state a failed test left it in: the rest of the run expects it on.
 */
export const ensureGuestCheckoutOn = (baseURL: string, account: { email: string; password: string }) =>
  patchClubSettings(baseURL, account, { ZakupyBezLogowania: true });
