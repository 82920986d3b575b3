// A member price (decision 153): a logged-in member of a club's customer group sees "Cena dla
// członków grupy …" under the regular price on the product page, at 390 and 1280 px with no axe
// violations; a guest on the same page sees none. Made in the second demo club (FC Rywal) with a
// product and category of its own; the promotion is ended and the product archived afterwards.
import { mkdirSync } from 'node:fs';
import { expect, signIn, test } from './fixtures.ts';
import { CatalogueAdmin } from './pages/catalogue.ts';
import { createClubCustomer, MemberPriceView } from './pages/member-prices.ts';
import { allA11yViolations } from './pages/panel.ts';
import { clubOwner } from './pages/panel-commerce.ts';

const SHOTS = process.env.MEMBER_SHOTS_DIR ?? '/tmp/shots-member-prices';
mkdirSync(SHOTS, { recursive: true });

test.describe.configure({ mode: 'serial', timeout: 120_000 });

let admin: CatalogueAdmin;
let origin: string;
let categoryId: number;
let productId: number;
let promotionId: number;
let member: { email: string; ticket: string };

test.beforeAll(async ({ baseURL }, info) => {
  origin = baseURL!.replace('//localhost', '//rywal.localhost');
  admin = new CatalogueAdmin(baseURL!, 'rywal');
  await admin.logIn(clubOwner('rywal'));
  const suffix = `${info.project.name} ${Date.now() % 100_000}`;
  categoryId = await admin.createCategory(`Członkowie E2E ${suffix}`);
  productId = await admin.createProduct({
    name: `Koszulka członkowska ${suffix}`,
    price: 100,
    stock: 5,
    categoryId,
  });
  member = await createClubCustomer(baseURL!, 'rywal');
  const groupId = await admin.createCustomerGroup({ Nazwa: 'Karnetowicze', Konta: [member.email] });
  promotionId = await admin.createPromotion({
    Nazwa: 'Cena dla karnetowiczów',
    Rodzaj: 'percent',
    Procent: 15,
    Zakres: { Typ: 'products', Id: [productId] },
    GrupyKlientow: [groupId],
  });
});

test.afterAll(async () => {
  if (promotionId) await admin.endPromotion(promotionId);
  await admin?.removeAll(productId ? [productId] : [], categoryId);
});

test('a logged-in member sees the member price under the regular one @mobile', async ({ page }, info) => {
  await signIn(page, member.ticket);
  expect((await page.goto(`${origin}/produkt/${productId}`))?.status()).toBe(200);
  const price = new MemberPriceView(page);
  await expect(price.line).toHaveText(/Cena dla członków grupy Karnetowicze:\s*85,00\s*zł/);
  await expect(page.locator('main form').getByText('100,00 zł').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/product-member-${info.project.name}.png`, fullPage: true });
  expect(await allA11yViolations(page)).toEqual([]);
});

test('a guest sees the regular price only @mobile', async ({ page }) => {
  expect((await page.goto(`${origin}/produkt/${productId}`))?.status()).toBe(200);
  await expect(page.locator('main form').getByText('100,00 zł').first()).toBeVisible();
  await expect(new MemberPriceView(page).line).toHaveCount(0);
});
