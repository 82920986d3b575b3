import { PANEL_COOKIE, XSRF_COOKIE, XSRF_HEADER } from '@club/contract';
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * A club's catalogue through the panel API, from the test runner (no browser): the manager's
 * login, categories and products made for a test and archived/removed after it. `alias` names
 * the club in the `organizacja` header, so the runner needs no *.localhost name resolution.
 */
export class CatalogueAdmin {
  private token = '';
  private readonly xsrf = `e2e${Date.now()}${Math.random().toString(36).slice(2)}`;

  constructor(
    private readonly baseURL: string,
    private readonly alias: string,
  ) {}

  private headers(json = true) {
    return {
      organizacja: this.alias,
      ...(json && { 'content-type': 'application/json' }),
      cookie: [this.token ? `${PANEL_COOKIE}=${this.token}` : '', `${XSRF_COOKIE}=${this.xsrf}`]
        .filter(Boolean)
        .join('; '),
      [XSRF_HEADER]: this.xsrf,
    };
  }

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${this.baseURL}${path}`, {
      method,
      headers: this.headers(body !== undefined),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    expect(res.ok, `${method} ${path}: ${res.status} ${text}`).toBe(true);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  async logIn(account: { email: string; password: string }) {
    const res = await fetch(`${this.baseURL}/api/panel/auth/login`, {
      method: 'POST',
      headers: this.headers(),
      body: JSON.stringify({ Email: account.email, Haslo: account.password }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    this.token =
      res.headers
        .getSetCookie()
        .map((c) => c.match(new RegExp(`^${PANEL_COOKIE}=([^;]*)`))?.[1])
        .find(Boolean) ?? '';
    expect(this.token).not.toBe('');
  }

  async createCategory(name: string): Promise<number> {
    return (await this.call<{ Id: number }>('POST', '/api/panel/categories', { Nazwa: name })).Id;
  }

  async createProduct(p: {
    name: string;
    price: number;
    stock: number;
    categoryId: number;
  }): Promise<number> {
    const created = await this.call<{ Id: number }>('POST', '/api/panel/products', {
      Nazwa: p.name,
      Opis: 'Produkt testu stronicowania.',
      CenaBrutto: p.price,
      KategoriaId: p.categoryId,
      Stan: p.stock,
    });
    // A new product is a draft: published here, as the tests that use it read the storefront.
    await this.call('POST', `/api/panel/products/${created.Id}/status`, { Status: 'active' });
    return created.Id;
  }

  /** An automatic promotion (no code) through the panel's API; returns its id. */
  async createPromotion(body: Record<string, unknown>): Promise<number> {
    return (await this.call<{ Id: number }>('POST', '/api/panel/promotions', body)).Id;
  }

  /** A customer group (member prices, decision 153) of accounts by e-mail; returns its id. */
  async createCustomerGroup(body: Record<string, unknown>): Promise<number> {
    return (await this.call<{ Id: number }>('POST', '/api/panel/customer-groups', body)).Id;
  }

  async endPromotion(id: number) {
    await this.call('POST', `/api/panel/promotions/${id}/end`);
  }

  /** Archives the products (they leave the storefront for good), then removes the category. */
  async removeAll(productIds: number[], categoryId?: number) {
    for (const id of productIds)
      await this.call('POST', `/api/panel/products/${id}/status`, { Status: 'archived' });
    if (categoryId !== undefined) await this.call('DELETE', `/api/panel/categories/${categoryId}`);
  }
}

/** The storefront's product list (`/produkty[/{category}]`, `?sortuj=`, `?strona=`). */
export class ProductListPage {
  readonly heading: Locator;
  readonly count: Locator;
  readonly tiles: Locator;
  readonly pagination: Locator;
  readonly next: Locator;
  readonly previous: Locator;
  readonly sort: Locator;
  readonly sortButton: Locator;

  constructor(
    readonly page: Page,
    /** The club's storefront origin, e.g. http://rywal.localhost:3520. */
    private readonly origin: string,
  ) {
    this.heading = page.getByRole('heading', { level: 1 });
    this.count = page.locator('h1 + p');
    this.tiles = page.getByRole('region', { name: 'Lista produktów' }).getByRole('article');
    this.pagination = page.getByRole('navigation', { name: 'Strony listy produktów' });
    this.next = this.pagination.getByRole('link', { name: 'Następna' });
    this.previous = this.pagination.getByRole('link', { name: 'Poprzednia' });
    this.sort = page.getByRole('combobox', { name: 'Sortuj według' });
    this.sortButton = page.getByRole('button', { name: 'Sortuj', exact: true });
  }

  url(categoryId: number, search = '') {
    return `${this.origin}/produkty/${categoryId}${search}`;
  }

  async goto(categoryId: number, search = '') {
    const res = await this.page.goto(this.url(categoryId, search));
    return res?.status();
  }

  pageLink(n: number) {
    return this.pagination.getByRole('link', { name: `Strona ${n}`, exact: true });
  }

  tile(name: string) {
    return this.tiles.filter({ has: this.page.getByRole('link', { name, exact: true }) });
  }

  /** The tiles' names in the order shown. */
  async names() {
    return this.tiles.getByRole('heading', { level: 3 }).allInnerTexts();
  }

  /** The tiles' prices in zł, in the order shown ('1 234,99 zł' → 1234.99). */
  async prices() {
    const texts = await this.tiles.locator('p.text-primary').allInnerTexts();
    return texts.map((t) => Number(t.replace(/[^\d,]/g, '').replace(',', '.')));
  }

  async sortBy(label: string) {
    await this.sort.selectOption({ label });
    await this.sortButton.click();
  }

  /** `href` of `<link rel=...>` in the head (canonical, prev, next), or null. */
  async headLink(rel: string) {
    const link = this.page.locator(`head link[rel="${rel}"]`);
    return (await link.count()) ? link.first().getAttribute('href') : null;
  }

  /** How far the page is wider than the window (0: no horizontal scrolling). */
  overflow() {
    return this.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  }
}
