// Customer groups in the manager's panel (member and sponsor prices): a sponsor's group by its
// e-mail domain, a public-mail domain refused by its field, a promotion limited to the group, and
// the group's deletion refused while that promotion runs; axe on the list and the form at 1280 and
// 390 px. Names carry a random tag (the shop is shared by parallel specs); what a test made is
// ended and deleted at its end.
import { randomBytes } from 'node:crypto';
import { fillMessage, msg } from '@club/contract';
import { expect, test } from './fixtures.ts';
import { logInToPanel } from './pages/panel.ts';
import {
  deleteGroupLeftovers,
  PanelCustomerGroupForm,
  PanelCustomerGroups,
} from './pages/panel-customer-groups.ts';
import { expectCleanPanelPage } from './pages/panel-flow.ts';
import { endPromotionLeftovers, PanelPromotions } from './pages/panel-promotions.ts';

test.describe.configure({ timeout: 120_000 });

test('the manager makes a sponsor group by its domain and limits a promotion to it', async ({ page }) => {
  const tag = randomBytes(3).toString('hex');
  const group = `Sponsor Dębowy ${tag}`;
  const domain = `debowy-${tag}.pl`;
  const promotion = `E2E dla grupy ${tag}`;
  await logInToPanel(page);
  const list = new PanelCustomerGroups(page);
  try {
    await list.open();
    await expectCleanPanelPage(page, 'customer groups list', 'customer-groups');

    // A free mailbox's domain would make the price everyone's: refused by its field, which takes the focus.
    let form = await list.openNew();
    await expectCleanPanelPage(page, 'new customer group', 'customer-group-new');
    await form.fill({ name: group, domains: [domain, 'Gmail.com'] });
    await form.submitNew.click();
    await expect(await form.describedError(form.domains)).toHaveText(`„Gmail.com”: ${msg.groupDomainPublic}`);
    await expect(form.domains).toBeFocused();
    await expect(form.error).toContainText('Popraw zaznaczone pola.');
    await expectCleanPanelPage(page, 'new customer group with errors', 'customer-group-errors');

    await form.domains.fill(`@${domain.toUpperCase()}\n`);
    await form.submitNew.click();
    await form.ready(`Grupa klientów: ${group}`);
    await expect(form.notice).toHaveText(`Utworzono grupę „${group}”.`);
    await expect(form.domains).toHaveValue(domain);
    await expectCleanPanelPage(page, 'customer group', 'customer-group-edit');

    await list.open();
    const row = list.entry(group);
    await expect(row).toContainText('bezterminowo');
    await expect(row).toContainText('0 kont, 1 domena');
    await expectCleanPanelPage(page, 'customer groups list with the group', 'customer-groups-filled');

    // A promotion for the group only: ticked in "Dla grup klientów", named on its detail.
    const promotions = new PanelPromotions(page);
    await promotions.open();
    const promo = await promotions.openNew();
    await promo.fill({ name: promotion, percent: '10' });
    const groups = page.getByRole('group', { name: 'Dla grup klientów' });
    await groups.getByLabel(group, { exact: true }).check();
    await promo.submitNew.click();
    await promo.ready(`Promocja: ${promotion}`);
    await expect(groups.getByLabel(group, { exact: true })).toBeChecked();
    await expect(promo.state).toContainText(`Dla grup klientów${group}`);
    await expectCleanPanelPage(page, 'promotion for a group', 'promotion-for-group');
    // The list names the group too, under how buyers get the promotion.
    await promotions.open();
    await expect(promotions.entry(promotion)).toContainText(`Dla grup klientów: ${group}`);
    await expectCleanPanelPage(page, 'promotions list with a group', 'promotions-for-group');

    // While the promotion runs, the group cannot be deleted: the API's message says which one uses it.
    await list.open();
    await expect(list.entry(group)).toContainText('1 niezakończona');
    await list.entry(group).getByRole('link').click();
    form = await new PanelCustomerGroupForm(page).ready(`Grupa klientów: ${group}`);
    await form.confirmRemove();
    await expect(form.error).toHaveText(fillMessage(msg.groupInUse, { nazwa: group, promocje: promotion }));
    await expectCleanPanelPage(page, 'customer group in use', 'customer-group-in-use');

    // Ended, the promotion lets the group go.
    await endPromotionLeftovers(page, promotion);
    await page.reload();
    await form.ready(`Grupa klientów: ${group}`);
    await form.confirmRemove();
    await expect(list.layout.heading('Grupy klientów')).toBeVisible();
    await expect(page.getByRole('main').getByRole('status')).toHaveText(`Usunięto grupę „${group}”.`);
    await expect(list.entry(group)).toHaveCount(0);
  } finally {
    await endPromotionLeftovers(page, promotion);
    await deleteGroupLeftovers(page, group);
  }
});

test('@mobile the customer groups list and form are axe-clean and fit a phone', async ({ page }, info) => {
  test.skip(info.project.name !== 'mobile', 'the test above checks them at 1280 px');
  const group = `Sponsor Dębowy tel ${randomBytes(3).toString('hex')}`;
  await logInToPanel(page);
  const list = new PanelCustomerGroups(page);
  try {
    await list.open();
    const form = await list.openNew();
    await expectCleanPanelPage(page, 'new customer group', 'customer-group-new');
    await form.fill({ name: group, domains: ['gmail.com'], accounts: ['nikt-taki@example.pl'] });
    await form.submitNew.click();
    await expect(form.domains).toBeFocused();
    await expectCleanPanelPage(page, 'new customer group with errors', 'customer-group-errors');
    await form.fill({ name: group, domains: ['debowy-telefon.pl'], accounts: [], from: '2026-12-01T00:00' });
    await form.submitNew.click();
    await form.ready(`Grupa klientów: ${group}`);
    await expectCleanPanelPage(page, 'customer group', 'customer-group-edit');
    await list.open();
    await expect(list.entry(group)).toContainText('od 01.12.2026, 00:00');
    await expectCleanPanelPage(page, 'customer groups list', 'customer-groups');
  } finally {
    await deleteGroupLeftovers(page, group);
  }
});
