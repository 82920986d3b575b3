import { buildPath, endpointRoutes, XSRF_COOKIE, XSRF_HEADER } from '@club/contract';
import { expect, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { PanelLayout, PanelProductForm } from './panel.ts';
import { pickUpByKeyboard } from './panel-content.ts';

/** A product photo as a manager would upload it: 800x800 of one colour, PNG or JPEG. */
export const photoFile = async (name: string, colour: string) => {
  const image = sharp({ create: { width: 800, height: 800, channels: 3, background: colour } });
  const jpeg = name.endsWith('.jpg');
  return {
    name,
    mimeType: jpeg ? 'image/jpeg' : 'image/png',
    buffer: await (jpeg ? image.jpeg() : image.png()).toBuffer(),
  };
};

/** Creates a product through the panel's form and waits for its edit screen; returns its id. */
export const createProductInPanel = async (page: Page, name: string) => {
  await page.goto('/panel/produkty/nowy');
  const form = new PanelProductForm(page);
  await expect(new PanelLayout(page).heading('Nowy produkt')).toBeVisible();
  await form.name.fill(name);
  await form.price.fill('49,90');
  await form.submit('Dodaj produkt');
  await expect(new PanelLayout(page).heading(`Produkt: ${name}`)).toBeVisible();
  return Number(page.url().match(/\/produkty\/(\d+)$/)![1]);
};

/** The photos section of the product form: upload, the sortable grid, its messages. */
export class PanelProductPhotos {
  readonly section: Locator;
  readonly picker: Locator;
  readonly items: Locator;
  readonly notice: Locator;
  readonly error: Locator;
  /** dnd-kit's live region: what a screen reader is told while a photo moves. */
  readonly announcement: Locator;

  constructor(readonly page: Page) {
    this.section = page.getByRole('region', { name: 'Zdjęcia' });
    this.picker = this.section.getByLabel('Wybierz zdjęcia z dysku');
    this.items = this.section.getByRole('listitem');
    this.notice = this.section.getByRole('status');
    this.error = this.section.getByRole('alert');
    this.announcement = page.locator('[id^="DndLiveRegion"]');
  }

  /** The n-th photo's drag handle (1-based), the keyboard's way to pick it up. */
  handle(n: number) {
    return this.section.getByRole('button', { name: `Przenieś zdjęcie ${n}`, exact: true });
  }

  image(n: number) {
    return this.section.getByRole('img', { name: `Zdjęcie ${n}`, exact: true });
  }

  async upload(files: { name: string; mimeType: string; buffer: Buffer }[]) {
    await this.picker.setInputFiles(files);
    await expect(this.notice).toHaveText(
      files.length === 1 ? 'Dodano zdjęcie.' : `Dodano zdjęcia (${files.length}).`,
    );
    await expect(this.items).toHaveCount(files.length);
  }

  /** The photos' ids in the order shown (read from the thumbnails' addresses). */
  async order(): Promise<number[]> {
    const srcs = await this.items
      .locator('img')
      .evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src')));
    return srcs.map((s) => Number(s!.match(/\/wyrobzdjecie\/\d+\/(\d+)\//)![1]));
  }

  async expectOrder(ids: number[]) {
    await expect.poll(() => this.order()).toEqual(ids);
  }

  /**
   * Picks the n-th photo up with Space on its handle, presses the keys, waits until the photo is
   * said to be over position `to` (the page may scroll smoothly first, as it does for a person),
   * then drops it with Space or cancels with Escape.
   */
  async moveByKeyboard(n: number, keys: string[], to: number, drop: 'Space' | 'Escape' = 'Space') {
    await pickUpByKeyboard(this.handle(n), `Podniesiono zdjęcie ${n}`);
    for (const key of keys) await this.page.keyboard.press(key);
    await expect(this.announcement).toContainText(`Zdjęcie ${n} nad pozycją ${to} `);
    await this.page.keyboard.press(drop);
  }

  /** Drags the n-th photo's picture with the mouse onto the m-th one's, in small steps as a hand would. */
  async dragByMouse(n: number, m: number) {
    const from = (await this.image(n).boundingBox())!;
    const to = (await this.image(m).boundingBox())!;
    await this.page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await this.page.mouse.down();
    await this.page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2, { steps: 3 });
    await this.page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 15 });
    await this.page.mouse.up();
  }

  /**
   * A touch drag as a finger does it: press, hold past the touch sensor's delay, move, lift.
   * Without the hold it is a swipe, which scrolls the page and moves no photo.
   */
  async dragByTouch(n: number, m: number, { hold = true } = {}) {
    const from = (await this.image(n).boundingBox())!;
    const to = (await this.image(m).boundingBox())!;
    const cdp = await this.page.context().newCDPSession(this.page);
    const at = (x: number, y: number) => [{ x, y, id: 1 }];
    const [x0, y0] = [from.x + from.width / 2, from.y + from.height / 2];
    const [x1, y1] = [to.x + to.width / 2, to.y + to.height / 2];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(x0, y0) });
    if (hold) await this.page.waitForTimeout(400);
    for (let i = 1; i <= 15; i++) {
      const f = i / 15;
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: at(x0 + (x1 - x0) * f, y0 + (y1 - y0) * f),
      });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
  }
}

/**
 * Deletes a photo through the panel's API with the browser's own session (as a second manager in
 * another tab would), so the open form's list goes stale and its next reorder is refused.
 */
export const deletePhotoBehindTheForm = async (page: Page, productId: number, photoId: number) => {
  const xsrf = (await page.context().cookies()).find((c) => c.name === XSRF_COOKIE)!.value;
  const response = await page.request.delete(
    buildPath(endpointRoutes.panelPhotoDelete.path, { id: productId, photoId }),
    { headers: { [XSRF_HEADER]: xsrf } },
  );
  expect(response.status()).toBe(200);
};

/** The product form's status bar: 'Status: Szkic' and the buttons that publish, hide or archive. */
export class PanelProductStatus {
  readonly publish: Locator;
  readonly hide: Locator;
  readonly draftHint: Locator;

  constructor(readonly page: Page) {
    this.publish = page.getByRole('button', { name: 'Opublikuj', exact: true });
    this.hide = page.getByRole('button', { name: 'Ukryj w sklepie', exact: true });
    this.draftHint = page.getByText('Szkic nie jest widoczny w sklepie.');
  }

  heading(label: string) {
    return this.page.getByRole('heading', { name: `Status: ${label}` });
  }
}

/** The product form's options (Kolor, Rozmiar) and the grid of their variants. */
export class PanelProductVariants {
  constructor(readonly page: Page) {}

  /** Adds an option (its name field takes the focus) with its values, comma-separated. */
  async addOption(name: string, values: string) {
    await this.page.getByRole('button', { name: 'Dodaj opcję' }).click();
    const n = await this.page.getByLabel(/^Opcja \d+: nazwa$/).count();
    await expect(this.page.getByLabel(`Opcja ${n}: nazwa`)).toBeFocused();
    await this.page.keyboard.type(name);
    await this.page.getByLabel(`Wartości opcji ${name}`).fill(values);
  }

  heading() {
    return this.page.getByRole('heading', { name: /^Warianty \(\d+\)$/ });
  }

  /** One of a variant's fields: 'Stan (szt.)', 'SKU', 'EAN' or 'Cena (zł)'. */
  field(variant: string, label: 'Stan (szt.)' | 'SKU' | 'EAN' | 'Cena (zł)') {
    return this.page.getByLabel(`${label} (${variant})`, { exact: true });
  }

  async setAllStock(stock: string) {
    await this.page.getByLabel('Stan dla wszystkich').fill(stock);
    await this.page.getByRole('button', { name: 'Ustaw wszystkim wariantom' }).click();
  }
}
