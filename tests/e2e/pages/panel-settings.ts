import { XSRF_COOKIE, XSRF_HEADER } from '@club/contract';
import { expect, type Locator, type Page } from '@playwright/test';

/** /panel/ustawienia: the shop's name, home page title and description, logos, contact form, domains. */
export class PanelSettingsPage {
  readonly heading: Locator;
  readonly shopName: Locator;
  readonly title: Locator;
  readonly description: Locator;
  readonly freeShipping: Locator;
  readonly save: Locator;
  readonly notice: Locator;
  readonly error: Locator;
  readonly progress: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Ustawienia sklepu' });
    this.shopName = page.getByLabel('Nazwa sklepu', { exact: true });
    this.title = page.getByLabel('Tytuł strony głównej (Title)', { exact: true });
    this.description = page.getByLabel('Opis strony głównej (Description)', { exact: true });
    this.freeShipping = page.getByLabel('Darmowa dostawa od (zł)', { exact: true });
    this.save = page.getByRole('button', { name: 'Zapisz ustawienia', exact: true });
    this.notice = page.getByRole('main').getByRole('status');
    this.error = page.getByRole('main').getByRole('alert');
    this.progress = page.getByRole('progressbar');
  }

  async goto() {
    await this.page.goto('/panel/ustawienia');
    await expect(this.heading).toBeVisible();
  }

  /** One logo's box: 'Logo główne (nagłówek)' or 'Logo stopki'. */
  logo(kind: 'Logo główne (nagłówek)' | 'Logo stopki') {
    return {
      file: this.page.getByLabel(`Plik: ${kind}`, { exact: true }),
      upload: this.page.getByRole('button', { name: `Wyślij: ${kind}`, exact: true }),
      remove: this.page.getByRole('button', { name: `Usuń logo: ${kind}`, exact: true }),
      preview: this.page.getByRole('img', { name: `Podgląd: ${kind}`, exact: true }),
    };
  }

  /** Saves the form and waits for the confirmation. */
  async saveAndWait() {
    await this.save.click();
    await expect(this.notice).toHaveText('Zapisano ustawienia. Sklep pokaże zmiany w ciągu kilku sekund.');
  }
}

/** /panel/dane-sprzedawcy: the seller's company, numbers, contact, bank account, complaint address. */
export class PanelSellerPage {
  readonly heading: Locator;
  readonly name: Locator;
  readonly nip: Locator;
  readonly regon: Locator;
  readonly phone: Locator;
  readonly account: Locator;
  readonly save: Locator;
  readonly notice: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Dane sprzedawcy' });
    this.name = page.getByLabel('Nazwa firmy', { exact: true });
    this.nip = page.getByLabel('NIP', { exact: true });
    this.regon = page.getByLabel('REGON (opcjonalnie)', { exact: true });
    this.phone = page.getByLabel('Telefon (opcjonalnie)', { exact: true });
    this.account = page.getByLabel('Numer rachunku bankowego (opcjonalnie)', { exact: true });
    this.save = page.getByRole('button', { name: 'Zapisz dane sprzedawcy', exact: true });
    this.notice = page.getByRole('main').getByRole('status');
    this.error = page.getByRole('main').getByRole('alert');
  }

  async goto() {
    await this.page.goto('/panel/dane-sprzedawcy');
    await expect(this.heading).toBeVisible();
  }
}

/** The storefront's header logo: the home link named after the shop, with the logo image. */
export const storefrontLogo = (page: Page) =>
  page.getByRole('banner').getByRole('link').locator('img').first();

/**
 * The panel's API with the page's session (the context's cookies, the XSRF pair): how a test puts
 * back what it changed even when it failed half-way.
 */
export const panelApi = (page: Page) => {
  const send = async (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', path: string, data?: unknown) => {
    const xsrf = (await page.context().cookies()).find((c) => c.name === XSRF_COOKIE)?.value ?? '';
    return page.request.fetch(path, { method, data, headers: { [XSRF_HEADER]: xsrf } });
  };
  const call = async (method: 'GET' | 'POST' | 'PATCH' | 'PUT', path: string, data?: unknown) => {
    const res = await send(method, path, data);
    expect(res.status(), await res.text()).toBe(200);
    return res.json();
  };
  const DOMAINS = '/api/panel/settings/domains';
  return {
    settings: (body: Record<string, unknown>) => call('PATCH', '/api/panel/settings', body),
    seller: (body: Record<string, unknown>) => call('PUT', '/api/panel/settings/seller', body),
    /** Asks for a domain (it then waits for proof). */
    claimDomain: (host: string) => call('POST', DOMAINS, { Host: host }),
    /** Removes `host` whether proven or waiting; nothing when the club does not have it. */
    removeDomain: async (host: string) => {
      const list = (await call('GET', DOMAINS)) as {
        Items: { Id: number; Host: string }[];
        Oczekujace: { Id: number; Host: string }[];
      };
      for (const d of list.Items.filter((x) => x.Host === host)) await send('DELETE', `${DOMAINS}/${d.Id}`);
      for (const c of list.Oczekujace.filter((x) => x.Host === host))
        await send('DELETE', `${DOMAINS}/claims/${c.Id}`);
    },
  };
};

/** The settings' Domeny section: a new domain, the domains waiting for proof and the working ones. */
export class PanelDomainsSection {
  readonly newDomain: Locator;
  readonly add: Locator;
  readonly pendingHeading: Locator;

  constructor(readonly page: Page) {
    this.newDomain = page.getByLabel('Nowa domena', { exact: true });
    this.add = page.getByRole('button', { name: 'Dodaj domenę', exact: true });
    this.pendingHeading = page.getByRole('heading', { level: 3, name: 'Czekają na potwierdzenie' });
  }

  /** A domain waiting for proof: what to publish (TXT name, the code) and its buttons. */
  claim(host: string) {
    const item = this.page
      .getByRole('listitem')
      .filter({ has: this.page.getByRole('button', { name: `Sprawdź ${host}`, exact: true }) });
    return {
      item,
      txtName: item.getByRole('definition').filter({ hasText: `_clubshop-challenge.${host}` }),
      /** The code: the TXT record's value (the second definition). */
      code: item.getByRole('definition').nth(1),
      verify: item.getByRole('button', { name: `Sprawdź ${host}`, exact: true }),
      remove: item.getByRole('button', { name: `Usuń domenę ${host}`, exact: true }),
    };
  }

  /** A working domain's delete button. */
  removeWorking(host: string) {
    return this.page.getByRole('button', { name: `Usuń domenę ${host}`, exact: true });
  }
}
