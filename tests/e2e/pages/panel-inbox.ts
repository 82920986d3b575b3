import { expect, type Locator, type Page } from '@playwright/test';

export type InboxKind = 'Wiadomości z formularza' | 'Wnioski o akredytację';

/** The storefront's API as a shopper's browser calls it (club 'demo'). */
const shopApi = (baseURL: string, path: string, body: unknown) =>
  fetch(`${baseURL}/api/cms/stronyfrontend/${path}`, {
    method: 'POST',
    headers: { organizacja: 'demo', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** A contact-form message sent the way the contact page sends it. */
export const sendContactMessage = async (
  baseURL: string,
  m: { firstName: string; lastName: string; email: string; message: string },
) => {
  const res = await shopApi(baseURL, 'send-message', { ...m, phone: '' });
  expect(res.ok, await res.clone().text()).toBe(true);
};

/** A press accreditation request sent the way the accreditation page sends it. */
export const sendAccreditation = async (
  baseURL: string,
  a: { Imie: string; Nazwisko: string; Email: string; Redakcja: string; Wydarzenie: string },
) => {
  const res = await shopApi(baseURL, 'send-formularz-akredytacyjny', {
    ...a,
    Telefon: '',
    Funkcja: 'redaktor',
    Uwagi: 'Proszę o miejsce na trybunie prasowej.',
  });
  expect(res.ok, await res.clone().text()).toBe(true);
};

/** /panel/skrzynka (contact messages) and /panel/skrzynka/akredytacje, with each item's screen. */
export class PanelInbox {
  readonly kinds: Locator;
  readonly filters: Locator;
  readonly state: Locator;
  readonly notice: Locator;
  /** The panel navigation's link, its name carrying the unread count: "Skrzynka (nieprzeczytane: 2)". */
  readonly navLink: Locator;
  readonly reply: Locator;
  readonly markHandled: Locator;
  readonly markNotHandled: Locator;
  readonly markUnread: Locator;

  constructor(readonly page: Page) {
    this.kinds = page.getByRole('navigation', { name: 'Rodzaj wiadomości' });
    this.filters = page.getByRole('search', { name: 'Filtry skrzynki' });
    this.state = this.filters.getByLabel('Stan');
    // In the screen: a status elsewhere (dnd-kit's live region) is not this screen's notice.
    this.notice = page.getByRole('main').getByRole('status');
    this.navLink = page
      .getByRole('navigation', { name: 'Menu panelu' })
      .getByRole('link', { name: /^Skrzynka/ });
    this.reply = page.getByRole('link', { name: /^Odpowiedz e-mailem/ });
    this.markHandled = page.getByRole('button', { name: 'Oznacz jako załatwioną' });
    this.markNotHandled = page.getByRole('button', { name: 'Przywróć do załatwienia' });
    this.markUnread = page.getByRole('button', { name: 'Oznacz jako nieprzeczytaną' });
  }

  async goto(kind: InboxKind = 'Wiadomości z formularza') {
    await this.page.goto(
      kind === 'Wiadomości z formularza' ? '/panel/skrzynka' : '/panel/skrzynka/akredytacje',
    );
    await expect(this.page.getByRole('heading', { level: 1, name: 'Skrzynka' })).toBeVisible();
    await expect(this.page.getByRole('heading', { level: 2, name: kind })).toBeVisible();
  }

  /** The kind's tab (its name carries the unread count when there is one). */
  tab(kind: InboxKind) {
    return this.kinds.getByRole('link', { name: new RegExp(`^${kind}`) });
  }

  /** An item's link in the list (a table row or, on a phone, a card), by the sender's name. */
  item(sender: string) {
    return this.page.getByRole('main').getByRole('link', { name: sender, exact: true });
  }

  /** The row or card of an item: its state and the "Nowa" mark of an unread one are read there. */
  row(sender: string) {
    return this.page
      .getByRole('main')
      .locator('tr, li')
      .filter({ has: this.page.getByRole('link', { name: sender, exact: true }) });
  }

  /** The "Nowa" mark of an unread item. */
  newMark(sender: string) {
    return this.row(sender).getByText('Nowa', { exact: true });
  }

  /** Shows only the items in a state: 'Nieprzeczytane', 'Do załatwienia', 'Załatwione' or 'Wszystkie'. */
  async filter(state: string) {
    await this.state.selectOption({ label: state });
    await this.filters.getByRole('button', { name: 'Filtruj' }).click();
    await expect(this.state.locator('option:checked')).toHaveText(state);
  }

  /** The unread count the navigation's link says in words (0 when it shows none). */
  async unreadInNav(): Promise<number> {
    const name = (await this.navLink.getAttribute('aria-label')) ?? (await this.navLink.textContent()) ?? '';
    return Number(name.match(/nieprzeczytane: (\d+)/)?.[1] ?? 0);
  }

  /** The unread count as the API has it now (the manager's session). */
  async unreadInApi(): Promise<number> {
    const res = await this.page.request.get('/api/panel/inbox/summary');
    expect(res.ok()).toBe(true);
    const s = (await res.json()) as {
      Wiadomosci: { Nieprzeczytane: number };
      Akredytacje: { Nieprzeczytane: number };
    };
    return s.Wiadomosci.Nieprzeczytane + s.Akredytacje.Nieprzeczytane;
  }

  /** The navigation's count follows the API's (other tests may send messages meanwhile: both are read again). */
  async expectNavCountCurrent() {
    await expect(async () => {
      expect(await this.unreadInNav()).toBe(await this.unreadInApi());
    }).toPass({ timeout: 5_000 });
  }
}
