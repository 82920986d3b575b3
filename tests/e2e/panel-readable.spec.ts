import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  allA11yViolations,
  logInToPanel,
  PanelLayout,
  PanelProductForm,
  placeCashOnDeliveryOrder,
} from './pages/panel.ts';
import { createProductInPanel, PanelProductPhotos, photoFile } from './pages/panel-product.ts';

const SHOTS = process.env.PANEL_SHOTS_DIR ?? 'test-results/panel-screens';
mkdirSync(SHOTS, { recursive: true });

const unique = () => Date.now().toString(36) + Math.random().toString(36).slice(2, 5);
/** The API's code names: none may show in the log, alone or otherwise. */
const CODE_NAMES =
  /\b(create|update|delete|status|archive|move|reorder|anonymise|product|photo|order|category|customer|staff)\b/;

/** Nothing of the element sticks out past the right edge of the screen. */
const expectWithinWidth = async (page: Page, l: Locator) => {
  const box = (await l.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
};

// Tagged @mobile: runs at 1280 (desktop project) and at 390 (mobile project).
test('@mobile the audit log says in Polish what was changed, with the values before and after', async ({
  page,
}, testInfo) => {
  const width = testInfo.project.name === 'mobile' ? 390 : 1280;
  await logInToPanel(page);
  const name = `Getry dziennik ${unique()}`;
  const productId = await createProductInPanel(page, name);
  const form = new PanelProductForm(page);
  await form.price.fill('59,90');
  await form.submit('Zapisz zmiany');
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Zmiany zostały zapisane.');
  await page.getByRole('button', { name: 'Opublikuj' }).click();
  await expect(page.getByRole('heading', { name: 'Status: Opublikowany' })).toBeVisible();
  await page.getByRole('button', { name: 'Ukryj w sklepie' }).click();
  await expect(page.getByRole('heading', { name: 'Status: Ukryty' })).toBeVisible();
  await new PanelProductPhotos(page).upload([await photoFile('a.png', '#0b5d3b')]);

  const layout = new PanelLayout(page);
  await layout.go('Dziennik zmian');
  await expect(layout.heading('Dziennik zmian')).toBeVisible();
  await page.goto(`/panel/dziennik?q=${productId}`);
  const entries = page.getByRole('main').getByRole('listitem');
  // An entry by its first line (who · what · which), the number matched whole.
  const entry = (text: string) =>
    entries.filter({ has: page.getByRole('paragraph').filter({ hasText: new RegExp(`· ${text}$`) }) });
  const no = String(productId);

  const created = entry(`Dodanie · produkt nr ${no}`);
  await expect(created).toHaveCount(1);
  await expect(created).toContainText(`Nazwa${name}`);
  await expect(created).toContainText('Cena brutto49,90 zł');

  // A change lists only what changed, with the value before and after.
  const changed = entry(`Zmiana · produkt nr ${no}`);
  await expect(changed).toHaveCount(1);
  await expect(changed).toContainText('Cena brutto');
  await expect(changed.getByRole('definition')).toHaveText(['było: 49,90 zł → , jest: 59,90 zł']);
  await expect(changed).not.toContainText('Opis dodatkowy');

  const status = entry(`Zmiana statusu · produkt nr ${no}`);
  await expect(status.getByRole('definition')).toHaveText(['było: Opublikowany → , jest: Ukryty']);
  const published = entry(`Publikacja · produkt nr ${no}`);
  await expect(published.getByRole('definition')).toHaveText(['było: Szkic → , jest: Opublikowany']);

  // The photo's entry names the product it belongs to (its own number is the photo's).
  await page.goto('/panel/dziennik?q=photo');
  const photo = entry(`Dodanie · zdjęcie nr \\d+ produktu nr ${no}`);
  await expect(photo).toHaveCount(1);
  await expect(photo).toContainText('Produktprodukt nr');
  await expect(photo).toContainText('Pozycja1');
  await expect(photo).not.toContainText(CODE_NAMES);

  // No code name in the product's entries either.
  await page.goto(`/panel/dziennik?q=${productId}`);
  for (const e of [created, changed, status]) await expect(e).not.toContainText(CODE_NAMES);
  await expectWithinWidth(page, changed);
  expect(await allA11yViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/audit-${width}.png`, fullPage: true });
});

test.describe('manager panel on a phone: lists as cards, product filters folded @mobile', () => {
  test.skip(({ viewport }) => (viewport?.width ?? 0) > 400, 'phone layout only');

  test('390 px: staff and a customer’s orders as cards, product filters behind "Filtry"', async ({
    page,
    baseURL,
    customer,
  }) => {
    await logInToPanel(page);
    const layout = new PanelLayout(page);

    // Products: the filters are folded until opened; the keyboard goes from the button into them.
    await layout.go('Produkty');
    await expect(layout.heading('Produkty')).toBeVisible();
    const toggle = page.getByRole('button', { name: 'Filtry', exact: true });
    const search = page.getByLabel('Szukaj po nazwie');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(search).toBeHidden();
    expect(await allA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/products-filters-closed-390.png`, fullPage: true });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(search).toBeFocused();
    await page.keyboard.type('Koszulka');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/q=Koszulka/);
    // A filter in use: the form starts open, the button says how many are active.
    await page.reload();
    const active = page.getByRole('button', { name: 'Filtry (aktywne: 1)' });
    await expect(active).toHaveAttribute('aria-expanded', 'true');
    await expect(search).toHaveValue('Koszulka');
    expect(await allA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/products-filters-open-390.png`, fullPage: true });
    await active.click();
    await expect(search).toBeHidden();

    // The team: a card per person, nothing cut off.
    await layout.go('Zespół');
    await expect(layout.heading('Zespół')).toBeVisible();
    const people = page.getByRole('list', { name: 'Pracownicy' }).getByRole('listitem');
    await expect(people.filter({ hasText: '(Ty)' })).toContainText('RolaWłaściciel');
    await expect(page.getByRole('region', { name: 'Pracownicy' })).toBeHidden();
    for (const card of await people.all()) await expectWithinWidth(page, card);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await allA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/staff-390.png`, fullPage: true });

    // A customer's orders: a card per order with its number as a link.
    const buyer = `${customer.firstName} ${customer.lastName}`;
    const number = await placeCashOnDeliveryOrder(baseURL!, customer.ticket, buyer);
    await page.goto(`/panel/klienci?q=${encodeURIComponent(customer.email)}`);
    await page
      .getByRole('main')
      .getByRole('link', { name: buyer, exact: true })
      .filter({ visible: true })
      .click();
    await expect(layout.heading(`Klient: ${buyer}`)).toBeVisible();
    const orders = page.getByRole('list', { name: 'Zamówienia klienta' });
    await expect(orders.getByRole('link', { name: number })).toBeVisible();
    await expect(orders.getByRole('listitem')).toContainText('StatusNowe');
    await expectWithinWidth(page, orders.getByRole('listitem').first());
    expect(await allA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/customer-390.png`, fullPage: true });

    // Categories: the parent field's default text fits the field.
    await layout.go('Kategorie');
    await expect(layout.heading('Kategorie')).toBeVisible();
    const parent = page.getByRole('form', { name: 'Nowa kategoria' }).getByLabel('Kategoria nadrzędna');
    const fits = await parent.evaluate((el: HTMLSelectElement) => {
      const probe = document.createElement('span');
      probe.style.font = getComputedStyle(el).font;
      probe.textContent = el.options[el.selectedIndex]!.text;
      document.body.append(probe);
      const text = probe.getBoundingClientRect().width;
      probe.remove();
      // The select's own padding and its arrow (about 2.5rem) take the rest.
      return text <= el.clientWidth - 40;
    });
    expect(fits).toBe(true);
    await page.screenshot({ path: `${SHOTS}/categories-390.png`, fullPage: true });
  });
});
