import { expect, type Locator, type Page } from '@playwright/test';
import type { customerApi } from './checkout.ts';

/** The product page's printing fields (decision 143) and their preview. */
export class PrintingFields {
  readonly toggle: Locator;
  readonly name: Locator;
  readonly number: Locator;
  readonly preview: Locator;
  readonly price: Locator;

  constructor(readonly page: Page) {
    this.toggle = page.getByText('Dodaj nadruk: nazwisko i numer');
    this.name = page.getByRole('textbox', { name: 'Nazwisko' });
    this.number = page.getByRole('textbox', { name: 'Numer (1–99)' });
    this.preview = page.getByTestId('printing-preview');
    this.price = page.getByTestId('printing-price');
  }

  async open() {
    await this.toggle.click();
    await expect(this.name).toBeVisible();
  }
}

/** Orders the signed-in customer's cart (the browser's guid), picked up, cash on delivery; answers its number. */
export const orderCartAsCustomer = async (api: ReturnType<typeof customerApi>, guid: string) => {
  const shipping = (await (await api('getwysylki')).json()) as { Id: number; Tresc: string }[];
  const pickup = shipping.find((s) => s.Tresc.startsWith('Odbiór osobisty'))!;
  const placed = await api('zlozZamowienie/', {
    method: 'POST',
    body: JSON.stringify({
      Nazwa: 'Ewa Testowa',
      UlicaINumer: 'ul. Stadionowa 1',
      KodPocztowy: '00-950',
      Miasto: 'Warszawa',
      Telefon: '600700800',
      Email: 'ewa@example.pl',
      SposobDostawy: { Id: pickup.Id },
      Platnosc: 20,
      Guid: guid,
      AkceptacjaRegulaminu: true,
    }),
  });
  expect(placed.ok, await placed.clone().text()).toBe(true);
  const [order] = (await (await api('pobierzHistorieZamowien')).json()) as { NrZamowienia: string }[];
  return order!.NrZamowienia;
};

/** The panel's print queue screen (Nadruki). */
export class PrintQueuePage {
  readonly squad: Locator;

  constructor(readonly page: Page) {
    this.squad = page.getByRole('region', { name: 'Kadra (zawodnicy do nadruku)' });
  }

  order(number: string) {
    return this.page.getByRole('region', { name: `Zamówienie ${number}` });
  }

  tab(name: 'Do zrobienia' | 'Zrobione') {
    return this.page.getByRole('link', { name, exact: true });
  }
}
