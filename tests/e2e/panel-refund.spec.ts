// A refund from the order screen (issue 28 item 3): the owner gives back one of two paid pieces,
// confirmed in a dialog; the refund is listed with its state, the buyer is e-mailed, and a manager
// sees the list but not the form.
import { expect, outbox, test } from './fixtures.ts';
import { guestOptionLock } from './pages/checkout.ts';
import { allA11yViolations, logInToPanel } from './pages/panel.ts';
import { fakePayu, panelApi } from './pages/panel-commerce.ts';
import { PanelOrderDetail } from './pages/panel-flow.ts';
import { createClub, failNextPayuRefunds, OrderRefundsSection } from './pages/refunds.ts';
import { placeGuestOrder } from './pages/withdrawal.ts';

/** Demo product 'Brelok metalowy' (19,99 zł). */
const KEYRING = { id: 25, name: 'Brelok metalowy' };

const lock = guestOptionLock();
test.beforeEach(async () => {
  await lock.acquire();
});
test.afterEach(() => lock.release());

test('the owner refunds one of two paid pieces after a confirmation; the buyer is e-mailed', async ({
  page,
  baseURL,
}) => {
  const email = `refund-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.pl`;
  const payAt = new URL(await placeGuestOrder(baseURL!, email, [{ id: KEYRING.id, qty: 2 }]));
  await page.goto(payAt.pathname);
  await page.getByRole('button', { name: 'Zapłać (symulacja)' }).click();
  await page.waitForURL(/potwierdenie-platnosci/);

  await logInToPanel(page);
  const order = new PanelOrderDetail(page);
  await order.open(email);
  const refunds = new OrderRefundsSection(page);
  await expect(refunds.region).toContainText('Nie było zwrotów pieniędzy do tego zamówienia.');
  await refunds.pieces(KEYRING.name).fill('1');
  expect(await allA11yViolations(page)).toEqual([]);
  await refunds.refund('19,99 zł');
  await expect(page.getByText('Zwrot zlecony. Kupujący dostał e-mail.')).toBeVisible();
  await expect(refunds.rows.filter({ hasText: '19,99 zł' })).toContainText('Zwrócono');
  await expect(refunds.region).toContainText(/Pozostało do zwrotu: \d/);
  expect(await allA11yViolations(page)).toEqual([]);
  await refunds.region.screenshot({ path: test.info().outputPath('refunds.png') });
  await expect
    .poll(() =>
      outbox.messages().some((m) => m.includes(`To: ${email}`) && m.includes('Zwrot pieniędzy – zamówienie')),
    )
    .toBe(true);
});

test('the owner refunds part of a PayU order; the PayU fake records the call', async ({
  browser,
  baseURL,
}) => {
  const club = createClub(baseURL!, `payu${Date.now().toString(36)}`);
  const context = await browser.newContext({ baseURL: club.origin });
  const page = await context.newPage();
  try {
    await logInToPanel(page, club.owner);
    // What a club does before it sells: seller data, a product, its PayU.
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await panelApi(page, method, path, body);
      expect(res.status, res.text).toBeLessThan(300);
      return JSON.parse(res.text || 'null');
    };
    await call('PUT', '/api/panel/settings/seller', {
      Nazwa: `KS ${club.alias} sp. z o.o.`,
      UlicaINumer: 'ul. Stadionowa 1',
      KodPocztowy: '00-950',
      Miasto: 'Warszawa',
      NIP: '7740001454',
      Email: `sklep@${club.alias}.example.pl`,
      Telefon: '600700800',
    });
    const product = await call('POST', '/api/panel/products', {
      Nazwa: 'Szalik klubowy',
      Opis: 'Szalik.',
      CenaBrutto: 40,
      Stan: 10,
    });
    // A new product may start hidden (a draft): published for the shop.
    if (product.Status !== 'active')
      await call('POST', `/api/panel/products/${product.Id}/status`, { Status: 'active' });
    const payu = fakePayu();
    await call('PUT', '/api/panel/payments/payu', {
      PosId: payu.posId,
      ClientId: payu.clientId,
      ClientSecret: payu.clientSecret,
      DrugiKlucz: payu.secondKey,
      Sandbox: true,
    });

    // A guest buys two scarves and pays on PayU's page.
    const email = `payu-${club.alias}@example.pl`;
    const payAt = await placeGuestOrder(baseURL!, email, [{ id: product.Id, qty: 2 }], club.alias);
    await page.goto(payAt);
    await page.getByRole('button', { name: 'Zapłać' }).click();
    await page.waitForURL(/potwierdenie-platnosci/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/Dziękujemy|opłacon/i);

    await page.goto('/panel');
    const order = new PanelOrderDetail(page);
    await order.open(email);
    const refunds = new OrderRefundsSection(page);
    await refunds.pieces('Szalik klubowy').fill('1');
    await refunds.refund('40,00 zł');
    await expect(page.getByText('Zwrot zlecony. Kupujący dostał e-mail.')).toBeVisible();
    await expect(refunds.rows.filter({ hasText: '40,00 zł' })).toContainText('PayU');
    await expect(refunds.rows.filter({ hasText: '40,00 zł' })).toContainText('W toku');
    await page.screenshot({ path: test.info().outputPath('payu-refund-1280.png'), fullPage: true });

    const calls = (await (
      await fetch(`http://127.0.0.1:${process.env.E2E_PAYU_PORT}/_fake/refunds`)
    ).json()) as {
      status: number;
      body: { refund: { amount: string; extRefundId: string } };
    }[];
    const mine = calls.filter((c) => c.body.refund.extRefundId?.includes('-'));
    expect(mine.at(-1)).toMatchObject({ status: 200, body: { refund: { amount: '4000' } } });
    await expect
      .poll(() => outbox.messages().some((m) => m.includes(`To: ${email}`) && m.includes('Zwrot pieniędzy')))
      .toBe(true);

    // PayU does not answer the second one: it waits as 'Zlecany', and the owner sends it again.
    await failNextPayuRefunds(1);
    await refunds.pieces('Szalik klubowy').fill('1');
    await refunds.refund('40,00 zł');
    await expect(refunds.region.getByRole('alert').first()).toContainText('PayU nie potwierdził zwrotu');
    const stuck = refunds.rows.filter({ hasText: 'Zlecany' });
    await expect(stuck).toContainText('Wyślij go ponownie');
    const resend = refunds.resendButton('40,00 zł');
    await expect(resend).toBeVisible();
    expect(await allA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('refund-stuck-1280.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await resend.scrollIntoViewIfNeeded();
    // Nothing wider than the phone: the table scrolls in its own box.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: test.info().outputPath('refund-stuck-390.png'), fullPage: true });
    expect(await allA11yViolations(page)).toEqual([]);
    // By keyboard: the button takes the focus and Enter sends it.
    await resend.focus();
    await expect(resend).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Zwrot wysłany ponownie. PayU go przyjął.')).toBeVisible();
    await expect(refunds.rows.filter({ hasText: 'Zlecany' })).toHaveCount(0);
    await expect(refunds.resendButton('40,00 zł')).toHaveCount(0);
    await page.setViewportSize({ width: 1280, height: 900 });
    const after = (await (
      await fetch(`http://127.0.0.1:${process.env.E2E_PAYU_PORT}/_fake/refunds`)
    ).json()) as { status: number; body: { refund: { extRefundId: string } } }[];
    // The same extRefundId twice (the failed call and the resend), PayU's refund made once.
    const last = after.slice(-2);
    expect(last.map((c) => c.status)).toEqual([500, 200]);
    expect(last[1]!.body.refund.extRefundId).toBe(last[0]!.body.refund.extRefundId);
  } finally {
    await panelApi(page, 'DELETE', '/api/panel/payments/payu');
    await context.close();
  }
});
