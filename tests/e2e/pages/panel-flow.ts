import { mkdirSync } from 'node:fs';
import { productStatusLabel } from '@club/contract';
import { expect, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { type Customer, outbox } from '../fixtures.ts';
import { SummaryPage } from './checkout.ts';
import { allA11yViolations, PanelLayout, PanelProductForm } from './panel.ts';

/** A small photo as a manager would upload it: one colour, JPEG or PNG. */
export const photoFile = async (name: string, colour: string) => {
  const jpeg = /\.jpe?g$/.test(name);
  const image = sharp({ create: { width: 640, height: 480, channels: 3, background: colour } });
  return {
    name,
    mimeType: jpeg ? 'image/jpeg' : 'image/png',
    buffer: await (jpeg ? image.jpeg() : image.png()).toBuffer(),
  };
};

type Photo = Awaited<ReturnType<typeof photoFile>>;

/**
 * Screenshots for a person to look at, only when SHOTS_DIR names a folder (a normal run writes
 * none): `<dir>/<name>-<viewport width>.png`, the whole page.
 */
export const shotIfAsked = async (page: Page, name: string) => {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}-${page.viewportSize()?.width}.png`, fullPage: true });
};

/**
 * A panel page as a manager meets it: axe finds nothing of any impact, and nothing is wider than
 * the window (at 390 px a wide table scrolls inside its own box, not the page). `shot` names the
 * screenshot taken when SHOTS_DIR is set.
 */
export const expectCleanPanelPage = async (page: Page, what: string, shot?: string) => {
  expect(await allA11yViolations(page), `axe: ${what}`).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${what}: wider than the window`).toBeLessThanOrEqual(0);
  if (shot) await shotIfAsked(page, shot);
};

/** The panel's product form as the manager fills it: a new product, its photos, its visibility and stock. */
export class PanelProductEditor extends PanelProductForm {
  readonly layout: PanelLayout;
  readonly category: Locator;
  readonly photoPicker: Locator;
  readonly photos: Locator;

  constructor(page: Page) {
    super(page);
    this.layout = new PanelLayout(page);
    this.category = page.getByLabel('Kategoria', { exact: true });
    this.photoPicker = page.getByLabel('Wybierz zdjęcia z dysku');
    this.photos = page.getByRole('img', { name: /^Zdjęcie \d+$/ });
  }

  /** Creates a product with sizes (name → stock) from the products list; returns the panel's id of it. */
  async create(p: { name: string; price: string; category?: string; sizes: [string, number][] }) {
    await this.layout.go('Produkty');
    await this.page.getByRole('link', { name: 'Dodaj produkt' }).click();
    await expect(this.layout.heading('Nowy produkt')).toBeVisible();
    await this.name.fill(p.name);
    await this.shortDescription.fill(`${p.name}: opis w sklepie.`);
    await this.price.fill(p.price);
    if (p.category) await this.category.selectOption({ label: p.category });
    for (const [size, stock] of p.sizes) await this.addSize(size, String(stock));
    await this.submit('Dodaj produkt');
    await expect(this.layout.heading(`Produkt: ${p.name}`)).toBeVisible();
    await expect(this.page.getByRole('status').filter({ hasText: 'Produkt został dodany.' })).toBeVisible();
    return Number(new URL(this.page.url()).pathname.split('/').pop());
  }

  /** Uploads photos through the file picker and waits for all of them in the list. */
  async uploadPhotos(files: Photo[]) {
    const before = await this.photos.count();
    await this.photoPicker.setInputFiles(files);
    await expect(this.page.getByRole('status').filter({ hasText: /Dodano zdjęci/ })).toBeVisible();
    await expect(this.photos).toHaveCount(before + files.length);
  }

  /** Publishes a draft (or shows a hidden product) and checks the status says so. */
  async setVisible() {
    const show = this.page.getByRole('button', { name: /^(Opublikuj|Pokaż w sklepie)$/ });
    if (await show.isVisible()) await show.click();
    await expect(
      this.page.getByRole('heading', { name: `Status: ${productStatusLabel.active}` }),
    ).toBeVisible();
    await expect(this.page.getByRole('button', { name: 'Ukryj w sklepie' })).toBeVisible();
  }

  /** Sets one size's stock (by its name) and saves the form. */
  async setStock(size: string, stock: number) {
    const names = this.page.getByLabel(/^Parametr \d+: nazwa$/);
    const n = await names.count();
    for (let i = 1; i <= n; i++) {
      if ((await this.page.getByLabel(`Parametr ${i}: nazwa`).inputValue()) !== size) continue;
      await this.page.getByLabel(`Parametr ${i}: stan`).fill(String(stock));
      await this.submit('Zapisz zmiany');
      await expect(
        this.page.getByRole('status').filter({ hasText: 'Zmiany zostały zapisane.' }),
      ).toBeVisible();
      await expect(this.page.getByLabel(`Parametr ${i}: stan`)).toHaveValue(String(stock));
      return;
    }
    throw new Error(`no size ${size} in the form`);
  }
}

/** An order's detail in the panel: its status and the buttons for the allowed next ones. */
export class PanelOrderDetail {
  readonly layout: PanelLayout;
  readonly statusButtons: Locator;

  constructor(readonly page: Page) {
    this.layout = new PanelLayout(page);
    this.statusButtons = page.getByRole('group', { name: 'Zmiana statusu' }).getByRole('button');
  }

  /** Searches the orders list (number, e-mail or name), opens the one order found; returns its number. */
  async open(query: string) {
    await this.layout.go('Zamówienia');
    await expect(this.layout.heading('Zamówienia')).toBeVisible();
    await this.page.getByLabel('Szukaj').fill(query);
    await this.page.getByRole('button', { name: 'Filtruj' }).click();
    await expect(this.page).toHaveURL(/q=/);
    // A table on a laptop, cards on a phone: either way one link to an order's detail.
    const found = this.page.locator('main a[href^="/panel/zamowienia/"]').filter({ visible: true });
    await expect(found).toHaveCount(1);
    await found.click();
    await expect(this.layout.heading(/^Zamówienie /)).toBeVisible();
    return ((await this.layout.heading(/^Zamówienie /).textContent()) ?? '')
      .replace('Zamówienie ', '')
      .trim();
  }

  /**
   * Gives the order its parcel through the confirmation dialog (checked: it names the e-mail, Esc
   * closes it unsaved); the detail then shows the parcel and its tracking link.
   */
  async ship(carrier: string, trackingNumber: string) {
    const section = this.page.getByRole('region', { name: 'Wysyłka' });
    await section.getByLabel('Przewoźnik').selectOption({ label: carrier });
    await section.getByLabel('Numer przesyłki').fill(trackingNumber);
    const dialog = this.page.getByRole('dialog', { name: 'Oznaczyć zamówienie jako wysłane?' });
    await section.getByRole('button', { name: 'Oznacz jako wysłane' }).click();
    await expect(dialog).toContainText('Klient dostanie e-mail „Zamówienie wysłane”');
    await this.page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(section.getByTestId('order-shipment')).toHaveCount(0);
    await section.getByRole('button', { name: 'Oznacz jako wysłane' }).click();
    await dialog.getByRole('button', { name: 'Tak, wyślij e-mail' }).click();
    await expect(section.getByTestId('order-shipment')).toContainText(trackingNumber);
    return section.getByRole('link', { name: 'Śledź przesyłkę' });
  }

  /** The lines' quantity shows inside the window, without scrolling a table sideways (a phone too). */
  async expectQuantityInView() {
    const label = this.page.getByText('Ilość', { exact: true }).filter({ visible: true }).first();
    const box = await label.boundingBox();
    const width = this.page.viewportSize()?.width ?? 0;
    expect(box, 'the lines show their quantity').not.toBeNull();
    expect(box!.x + box!.width, 'the quantity is cut off at the right edge').toBeLessThanOrEqual(width);
  }

  status(name: string) {
    return this.page.getByRole('heading', { name: `Status: ${name}`, exact: true });
  }

  /** One button per allowed next status, named 'Zmień na: …'. */
  async expectNextStatuses(names: string[]) {
    await expect(this.statusButtons).toHaveText(names.map((n) => `Zmień na: ${n}`));
  }

  /** A status change asks first (it e-mails the buyer); `note` goes into that e-mail. */
  async moveTo(name: string, note?: string) {
    await this.page.getByRole('button', { name: `Zmień na: ${name}`, exact: true }).click();
    const dialog = this.page.getByRole('dialog', { name: `Zmienić status na „${name}”?` });
    await expect(dialog).toContainText('dostanie e-mail');
    if (note) await dialog.getByLabel(/Wiadomość do kupującego/).fill(note);
    await dialog.getByRole('button', { name: 'Tak, zmień status' }).click();
    await expect(this.status(name)).toBeVisible();
    await expect(this.page.getByRole('status')).toContainText(name);
  }
}

/** A signed-in shopper of the demo club's storefront. */
export class Shopper {
  constructor(
    readonly page: Page,
    readonly customer: Customer,
  ) {}

  /** The shop's category list (through the category tree, as a shopper browses). */
  async openCategory(parent: string, name: string) {
    await this.page.goto('/produkty');
    const tree = this.page.getByRole('navigation', { name: 'Kategorie' });
    await tree.getByRole('link', { name: new RegExp(`^${parent}`) }).click();
    await expect(this.page.getByRole('heading', { level: 1, name: parent })).toBeVisible();
    await tree.getByRole('link', { name: new RegExp(`^${name}`) }).click();
    await expect(this.page.getByRole('heading', { level: 1, name })).toBeVisible();
  }

  async openProduct(name: string) {
    await this.page.getByRole('link', { name: `Szczegóły: ${name}` }).click();
    await expect(this.page.getByRole('heading', { level: 1, name })).toBeVisible();
  }

  get sizeSelect() {
    return this.page.getByRole('combobox', { name: /Parametr/ });
  }

  /** The size as the product page lists it: a sold-out one is marked '(niedostępny)'. */
  sizeOption(size: string, soldOut = false) {
    return this.sizeSelect.getByRole('option', {
      name: soldOut ? `${size} (niedostępny)` : size,
      exact: true,
    });
  }

  /** Chooses a size, adds one piece and goes to the cart through the dialog. */
  async addToCart(name: string, size: string) {
    await this.sizeSelect.selectOption({ label: size });
    await this.page.getByRole('button', { name: 'Dodaj do koszyka' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Produkt dodany poprawnie do Twojego koszyka' });
    await expect(dialog.getByText(`${name} - ${size}`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Przejdź do realizacji zamówienia' }).click();
    await expect(this.page).toHaveURL(/\/koszyk$/);
  }

  /**
   * From the cart through delivery (courier, cash on delivery, the buyer's own e-mail) to the
   * summary, and places the order. Returns the summary page's alert text when the shop refuses it.
   */
  async checkOutCashOnDelivery(): Promise<{ placed: true } | { placed: false; error: string }> {
    await this.page.getByRole('link', { name: 'Przejdź do realizacji zamówienia' }).click();
    await expect(this.page).toHaveURL(/\/dostawa-i-platnosc$/);
    await this.page
      .getByLabel('Imię i nazwisko / Nazwa firmy')
      .fill(`${this.customer.firstName} ${this.customer.lastName}`);
    await this.page.getByLabel('Ulica i nr').fill('ul. Stadionowa 7/2');
    await this.page.getByLabel('Kod pocztowy').fill('00-001');
    await this.page.getByLabel('Miasto').fill('Warszawa');
    await this.page.getByLabel('Telefon').fill('600 100 200');
    await this.page.getByLabel('E-mail').fill(this.customer.email);
    await this.page.getByRole('radio', { name: /Kurier DPD/ }).check();
    await this.page.getByRole('radio', { name: 'Płatność przy odbiorze' }).check();
    await this.page.getByRole('button', { name: 'Przejdź do podsumowania' }).click();
    await expect(this.page).toHaveURL(/\/podsumowanie$/);
    await expect(this.page.getByTestId('summary-payment')).toHaveText('Płatność przy odbiorze');
    await new SummaryPage(this.page).acceptAndOrder();
    const thanks = this.page.getByRole('heading', { name: 'Dziękujemy za zakupy w naszym sklepie' });
    const alert = this.page.getByRole('alert').filter({ hasNotText: /^$/ });
    await expect(thanks.or(alert).first()).toBeVisible();
    if (await thanks.isVisible()) return { placed: true };
    return { placed: false, error: (await alert.first().textContent()) ?? '' };
  }

  /** The order's header in 'Historia zakupów' on the account page (loaded afresh). */
  async historyEntry(number: string) {
    await this.page.goto('/moje-konto');
    const history = this.page.getByRole('region', { name: 'Historia zakupów' });
    return history.getByRole('button', { name: new RegExp(number.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')) });
  }

  async expectStatusInHistory(number: string, status: string) {
    const entry = await this.historyEntry(number);
    await expect(entry.locator('[data-status]')).toHaveText(status);
  }

  /** The status e-mails the shop sent this buyer about the order. */
  statusMails(number: string, status: string) {
    const text = `Status Twojego zamówienia ${number} w sklepie `;
    return outbox
      .messages()
      .filter(
        (m) =>
          m.includes(`To: ${this.customer.email}`) && m.includes(text) && m.includes(`to teraz: ${status}.`),
      );
  }

  /** Exactly one e-mail for this status arrives (the mail queue sends it soon after the change). */
  async expectStatusMail(number: string, status: string) {
    await expect
      .poll(() => this.statusMails(number, status).length, {
        message: `one mail about ${number} "${status}" to ${this.customer.email}`,
        timeout: 15_000,
      })
      .toBe(1);
  }

  /** Orders of this buyer as the storefront's API lists them (count of orders placed). */
  async orderCount(baseURL: string) {
    const res = await fetch(`${baseURL}/api/centauri/sklepyonline/pobierzHistorieZamowien`, {
      headers: { organizacja: 'demo', authorization: `Bearer ${this.customer.ticket}` },
    });
    expect(res.ok).toBe(true);
    return ((await res.json()) as unknown[]).length;
  }
}
