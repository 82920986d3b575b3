// The panel's inbox: contact-form messages and press accreditation requests sent through the
// storefront's public endpoints, listed with read/handled state, opened, marked and audited.
import { fillMessage, msg } from '@club/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema.ts';
import { nextInboxState } from '../src/modules/panel/inbox-service.ts';
import { json, refused } from './fixtures/checkout.ts';
import { readableMail } from './fixtures/mail.ts';
import { orgIdOf } from './fixtures/orders.ts';
import { openPanelShop, PANEL, type PanelClient, type PanelShop, panelHeaders } from './fixtures/panel.ts';
import { login } from './harness.ts';
import { DEMO_CUSTOMER } from './passwords.ts';

const INBOX = `${PANEL}/inbox`;
const SEND_MESSAGE = '/api/cms/stronyfrontend/send-message';
const SEND_ACCREDITATION = '/api/cms/stronyfrontend/send-formularz-akredytacyjny';

type State = {
  Przeczytana: boolean;
  Zalatwiona: boolean;
  DataPrzeczytania: string | null;
  DataZalatwienia: string | null;
  ZalatwilEmail: string | null;
};
type Message = State & {
  Id: number;
  Data: string;
  Imie: string;
  Nazwisko: string;
  Email: string;
  Telefon: string;
  Zajawka: string;
  Tresc: string;
  Odpowiedz: { Email: string | null; Temat: string };
};
type Accreditation = State & {
  Id: number;
  Imie: string;
  Nazwisko: string;
  Email: string;
  Redakcja: string;
  Funkcja: string;
  Wydarzenie: string;
  Uwagi: string;
  Odpowiedz: { Email: string | null; Temat: string };
};
type List<T> = { Items: T[]; Total: number };
type Summary = {
  Wiadomosci: { Nieprzeczytane: number; Niezalatwione: number };
  Akredytacje: { Nieprzeczytane: number; Niezalatwione: number };
};

describe('panel: inbox', () => {
  let { t, owner, manager, rival } = {} as PanelShop;
  let demoId: number;

  const patch = (client: PanelClient, path: string, body: unknown) =>
    client.fetch(path, { method: 'PATCH', json: body });

  /** Sends the public forms as a shopper does. */
  const sendMessage = async (body: Record<string, string>) =>
    json(await t.fetch(SEND_MESSAGE, { method: 'POST', json: body }));
  const sendAccreditation = async (body: Record<string, string>) =>
    json(await t.fetch(SEND_ACCREDITATION, { method: 'POST', json: body }));

  beforeAll(async () => {
    ({ t, owner, manager, rival } = await openPanelShop());
    demoId = await orgIdOf(t.database.db, 'demo');
    await sendMessage({
      firstName: 'Anna',
      lastName: 'Nowak',
      email: 'anna.nowak@example.pl',
      phone: '600100200',
      message: `Czy szalik jest dostępny w innych kolorach?\n\n${'Bardzo proszę o odpowiedź. '.repeat(10)}`,
    });
    await sendMessage({
      firstName: 'Jan',
      lastName: 'Wiśniewski',
      email: 'jan@example.pl',
      message: 'Dzień dobry',
    });
    await sendAccreditation({
      Imie: 'Ewa',
      Nazwisko: 'Reporterska',
      Email: 'ewa@gazeta.example.pl',
      Telefon: '500600700',
      Redakcja: 'Gazeta Sportowa',
      Funkcja: 'fotoreporterka',
      Wydarzenie: 'Mecz z Rywalem, 12 grudnia',
      Uwagi: 'Potrzebuję miejsca przy linii bocznej.',
    });
  });
  afterAll(() => t?.close());

  it('lists the contact messages newest first, with excerpts, unread, searchable and filtered', async () => {
    const list = await json<List<Message>>(await manager.fetch(`${INBOX}/messages`));
    expect(list.Total).toBe(2);
    expect(list.Items.map((m) => m.Nazwisko)).toEqual(['Wiśniewski', 'Nowak']);
    const anna = list.Items[1]!;
    expect(anna).toMatchObject({
      Imie: 'Anna',
      Email: 'anna.nowak@example.pl',
      Telefon: '600100200',
      Przeczytana: false,
      Zalatwiona: false,
      DataPrzeczytania: null,
      ZalatwilEmail: null,
    });
    // The excerpt is one line and short; the detail has it all.
    expect(anna.Zajawka.startsWith('Czy szalik jest dostępny w innych kolorach? Bardzo')).toBe(true);
    expect(anna.Zajawka.length).toBeLessThanOrEqual(120);
    expect(anna.Zajawka.endsWith('…')).toBe(true);

    const found = await json<List<Message>>(await manager.fetch(`${INBOX}/messages?q=SZALIK`));
    expect(found.Items.map((m) => m.Imie)).toEqual(['Anna']);
    const byName = await json<List<Message>>(await manager.fetch(`${INBOX}/messages?sort=nazwisko&count=1`));
    expect(byName).toMatchObject({ Total: 2, Items: [{ Nazwisko: 'Nowak' }] });
    expect((await json<List<Message>>(await manager.fetch(`${INBOX}/messages?stan=zalatwione`))).Total).toBe(
      0,
    );
    // Another club's inbox is its own.
    expect((await json<List<Message>>(await rival.fetch(`${INBOX}/messages`))).Total).toBe(0);

    expect((await refused(await manager.fetch(`${INBOX}/messages?stan=stare`), 400)).Message).toBe(
      msg.panelInboxInvalidState,
    );
    expect((await refused(await manager.fetch(`${INBOX}/messages?sort=wiek`), 400)).Message).toBe(
      msg.invalidSort,
    );
  });

  it('opens a message with what the reply link needs, marks it read and handled, audited', async () => {
    const [jan] = (await json<List<Message>>(await owner.fetch(`${INBOX}/messages?q=Wiśniewski`))).Items;
    const detail = await json<Message>(await owner.fetch(`${INBOX}/messages/${jan!.Id}`));
    expect(detail).toMatchObject({ Tresc: 'Dzień dobry', Odpowiedz: { Email: 'jan@example.pl' } });
    expect(detail.Odpowiedz.Temat).toMatch(/^Odpowiedź na wiadomość do sklepu .+/);
    // Opening does not change the state: the screen marks it read.
    expect(detail.Przeczytana).toBe(false);

    const read = await json<Message>(
      await patch(manager, `${INBOX}/messages/${jan!.Id}`, { Przeczytana: true }),
    );
    expect(read).toMatchObject({ Przeczytana: true, Zalatwiona: false, ZalatwilEmail: null });
    expect(Date.parse(read.DataPrzeczytania!)).toBeGreaterThan(Date.now() - 60_000);
    // Again: nothing changes, no second audit entry.
    const again = await json<Message>(
      await patch(manager, `${INBOX}/messages/${jan!.Id}`, { Przeczytana: true }),
    );
    expect(again.DataPrzeczytania).toBe(read.DataPrzeczytania);

    const handled = await json<Message>(
      await patch(manager, `${INBOX}/messages/${jan!.Id}`, { Zalatwiona: true }),
    );
    expect(handled).toMatchObject({ Przeczytana: true, Zalatwiona: true, ZalatwilEmail: manager.user.Email });
    expect(handled.DataPrzeczytania).toBe(read.DataPrzeczytania);
    expect(
      (await json<List<Message>>(await manager.fetch(`${INBOX}/messages?stan=zalatwione`))).Items.map(
        (m) => m.Id,
      ),
    ).toEqual([jan!.Id]);
    expect(
      (await json<List<Message>>(await manager.fetch(`${INBOX}/messages?stan=nieprzeczytane`))).Items.map(
        (m) => m.Imie,
      ),
    ).toEqual(['Anna']);

    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organisationId, demoId), eq(auditLog.entity, 'contactMessage')))
      .orderBy(desc(auditLog.id));
    expect(audit.map((a) => [a.userEmail, a.action, a.entityId, a.before, a.after])).toEqual([
      [
        manager.user.Email,
        'status',
        String(jan!.Id),
        { Przeczytana: true, Zalatwiona: false },
        { Przeczytana: true, Zalatwiona: true },
      ],
      [
        manager.user.Email,
        'status',
        String(jan!.Id),
        { Przeczytana: false, Zalatwiona: false },
        { Przeczytana: true, Zalatwiona: false },
      ],
    ]);

    // Back to unread: not handled either.
    const unread = await json<Message>(
      await patch(owner, `${INBOX}/messages/${jan!.Id}`, { Przeczytana: false }),
    );
    expect(unread).toMatchObject({
      Przeczytana: false,
      Zalatwiona: false,
      DataZalatwienia: null,
      ZalatwilEmail: null,
    });
  });

  it('refuses an empty or contradictory change, unknown ids, and other clubs', async () => {
    const [anna] = (await json<List<Message>>(await owner.fetch(`${INBOX}/messages?q=Anna`))).Items;
    const path = `${INBOX}/messages/${anna!.Id}`;
    expect((await refused(await patch(owner, path, {}), 400)).Message).toBe(msg.panelInboxStateEmpty);
    expect(
      (await refused(await patch(owner, path, { Przeczytana: false, Zalatwiona: true }), 400)).Message,
    ).toBe(msg.panelInboxStateConflict);
    expect((await refused(await patch(owner, path, { Przeczytana: 'tak' }), 400)).Message).toBe(
      msg.invalidRequest,
    );
    expect((await refused(await owner.fetch(`${INBOX}/messages/999999`), 404)).Message).toBe(
      msg.panelInboxMessageNotFound,
    );
    expect(
      (await refused(await patch(owner, `${INBOX}/accreditations/999999`, { Przeczytana: true }), 404))
        .Message,
    ).toBe(msg.panelInboxAccreditationNotFound);
    // The rival's manager: 403 when naming our club, 404 (their club has no such message) otherwise.
    await refused(await rival.fetch(path, { org: 'demo' }), 403);
    await refused(await rival.fetch(path), 404);
    await refused(await patch(rival, path, { Przeczytana: true }), 404);
    // No session: 401; a shop customer's ticket: 403.
    await refused(await t.fetch(`${INBOX}/messages`), 401);
    await refused(
      await t.fetch(path, {
        method: 'PATCH',
        json: { Przeczytana: true },
        headers: panelHeaders(undefined, 'x'.repeat(24)),
      }),
      401,
    );
    const ticket = await login(t, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    await refused(await t.fetch(`${INBOX}/summary`, { ticket }), 403);
    // Nothing changed by the refused calls.
    expect((await json<Message>(await owner.fetch(path))).Przeczytana).toBe(false);
  });

  it('lists, opens and marks accreditation requests; the summary counts both kinds', async () => {
    const before = await json<Summary>(await manager.fetch(`${INBOX}/summary`));
    expect(before).toEqual({
      Wiadomosci: { Nieprzeczytane: 2, Niezalatwione: 2 },
      Akredytacje: { Nieprzeczytane: 1, Niezalatwione: 1 },
    });
    const list = await json<List<Accreditation>>(await manager.fetch(`${INBOX}/accreditations?q=gazeta`));
    expect(list.Total).toBe(1);
    const item = list.Items[0]!;
    expect(item).toMatchObject({
      Imie: 'Ewa',
      Redakcja: 'Gazeta Sportowa',
      Funkcja: 'fotoreporterka',
      Wydarzenie: 'Mecz z Rywalem, 12 grudnia',
      Przeczytana: false,
    });
    expect(item).not.toHaveProperty('Uwagi');
    const detail = await json<Accreditation>(await manager.fetch(`${INBOX}/accreditations/${item.Id}`));
    expect(detail.Uwagi).toBe('Potrzebuję miejsca przy linii bocznej.');
    expect(detail.Odpowiedz).toEqual({
      Email: 'ewa@gazeta.example.pl',
      Temat: fillMessage(msg.panelInboxReplyAccreditation, { wydarzenie: 'Mecz z Rywalem, 12 grudnia' }),
    });
    const handled = await json<Accreditation>(
      await patch(manager, `${INBOX}/accreditations/${item.Id}`, { Zalatwiona: true }),
    );
    expect(handled).toMatchObject({ Przeczytana: true, Zalatwiona: true, ZalatwilEmail: manager.user.Email });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organisationId, demoId), eq(auditLog.entity, 'accreditation')));
    expect(entry).toMatchObject({
      userEmail: manager.user.Email,
      action: 'status',
      entityId: String(item.Id),
      after: { Przeczytana: true, Zalatwiona: true },
    });
    expect(await json<Summary>(await manager.fetch(`${INBOX}/summary`))).toMatchObject({
      Akredytacje: { Nieprzeczytane: 0, Niezalatwione: 0 },
    });
    await refused(await rival.fetch(`${INBOX}/accreditations/${item.Id}`), 404);
    expect((await json<List<Accreditation>>(await rival.fetch(`${INBOX}/accreditations`))).Total).toBe(0);
  });

  it('a message without an e-mail address has no reply address', async () => {
    await sendMessage({ firstName: 'Bez', lastName: 'Adresu', email: 'bez@example.pl', message: 'x' });
    const [row] = (await json<List<Message>>(await owner.fetch(`${INBOX}/messages?q=Adresu`))).Items;
    // A club whose form does not ask for an e-mail stores none.
    await t.database.db.execute(sql`update contact_messages set email = null where id = ${row!.Id}`);
    const detail = await json<Message>(await owner.fetch(`${INBOX}/messages/${row!.Id}`));
    expect(detail.Email).toBe('');
    expect(detail.Odpowiedz.Email).toBeNull();
  });

  it('the shop is still told of each form by e-mail', async () => {
    const mails = (await t.outbox.messages()).map(readableMail);
    expect(mails.some((m) => m.includes('Gazeta Sportowa'))).toBe(true);
    expect(mails.some((m) => m.includes('anna.nowak@example.pl'))).toBe(true);
  });
});

describe('nextInboxState', () => {
  const now = new Date('2026-11-23T10:00:00Z');
  const earlier = new Date('2026-11-22T10:00:00Z');
  const fresh = { readAt: null, handledAt: null, handledBy: null };
  it('handled implies read, unread implies not handled, kept times stay', () => {
    expect(nextInboxState(fresh, { Zalatwiona: true }, 'a@x.pl', now)).toEqual({
      readAt: now,
      handledAt: now,
      handledBy: 'a@x.pl',
    });
    const done = { readAt: earlier, handledAt: earlier, handledBy: 'b@x.pl' };
    expect(nextInboxState(done, { Zalatwiona: true }, 'a@x.pl', now)).toEqual(done);
    expect(nextInboxState(done, { Przeczytana: false }, 'a@x.pl', now)).toEqual(fresh);
    expect(nextInboxState(done, { Zalatwiona: false }, 'a@x.pl', now)).toEqual({
      readAt: earlier,
      handledAt: null,
      handledBy: null,
    });
  });
});
