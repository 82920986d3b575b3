import { expect, type Locator, type Page } from '@playwright/test';

/** dnd-kit's live region (at the end of <body>): what a screen reader is told while something moves. */
export const dragAnnouncement = (page: Page) => page.locator('[id^="DndLiveRegion"]');

/**
 * Space on a drag handle picks its item up. dnd-kit's keyboard sensor starts listening for the
 * arrows in a task after the pick-up (a `setTimeout`), so an arrow pressed at once on a busy
 * machine is lost: wait for the announcement, then for one task of the page.
 */
export async function pickUpByKeyboard(handle: Locator, announced: string) {
  await handle.press('Space');
  await expect(dragAnnouncement(handle.page())).toContainText(announced);
  await handle.page().evaluate(() => new Promise((done) => setTimeout(done, 0)));
}

/**
 * A mouse drag as dnd-kit's mouse sensor follows it: press on `from`, a few pixels to start the
 * drag, then in small steps to `at` inside `to` (its centre by default). `beforeDrop` runs with
 * the button still held (e.g. to wait for the drop's mark) before the release.
 */
export const dragWithMouse = async (
  page: Page,
  from: Locator,
  to: Locator,
  { at, beforeDrop }: { at?: { x: number; y: number }; beforeDrop?: () => Promise<void> } = {},
) => {
  // The target mid-screen, as a hand would have it: near an edge the page scrolls by itself
  // (dnd-kit's auto-scroll) while the button is held.
  await to.evaluate((e) => e.scrollIntoView({ block: 'center' }));
  await expect(from).toBeInViewport();
  const a = (await from.boundingBox())!;
  const [x0, y0] = [a.x + a.width / 2, a.y + a.height / 2];
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  await page.mouse.move(x0 + 4, y0 + 8, { steps: 4 });
  const b = (await to.boundingBox())!;
  await page.mouse.move(b.x + (at?.x ?? b.width / 2), b.y + (at?.y ?? b.height / 2), { steps: 15 });
  await beforeDrop?.();
  await page.mouse.up();
};

/** /panel/tresci/baner: the home banner's slides, the slide form and its live preview. */
export class PanelBannerEditor {
  readonly slides: Locator;
  readonly heading: Locator;
  readonly text: Locator;
  readonly link: Locator;
  readonly position: Locator;
  readonly save: Locator;
  readonly notice: Locator;
  readonly error: Locator;
  readonly announcement: Locator;
  readonly desktopPreview;
  readonly phonePreview;

  constructor(readonly page: Page) {
    this.slides = page.getByRole('region', { name: 'Slajdy' }).getByRole('listitem');
    this.heading = page.getByLabel('Nagłówek', { exact: true });
    this.text = page.getByLabel('Tekst', { exact: true });
    this.link = page.getByLabel('Adres po kliknięciu', { exact: true });
    this.position = page.getByRole('group', { name: 'Położenie tekstu' });
    this.save = page.getByRole('button', { name: 'Zapisz slajd' });
    // In the screen: dnd-kit's live region at the end of <body> is a status too.
    this.notice = page.getByRole('main').getByRole('status');
    this.error = page.getByRole('alert');
    this.announcement = dragAnnouncement(page);
    this.desktopPreview = page.frameLocator('iframe[title="Podgląd slajdu na ekranie komputera"]');
    this.phonePreview = page.frameLocator('iframe[title="Podgląd slajdu na ekranie telefonu"]');
  }

  async goto() {
    await this.page.goto('/panel/tresci/baner');
    await expect(
      this.page.getByRole('heading', { level: 1, name: 'Baner na stronie głównej' }),
    ).toBeVisible();
  }

  /** Opens slide n (from 1) in the form. */
  async edit(n: number) {
    await this.page.getByRole('button', { name: `Edytuj slajd ${n}`, exact: true }).click();
    await expect(this.page.getByRole('heading', { level: 2, name: `Edycja slajdu ${n}` })).toBeVisible();
  }

  /** One of the 3x3 grid's radio buttons, e.g. 'Góra, prawo'. */
  place(label: string) {
    return this.position.getByRole('radio', { name: label, exact: true });
  }

  button(name: string) {
    return this.page.getByRole('button', { name, exact: true });
  }

  /**
   * Drags slide n (from 1) by its picture onto slide m, `y` px below m's top, and drops it once
   * the list has made room (slide m moved aside).
   */
  async dragSlide(n: number, m: number, y: number) {
    const target = this.slides.nth(m - 1);
    await dragWithMouse(this.page, this.slides.nth(n - 1).locator('img'), target, {
      at: { x: 20, y },
      beforeDrop: () => expect(target).not.toHaveCSS('transform', 'none'),
    });
  }
}

/** /panel/tresci/menu/{10|20|30}: the menu tree, its move buttons and the item form. */
export class PanelMenuEditor {
  readonly tree: Locator;
  readonly title: Locator;
  readonly shopPage: Locator;
  readonly otherAddress: Locator;
  readonly otherAddressField: Locator;
  readonly newWindow: Locator;
  readonly parent: Locator;
  readonly add: Locator;
  readonly notice: Locator;
  readonly error: Locator;
  readonly announcement: Locator;

  constructor(readonly page: Page) {
    this.tree = page.locator('main section').first();
    this.title = page.getByLabel('Tytuł', { exact: true });
    this.shopPage = page.getByRole('radio', { name: 'Strona sklepu' });
    this.otherAddress = page.getByRole('radio', { name: 'Inny adres' });
    this.otherAddressField = page.getByRole('textbox', { name: 'Inny adres' });
    this.newWindow = page.getByLabel('Otwórz w nowym oknie');
    this.parent = page.getByLabel('Pozycja nadrzędna');
    this.add = page.getByRole('button', { name: 'Dodaj pozycję', exact: true });
    // In the screen: dnd-kit's live region at the end of <body> is a status too.
    this.notice = page.getByRole('main').getByRole('status');
    this.announcement = dragAnnouncement(page);
    this.error = page.getByRole('alert');
  }

  async goto(menu: 'Menu główne' | 'Menu boczne' | 'Menu w stopce') {
    const id = { 'Menu główne': 10, 'Menu boczne': 20, 'Menu w stopce': 30 }[menu];
    await this.page.goto(`/panel/tresci/menu/${id}`);
    await expect(this.page.getByRole('heading', { level: 2, name: menu })).toBeVisible();
  }

  /** An item's row (with its sub-items) by its title. */
  item(title: string) {
    return this.page.locator(`li[data-menu-item="${title}"]`);
  }

  /** The titles of the items under a parent (null: the top level), in their order. */
  async titles(parent: string | null): Promise<string[]> {
    const list =
      parent === null ? this.tree.locator(':scope > ul') : this.item(parent).locator(':scope > ul');
    return list
      .locator(':scope > li')
      .evaluateAll((lis) => lis.map((li) => li.getAttribute('data-menu-item') ?? ''));
  }

  /** An item's card (its title, address and buttons, without its sub-items). */
  card(title: string) {
    return this.item(title).locator(':scope > div');
  }

  /**
   * Drags an item by its title onto another's card: its middle makes it a sub-item, its top
   * (`y` a few px) puts it before. Dropped once the card shows the drop's mark (`zone`).
   */
  async dragItem(title: string, onto: string, zone: 'before' | 'inside' | 'after', y?: number) {
    const target = this.card(onto);
    const box = (await target.boundingBox())!;
    await dragWithMouse(this.page, this.card(title).locator(':scope > p').first(), target, {
      at: { x: box.width / 2, y: y ?? { before: 4, inside: box.height / 2, after: box.height - 4 }[zone] },
      beforeDrop: () => expect(target).toHaveAttribute('data-drop', zone),
    });
  }

  /**
   * Drags an item onto the middle of another's card by touch, as a finger does: press, hold past
   * the touch sensor's delay, move, lift (without the hold it would be a swipe that scrolls).
   */
  async dragItemByTouch(title: string, onto: string) {
    const target = this.card(onto);
    await target.evaluate((e) => e.scrollIntoView({ block: 'center' }));
    const from = (await this.card(title).locator(':scope > p').first().boundingBox())!;
    const to = (await target.boundingBox())!;
    const cdp = await this.page.context().newCDPSession(this.page);
    const at = (x: number, y: number) => [{ x, y, id: 1 }];
    const [x0, y0] = [from.x + from.width / 2, from.y + from.height / 2];
    const [x1, y1] = [to.x + to.width / 2, to.y + to.height / 2];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(x0, y0) });
    await this.page.waitForTimeout(400);
    for (let i = 1; i <= 15; i++) {
      const f = i / 15;
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: at(x0 + (x1 - x0) * f, y0 + (y1 - y0) * f),
      });
    }
    await expect(target).toHaveAttribute('data-drop', 'inside');
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
  }

  /** An item's drag handle: the keyboard picks the item up there with Space. */
  handle(title: string) {
    return this.page.getByRole('button', { name: `Przenieś: ${title}`, exact: true });
  }

  /** A button of an item: 'Przenieś wyżej', 'Przenieś niżej', 'Wcięcie', 'Wysuń', 'Edytuj', 'Usuń'... */
  action(name: string, title: string) {
    return this.page.getByRole('button', { name: new RegExp(`^${name}.*: ${title}$`) });
  }

  /** Adds an item by the form: a page of the shop (its option's text) or another address. */
  async addItem(title: string, address: { page: string } | { url: string }, newWindow = false) {
    await this.title.fill(title);
    if ('page' in address) {
      await this.shopPage.check();
      await this.page.getByRole('combobox', { name: 'Strona sklepu' }).selectOption({ label: address.page });
    } else {
      await this.otherAddress.check();
      await this.otherAddressField.fill(address.url);
    }
    if (newWindow) await this.newWindow.check();
    await this.add.click();
    await expect(this.notice).toHaveText(`Dodano pozycję „${title}”.`);
  }
}
