// The manager's inbox: messages from the contact form and press accreditation
// requests, sent by a shopper in the storefront, read and handled in the panel, answered by e-mail.
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { expect, test } from './fixtures.ts';
import { allA11yViolations, logInToPanel, PanelLayout } from './pages/panel.ts';
import { PanelInbox, sendAccreditation, sendContactMessage } from './pages/panel-inbox.ts';

// Playwright empties test-results/ when a run starts: PANEL_SHOTS_DIR keeps the screenshots elsewhere.
const SHOTS = process.env.PANEL_SHOTS_DIR ?? 'test-results/panel-inbox-screens';
mkdirSync(SHOTS, { recursive: true });

/** A name no other test (or earlier run on the same data) uses. */
const unique = () => randomBytes(3).toString('hex');

test.describe('panel: inbox', () => {
  test('a shopper’s message and a journalist’s request reach the inbox; the manager reads, answers and handles them', async ({
    page,
    browser,
    baseURL,
  }) => {
    const id = unique();
    const shopper = { first: 'Kasia', last: `Kowalska${id}`, email: `kasia.${id}@example.pl` };
    const journalist = { first: 'Ewa', last: `Prasowa${id}`, email: `ewa.${id}@gazeta.example.pl` };

    // The shopper writes through the contact page, the journalist through the accreditation page.
    const shop = await browser.newPage({ baseURL });
    await shop.goto('/kontakt');
    await shop.getByLabel('Imię').fill(shopper.first);
    await shop.getByLabel('Nazwisko').fill(shopper.last);
    await shop.getByLabel('E-mail').fill(shopper.email);
    await shop.getByLabel('Wiadomość').fill('Czy będą koszulki meczowe w rozmiarze XS?\nPozdrawiam!');
    await shop.getByRole('button', { name: 'Wyślij wiadomość' }).click();
    await expect(
      shop.getByRole('status').filter({ hasText: 'Wiadomość została wysłana poprawnie' }),
    ).toBeVisible();
    await shop.goto('/akredytacja');
    const form = shop.getByRole('region', { name: 'Wniosek o akredytację prasową' });
    await form.getByLabel('Imię').fill(journalist.first);
    await form.getByLabel('Nazwisko').fill(journalist.last);
    await form.getByLabel('E-mail').fill(journalist.email);
    await form.getByLabel('Redakcja').fill('Gazeta Sportowa');
    await form.getByLabel('Wydarzenie').fill('Mecz z Rywalem');
    await form.getByLabel('Uwagi').fill('Miejsce przy linii bocznej.');
    await form.getByRole('button', { name: 'Wyślij wniosek' }).click();
    await expect(
      form.getByRole('status').filter({ hasText: 'Wniosek akredytacyjny został wysłany.' }),
    ).toBeVisible();
    await shop.close();

    // The panel's navigation says how many items wait unread, in words for a screen reader.
    await logInToPanel(page);
    const inbox = new PanelInbox(page);
    await expect(inbox.navLink).toHaveAccessibleName(/^Skrzynka \(nieprzeczytane: \d+\)$/);
    await inbox.expectNavCountCurrent();
    await new PanelLayout(page).openNav();
    await inbox.navLink.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Skrzynka' })).toBeVisible();

    // Unread only: the shopper's message is there, marked new.
    const sender = `${shopper.first} ${shopper.last}`;
    await inbox.filter('Nieprzeczytane');
    await expect(inbox.newMark(sender)).toBeVisible();
    await expect(inbox.row(sender)).toContainText('Czy będą koszulki meczowe w rozmiarze XS?');
    await expect(inbox.row(sender)).toContainText('Nieprzeczytana');
    await inbox.item(sender).click();

    // Opened: the whole message, the sender's address, and it counts as read now.
    await expect(page.getByRole('heading', { level: 1, name: `Wiadomość od: ${sender}` })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main).toContainText('Czy będą koszulki meczowe w rozmiarze XS?');
    await expect(main).toContainText('Pozdrawiam!');
    await expect(main).toContainText(shopper.email);
    await expect(main).toContainText('Przeczytana, do załatwienia');
    await inbox.expectNavCountCurrent();
    // The reply is an e-mail to the sender with a subject naming the shop's message.
    const href = (await inbox.reply.getAttribute('href'))!;
    const mailto = new URL(href);
    expect(mailto.protocol).toBe('mailto:');
    expect(decodeURIComponent(mailto.pathname)).toBe(shopper.email);
    expect(mailto.searchParams.get('subject')).toMatch(/^Odpowiedź na wiadomość do sklepu /);
    await expect(inbox.reply).toHaveAccessibleName(`Odpowiedz e-mailem: ${shopper.email}`);

    // Handled: said, shown, and the button turns into its undo (the focus stays on it).
    await inbox.markHandled.click();
    await expect(inbox.notice).toHaveText('Oznaczono jako załatwioną.');
    await expect(main).toContainText(/Załatwiono .+\(.+@.+\)\./);
    await expect(inbox.markNotHandled).toBeFocused();

    // Back in the list: gone from the unread ones, listed among the handled ones.
    await page.getByRole('link', { name: /^← Skrzynka/ }).click();
    await inbox.filter('Nieprzeczytane');
    await expect(inbox.item(sender)).toHaveCount(0);
    await inbox.filter('Załatwione');
    await expect(inbox.row(sender)).toContainText('Załatwiona');
    await expect(inbox.newMark(sender)).toHaveCount(0);

    // The accreditation request: its own tab, with the outlet and the event.
    await inbox.tab('Wnioski o akredytację').click();
    await expect(page.getByRole('heading', { level: 2, name: 'Wnioski o akredytację' })).toBeVisible();
    const name = `${journalist.first} ${journalist.last}`;
    await expect(inbox.row(name)).toContainText('Gazeta Sportowa');
    await expect(inbox.row(name)).toContainText('Mecz z Rywalem');
    await expect(inbox.newMark(name)).toBeVisible();
    await inbox.item(name).click();
    await expect(
      page.getByRole('heading', { level: 1, name: `Wniosek o akredytację: ${name}` }),
    ).toBeVisible();
    await expect(main).toContainText('Miejsce przy linii bocznej.');
    const reply = new URL((await inbox.reply.getAttribute('href'))!);
    expect(decodeURIComponent(reply.pathname)).toBe(journalist.email);
    expect(reply.searchParams.get('subject')).toBe('Odp.: wniosek o akredytację – Mecz z Rywalem');
    await inbox.markHandled.click();
    await expect(inbox.notice).toHaveText('Oznaczono jako załatwioną.');
    await expect(main).toContainText('Załatwiona');

    // Marked unread again (it is not handled then either): the navigation's count follows at once.
    await inbox.markUnread.click();
    await expect(inbox.notice).toHaveText('Oznaczono jako nieprzeczytaną.');
    await expect(main).toContainText('Nieprzeczytana');
    await expect(inbox.markHandled).toBeVisible();
    await inbox.expectNavCountCurrent();
    await inbox.goto('Wnioski o akredytację');
    await expect(inbox.newMark(name)).toBeVisible();
  });
});

test.describe('panel: inbox, accessibility @mobile', () => {
  test('the list and an item: no axe violations, nothing cut off @mobile', async ({
    page,
    baseURL,
  }, info) => {
    const id = unique();
    await sendContactMessage(baseURL!, {
      firstName: 'Jan',
      lastName: `Kibic${id}`,
      email: `jan.${id}@example.pl`,
      message: 'Czy sklep przy stadionie będzie otwarty w dniu meczu? '.repeat(4),
    });
    await sendAccreditation(baseURL!, {
      Imie: 'Piotr',
      Nazwisko: `Reporter${id}`,
      Email: `piotr.${id}@radio.example.pl`,
      Redakcja: 'Radio Sport',
      Wydarzenie: 'Mecz z Rywalem',
    });
    await logInToPanel(page);
    const inbox = new PanelInbox(page);
    const width = page.viewportSize()?.width ?? 0;
    const fits = async () =>
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    await inbox.goto('Wiadomości z formularza');
    await expect(inbox.row(`Jan Kibic${id}`)).toBeVisible();
    expect(await allA11yViolations(page)).toEqual([]);
    await fits();
    await page.screenshot({ path: `${SHOTS}/inbox-${width}-${info.project.name}.png`, fullPage: true });

    await inbox.item(`Jan Kibic${id}`).click();
    await expect(page.getByRole('heading', { level: 1, name: `Wiadomość od: Jan Kibic${id}` })).toBeVisible();
    expect(await allA11yViolations(page)).toEqual([]);
    await fits();
    await page.screenshot({
      path: `${SHOTS}/inbox-message-${width}-${info.project.name}.png`,
      fullPage: true,
    });

    await inbox.goto('Wnioski o akredytację');
    await expect(inbox.row(`Piotr Reporter${id}`)).toBeVisible();
    expect(await allA11yViolations(page)).toEqual([]);
    await fits();
    await page.screenshot({
      path: `${SHOTS}/inbox-accreditations-${width}-${info.project.name}.png`,
      fullPage: true,
    });
    await inbox.item(`Piotr Reporter${id}`).click();
    await expect(inbox.markHandled).toBeVisible();
    expect(await allA11yViolations(page)).toEqual([]);
    await fits();
  });
});
