// The withdrawal function (Directive 2023/2673): a guest opens the link from the order e-mail,
// picks the lines in step 1, confirms with 'Odstępuję od umowy' in step 2, sees the time of
// receipt and gets the acknowledgement by e-mail; a forged link is refused in Polish.
import { expect, outbox, test } from './fixtures.ts';
import { guestOptionLock } from './pages/checkout.ts';
import { allA11yViolations, logInToPanel } from './pages/panel.ts';
import { placeGuestOrder, ReturnsPanel, WithdrawalPage } from './pages/withdrawal.ts';

/** Demo products: 'Brelok metalowy' and 'Kubek z herbem'. */
const KEYRING = { id: 25, name: 'Brelok metalowy' };
const LINK = /https?:\/\/[^\s"<>]+\/odstapienie\/\d+\.\d+\.[A-Za-z0-9_-]{32}/;

const lock = guestOptionLock();
test.beforeEach(async () => {
  await lock.acquire();
});
test.afterEach(() => lock.release());

test('@mobile a guest withdraws from an order through the e-mailed link, in two steps', async ({
  page,
  baseURL,
}) => {
  const email = `odstapienie-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.pl`;
  await placeGuestOrder(baseURL!, email, [{ id: KEYRING.id, qty: 2 }]);
  const link = new URL(await outbox.link(email, LINK));
  await page.goto(link.pathname);
  const w = new WithdrawalPage(page);
  await expect(w.heading).toBeVisible();
  expect(await allA11yViolations(page)).toEqual([]);

  // Step 1: nothing picked is refused; one of the two keyrings picked.
  await w.next.click();
  await expect(page.getByRole('alert')).toContainText('Wybierz co najmniej jeden produkt');
  await w.pieces(KEYRING.name).fill('1');
  await w.next.click();
  // Step 2: the clearly labelled button.
  await expect(page.getByRole('heading', { name: 'Krok 2 z 2' })).toBeVisible();
  await expect(page.getByText(`${KEYRING.name}: 1 szt.`)).toBeVisible();
  expect(await allA11yViolations(page)).toEqual([]);
  await w.confirm.click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Otrzymaliśmy Twoje oświadczenie' }),
  ).toBeVisible();
  await expect(page.getByRole('status')).toContainText(/otrzymaliśmy \d{1,2} \S+ \d{4}/);
  expect(await allA11yViolations(page)).toEqual([]);
  await expect
    .poll(() =>
      outbox
        .messages()
        .some((m) => m.includes(`To: ${email}`) && m.includes('Potwierdzenie odstąpienia od umowy')),
    )
    .toBe(true);

  // A changed link is refused, in Polish.
  await page.goto(link.pathname.replace(/\.[A-Za-z0-9_-]{32}$/, `.${'A'.repeat(32)}`));
  await expect(page.getByRole('alert')).toContainText('Link do odstąpienia od umowy jest nieprawidłowy');
});

test('the club accepts the return in the panel after a confirmation; the buyer is e-mailed', async ({
  page,
  baseURL,
}) => {
  const email = `zwrot-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.pl`;
  await placeGuestOrder(baseURL!, email, [{ id: KEYRING.id, qty: 1 }]);
  const link = new URL(await outbox.link(email, LINK));
  // The buyer's statement through the API, as the page sends it.
  const token = link.pathname.split('/').pop()!;
  const api = `${baseURL}/api/centauri/sklepyonline/odstapienie/${token}`;
  const offer = (await (await fetch(api, { headers: { organizacja: 'demo' } })).json()) as {
    Pozycje: { Id: number }[];
  };
  const sent = await fetch(api, {
    method: 'POST',
    headers: { organizacja: 'demo', 'content-type': 'application/json' },
    body: JSON.stringify({ Pozycje: [{ Id: offer.Pozycje[0]!.Id, Ilosc: 1 }] }),
  });
  expect(sent.ok, await sent.clone().text()).toBe(true);

  await logInToPanel(page);
  const panel = new ReturnsPanel(page);
  await panel.open(email);
  expect(await allA11yViolations(page)).toEqual([]);
  await panel.move('Przyjęty');
  await expect(page.getByRole('status')).toContainText('Stan zwrotu zmieniony na „Przyjęty”');
  expect(await allA11yViolations(page)).toEqual([]);
  await expect
    .poll(() => outbox.messages().some((m) => m.includes(`To: ${email}`) && m.includes('Zwrot przyjęty')))
    .toBe(true);
});
