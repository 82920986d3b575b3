// A discount code from the fan's side: typed in the cart, shown as its own line there and on the
// checkout's summary, charged by the order and shown in the confirmation e-mail. A wrong code is
// told in Polish under the field. Screenshots at 390 px (project 'mobile') and 1280 px ('desktop').
// The promotion is a code: nobody else's cart changes unless they type it.
import { mkdirSync } from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';
import { expect, outbox, seriousA11yViolations, signIn, test } from './fixtures.ts';
import { CartPage, DeliveryPage, panelRequest, SummaryPage, seedGuestCart } from './pages/checkout.ts';
import { demoManager } from './pages/panel.ts';

const SHOTS = process.env.DISCOUNT_SHOTS_DIR ?? 'test-results/discount-code-shots';
mkdirSync(SHOTS, { recursive: true });

/** Demo product 18, 69,99 zł, category Szaliki. */
const SCARF = { id: 18, name: 'Szalik zimowy dziany' };
const CODE = 'SOKOL10';

const zl = (n: number) => `${n.toFixed(2).replace('.', ',')}\u00a0zł`;

/** "SOKOL10": 10 % off the Szaliki category, made once for the run (both projects use it). */
const ensureSokol10 = async (baseURL: string) => {
  const list = (await (await panelRequest(baseURL, demoManager(), 'GET', '/promotions')).json()) as {
    Items: { Kod: string | null }[];
  };
  if (list.Items.some((p) => p.Kod === CODE)) return;
  const categories = (await (
    await fetch(`${baseURL}/api/centauri/sklepyonline/pobierzKatalogi`, { headers: { organizacja: 'demo' } })
  ).json()) as { Id: number; Name: string }[];
  const scarves = categories.find((c) => c.Name === 'Szaliki')!;
  const body = {
    Nazwa: 'Szaliki -10%',
    Rodzaj: 'percent',
    Procent: 10,
    Zakres: { Typ: 'categories', Id: [scarves.Id] },
    Kod: CODE,
  };
  const res = await panelRequest(baseURL, demoManager(), 'POST', '/promotions', body, null);
  // Another project made it at the same moment: a 409 is as good.
  expect([200, 409]).toContain(res.status);
};

const shot = async (page: Page, info: TestInfo, name: string) =>
  page.screenshot({ path: `${SHOTS}/${name}-${info.project.name}.png`, fullPage: true });

test('a fan types SOKOL10 in the cart, sees 10 % off the scarves there, on the summary and in the e-mail', async ({
  page,
  baseURL,
  customer,
}, info) => {
  await ensureSokol10(baseURL!);
  await signIn(page, customer.ticket);
  await seedGuestCart(page, baseURL!, SCARF.id, 2);
  const cart = new CartPage(page);
  await cart.goto();
  await expect(cart.total).toHaveText(zl(139.98));

  // A wrong code first: told in Polish under the field, nothing changes.
  await cart.applyDiscountCode('NIEMA');
  await expect(page.getByText('Nie ma takiego kodu rabatowego.')).toBeVisible();
  await expect(cart.codeField).toHaveAttribute('aria-invalid', 'true');
  await expect(cart.codeField).toBeFocused();

  // By keyboard: the field, then Enter.
  await cart.codeField.fill('sokol10');
  await cart.codeField.press('Enter');
  await expect(cart.keptCode).toContainText(CODE);
  await expect(cart.discounts).toHaveText(`−${zl(14)}`);
  await expect(page.getByText(`Rabat ${CODE} (Szaliki -10%)`)).toBeVisible();
  await expect(cart.total).toHaveText(zl(125.98));
  await expect(
    page.getByRole('status').filter({ hasText: `Kod ${CODE} został zastosowany.` }),
  ).toBeAttached();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await shot(page, info, 'cart');

  await cart.toOrder.click();
  const delivery = new DeliveryPage(page);
  await expect(delivery.heading).toBeVisible();
  await delivery.fillAddress({
    name: 'Anna Kibic',
    street: 'ul. Stadionowa 7/2',
    postcode: '00-001',
    city: 'Warszawa',
    phone: '600100200',
    email: customer.email,
  });
  await delivery.choose(/Kurier DPD/, 'Płatność przy odbiorze');
  await delivery.submit.click();

  const summary = new SummaryPage(page);
  await expect(summary.heading).toBeVisible();
  await expect(page.getByText(`Rabat ${CODE} (Szaliki -10%)`)).toBeVisible();
  await expect(summary.shipping).toHaveText(zl(15.99));
  await expect(summary.total).toHaveText(zl(141.97));
  await expect(summary.toPay).toHaveText(zl(141.97));
  expect(await seriousA11yViolations(page)).toEqual([]);
  await shot(page, info, 'summary');

  await summary.acceptAndOrder();
  await expect(page).toHaveURL(/potwierdzenie-platnosci/);
  await expect(async () => {
    const mail = outbox
      .messages()
      .reverse()
      .find((m) => m.includes(`To: ${customer.email}`) && m.includes('Rabat SOKOL10'));
    expect(mail).toBeDefined();
    expect(mail).toContain(`−${zl(14)}`);
    expect(mail).toContain(zl(141.97));
  }).toPass({ timeout: 15_000 });
});
