// An automatic promotion is an announced price reduction (decision 151): a product in a 20 %
// "Wyprzedaż" shows its regular price struck through, the promoted price and the Omnibus line on
// the list and on its page, at 390 and 1280 px, with no axe violations. Made in the second demo
// club (FC Rywal) in a category of its own, so the demo club's pages other specs check never see it;
// the promotion is ended and the product archived afterwards. Both pages pass the W3C checker.
import { mkdirSync } from 'node:fs';
import { expect, test } from './fixtures.ts';
import { CatalogueAdmin, ProductListPage } from './pages/catalogue.ts';
import { checkDocuments } from './pages/html-checker.ts';
import { allA11yViolations } from './pages/panel.ts';
import { clubOwner } from './pages/panel-commerce.ts';
import { ShownPriceView } from './pages/promotions.ts';

const SHOTS = process.env.PROMOTION_SHOTS_DIR ?? '/tmp/shots-promotions';
mkdirSync(SHOTS, { recursive: true });

test.describe.configure({ mode: 'serial', timeout: 120_000 });

let admin: CatalogueAdmin;
let origin: string;
let categoryId: number;
let productId: number;
let promotionId: number;
let name: string;
/** The pages as served and as shown, for the W3C checker at the end. */
const documents = new Map<string, string>();

test.beforeAll(async ({ baseURL }, info) => {
  origin = baseURL!.replace('//localhost', '//rywal.localhost');
  admin = new CatalogueAdmin(baseURL!, 'rywal');
  await admin.logIn(clubOwner('rywal'));
  // Each project (desktop, mobile) runs this in its own worker: names of its own.
  const suffix = `${info.project.name} ${Date.now() % 100_000}`;
  name = `Bluza wyprzedażowa ${suffix}`;
  categoryId = await admin.createCategory(`Wyprzedaż E2E ${suffix}`);
  productId = await admin.createProduct({ name, price: 120, stock: 5, categoryId });
  promotionId = await admin.createPromotion({
    Nazwa: 'Wyprzedaż',
    Rodzaj: 'percent',
    Procent: 20,
    Zakres: { Typ: 'products', Id: [productId] },
  });
});

test.afterAll(async () => {
  if (promotionId) await admin.endPromotion(promotionId);
  await admin?.removeAll(productId ? [productId] : [], categoryId);
});

const expectPromoted = async (price: ShownPriceView) => {
  await expect(price.badge('Wyprzedaż')).toBeVisible();
  await expect(price.regular).toHaveText(/Cena regularna:\s*120,00\s*zł/);
  await expect(price.promoted).toHaveText(/Cena promocyjna:\s*96,00\s*zł/);
  await expect(price.omnibus).toHaveText(/Najniższa cena z 30 dni przed obniżką:\s*120,00\s*zł/);
  // Struck through for the eye; the words before each price are for screen readers only.
  expect(await price.regular.evaluate((el) => getComputedStyle(el).textDecorationLine)).toContain(
    'line-through',
  );
  await expect(price.regular.getByText('Cena regularna:')).toHaveClass(/sr-only/);
};

test('the list shows the struck regular price, the promoted price and the Omnibus line @mobile', async ({
  page,
}, info) => {
  const list = new ProductListPage(page, origin);
  const served = await page.goto(list.url(categoryId));
  expect(served?.status()).toBe(200);
  documents.set(`list-${info.project.name}-served`, await served!.text());
  const tile = list.tile(name);
  await expect(tile).toHaveCount(1);
  await expectPromoted(new ShownPriceView(tile));
  expect(await list.overflow()).toBeLessThanOrEqual(0);
  documents.set(`list-${info.project.name}-shown`, await page.content());
  await page.screenshot({ path: `${SHOTS}/list-${info.project.name}.png`, fullPage: true });
  expect(await allA11yViolations(page)).toEqual([]);
});

test('the product page shows them too, and the price in its data is the promoted one @mobile', async ({
  page,
}, info) => {
  const served = await page.goto(`${origin}/produkt/${productId}`);
  expect(served?.status()).toBe(200);
  documents.set(`product-${info.project.name}-served`, await served!.text());
  await expectPromoted(new ShownPriceView(page.locator('main form')));
  documents.set(`product-${info.project.name}-shown`, await page.content());
  await expect(page.locator('meta[property="product:price:amount"]')).toHaveAttribute('content', '96.00');
  await page.screenshot({ path: `${SHOTS}/product-${info.project.name}.png`, fullPage: true });
  expect(await allA11yViolations(page)).toEqual([]);
});

test('the pages with a promotion are valid HTML @mobile', async () => {
  expect(documents.size).toBe(4);
  expect(await checkDocuments(documents)).toEqual([]);
});
