import { msg } from '@club/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema.ts';
import { json, line, loadCatalogue, loadShipping, placeCart, refused } from './fixtures/checkout.ts';
import { readableMail } from './fixtures/mail.ts';
import { ticketFor } from './fixtures/orders.ts';
import { openPanelShop, PANEL, type PanelClient, type PanelShop } from './fixtures/panel.ts';
import { DEMO_CUSTOMER } from './passwords.ts';

type Detail = {
  Status: number;
  Przesylka: {
    Przewoznik: string;
    PrzewoznikNazwa: string;
    NumerPrzesylki: string;
    Link: string | null;
    Wyslano: string;
  } | null;
};

const ORDERS = `${PANEL}/orders`;

describe('panel: fulfilment (parcel number and the shipped e-mail)', () => {
  let { t, owner, manager, rival } = {} as PanelShop;

  const placeCod = async (email: string, ticket?: string) => {
    const product = await loadCatalogue(t);
    const ship = await loadShipping(t);
    const { order: o } = await placeCart(t, [line(product('Szalik klubowy tkany'), 1)], ship('Kurier DPD'), {
      ticket,
      extra: { Platnosc: 20, DodatkoweInformacjeDostawa: 'WAW01M', Email: email },
    });
    return { id: o.id, number: o.number };
  };
  const ship = (id: number, body: unknown, c: PanelClient = manager) =>
    c.fetch(`${ORDERS}/${id}/shipment`, { method: 'POST', json: body });
  const setStatus = (id: number, Status: number) =>
    owner.fetch(`${ORDERS}/${id}/status`, { method: 'POST', json: { Status } });
  const mailsTo = async (address: string) =>
    (await t.outbox.messages()).map(readableMail).filter((m) => m.includes(`To: ${address}`));

  beforeAll(async () => {
    ({ t, owner, manager, rival } = await openPanelShop());
  });
  afterAll(() => t?.close());

  describe('corrections before the order is sent', () => {
    type Corrected = Detail & {
      Kwota: number;
      Dostawa: { Koszt: number };
      Adres: { Nazwa: string; Miasto: string };
      Poprawki: { Adres: boolean; Ilosci: boolean; Rozmiary: boolean };
      Pozycje: {
        Id: number;
        Parametr: string | null;
        Ilosc: number;
        Rozmiary: { Id: number; Nazwa: string; Stan: number }[];
      }[];
    };
    const shirtOrder = async (email: string, opts: { cod: boolean; size: string; qty: number }) => {
      const product = await loadCatalogue(t);
      const ship = await loadShipping(t);
      const shirt = product('Koszulka retro 1979');
      const { order: o } = await placeCart(t, [line(shirt, opts.qty, opts.size)], ship('Kurier DPD'), {
        extra: { Email: email, ...(opts.cod && { Platnosc: 20 }) },
      });
      return { id: o.id, shirt };
    };
    const detail = async (id: number) => json<Corrected>(await manager.fetch(`${ORDERS}/${id}`));
    const sizeStock = async (size: string) =>
      (await loadCatalogue(t))('Koszulka retro 1979').Parametry.find((p) => p.Nazwa === size)!.Stan;
    const address = {
      Nazwa: 'Jan Poprawiony',
      UlicaINumer: 'ul. Nowa 2',
      KodPocztowy: '00-002',
      Miasto: 'Kraków',
      Telefon: '600700801',
      Email: 'poprawiony@example.pl',
    };

    it('corrects the address until the order is sent; another club cannot; audited', async () => {
      const o = await placeCod('adres@example.pl');
      const fixed = await json<Corrected>(
        await manager.fetch(`${ORDERS}/${o.id}/address`, { method: 'PUT', json: address }),
      );
      expect(fixed.Adres).toMatchObject({ Nazwa: 'Jan Poprawiony', Miasto: 'Kraków' });
      expect(
        (
          await manager.fetch(`${ORDERS}/${o.id}/address`, {
            method: 'PUT',
            json: { ...address, Nazwa: ' ' },
          })
        ).status,
      ).toBe(400);
      expect((await rival.fetch(`${ORDERS}/${o.id}/address`, { method: 'PUT', json: address })).status).toBe(
        404,
      );
      const audit = await t.database.db
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.entity, 'order'),
            eq(auditLog.entityId, String(o.id)),
            eq(auditLog.action, 'address'),
          ),
        );
      expect(audit).toHaveLength(1);
      await setStatus(o.id, 20);
      await json(await ship(o.id, { Przewoznik: 'inpost', NumerPrzesylki: '620012345679' }));
      expect((await detail(o.id)).Poprawki).toEqual({ Adres: false, Ilosci: false, Rozmiary: false });
      await refused(await manager.fetch(`${ORDERS}/${o.id}/address`, { method: 'PUT', json: address }), 409);
    });

    it('changes a size and lowers pieces of unpaid cash on delivery; stock and the total follow', async () => {
      const [from, to, scarce] = ['M', 'L', 'XL'];
      const { id } = await shirtOrder('rozmiar@example.pl', { cod: true, size: from!, qty: 2 });
      const before = { from: await sizeStock(from!), to: await sizeStock(to!) };
      const d = await detail(id);
      expect(d.Poprawki).toEqual({ Adres: true, Ilosci: true, Rozmiary: true });
      const [l] = d.Pozycje;
      const target = l!.Rozmiary.find((r) => r.Nazwa === to)!;
      const resized = await json<Corrected>(
        await manager.fetch(`${ORDERS}/${id}/lines`, {
          method: 'PUT',
          json: { Pozycje: [{ Id: l!.Id, Ilosc: 1, ParametrId: target.Id }] },
        }),
      );
      expect(resized.Pozycje[0]).toMatchObject({ Parametr: to, Ilosc: 1 });
      expect(Math.round(resized.Kwota * 100)).toBe(19999 + Math.round(d.Dostawa.Koszt * 100));
      expect(await sizeStock(from!)).toBe(before.from + 2);
      expect(await sizeStock(to!)).toBe(before.to - 1);

      // More pieces than ordered, a size with too few, no lines left: refused, nothing moves.
      const lines = (Pozycje: unknown) =>
        manager.fetch(`${ORDERS}/${id}/lines`, { method: 'PUT', json: { Pozycje } });
      expect((await refused(await lines([{ Id: l!.Id, Ilosc: 2 }]), 409)).Message).toBe(
        msg.panelOrderLinesMore,
      );
      const few = l!.Rozmiary.find((r) => r.Nazwa === scarce)!;
      await refused(
        await manager.fetch(`${ORDERS}/${id}/lines`, {
          method: 'PUT',
          json: {
            Pozycje: [
              { Id: l!.Id, Ilosc: 1, ParametrId: l!.Rozmiary.find((r) => r.Stan === 0)?.Id ?? few.Id },
            ],
          },
        }),
        409,
      );
      expect(await sizeStock(to!)).toBe(before.to - 1);
      expect((await refused(await lines([{ Id: l!.Id, Ilosc: 0 }]), 409)).Message).toBe(
        msg.panelOrderLinesEmpty,
      );
      await refused(await lines([{ Id: l!.Id, Ilosc: 1, ParametrId: 2_000_000_000 }]), 400);
      expect(
        (
          await rival.fetch(`${ORDERS}/${id}/lines`, {
            method: 'PUT',
            json: { Pozycje: [{ Id: l!.Id, Ilosc: 1 }] },
          })
        ).status,
      ).toBe(404);
    });

    it('an online order keeps its amount: a size may change, pieces may not', async () => {
      const { id } = await shirtOrder('online-rozmiar@example.pl', { cod: false, size: 'M', qty: 1 });
      const d = await detail(id);
      expect(d.Poprawki).toEqual({ Adres: true, Ilosci: false, Rozmiary: true });
      const [l] = d.Pozycje;
      const res = await manager.fetch(`${ORDERS}/${id}/lines`, {
        method: 'PUT',
        json: { Pozycje: [{ Id: l!.Id, Ilosc: 0 }] },
      });
      expect((await refused(res, 409)).Message).toBe(msg.panelOrderLinesPaid);
      const swapped = await json<Corrected>(
        await manager.fetch(`${ORDERS}/${id}/lines`, {
          method: 'PUT',
          json: {
            Pozycje: [{ Id: l!.Id, Ilosc: 1, ParametrId: l!.Rozmiary.find((r) => r.Nazwa === 'L')!.Id }],
          },
        }),
      );
      expect(swapped.Pozycje[0]?.Parametr).toBe('L');
      expect(swapped.Kwota).toBe(d.Kwota);
    });
  });

  it("counts the club's new orders for the navigation's badge; another club's are not counted", async () => {
    const count = async (c: PanelClient) =>
      (await json<{ Nowe: number }>(await c.fetch(`${ORDERS}/summary`))).Nowe;
    const before = await count(manager);
    const rivalBefore = await count(rival);
    const o = await placeCod('licznik@example.pl');
    expect(await count(manager)).toBe(before + 1);
    expect(await count(rival)).toBe(rivalBefore);
    expect((await t.fetch(`${ORDERS}/summary`)).status).toBe(401);
    await setStatus(o.id, 20);
    expect(await count(manager)).toBe(before);
  });

  it('records the parcel, shows it in the detail and mails the buyer the tracking link once', async () => {
    const o = await placeCod('wysylka@example.pl');
    // A new order is not accepted yet: it cannot be sent.
    const early = await refused(
      await ship(o.id, { Przewoznik: 'inpost', NumerPrzesylki: '620012345678' }),
      409,
    );
    expect(early.Message).toBe('Nie można wysłać zamówienia o statusie „Nowe”.');
    await setStatus(o.id, 20);

    const d = await json<Detail>(
      await ship(o.id, { Przewoznik: 'inpost', NumerPrzesylki: ' 6200 1234 5678 ' }),
    );
    expect(d.Przesylka).toMatchObject({
      Przewoznik: 'inpost',
      PrzewoznikNazwa: 'InPost',
      NumerPrzesylki: '620012345678',
      Link: 'https://inpost.pl/sledzenie-przesylek?number=620012345678',
    });
    // The same parcel again (a double click) sends nothing more.
    await json<Detail>(await ship(o.id, { Przewoznik: 'inpost', NumerPrzesylki: '620012345678' }));
    const mails = (await mailsTo('wysylka@example.pl')).filter((m) => m.includes('wysłane'));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`Subject: Zamówienie ${o.number} wysłane`);
    expect(mails[0]).toContain('href="https://inpost.pl/sledzenie-przesylek?number=620012345678"');
    expect(mails[0]).toContain('Numer przesyłki: 620012345678');
    // A guest's order e-mail carries its withdrawal link, this one too.
    expect(mails[0]).toContain('Odstąp od umowy');

    // A corrected number is sent again; 'inny' has no link, only the number.
    const fixed = await json<Detail>(
      await ship(o.id, { Przewoznik: 'inny', NumerPrzesylki: 'KURIER-77' }, owner),
    );
    expect(fixed.Przesylka).toMatchObject({
      NumerPrzesylki: 'KURIER-77',
      Link: null,
      Wyslano: d.Przesylka!.Wyslano,
    });
    const again = (await mailsTo('wysylka@example.pl')).filter((m) => m.includes('KURIER-77'));
    expect(again).toHaveLength(1);
    expect(again[0]).not.toContain('Śledź przesyłkę');

    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'order'),
          eq(auditLog.entityId, String(o.id)),
          eq(auditLog.action, 'shipment'),
        ),
      )
      .orderBy(auditLog.id);
    expect(audit.map((a) => [a.userEmail, (a.after as { NumerPrzesylki: string }).NumerPrzesylki])).toEqual([
      [manager.user.Email, '620012345678'],
      [owner.user.Email, 'KURIER-77'],
    ]);
  });

  it('shows the buyer the parcel and its link in the account’s order, and nobody else', async () => {
    const ticket = await ticketFor(t, 'demo', DEMO_CUSTOMER.email);
    const o = await placeCod('konto-wysylka@example.pl', ticket);
    const path = `/api/centauri/sklepyonline/zamowienie/${o.id}`;
    expect((await json<Detail>(await t.fetch(path, { ticket }))).Przesylka).toBeNull();
    await setStatus(o.id, 20);
    await json<Detail>(await ship(o.id, { Przewoznik: 'dpd', NumerPrzesylki: '0000123456789A' }));
    expect((await json<Detail>(await t.fetch(path, { ticket }))).Przesylka).toMatchObject({
      PrzewoznikNazwa: 'DPD',
      NumerPrzesylki: '0000123456789A',
      Link: 'https://tracktrace.dpd.com.pl/parcelDetails?typ=1&p1=0000123456789A',
    });
    await refused(await t.fetch(path), 401);
  });

  it('refuses bad carriers and numbers in Polish, cancelled orders, strangers and another club', async () => {
    const o = await placeCod('obcy@example.pl');
    await setStatus(o.id, 20);
    const bad = [
      [{ Przewoznik: 'poczta-golebia', NumerPrzesylki: '620012345678' }, msg.panelInvalidCarrier],
      [{ Przewoznik: 'dpd', NumerPrzesylki: '12345' }, msg.panelInvalidTrackingNumber],
      [{ Przewoznik: 'dpd', NumerPrzesylki: '1234567<script>' }, msg.panelInvalidTrackingNumber],
      [{ Przewoznik: 'dpd', NumerPrzesylki: 'A'.repeat(41) }, msg.panelInvalidTrackingNumber],
    ] as const;
    for (const [body, message] of bad) {
      const r = await refused(await ship(o.id, body), 400);
      expect(JSON.stringify(r)).toContain(message);
    }
    const body = { Przewoznik: 'dpd', NumerPrzesylki: '0000123456789A' };
    const path = `${ORDERS}/${o.id}/shipment`;
    // Without a panel session a POST has no form token either: refused before anything is read.
    await refused(await t.fetch(path, { method: 'POST', json: body }), 403);
    const ticket = await ticketFor(t, 'demo', DEMO_CUSTOMER.email);
    await refused(await t.fetch(path, { method: 'POST', json: body, ticket }), 403);
    await refused(await rival.fetch(path, { org: 'demo', method: 'POST', json: body }), 403);
    // Another club's own panel: the id is not its order.
    expect((await refused(await ship(o.id, body, rival), 404)).Message).toBe(msg.orderNotFound);

    await setStatus(o.id, 60);
    await refused(await ship(o.id, body), 409);
    expect((await json<Detail>(await owner.fetch(`${ORDERS}/${o.id}`))).Przesylka).toBeNull();
    expect((await mailsTo('obcy@example.pl')).filter((m) => m.includes('wysłane'))).toHaveLength(0);
  });

  it('lets the owner mark a cash-on-delivery order paid once; not a manager, not another club', async () => {
    const o = await placeCod('pobranie@example.pl');
    const path = `${ORDERS}/${o.id}/paid`;
    expect((await refused(await manager.fetch(path, { method: 'POST' }), 403)).Message).toBe(
      msg.panelOwnerOnly,
    );
    expect((await refused(await rival.fetch(path, { method: 'POST' }), 404)).Message).toBe(msg.orderNotFound);
    const d = await json<{ Platnosc: { Status: string; StatusNazwa: string } }>(
      await owner.fetch(path, { method: 'POST' }),
    );
    expect(d.Platnosc).toMatchObject({ Status: 'COMPLETED', StatusNazwa: 'Opłacona' });
    expect((await refused(await owner.fetch(path, { method: 'POST' }), 409)).Message).toBe(
      msg.panelMarkPaidRefused,
    );
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(o.id)), eq(auditLog.action, 'paid')));
    expect(audit.map((a) => a.userEmail)).toEqual([owner.user.Email]);

    // A PayU order is paid by PayU only.
    const product = await loadCatalogue(t);
    const shipping = await loadShipping(t);
    const { order: payu } = await placeCart(
      t,
      [line(product('Szalik klubowy tkany'), 1)],
      shipping('Kurier DPD'),
      {
        extra: { Platnosc: 10, Email: 'payu-paid@example.pl' },
      },
    );
    await refused(await owner.fetch(`${ORDERS}/${payu.id}/paid`, { method: 'POST' }), 409);
  });

  it('keeps staff-only notes with author and time, audited, never in the buyer’s view', async () => {
    const ticket = await ticketFor(t, 'demo', DEMO_CUSTOMER.email);
    const o = await placeCod('notatki@example.pl', ticket);
    const note = (Tresc: unknown, c: PanelClient = manager) =>
      c.fetch(`${ORDERS}/${o.id}/notes`, { method: 'POST', json: { Tresc } });
    await json(await note('Klient prosi o telefon przed dostawą.'));
    const d = await json<{ NotatkiWewnetrzne: { Autor: string; Tresc: string; Data: string }[] }>(
      await note('Oddzwoniono.', owner),
    );
    expect(d.NotatkiWewnetrzne.map((n) => [n.Autor, n.Tresc])).toEqual([
      [manager.user.Email, 'Klient prosi o telefon przed dostawą.'],
      [owner.user.Email, 'Oddzwoniono.'],
    ]);
    expect((await refused(await note('   '), 400)).Fields).toBeDefined();
    expect((await refused(await note('x', rival), 404)).Message).toBe(msg.orderNotFound);
    const buyerView = await (
      await t.fetch(`/api/centauri/sklepyonline/zamowienie/${o.id}`, { ticket })
    ).text();
    expect(buyerView).not.toContain('Oddzwoniono');
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(o.id)), eq(auditLog.action, 'note')));
    expect(audit).toHaveLength(2);
  });
});
