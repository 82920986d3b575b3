// A gift card's holder checks what is left on it (decision 154): from the footer's link, by
// keyboard on a phone, a wrong code told in Polish under the field (the focus back there), the
// right one as it is printed or typed loosely; also without the page's scripts. Axe at 390 and 1280 px.
import { expect, test } from './fixtures.ts';
import { GiftCardBalancePage, insertGiftCard } from './pages/gift-cards.ts';
import { phoneAndDesktopShots } from './pages/shots.ts';

const shots = phoneAndDesktopShots(process.env.GIFT_CARD_SHOTS_DIR ?? 'test-results/gift-card-shots');

test('a holder checks the balance by keyboard on a phone: a wrong code, then the right one', async ({
  page,
}, info) => {
  test.skip(info.project.name !== 'desktop', 'one story at 390 and 1280 px');
  const code = await insertGiftCard({
    amount: 20000,
    balance: 12050,
    expiresAt: new Date('2027-06-30T10:00:00Z'),
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Karta podarunkowa – saldo' }).click();
  const balance = new GiftCardBalancePage(page);
  await expect(balance.heading).toBeVisible();
  await shots(page, 'balance-empty');

  await balance.code.focus();
  await page.keyboard.type('ABCD-EFGH-JKMN-PQ22');
  await page.keyboard.press('Enter');
  await expect(
    page.getByText('Nie ma takiej karty podarunkowej. Sprawdź kod w e-mailu z kartą.'),
  ).toBeVisible();
  await expect(balance.code).toHaveAttribute('aria-invalid', 'true');
  await expect(balance.code).toBeFocused();
  await shots(page, 'balance-wrong');

  // Lower case with spaces for dashes: the shop reads it as the code.
  await balance.code.fill('');
  await page.keyboard.type(code.toLowerCase().replaceAll('-', ' '));
  await page.keyboard.press('Tab');
  await expect(balance.check).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(balance.result).toBeVisible();
  await expect(balance.result.getByRole('heading')).toHaveText(`Karta ••••-${code.slice(-4)}`);
  await expect(balance.value('Stan')).toHaveText('Aktywna');
  await expect(balance.value('Saldo')).toHaveText('120,50\u00a0zł');
  await expect(balance.value('Kwota karty')).toHaveText('200,00\u00a0zł');
  await expect(balance.value('Ważna do')).toHaveText('30.06.2027');
  await expect(balance.code).not.toHaveAttribute('aria-invalid');
  await shots(page, 'balance-found');
});

test('without scripts the form still answers, refusals included', async ({ browser }, info) => {
  test.skip(info.project.name !== 'desktop', 'one run');
  const code = await insertGiftCard({ amount: 5000, balance: 0 });
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  const balance = new GiftCardBalancePage(page);
  await balance.goto();
  await balance.check.click();
  await expect(page.getByText('Wpisz kod karty podarunkowej.')).toBeVisible();
  await expect(balance.code).toBeFocused();
  await balance.code.fill(code);
  await balance.check.click();
  await expect(balance.value('Stan')).toHaveText('Wykorzystana');
  await expect(balance.value('Saldo')).toHaveText('0,00\u00a0zł');
  await context.close();
});
