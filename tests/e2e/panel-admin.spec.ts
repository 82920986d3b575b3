import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { msg } from '@club/contract';
import { expect, outbox, seriousA11yViolations, test } from './fixtures.ts';
import {
  allA11yViolations,
  demoManager,
  logInToPanel,
  PanelLayout,
  placeCashOnDeliveryOrder,
} from './pages/panel.ts';
import {
  confirmDialog,
  PanelCategoriesPage,
  PanelCustomerPage,
  PanelStaffPage,
} from './pages/panel-admin.ts';

// Playwright empties test-results/ when a run starts: PANEL_SHOTS_DIR keeps them elsewhere if wanted.
const SHOTS = process.env.PANEL_SHOTS_DIR ?? 'test-results/panel-admin-screens';
mkdirSync(SHOTS, { recursive: true });

/** Whether the storefront's login accepts these credentials. */
const customerCanLogIn = async (baseURL: string, email: string, password: string) => {
  const res = await fetch(`${baseURL}/api/andromeda/kontopanel/login`, {
    method: 'POST',
    headers: { organizacja: 'demo', 'content-type': 'application/json' },
    body: JSON.stringify({ Login: email, Password: password }),
  });
  return res.ok;
};

const unique = () => randomBytes(3).toString('hex');

test.describe('manager panel: categories', () => {
  test('create, rename, move under another, reorder by keyboard, delete an empty one, refusal in Polish', async ({
    page,
  }) => {
    const id = unique();
    const [a, b, b2, c] = [`E2E Klub ${id}`, `E2E Bluzy ${id}`, `E2E Bluzy zimowe ${id}`, `E2E Czapki ${id}`];
    await logInToPanel(page);
    const cats = new PanelCategoriesPage(page);
    await cats.layout.go('Kategorie');
    await expect(cats.layout.heading('Kategorie')).toBeVisible();
    // The seeded tree keeps its product counts.
    await expect(cats.row('Szaliki')).toContainText(
      /Produkty:\s*\d+\s*Z podkategoriami:\s*\d+\s*Podkategorie:\s*0/,
    );

    // An empty name is refused in Polish next to the field.
    await cats.createForm.getByRole('button', { name: 'Dodaj kategorię' }).click();
    await expect(cats.alert).toHaveText(msg.categoryNameRequired);
    await expect(cats.createForm.getByLabel('Nazwa', { exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    );

    await cats.create(a);
    await cats.create(b);
    await cats.edit(b, { name: b2 });
    await expect(cats.row(b)).toHaveCount(0);
    await cats.edit(b2, { parentLabel: a });
    await cats.create(c, a);
    await expect(cats.row(a)).toContainText(/Podkategorie:\s*2/);
    let names = await cats.names();
    expect(names.slice(names.indexOf(a), names.indexOf(a) + 3)).toEqual([a, b2, c]);

    // A category cannot move under itself or its subcategories: the edit form does not offer them.
    await cats.button('Edytuj', a).click();
    const parents = cats.editForm.getByLabel('Kategoria nadrzędna').locator('option');
    await expect(parents.filter({ hasText: a })).toHaveCount(0);
    await expect(parents.filter({ hasText: b2 })).toHaveCount(0);
    await cats.editForm.getByRole('button', { name: 'Anuluj' }).click();
    await expect(cats.button('Edytuj', a)).toBeFocused();

    // Keyboard only: the focus stays on the moved row's button.
    const up = cats.button('Przenieś wyżej', c);
    await up.focus();
    await page.keyboard.press('Enter');
    await expect(cats.notice).toHaveText(`Kategoria „${c}” jest teraz na miejscu 1 z 2.`);
    await expect(up).toBeFocused();
    names = await cats.names();
    expect(names.slice(names.indexOf(a), names.indexOf(a) + 3)).toEqual([a, c, b2]);
    await page.keyboard.press('Enter');
    await expect(cats.notice).toHaveText(`Kategoria „${c}” jest już pierwsza na swoim poziomie.`);
    await expect(up).toBeFocused();
    await page.keyboard.press('Tab');
    const down = cats.button('Przenieś niżej', c);
    await expect(down).toBeFocused();
    await page.keyboard.press('Space');
    await expect(cats.notice).toHaveText(`Kategoria „${c}” jest teraz na miejscu 2 z 2.`);
    await expect(down).toBeFocused();
    names = await cats.names();
    expect(names.slice(names.indexOf(a), names.indexOf(a) + 3)).toEqual([a, b2, c]);

    // The server's order is what the page shows after a reload.
    await page.reload();
    await expect(cats.row(c)).toBeVisible();
    names = await cats.names();
    expect(names.slice(names.indexOf(a), names.indexOf(a) + 3)).toEqual([a, b2, c]);

    await cats.remove(c);
    await expect(cats.notice).toHaveText(`Usunięto kategorię „${c}”.`);
    await expect(cats.row(c)).toHaveCount(0);

    // A category with a subcategory is refused with the server's Polish message.
    await cats.remove(a);
    await expect(cats.alert).toHaveText(msg.categoryNotEmpty);
    await expect(cats.row(a)).toBeVisible();

    // Cancelling the dialog deletes nothing.
    await cats.button('Usuń', b2).click();
    await page.keyboard.press('Escape');
    await expect(confirmDialog(page, /^Usunąć kategorię/)).toBeHidden();
    await expect(cats.row(b2)).toBeVisible();

    await cats.remove(b2);
    await expect(cats.row(b2)).toHaveCount(0);
    await cats.remove(a);
    await expect(cats.row(a)).toHaveCount(0);
  });
});

test.describe('manager panel: customers', () => {
  test('a customer detail shows their orders, and anonymising keeps the orders', async ({
    page,
    customer,
    baseURL,
  }) => {
    const name = `${customer.firstName} ${customer.lastName}`;
    expect(await customerCanLogIn(baseURL!, customer.email, customer.password)).toBe(true);
    const number = await placeCashOnDeliveryOrder(baseURL!, customer.ticket, name);
    await logInToPanel(page);
    const detail = new PanelCustomerPage(page);
    await detail.openFromList(customer.email, name);
    await expect(detail.details).toContainText(customer.email);
    await expect(detail.orders.getByRole('link', { name: number })).toBeVisible();
    await detail.orders.getByRole('link', { name: number }).click();
    await expect(detail.layout.heading(`Zamówienie ${number}`)).toBeVisible();
    await page.goBack();
    await expect(detail.layout.heading(`Klient: ${name}`)).toBeVisible();

    // Cancel first: nothing changes.
    await detail.anonymise.click();
    const dialog = confirmDialog(page, 'Anonimizować dane klienta?');
    await expect(dialog).toContainText('Zamówienia klienta zostają w sklepie do celów księgowych.');
    await dialog.getByRole('button', { name: 'Anuluj' }).click();
    await expect(dialog).toBeHidden();
    await expect(detail.anonymise).toBeFocused();
    await expect(detail.details).toContainText(customer.email);

    await detail.anonymise.click();
    await dialog.getByRole('button', { name: 'Anonimizuj klienta' }).click();
    await expect(page.getByRole('status')).toHaveText(
      'Dane klienta zostały zanonimizowane. Zamówienia zostały zachowane.',
    );
    await expect(detail.layout.heading('Klient: Dane usunięte (RODO)')).toBeVisible();
    await expect(detail.details).not.toContainText(customer.email);
    await expect(detail.details).not.toContainText(customer.lastName);
    await expect(detail.anonymise).toHaveCount(0);
    await expect(detail.orders.getByRole('link', { name: number })).toBeVisible();

    // After a reload too, and the customer can no longer sign in.
    await page.reload();
    await expect(detail.layout.heading('Klient: Dane usunięte (RODO)')).toBeVisible();
    await expect(page.getByText(/Dane klienta zanonimizowano/)).toBeVisible();
    expect(await customerCanLogIn(baseURL!, customer.email, customer.password)).toBe(false);
  });
});

test.describe('manager panel: team', () => {
  test('the owner invites a manager, changes the role, the manager cannot open Zespół, the owner removes them', async ({
    page,
  }) => {
    const email = `e2e-staff-${unique()}@example.pl`;
    const owner = demoManager();
    await logInToPanel(page, owner);
    const layout = new PanelLayout(page);
    const staff = new PanelStaffPage(page);
    await layout.go('Zespół');
    await expect(layout.heading('Zespół')).toBeVisible();
    await expect(staff.row(owner.email)).toContainText('(Ty)');
    await expect(staff.row(owner.email)).toContainText('Aktywne');
    // The owner cannot demote or remove themselves here.
    await expect(staff.row(owner.email).getByRole('button')).toHaveCount(0);

    // A bad address is refused in Polish.
    await staff.invite({ email: 'nie-adres', firstName: 'Piotr', lastName: 'Zieliński', role: 'Kierownik' });
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(staff.inviteForm.getByLabel('E-mail', { exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    );

    await staff.invite({ email, firstName: 'Piotr', lastName: 'Zieliński', role: 'Kierownik' });
    await expect(page.getByRole('status')).toHaveText(`Wysłano zaproszenie na adres ${email}.`);
    const row = staff.row(email);
    await expect(row).toContainText('Zaproszony: czeka na ustawienie hasła');
    const role = row.getByLabel('Rola: Piotr Zieliński');
    await expect(role).toHaveValue('manager');
    await role.selectOption({ label: 'Właściciel' });
    await row.getByRole('button', { name: 'Zmień rolę: Piotr Zieliński' }).click();
    await expect(page.getByRole('status')).toHaveText('Piotr Zieliński ma teraz rolę: Właściciel.');
    await role.selectOption({ label: 'Kierownik' });
    await row.getByRole('button', { name: 'Zmień rolę: Piotr Zieliński' }).click();
    await expect(page.getByRole('status')).toHaveText('Piotr Zieliński ma teraz rolę: Kierownik.');
    await expect(role).toHaveValue('manager');
    // A new invitation replaces the first (whose link stops working).
    const first = await outbox.link(email, /\/panel\/zaproszenie\/[\w-]+(?=")/);
    await row.getByRole('button', { name: 'Wyślij zaproszenie ponownie: Piotr Zieliński' }).click();
    await expect(page.getByRole('status')).toHaveText(
      `Wysłano nowe zaproszenie na adres ${email}. Poprzedni link przestał działać.`,
    );
    await expect.poll(() => outbox.link(email, /\/panel\/zaproszenie\/[\w-]+(?=")/)).not.toBe(first);

    // The invited manager sets a password through the e-mailed invitation and lands in the panel.
    await layout.logOut();
    // The link as it stands in the HTML part's href (closed by its quote): the .eml is complete by then.
    await page.goto(await outbox.link(email, /\/panel\/zaproszenie\/[\w-]+(?=")/));
    await expect(page.getByRole('heading', { name: 'Ustaw hasło do panelu' })).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Ustaw hasło i przejdź do panelu' }).click();
    await expect(page.getByText('Wpisz hasło')).toBeVisible();
    await page.getByLabel(/^Hasło/).fill('Kierownik2026');
    await page.getByLabel('Powtórz hasło').fill('Kierownik2026');
    await page.getByRole('button', { name: 'Ustaw hasło i przejdź do panelu' }).click();
    await expect(page).toHaveURL(/\/panel\/?$/);
    await layout.openNav();
    await expect(layout.nav.getByRole('link', { name: 'Kategorie', exact: true })).toBeVisible();
    await expect(layout.nav.getByRole('link', { name: 'Zespół' })).toHaveCount(0);
    await page.goto('/panel/zespol');
    await expect(layout.heading('Brak dostępu')).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText(msg.panelOwnerOnly);
    await expect(staff.inviteForm).toHaveCount(0);

    // A forgotten panel password: the login screen's link, an e-mailed link, a new password, the panel.
    await layout.logOut();
    await page.getByRole('link', { name: 'Nie pamiętasz hasła?' }).click();
    await expect(page.getByRole('heading', { name: 'Nie pamiętasz hasła?' })).toBeVisible();
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Wyślij link' }).click();
    await expect(page.getByRole('status')).toHaveText(msg.panelResetSent);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.goto(await outbox.link(email, /\/panel\/nowe-haslo\/[\w-]+(?=")/));
    await expect(page.getByRole('heading', { name: 'Ustaw nowe hasło do panelu' })).toBeVisible();
    await page.getByLabel(/^Hasło/).fill('Kierownik2027');
    await page.getByLabel('Powtórz hasło').fill('Kierownik2027');
    await page.getByRole('button', { name: 'Ustaw hasło i przejdź do panelu' }).click();
    await expect(page).toHaveURL(/\/panel\/?$/);

    // The owner removes them (after a confirmation).
    await layout.logOut();
    await logInToPanel(page, owner);
    await page.goto('/panel/zespol');
    await expect(staff.row(email)).toContainText('Aktywne');
    await staff.row(email).getByRole('button', { name: 'Usuń: Piotr Zieliński' }).click();
    const dialog = confirmDialog(page, 'Usunąć Piotr Zieliński z zespołu?');
    await dialog.getByRole('button', { name: 'Usuń', exact: true }).click();
    await expect(page.getByRole('status')).toHaveText('Usunięto Piotr Zieliński z zespołu.');
    await expect(staff.row(email)).toHaveCount(0);
  });
});

test.describe('manager panel: admin screens at every width', () => {
  test('categories, a customer, the team and their dialogs are axe-clean @mobile', async ({
    page,
    customer,
    baseURL,
  }, testInfo) => {
    // Three screens, two dialogs, an order placed and axe on each: longer than one screen's test.
    test.setTimeout(120_000);
    const width = testInfo.project.name === 'mobile' ? 390 : 1280;
    const shot = (name: string) => page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
    await logInToPanel(page);
    const layout = new PanelLayout(page);

    await layout.go('Kategorie');
    await expect(layout.heading('Kategorie')).toBeVisible();
    expect(await allA11yViolations(page)).toEqual([]);
    await shot('categories');
    const cats = new PanelCategoriesPage(page);
    const first = (await cats.names())[0]!;
    await cats.button('Edytuj', first).click();
    await expect(cats.editForm).toBeVisible();
    expect(await allA11yViolations(page)).toEqual([]);
    await shot('categories-edit');
    await cats.editForm.getByRole('button', { name: 'Anuluj' }).click();
    await cats.button('Usuń', first).click();
    await expect(confirmDialog(page, /^Usunąć kategorię/)).toBeVisible();
    expect(await allA11yViolations(page)).toEqual([]);
    await shot('categories-delete-dialog');
    await page.keyboard.press('Escape');

    const name = `${customer.firstName} ${customer.lastName}`;
    await placeCashOnDeliveryOrder(baseURL!, customer.ticket, name);
    const detail = new PanelCustomerPage(page);
    await detail.openFromList(customer.email, name);
    expect(await allA11yViolations(page)).toEqual([]);
    await shot('customer');
    await detail.anonymise.click();
    await expect(confirmDialog(page, 'Anonimizować dane klienta?')).toBeVisible();
    expect(await allA11yViolations(page)).toEqual([]);
    await shot('customer-anonymise-dialog');
    await page.keyboard.press('Escape');

    await layout.go('Zespół');
    await expect(layout.heading('Zespół')).toBeVisible();
    expect(await allA11yViolations(page)).toEqual([]);
    await shot('staff');
  });
});
