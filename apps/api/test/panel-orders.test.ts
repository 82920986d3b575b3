import { msg, OrderStatus } from '@club/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orderStatusHistory, orders } from '../src/db/schema.ts';
import { json, line, loadCatalogue, loadShipping, placeCart, refused, stockOf } from './fixtures/checkout.ts';
import { readableMail } from './fixtures/mail.ts';
import { type FixtureLine, insertOrder, orgIdOf, ticketFor } from './fixtures/orders.ts';
import { openPanelShop, PANEL, type PanelClient, type PanelShop } from './fixtures/panel.ts';
import { DEMO_CUSTOMER } from './passwords.ts';

type Detail = {
  Id: number;
  Numer: string;
  Status: number;
  DozwoloneStatusy: { Status: number; Nazwa: string }[];
  Pozycje: { Nazwa: string; Parametr: string | null; Ilosc: number; Cena: number }[];
  Adres: { Nazwa: string; Email: string };
  Dostawa: { Nazwa: string; DodatkoweInformacje: string | null };
  Platnosc: { Metoda: number; Status: string; Dostawca: string };
  StanZwroconyNaMagazyn: boolean;
  Historia: { ZStatusu: number | null; NaStatus: number; Uzytkownik: string | null; Notatka: string }[];
};
type List = {
  Items: { Id: number; Numer: string; Status: number; Email: string; Kwota: number }[];
  Total: number;
};

const ORDERS = `${PANEL}/orders`;

describe('panel: orders', () => {
  let { t, owner, manager, rival } = {} as PanelShop;
  let demoId: number;
  let scarfId: number;
  /** A cash-on-delivery order to a parcel locker, placed through the shop API. */
  let cod: { id: number; number: string };

  const detail = async (id: number, c: PanelClient = owner) => json<Detail>(await c.fetch(`${ORDERS}/${id}`));
  const setStatus = (id: number, Status: number, c: PanelClient = owner, Notatka?: string) =>
    c.fetch(`${ORDERS}/${id}/status`, { method: 'POST', json: { Status, ...(Notatka && { Notatka }) } });

  const placeCod = async (quantity = 1, email = 'jan.kibic@example.pl') => {
    const product = await loadCatalogue(t);
    const ship = await loadShipping(t);
    const { order: o } = await placeCart(
      t,
      [line(product('Szalik klubowy tkany'), quantity)],
      ship('Kurier DPD'),
      {
        extra: { Platnosc: 20, DodatkoweInformacjeDostawa: 'WAW01M', Email: email },
      },
    );
    return { id: o.id, number: o.number };
  };

  /** A guest order of the demo club with one line, written straight to the database; `set` then changes its row. */
  const guestOrder = async (
    number: string,
    l: FixtureLine,
    set: Partial<typeof orders.$inferInsert> = {},
  ) => {
    const o = await insertOrder(t.database.db, { organisationId: demoId, userId: null, number, lines: [l] });
    if (Object.keys(set).length) await t.database.db.update(orders).set(set).where(eq(orders.id, o.id));
    return o;
  };

  beforeAll(async () => {
    ({ t, owner, manager, rival } = await openPanelShop());
    demoId = await orgIdOf(t.database.db, 'demo');
    scarfId = (await loadCatalogue(t))('Szalik klubowy tkany').Id;
    cod = await placeCod();
  });
  afterAll(() => t?.close());

  it('answers 401 without a panel session and 403 to a customer ticket or another club’s manager', async () => {
    const ticket = await ticketFor(t, 'demo', DEMO_CUSTOMER.email);
    const paths = [
      ORDERS,
      `${ORDERS}.csv`,
      `${ORDERS}/${cod.id}`,
      `${ORDERS}/${cod.id}/packing-slip`,
      `${PANEL}/customers`,
      `${PANEL}/dashboard`,
    ];
    for (const path of paths) {
      expect((await refused(await t.fetch(path), 401)).Message).toBe(msg.unauthorized);
      expect((await refused(await t.fetch(path, { ticket }), 403)).Message).toBe(msg.forbidden);
      expect((await refused(await rival.fetch(path, { org: 'demo' }), 403)).Message).toBe(msg.forbidden);
    }
    await refused(
      await rival.fetch(`${ORDERS}/${cod.id}/status`, { org: 'demo', method: 'POST', json: { Status: 20 } }),
      403,
    );
    // Another club's own panel does not see this club's order.
    expect((await refused(await rival.fetch(`${ORDERS}/${cod.id}`), 404)).Message).toBe(msg.orderNotFound);
    expect((await detail(cod.id)).Status).toBe(OrderStatus.new);
  });

  it('lists orders with filters, search, sort and paging', async () => {
    const second = await placeCod(1, 'ala.nowak@example.pl');
    const all = await json<List>(await owner.fetch(`${ORDERS}?count=100`));
    expect(all.Total).toBeGreaterThanOrEqual(2);
    expect(all.Items.map((o) => o.Id)).toEqual(expect.arrayContaining([cod.id, second.id]));
    // Newest first by default.
    expect(all.Items.findIndex((o) => o.Id === second.id)).toBeLessThan(
      all.Items.findIndex((o) => o.Id === cod.id),
    );

    const byNumber = await json<List>(await owner.fetch(`${ORDERS}?q=${encodeURIComponent(cod.number)}`));
    expect(byNumber.Items.map((o) => o.Id)).toEqual([cod.id]);
    const byEmail = await json<List>(await owner.fetch(`${ORDERS}?q=ALA.NOWAK`));
    expect(byEmail.Items.map((o) => o.Id)).toEqual([second.id]);
    const byName = await json<List>(await owner.fetch(`${ORDERS}?q=Kibic&count=100`));
    expect(byName.Items.map((o) => o.Id)).toContain(cod.id);
    // LIKE wildcards are literal characters.
    expect((await json<List>(await owner.fetch(`${ORDERS}?q=%25%25`))).Total).toBe(0);

    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Warsaw' }).format(new Date());
    const inRange = await json<List>(await owner.fetch(`${ORDERS}?od=${today}&do=${today}&count=100`));
    expect(inRange.Items.map((o) => o.Id)).toContain(cod.id);
    const before = await json<List>(await owner.fetch(`${ORDERS}?do=2000-01-01`));
    expect(before.Total).toBe(0);

    const newCod = await json<List>(await owner.fetch(`${ORDERS}?status=10&platnosc=NEW&count=100`));
    expect(newCod.Items.every((o) => o.Status === 10)).toBe(true);
    expect(newCod.Items.map((o) => o.Id)).toContain(cod.id);
    expect(
      (await json<List>(await owner.fetch(`${ORDERS}?status=40,60&q=${encodeURIComponent(cod.number)}`)))
        .Total,
    ).toBe(0);

    const page = await json<List>(await owner.fetch(`${ORDERS}?offset=1&count=1&sort=numer`));
    expect(page.Items).toHaveLength(1);
    expect(page.Total).toBe(all.Total);
    const asc = await json<List>(await owner.fetch(`${ORDERS}?sort=numer&count=100`));
    const numbers = asc.Items.map((o) => o.Numer);
    expect(numbers).toEqual([...numbers].sort());
    expect(page.Items[0]!.Numer).toBe(numbers[1]);
    // The phone however it is typed, the city and a product bought.
    const found = async (q: string) =>
      (await json<List>(await owner.fetch(`${ORDERS}?q=${encodeURIComponent(q)}&count=100`))).Items.map(
        (o) => o.Id,
      );
    const cityOrder = await guestOrder(
      'ZS/2026/900010',
      { productId: null, productName: 'Rękawiczki bramkarskie', quantity: 1, unitPrice: 100 },
      { phone: '+48 501-222-333', city: 'Gorzów Wielkopolski' },
    );
    // The same gloves bought in the rival club: never among the demo club's orders.
    await insertOrder(t.database.db, {
      organisationId: await orgIdOf(t.database.db, 'rywal'),
      userId: null,
      number: 'FR/2026/900010',
      lines: [{ productId: null, productName: 'Rękawiczki bramkarskie', quantity: 1, unitPrice: 100 }],
    });
    expect(await found('501 222 333')).toEqual([cityOrder.id]);
    expect(await found('gorzów')).toEqual([cityOrder.id]);
    expect(await found('bramkarskie')).toEqual([cityOrder.id]);
  });

  it('refuses bad filters with Polish messages', async () => {
    expect((await refused(await owner.fetch(`${ORDERS}?status=15`), 400)).Message).toBe(
      msg.panelInvalidStatus,
    );
    expect((await refused(await owner.fetch(`${ORDERS}?od=2026-02-30`), 400)).Message).toBe(
      msg.panelInvalidDate,
    );
    expect((await refused(await owner.fetch(`${ORDERS}?od=wczoraj`), 400)).Message).toBe(
      msg.panelInvalidDate,
    );
    expect((await refused(await owner.fetch(`${ORDERS}?platnosc=PAID`), 400)).Message).toBe(
      msg.panelInvalidPaymentState,
    );
    expect((await refused(await owner.fetch(`${ORDERS}?sort=kolor`), 400)).Message).toBe(msg.invalidSort);
    expect((await refused(await owner.fetch(`${ORDERS}?count=1000`), 400)).Message).toBe(msg.offsetRange);
    expect((await refused(await owner.fetch(`${ORDERS}/0`), 400)).Message).toBe(msg.notFound);
    expect((await refused(await owner.fetch(`${ORDERS}/999999`), 404)).Message).toBe(msg.orderNotFound);
    const bad = await refused(await setStatus(cod.id, 70), 400);
    expect(bad.Message).toBe(msg.panelInvalidStatus);
  });

  it('shows the detail: lines, address, locker, payment, allowed next statuses', async () => {
    const d = await detail(cod.id);
    expect(d.Numer).toBe(cod.number);
    expect(d.Pozycje).toEqual([
      expect.objectContaining({ Nazwa: 'Szalik klubowy tkany', Ilosc: 1, Cena: 59.99 }),
    ]);
    expect(d.Adres).toMatchObject({ Nazwa: 'Jan Kibic', Email: 'jan.kibic@example.pl' });
    expect(d.Dostawa).toMatchObject({ Nazwa: 'Kurier DPD', DodatkoweInformacje: 'WAW01M' });
    expect(d.Platnosc).toMatchObject({ Metoda: 20, Status: 'NEW' });
    expect(d.DozwoloneStatusy.map((s) => s.Status)).toEqual([20, 50, 60]);
    expect(d.DozwoloneStatusy[0]!.Nazwa).toBe('Do realizacji');
    expect(d.Historia).toEqual([
      expect.objectContaining({ ZStatusu: null, NaStatus: 10, Notatka: msg.historyPlaced }),
    ]);

    // A line with its parameter.
    const withSize = await guestOrder('ZS/2026/900001', {
      productId: null,
      productName: 'Koszulka meczowa',
      parameterName: 'XL',
      quantity: 2,
      unitPrice: 24999,
    });
    const d2 = await detail(withSize.id);
    expect(d2.Pozycje).toEqual([
      expect.objectContaining({ Nazwa: 'Koszulka meczowa', Parametr: 'XL', Ilosc: 2, Cena: 249.99 }),
    ]);
  });

  it('moves an order along the transitions, e-mails the buyer each time, records history and audit', async () => {
    const o = await placeCod(1, 'przejscia@example.pl');
    const before = (await t.outbox.messages()).length;
    let d = await json<Detail>(await setStatus(o.id, 20, owner, 'Dziękujemy!'));
    expect(d.Status).toBe(20);
    expect(d.DozwoloneStatusy.map((s) => s.Status)).toEqual([30, 50, 60]);
    d = await json<Detail>(await setStatus(o.id, 50, manager));
    expect(d.DozwoloneStatusy.map((s) => s.Status)).toEqual([20, 30, 60]);
    d = await json<Detail>(await setStatus(o.id, 30, owner));
    d = await json<Detail>(await setStatus(o.id, 40, owner));
    expect(d.Status).toBe(40);
    expect(d.DozwoloneStatusy).toEqual([]);
    expect(d.Historia.map((h) => [h.ZStatusu, h.NaStatus])).toEqual([
      [null, 10],
      [10, 20],
      [20, 50],
      [50, 30],
      [30, 40],
    ]);
    expect(d.Historia[1]).toMatchObject({ Uzytkownik: owner.user.Email, Notatka: 'Dziękujemy!' });
    expect(d.Historia[2]!.Uzytkownik).toBe(manager.user.Email);

    // 40 is final: a Polish 409, nothing changes, nothing is sent.
    const refusedBody = await refused(await setStatus(o.id, 60), 409);
    expect(refusedBody.Message).toBe('Nie można zmienić statusu zamówienia z „Zrealizowane” na „Anulowane”.');
    const all = (await t.outbox.messages()).slice(before).map(readableMail);
    const toBuyer = all.filter((m) => m.includes('przejscia@example.pl'));
    expect(toBuyer).toHaveLength(4);
    // One e-mail per change (the outbox folder's order is not the sending order).
    for (const name of ['Do realizacji', 'Wstrzymane', 'W realizacji', 'Zrealizowane'])
      expect(toBuyer.filter((m) => m.includes(`to teraz: ${name}.`))).toHaveLength(1);
    expect(toBuyer.find((m) => m.includes('Do realizacji'))).toContain('Wiadomość od sklepu: Dziękujemy!');

    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, String(o.id))))
      .orderBy(auditLog.id);
    expect(
      audit.map((a) => [
        a.action,
        (a.before as { Status: number }).Status,
        (a.after as { Status: number }).Status,
      ]),
    ).toEqual([
      ['status', 10, 20],
      ['status', 20, 50],
      ['status', 50, 30],
      ['status', 30, 40],
    ]);
    expect(audit[1]!.userEmail).toBe(manager.user.Email);

    // Skipping a step is refused too.
    const fresh = await placeCod();
    expect((await refused(await setStatus(fresh.id, 40), 409)).Message).toBe(
      'Nie można zmienić statusu zamówienia z „Nowe” na „Zrealizowane”.',
    );
    expect((await refused(await setStatus(fresh.id, 10), 409)).Message).toContain('„Nowe” na „Nowe”');
  });

  it('cancelling returns the stock exactly once, however many cancels race', async () => {
    const stock0 = await stockOf(t.database.db, scarfId);
    const o = await placeCod(3, 'anulowanie@example.pl');
    expect(await stockOf(t.database.db, scarfId)).toBe(stock0 - 3);
    const results = await Promise.all([
      setStatus(o.id, 60),
      setStatus(o.id, 60, manager),
      setStatus(o.id, 60),
    ]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409]);
    for (const r of results) await r.text();
    expect(await stockOf(t.database.db, scarfId)).toBe(stock0);
    const d = await detail(o.id);
    expect(d.StanZwroconyNaMagazyn).toBe(true);
    expect(d.DozwoloneStatusy).toEqual([]);
    const history = await t.database.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, o.id));
    expect(history).toHaveLength(1);
    const cancelMails = (await t.outbox.messages())
      .map(readableMail)
      .filter((m) => m.includes('anulowanie@example.pl'));
    expect(cancelMails.filter((m) => m.includes(`Zamówienie ${o.number}: Anulowane`))).toHaveLength(1);
  });

  it('records the expiry of an unpaid online order in the history', async () => {
    const o = await guestOrder(
      'ZS/2026/900002',
      { productId: scarfId, productName: 'Szalik klubowy tkany', quantity: 1, unitPrice: 5999 },
      { expiresAt: new Date(Date.now() - 60_000) },
    );
    await t.app.orderMaintenance.runOnce();
    const d = await detail(o.id);
    expect(d.Status).toBe(60);
    expect(d.Historia.at(-1)).toMatchObject({
      ZStatusu: 10,
      NaStatus: 60,
      Uzytkownik: null,
      Notatka: msg.historyExpired,
    });
  });

  it('records the changes payment notifications make in the history', async () => {
    const product = await loadCatalogue(t);
    const ship = await loadShipping(t);
    const pay = async (action: 'approve' | 'cancel') => {
      const { url, order } = await placeCart(t, [line(product('Szalik klubowy tkany'))], ship('Kurier DPD'));
      const res = await fetch(`${t.url}${new URL(url).pathname}/${action}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: '',
        redirect: 'manual',
      });
      expect(res.status).toBe(303);
      return order.id;
    };
    const paid = await detail(await pay('approve'));
    expect(paid).toMatchObject({
      Status: 20,
      Platnosc: { Metoda: 10, Status: 'COMPLETED', Dostawca: 'demo' },
    });
    expect(paid.Historia.at(-1)).toMatchObject({
      ZStatusu: 10,
      NaStatus: 20,
      Uzytkownik: null,
      Notatka: msg.historyPaymentCompleted,
    });
    // A cancelled payment leaves the order open for a new one (no status change).
    const cancelled = await detail(await pay('cancel'));
    expect(cancelled).toMatchObject({
      Status: 10,
      StanZwroconyNaMagazyn: false,
      Platnosc: { Status: 'CANCELED' },
    });
    expect(cancelled.Historia.some((h: { NaStatus: number }) => h.NaStatus === 60)).toBe(false);
  });

  it('exports the filtered list as CSV, escaped and safe from formula injection', async () => {
    await guestOrder(
      'ZS/2026/900003',
      { productId: null, productName: 'Koszulka S.A.', parameterName: 'XL', quantity: 1, unitPrice: 100 },
      {
        name: '=HYPERLINK("http://zlo.example","klik")',
        city: 'Łódź; "Bałuty"\nPółnoc',
        phone: '+48600700800',
        email: '@zly@example.pl',
      },
    );
    const res = await owner.fetch(`${ORDERS}.csv?q=900003`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="zamowienia-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = Buffer.from(await res.arrayBuffer());
    // A UTF-8 BOM, so spreadsheets read the Polish letters.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(rows[0]).toBe(
      'Numer;Data;Status;Klient;E-mail;Telefon;Ulica;Kod pocztowy;Miasto;Produkty (ilość × cena zł);Kwota (zł);Metoda płatności;Status płatności;Dostawa;Informacje o dostawie',
    );
    // Lines with their size, the street, and Polish payment states: what a club's accountant reads.
    expect(rows[1]).toBe(
      `ZS/2026/900003;${rows[1]!.split(';')[1]};Nowe;"'=HYPERLINK(""http://zlo.example"",""klik"")";'@zly@example.pl;'+48600700800;ul. Stadionowa 1;00-001;"Łódź; ""Bałuty""\nPółnoc";Koszulka S.A. (XL) × 1 × 1,00;16,99;PayU;Nowa;Kurier DPD;`,
    );
    expect(rows).toHaveLength(3);
    expect(rows[2]).toBe('');

    // Same filters as the list.
    const listed = await json<List>(await owner.fetch(`${ORDERS}?status=10&count=100`));
    const csv = await (await owner.fetch(`${ORDERS}.csv?status=10`)).text();
    expect(csv.trimEnd().split('\r\n')).toHaveLength(listed.Total + 1);
    expect((await refused(await owner.fetch(`${ORDERS}.csv?od=x`), 400)).Message).toBe(msg.panelInvalidDate);
  });

  it('prints a packing slip as a Polish HTML page under a strict CSP', async () => {
    await t.database.db
      .update(orders)
      .set({ name: '<script>alert(1)</script> Jan' })
      .where(eq(orders.id, cod.id));
    const res = await manager.fetch(`${ORDERS}/${cod.id}/packing-slip`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toContain('unsafe-inline');
    const html = await res.text();
    expect(html).toContain('<html lang="pl">');
    expect(html).toContain(`Specyfikacja wysyłki: zamówienie ${cod.number}`);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Jan');
    expect(html).not.toContain('<script>');
    expect(html).toContain('WAW01M');
    expect(html).toContain('Szalik klubowy tkany');
    expect(html).toContain('pobranie');
    // The CSP's hash is the page's own stylesheet's.
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1]!;
    const { createHash } = await import('node:crypto');
    expect(csp).toContain(`'sha256-${createHash('sha256').update(style).digest('base64')}'`);
  });
});
