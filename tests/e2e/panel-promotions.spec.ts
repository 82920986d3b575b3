// Promotions and discount codes in the manager's panel: a 10 % code on the scarves category, seen in
// the list, paused and resumed; a batch of single-use codes downloaded as CSV; a refused value with
// its Polish message by its field; axe on the list, the form and the detail at 1280 and 390 px.
// The promotions made here are ended at the end: codes only apply when typed, but nothing of this
// spec should stay working in the shared shop.
import { expect, test } from './fixtures.ts';
import { logInToPanel } from './pages/panel.ts';
import { expectCleanPanelPage } from './pages/panel-flow.ts';
import { endPromotionLeftovers, PanelPromotionForm, PanelPromotions } from './pages/panel-promotions.ts';

test.describe.configure({ timeout: 120_000 });

const PREFIX = 'E2E promocja';
/** The phone's own: the two tests run at once, and each ends only what it made. */
const PHONE = 'E2E telefon';

test('the manager makes a 10 % code for scarves, pauses and resumes it, and hands out a batch of single-use codes', async ({
  page,
}) => {
  await logInToPanel(page);
  const list = new PanelPromotions(page);
  try {
    await list.open();
    await expectCleanPanelPage(page, 'promotions list', 'promotions');

    // A bad value: the contract's Polish message by the field, which takes the focus.
    let form = await list.openNew();
    await expectCleanPanelPage(page, 'new promotion', 'promotion-new');
    await form.fill({ name: `${PREFIX} KIBIC10`, percent: '150', categories: ['Szaliki'], code: 'kibic10' });
    await form.submitNew.click();
    const message = 'Podaj procent rabatu od 0,01 do 100 (najwyżej dwa miejsca po przecinku).';
    await expect(await form.describedError(form.percent)).toHaveText(message);
    await expect(form.percent).toBeFocused();
    await expect(form.error).toHaveText(`${message} Popraw zaznaczone pola.`);
    await expectCleanPanelPage(page, 'new promotion with errors', 'promotion-errors');

    await form.percent.fill('10');
    await form.submitNew.click();
    await form.ready(`Promocja: ${PREFIX} KIBIC10`);
    await expect(form.status()).toHaveText('Aktywna');
    await expect(form.state).toContainText('KIBIC10');
    await expect(page.getByLabel('Szaliki', { exact: true })).toBeChecked();
    // Its use: no orders yet, over its whole life; a period ending before it starts is refused by the field.
    await expect(form.usage).toContainText('Okres: cały czas trwania promocji.');
    await expect(form.figure('Zamówienia')).toHaveText('0');
    await expect(form.figure('Rabat na dostawie')).toHaveText('0,00 zł');
    const [from, to] = [form.usage.getByLabel('Od'), form.usage.getByLabel('Do')];
    await from.fill('2026-03-17');
    await to.fill('2026-03-16');
    await form.usage.getByRole('button', { name: 'Pokaż' }).click();
    await expect(await form.describedError(to)).toHaveText(
      'Data „do” nie może być wcześniejsza niż data „od”.',
    );
    await to.fill('2026-03-31');
    await form.usage.getByRole('button', { name: 'Pokaż' }).click();
    await expect(form.usage).toContainText('Okres: od 17.03.2026 do 31.03.2026.');
    await expect(form.figure('Przychód')).toHaveText('0,00 zł');
    await expectCleanPanelPage(page, 'promotion detail', 'promotion-detail');

    // In the list: kind, code and status in words.
    await list.open();
    const row = list.entry(`${PREFIX} KIBIC10`);
    await expect(row).toContainText('Rabat procentowy, 10 %');
    await expect(row).toContainText('KIBIC10');
    await expect(row).toContainText('Aktywna');
    await expect(row).toContainText('0 / bez limitu');
    await expect(row).toContainText('zamówienia: 0, rabat: 0,00 zł');

    // Paused and resumed by the same button, which keeps the focus.
    await row.getByRole('link').click();
    form = await new PanelPromotionForm(page).ready(`Promocja: ${PREFIX} KIBIC10`);
    const toggle = form.state.getByRole('button', { name: 'Wstrzymaj' });
    await toggle.click();
    await expect(form.notice).toContainText('Wstrzymano promocję');
    await expect(form.status()).toHaveText('Wstrzymana');
    await expect(form.state.getByRole('button', { name: 'Wznów' })).toBeFocused();
    await form.state.getByRole('button', { name: 'Wznów' }).click();
    await expect(form.status()).toHaveText('Aktywna');
    await list.open();
    await expect(list.entry(`${PREFIX} KIBIC10`)).toContainText('Aktywna');

    // A batch of five single-use codes, as a CSV file.
    form = await list.openNew();
    await form.create({ name: `${PREFIX} pula`, percent: '15', batch: { count: '5', prefix: 'kibic' } });
    await expect(form.state).toContainText('5 kodów jednorazowych');
    const csv = await form.downloadCodes();
    expect(csv.name).toMatch(/^kody-promocji-\d+\.csv$/);
    const [head, ...rows] = csv.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(head).toBe('Kod;Promocja;Limit użyć;Użyto');
    expect(rows).toHaveLength(5);
    for (const r of rows) expect(r).toMatch(new RegExp(`^KIBIC-[A-HJ-NP-Z2-9]{8};${PREFIX} pula;1;0$`));
    expect(new Set(rows).size).toBe(5);

    // Ending asks first, and is final: no more pause, the form is read-only.
    await form.end();
    await expect(form.status()).toHaveText('Zakończona');
    await expect(form.state.getByRole('button', { name: 'Wstrzymaj' })).toHaveCount(0);
    await expect(form.name).toBeDisabled();
  } finally {
    await endPromotionLeftovers(page, PREFIX);
  }
});

test('@mobile the promotions list, form and detail are axe-clean and fit a phone', async ({ page }, info) => {
  test.skip(info.project.name !== 'mobile', 'the test above checks them at 1280 px');
  await logInToPanel(page);
  const list = new PanelPromotions(page);
  try {
    await list.open();
    const form = await list.openNew();
    await page.getByLabel('Wybrane produkty').check();
    await page.getByLabel('Szukaj produktu').fill('szalik');
    await page.getByLabel('Szukaj produktu').press('Enter');
    await page.getByLabel('Szalik klubowy tkany').check();
    await expect(page.getByRole('button', { name: 'Usuń: Szalik klubowy tkany' })).toBeVisible();
    await expectCleanPanelPage(page, 'new promotion with a product', 'promotion-new');
    await form.name.fill(PHONE);
    await form.percent.fill('150');
    await form.submitNew.click();
    await expect(form.percent).toBeFocused();
    await expectCleanPanelPage(page, 'new promotion with errors', 'promotion-errors');
    await form.percent.fill('5');
    await page.getByLabel('Pula kodów jednorazowych').check();
    await page.getByLabel('Liczba kodów').fill('2');
    await page.getByLabel('Przedrostek').fill('tel');
    await form.submitNew.click();
    await form.ready(`Promocja: ${PHONE}`);
    await expect(form.csv).toBeVisible();
    await expect(form.figure('Wykorzystane kody')).toHaveText('0 z 2');
    await expectCleanPanelPage(page, 'promotion detail', 'promotion-detail');
    await list.open();
    await expect(list.entry(PHONE)).toContainText('2 kody jednorazowe');
    await expect(list.entry(PHONE)).toContainText('0 / 0,00 zł');
    await expectCleanPanelPage(page, 'promotions list', 'promotions');
  } finally {
    await endPromotionLeftovers(page, PHONE);
  }
});
