import { randomBytes } from 'node:crypto';
import { msg } from '@club/contract';
import sharp from 'sharp';
import { expect, outbox, seriousA11yViolations, test } from './fixtures.ts';
import { demoManager, logInToPanel, PanelLayout, PanelLoginPage, PanelProductForm } from './pages/panel.ts';
import { PanelStaffPage } from './pages/panel-admin.ts';
import { PanelBannerEditor, PanelMenuEditor } from './pages/panel-content.ts';
import { asksBeforeUnload, expireSession, ReloginDialog, UnsavedDialog } from './pages/panel-no-lost-work.ts';
import { createProductInPanel } from './pages/panel-product.ts';

const unique = () => randomBytes(3).toString('hex');

test.describe('panel: no work lost', () => {
  test('an unsaved product edit asks before it is left; "Zostań" keeps it; saved, it lets go', async ({
    page,
  }) => {
    await logInToPanel(page);
    const name = `E2E Strażnik ${unique()}`;
    // Creating the product opens its screen without a question: it was saved.
    await createProductInPanel(page, name);
    const layout = new PanelLayout(page);
    const form = new PanelProductForm(page);
    const unsaved = new UnsavedDialog(page);
    expect(await asksBeforeUnload(page)).toBe(false);

    await form.name.fill(`${name} zmieniony`);
    expect(await asksBeforeUnload(page)).toBe(true);
    await layout.go('Produkty');
    await expect(unsaved.dialog).toBeVisible();
    await expect(unsaved.dialog).toContainText('Masz niezapisane zmiany. Opuścić stronę bez zapisywania?');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await unsaved.stay.click();
    await expect(unsaved.dialog).toBeHidden();
    await expect(layout.heading(`Produkt: ${name}`)).toBeVisible();
    await expect(form.name).toHaveValue(`${name} zmieniony`);

    // Escape is "Zostań" too.
    await layout.go('Kategorie');
    await expect(unsaved.dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(unsaved.dialog).toBeHidden();
    await expect(form.name).toHaveValue(`${name} zmieniony`);

    await form.submit('Zapisz zmiany');
    await expect(page.getByRole('main').getByRole('status')).toHaveText('Zmiany zostały zapisane.');
    expect(await asksBeforeUnload(page)).toBe(false);
    await layout.go('Produkty');
    await expect(layout.heading('Produkty')).toBeVisible();
    await expect(unsaved.dialog).toBeHidden();

    // "Opuść stronę" leaves without saving.
    await page.goBack();
    await expect(form.name).toHaveValue(`${name} zmieniony`);
    await form.richText.click();
    await page.keyboard.type('Nie zapiszę tego.');
    await layout.go('Produkty');
    await unsaved.leave.click();
    await expect(layout.heading('Produkty')).toBeVisible();
  });

  test('a session that expires mid-edit keeps the edit, logs in over the screen and finishes the save', async ({
    page,
  }) => {
    const account = demoManager();
    await logInToPanel(page, account);
    const name = `E2E Sesja ${unique()}`;
    const id = await createProductInPanel(page, name);
    const form = new PanelProductForm(page);
    await form.name.fill(`${name} po przerwie`);
    await expireSession(page);
    await form.submit('Zapisz zmiany');

    const relogin = new ReloginDialog(page);
    await expect(relogin.dialog).toBeVisible();
    await expect(relogin.email).toHaveValue(account.email);
    await expect(relogin.email).toHaveAttribute('readonly', '');
    expect(await seriousA11yViolations(page)).toEqual([]);
    // A wrong password is refused in the dialog; the edit is still there behind it.
    await relogin.password.fill('Zle-haslo-123');
    await relogin.dialog.getByRole('button', { name: 'Zaloguj się' }).click();
    await expect(relogin.dialog.getByRole('alert')).toHaveText(msg.loginFailed);
    await relogin.logIn(account.password);

    // Same screen, the value kept, and the interrupted save done.
    await expect(page).toHaveURL(new RegExp(`/panel/produkty/${id}$`));
    await expect(page.getByRole('main').getByRole('status')).toHaveText('Zmiany zostały zapisane.');
    await expect(form.name).toHaveValue(`${name} po przerwie`);
    await page.reload();
    await expect(form.name).toHaveValue(`${name} po przerwie`);

    // Expired on the way to another screen: the login screen comes back to the screen.
    await expireSession(page);
    await page.goto(`/panel/produkty/${id}`);
    await expect(page).toHaveURL(new RegExp(`/panel/logowanie\\?next=%2Fprodukty%2F${id}$`));
    await new PanelLoginPage(page).logIn(account.email, account.password);
    await expect(page).toHaveURL(new RegExp(`/panel/produkty/${id}$`));
    await expect(form.name).toHaveValue(`${name} po przerwie`);

    // Only a panel path: another site's address opens the dashboard instead.
    await expireSession(page);
    await page.goto('/panel/logowanie?next=//evil.example/x');
    await new PanelLoginPage(page).logIn(account.email, account.password);
    await expect(page).toHaveURL(/\/panel\/?$/);
  });

  test('an invited manager sets a password and lands in the panel; nobody else can use the invitation', async ({
    page,
    browser,
  }) => {
    await logInToPanel(page);
    const staff = new PanelStaffPage(page);
    await staff.layout.go('Zespół');
    const email = `e2e-zaproszony-${unique()}@example.com`;
    await staff.invite({ email, firstName: 'Ewa', lastName: 'Zaproszona', role: 'Kierownik' });
    await expect(page.getByRole('main').getByRole('status')).toHaveText(
      `Wysłano zaproszenie na adres ${email}.`,
    );
    const link = await outbox.link(email, /\/panel\/zaproszenie\/[\w-]+(?=")/);
    await staff.layout.logOut();

    await page.goto(link);
    await page.getByLabel(/^Hasło/).fill('Zaproszona2026');
    await page.getByLabel('Powtórz hasło').fill('Zaproszona2026');
    await page.getByRole('button', { name: 'Ustaw hasło i przejdź do panelu' }).click();
    await expect(page).toHaveURL(/\/panel\/?$/);
    const layout = new PanelLayout(page);
    await expect(layout.heading('Pulpit')).toBeVisible();
    await layout.openNav();
    await expect(layout.nav).toContainText('Ewa Zaproszona');

    // A stranger with the same link (another browser) gets nothing: it has been used.
    const stranger = await browser.newPage({ baseURL: new URL(page.url()).origin });
    await stranger.goto(link);
    await stranger.getByLabel(/^Hasło/).fill('Obcy2026haslo');
    await stranger.getByLabel('Powtórz hasło').fill('Obcy2026haslo');
    await stranger.getByRole('button', { name: 'Ustaw hasło i przejdź do panelu' }).click();
    await expect(stranger.getByRole('alert')).toHaveText(msg.panelInviteInvalid);
    await expect(stranger).toHaveURL(/\/panel\/zaproszenie\//);
    await stranger.close();
  });

  test('the editor makes, changes and removes a link, by keyboard; unsafe addresses are refused', async ({
    page,
  }) => {
    await logInToPanel(page);
    const name = `E2E Link ${unique()}`;
    await createProductInPanel(page, name);
    const form = new PanelProductForm(page);
    await form.richText.click();
    await page.keyboard.type('Terminarz meczów');
    await page.keyboard.press('Shift+Home');
    // The editor takes the selection from the page's selectionchange, a task after the key: wait
    // for it, or the toolbar can be reached first and the link gets its address as its text.
    await expect
      .poll(() => page.evaluate(() => document.getSelection()?.toString()))
      .toBe('Terminarz meczów');
    // Keyboard only: Shift+Tab to the toolbar, End to its last button (the link), Enter.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('End');
    const linkButton = form.toolbarButton('Odnośnik');
    await expect(linkButton).toBeFocused();
    await expect(linkButton).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Enter');
    const address = page.getByLabel('Adres odnośnika');
    await expect(address).toBeFocused();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.keyboard.type('javascript:alert(1)');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert')).toHaveText(
      'Podaj adres zaczynający się od https://, http://, mailto: albo /.',
    );
    await address.fill('https://klub.example.org/mecze');
    await page.keyboard.press('Enter');
    await expect(form.richText.locator('a[href="https://klub.example.org/mecze"]')).toHaveText(
      'Terminarz meczów',
    );
    await form.submit('Zapisz zmiany');
    await expect(page.getByRole('main').getByRole('status')).toHaveText('Zmiany zostały zapisane.');
    await page.reload();
    const link = form.richText.locator('a[href="https://klub.example.org/mecze"]');
    await expect(link).toHaveText('Terminarz meczów');

    // The caret in the link: the panel shows its address, changes it, then removes the link.
    await link.click();
    await form.toolbarButton('Odnośnik').click();
    await expect(address).toHaveValue('https://klub.example.org/mecze');
    await address.fill('/regulamin');
    await page.getByRole('button', { name: 'Zmień odnośnik' }).click();
    await expect(form.richText.locator('a[href="/regulamin"]')).toHaveText('Terminarz meczów');
    await form.richText.locator('a').click();
    await form.toolbarButton('Odnośnik').click();
    await page.getByRole('button', { name: 'Usuń odnośnik' }).click();
    await expect(form.richText.locator('a')).toHaveCount(0);
    await expect(form.richText).toContainText('Terminarz meczów');
  });

  test('"Zapisz slajd" sends the image chosen for the slide, and says so when it could not', async ({
    page,
  }) => {
    await logInToPanel(page);
    const editor = new PanelBannerEditor(page);
    await editor.goto();
    await editor.edit(3);
    const images = page.getByRole('region', { name: 'Edycja slajdu 3' });
    const thumb = editor.slides.nth(2).locator('img');
    const before = await thumb.getAttribute('src');
    const image = async (colour: string) => ({
      name: 'slajd.png',
      mimeType: 'image/png',
      buffer: await sharp({ create: { width: 1600, height: 500, channels: 3, background: colour } })
        .png()
        .toBuffer(),
    });

    // The upload fails: the texts are saved, the images are said not to be.
    await page.route('**/api/panel/banners/*/slides/*/images', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"Message":"Błąd serwera."}' }),
    );
    await images.getByLabel('Nowy obraz dla komputerów').setInputFiles(await image('#0055aa'));
    await editor.save.click();
    await expect(editor.error).toHaveText(
      'Zapisano teksty slajdu, ale nie wysłano wybranych obrazów: Błąd serwera.',
    );
    await expect(thumb).toHaveAttribute('src', before ?? '');

    await page.unroute('**/api/panel/banners/*/slides/*/images');
    await editor.save.click();
    await expect(editor.notice).toHaveText(
      'Zapisano slajd i jego nowe obrazy. Sklep pokaże zmiany w ciągu kilku sekund.',
    );
    await expect(thumb).not.toHaveAttribute('src', before ?? '');
    // Sent: the picker is empty again, and nothing is left unsaved.
    await expect(images.getByLabel('Nowy obraz dla komputerów')).toHaveValue('');
    expect(await asksBeforeUnload(page)).toBe(false);
  });

  test('the staff invitation asks before the typed address is left; a wrong address is refused before sending', async ({
    page,
  }) => {
    await logInToPanel(page);
    const staff = new PanelStaffPage(page);
    await staff.layout.go('Zespół');
    const unsaved = new UnsavedDialog(page);
    const email = staff.inviteForm.getByLabel('E-mail', { exact: true });
    await expect(email).toHaveAttribute('autocomplete', 'off');
    await email.fill('nowy.kierownik@');
    await staff.inviteForm.getByLabel('Rola', { exact: true }).selectOption({ label: 'Właściciel' });
    expect(await asksBeforeUnload(page)).toBe(true);

    await staff.layout.go('Pulpit');
    await unsaved.expectKeyboardReachable(unsaved.leave);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.keyboard.press('Enter');
    await expect(unsaved.dialog).toBeHidden();
    await expect(email).toHaveValue('nowy.kierownik@');

    // The contract's check, before the API is asked.
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST') posts.push(r.url());
    });
    await staff.inviteForm.getByRole('button', { name: 'Wyślij zaproszenie' }).click();
    await expect(staff.inviteForm.getByText(msg.invalidEmail)).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(posts).toEqual([]);

    await staff.layout.go('Pulpit');
    await unsaved.leave.click();
    await expect(staff.layout.heading('Pulpit')).toBeVisible();
  });

  test('another slide, or a refused new slide, does not drop the edited slide unasked', async ({ page }) => {
    await logInToPanel(page);
    const editor = new PanelBannerEditor(page);
    const unsaved = new UnsavedDialog(page);
    await editor.goto();
    await editor.edit(1);
    const original = await editor.heading.inputValue();
    await editor.heading.fill('Nagłówek jeszcze niezapisany');

    // "Dodaj slajd" with nothing chosen is refused and leaves the edited slide guarded.
    const added = page.getByRole('region', { name: 'Slajdy' });
    await added.getByRole('button', { name: 'Dodaj slajd' }).click();
    await expect(editor.error).toHaveText('Wybierz obraz slajdu dla komputerów.');
    expect(await asksBeforeUnload(page)).toBe(true);
    // Only the phone image: refused too, and the choice stays to be completed.
    const phone = added.getByLabel('Obraz dla telefonów (opcjonalny)');
    await phone.setInputFiles({
      name: 'telefon.png',
      mimeType: 'image/png',
      buffer: await sharp({ create: { width: 600, height: 400, channels: 3, background: '#113355' } })
        .png()
        .toBuffer(),
    });
    await added.getByRole('button', { name: 'Dodaj slajd' }).click();
    await expect(editor.error).toHaveText('Wybierz obraz slajdu dla komputerów.');
    await expect(phone).not.toHaveValue('');

    // Another slide asks first; "Zostań" keeps slide 1 and its edit.
    const editTwo = page.getByRole('button', { name: 'Edytuj slajd 2', exact: true });
    await editTwo.click();
    await unsaved.expectKeyboardReachable(unsaved.discard);
    await expect(unsaved.dialog).toContainText('Masz niezapisane zmiany. Przejść dalej bez zapisywania?');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(unsaved.dialog).toBeHidden();
    await expect(editTwo).toBeFocused();
    await expect(page.getByRole('heading', { level: 2, name: 'Edycja slajdu 1' })).toBeVisible();
    await expect(editor.heading).toHaveValue('Nagłówek jeszcze niezapisany');

    // "Porzuć zmiany" opens slide 2; slide 1 is as it was saved.
    await editTwo.click();
    await unsaved.discard.click();
    await expect(page.getByRole('heading', { level: 2, name: 'Edycja slajdu 2' })).toBeFocused();
    await editor.edit(1);
    await expect(editor.heading).toHaveValue(original);

    // The new slide's chosen image still guards the screen on its own.
    expect(await asksBeforeUnload(page)).toBe(true);
    await new PanelLayout(page).go('Pulpit');
    await unsaved.leave.click();
  });

  test('another menu item asks before the edited one is dropped', async ({ page }) => {
    await logInToPanel(page);
    const menus = new PanelMenuEditor(page);
    const unsaved = new UnsavedDialog(page);
    await menus.goto('Menu główne');
    const [first, second] = await menus.titles(null);
    if (!first || !second) throw new Error('the demo main menu has two items');
    await menus.action('Edytuj', first).click();
    await expect(menus.title).toHaveValue(first);
    await menus.title.fill(`${first} (zmiana)`);

    await menus.action('Edytuj', second).click();
    await unsaved.expectKeyboardReachable(unsaved.discard);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await unsaved.stay.press('Enter');
    await expect(unsaved.dialog).toBeHidden();
    await expect(menus.title).toHaveValue(`${first} (zmiana)`);
    // The item already in the form keeps its edit.
    await menus.action('Edytuj', first).click();
    await expect(unsaved.dialog).toBeHidden();
    await expect(menus.title).toHaveValue(`${first} (zmiana)`);

    await menus.action('Dodaj podpozycję', second).click();
    await expect(unsaved.dialog).toBeVisible();
    await unsaved.discard.click();
    await expect(menus.title).toBeFocused();
    await expect(menus.title).toHaveValue('');
    expect(await asksBeforeUnload(page)).toBe(false);
    expect(await menus.titles(null)).toContain(first);
  });
});
