import { expect, type Locator, type Page } from '@playwright/test';

const API = '/api/centauri/sklepyonline';

/**
 * A guest's order placed through the shop's API (picked up, paid online with the demo provider):
 * its confirmation e-mail carries the withdrawal link.
 */
export const placeGuestOrder = async (
  baseURL: string,
  email: string,
  lines: { id: number; qty: number }[],
  club = 'demo',
) => {
  const api = (path: string, init?: RequestInit) =>
    fetch(`${baseURL}${API}/${path}`, {
      ...init,
      headers: { organizacja: club, 'content-type': 'application/json' },
    });
  const cart = await api('koszyk/', {
    method: 'POST',
    body: JSON.stringify(lines.map((l) => ({ Id: 0, IdWyrob: l.id, Ilosc: l.qty, Parametr: null }))),
  });
  expect(cart.ok, await cart.clone().text()).toBe(true);
  const shipping = (await (await api('getwysylki')).json()) as { Id: number; Tresc: string }[];
  const pickup = shipping.find((s) => s.Tresc.startsWith('Odbiór osobisty'))!;
  const placed = await api('zlozZamowienie/', {
    method: 'POST',
    body: JSON.stringify({
      Nazwa: 'Gość Kibic',
      UlicaINumer: 'ul. Stadionowa 1',
      KodPocztowy: '00-950',
      Miasto: 'Warszawa',
      Telefon: '600700800',
      Email: email,
      SposobDostawy: { Id: pickup.Id },
      Platnosc: 10,
      Guid: (await cart.text()).trim(),
      AkceptacjaRegulaminu: true,
    }),
  });
  expect(placed.ok, await placed.clone().text()).toBe(true);
  /** Where the buyer pays: the demo provider's page. */
  return (await placed.text()).trim();
};

/** /odstapienie/{token}: step 1 (lines and pieces), step 2 (the confirming button), the acknowledgement. */
export class WithdrawalPage {
  readonly heading: Locator;
  readonly next: Locator;
  readonly confirm: Locator;
  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Odstąpienie od umowy' });
    this.next = page.getByRole('button', { name: 'Dalej' });
    this.confirm = page.getByRole('button', { name: 'Odstępuję od umowy' });
  }
  pieces(product: string) {
    return this.page.getByLabel(product, { exact: false });
  }
}

/** The panel's /panel/zwroty: the list filtered to new returns, a return's detail and its steps. */
export class ReturnsPanel {
  constructor(readonly page: Page) {}
  /** Opens the new return whose row names `buyer` (an e-mail or the order number). */
  async open(buyer: string) {
    await this.page.goto('/panel/zwroty?stan=zgloszony');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Zwroty' })).toBeVisible();
    const row = this.page.getByRole('listitem').filter({ hasText: buyer });
    await row.getByRole('link', { name: /^Zwrot nr/ }).click();
    await expect(this.page.getByRole('heading', { level: 1, name: /^Zwrot nr/ })).toBeVisible();
  }
  /** Presses the step, then confirms it in the dialog. */
  async move(state: string) {
    await this.page.getByRole('button', { name: `Zmień na: ${state}` }).click();
    const dialog = this.page.getByRole('dialog', { name: `Zmienić stan zwrotu na „${state}”?` });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Zmień i wyślij e-mail' }).click();
  }
}

/** The size-exchange parts: the buyer's choice in step 1, the panel's line and its "Wyślij wymianę". */
export class ExchangeSteps {
  constructor(readonly page: Page) {}
  /** Step 1: what the buyer gets instead of the money for one line. */
  instead(line: Locator) {
    return line.getByLabel('Zamiast zwrotu pieniędzy');
  }
  /** The panel's step: the button, then the dialog's confirmation. */
  async send() {
    await this.page.getByRole('button', { name: 'Wyślij wymianę' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Wysłać wymianę rozmiaru?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Wyślij wymianę' }).click();
  }
}
