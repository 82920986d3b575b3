// A customer files a complaint (reklamacja) with a photo from the account's order history; the
// manager sees it with its 14-day clock and answers it; the buyer hears by e-mail and sees the state.
import { deflateSync } from 'node:zlib';
import { expect, outbox, seriousA11yViolations, signIn, test } from './fixtures.ts';
import { AccountComplaints, PanelComplaints } from './pages/complaints.ts';
import { allA11yViolations, logInToPanel, placeCashOnDeliveryOrder } from './pages/panel.ts';

/** A tiny valid PNG (2x2, grey), enough for the shop to check and re-encode. */
const png = () => {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const ihdr = Buffer.from([0, 0, 0, 2, 0, 0, 0, 2, 8, 0, 0, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.from([0, 128, 128, 0, 128, 128]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

test('@mobile a customer files a complaint with a photo and the manager answers it', async ({
  page,
  browser,
  baseURL,
  customer,
}) => {
  const number = await placeCashOnDeliveryOrder(baseURL!, customer.ticket, 'Ewa Testowa');

  const context = await browser.newContext({ baseURL, viewport: page.viewportSize() ?? undefined });
  const shop = await context.newPage();
  await signIn(shop, customer.ticket);
  await shop.goto('/moje-konto');
  const account = new AccountComplaints(shop, number);
  await account.openOrder();
  await account.file({
    line: /Szalik klubowy tkany/,
    description: 'Nitki wychodzą z brzegu szalika po tygodniu.',
    request: 'Wymiana na nowy',
    photo: { name: 'szalik.png', buffer: png() },
  });
  await expect(account.region.getByText('Przyjęta do rozpatrzenia')).toBeVisible();
  await expect(account.region.getByRole('img', { name: 'Twoje zdjęcie 1' })).toBeVisible();
  expect(await seriousA11yViolations(shop)).toEqual([]);
  await expect
    .poll(() => outbox.messages().some((m) => m.includes(`Przyjęliśmy reklamację do zamówienia ${number}`)))
    .toBe(true);

  // The nav's badge: the count is the API's (tested there); a fresh complaint is never urgent, so
  // the run's answer stands in for a club with two old ones, one fewer once one is answered.
  let answered = false;
  page.on('requestfinished', (r) => {
    if (r.method() === 'POST' && /\/api\/panel\/complaints\/\d+\/state$/.test(r.url())) answered = true;
  });
  await page.route('**/api/panel/complaints/summary', (route) =>
    route.fulfill({ json: { Pilne: answered ? 1 : 2 } }),
  );
  await logInToPanel(page);
  const panel = new PanelComplaints(page);
  await panel.layout.openNav();
  await expect(panel.layout.nav.getByRole('link', { name: 'Reklamacje (pilne: 2)' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('complaints-badge.png') });
  // On a phone the menu stays open until a link is followed: closed again before the next step.
  if (await panel.layout.menuButton.isVisible()) await panel.layout.menuButton.click();
  await panel.open(number);
  await expect(page.getByRole('main')).toContainText('Dni na odpowiedź: 14');
  const photo = page.getByRole('img', { name: 'Zdjęcie 1 dołączone przez kupującego' });
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect(await allA11yViolations(page)).toEqual([]);
  await panel.step('Uznana');
  await expect(page.getByRole('main')).toContainText('Odpowiedziano');
  // Answering one refreshes the badge on the same screen.
  await panel.layout.openNav();
  await expect(panel.layout.nav.getByRole('link', { name: 'Reklamacje (pilne: 1)' })).toBeVisible();
  await expect
    .poll(() => outbox.messages().some((m) => m.includes(`Reklamacja do zamówienia ${number}: uznana`)))
    .toBe(true);

  await shop.reload();
  await account.openOrder();
  await expect(account.region.getByText(/Reklamacja nr \d+: Uznana/)).toBeVisible();
  await context.close();
});
