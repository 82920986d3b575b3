import {
  formatGrosze,
  type InvoiceRef,
  msg,
  type PanelComplaint,
  type PanelOrderRefunds,
} from '@club/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, complaints, invoices, orders, refunds } from '../src/db/schema.ts';
import type { CorrectionInvoice } from '../src/modules/invoices/invoice-data.ts';
import { type FakePayu, startFakePayu } from './fakes/payu-server.ts';
import * as checkout from './fixtures/checkout.ts';
import { PANEL, type PanelClient, panelLogin } from './fixtures/panel.ts';
import { configurePayu } from './fixtures/payu.ts';

/**
 * Refunds over HTTP (issue 28 item 3, decision 134): per line and shipping, through PayU's refund
 * API (the fake records each call) or as a bank transfer the club records for cash on delivery;
 * never more than was paid, not even when two owners press at once; each in the order's refunds,
 * the audit log, an e-mail, and a correction invoice when the order had an invoice.
 */
let { t, product, ship } = {} as checkout.CheckoutShop;
let owner: PanelClient;
let manager: PanelClient;
let rival: PanelClient;
let payu: FakePayu;
const PAYU = { posId: '300746', clientId: '300746', clientSecret: 'r'.repeat(32), secondKey: 's'.repeat(32) };

beforeAll(async () => {
  ({ t, product, ship } = await checkout.openCheckoutShop());
  [owner, manager, rival] = [
    await panelLogin(t),
    await panelLogin(t, { role: 'manager' }),
    await panelLogin(t, { org: 'rywal' }),
  ];
  payu = await startFakePayu(PAYU);
  await configurePayu(t, { ...PAYU, sandbox: true, baseUrl: payu.url });
});
afterAll(async () => {
  await t?.close();
  await payu?.close();
});

const db = () => t.database.db;
const path = (id: number) => `${PANEL}/orders/${id}/refunds`;
const view = async (id: number, c: PanelClient = owner) => {
  const res = await c.fetch(path(id));
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as PanelOrderRefunds;
};
const refund = (id: number, body: unknown, c: PanelClient = owner) =>
  c.fetch(path(id), { method: 'POST', json: body });
let n = 0;
const buyer = () => `zwrot${++n}.${Date.now()}@example.pl`;
const mailsTo = async (email: string) =>
  (await checkout.mails(t)).filter((m) => m.startsWith(`To: ${email}\n`));

/** A guest's order paid through PayU (the fake completes it and notifies the shop). */
const payuOrder = async (lines: [string, number][], extra: Record<string, unknown> = {}) => {
  const email = buyer();
  const { order } = await checkout.placeCart(
    t,
    lines.map(([name, q]) => checkout.line(product(name), q)),
    ship('Kurier DPD'),
    { extra: { Email: email, ...extra } },
  );
  const externalId = order.paymentExternalId!;
  payu.complete(externalId);
  expect((await payu.notify(externalId, 'COMPLETED', t.url)).status).toBe(200);
  return { order, email, externalId };
};

describe('a PayU order', () => {
  it('is refunded in part through PayU, per line and then the rest with shipping; never beyond what was paid', async () => {
    const { order, email, externalId } = await payuOrder([
      ['Kubek z herbem', 2],
      ['Brelok metalowy', 1],
    ]);
    const before = await view(order.id);
    expect(before).toMatchObject({ Sposob: 'provider', Niedostepny: null, Zwrocono: 0 });
    expect(before.Zaplacono * 100).toBe(order.total);
    const mug = before.DoZwrotu.Pozycje.find((p) => p.Nazwa === 'Kubek z herbem')!;
    const keyring = before.DoZwrotu.Pozycje.find((p) => p.Nazwa === 'Brelok metalowy')!;

    // Money is the owner's: a manager is refused, another club finds no such order.
    const byManager = await refund(order.id, { Pozycje: [{ Id: mug.Id, Ilosc: 1 }] }, manager);
    expect(byManager.status, await byManager.clone().text()).toBe(403);
    expect((await refund(order.id, { Pozycje: [{ Id: mug.Id, Ilosc: 1 }] }, rival)).status).toBe(404);
    expect((await rival.fetch(path(order.id))).status).toBe(404);

    const calls = payu.refundCalls.length;
    const one = await refund(order.id, {
      Pozycje: [{ Id: mug.Id, Ilosc: 1 }],
      Powod: 'Odstąpienie od umowy',
    });
    expect(one.status, await one.clone().text()).toBe(200);
    const afterOne = (await one.json()) as PanelOrderRefunds;
    expect(afterOne.Zwroty).toHaveLength(1);
    expect(afterOne.Zwroty[0]).toMatchObject({
      Stan: 'w_toku',
      Kwota: mug.Cena,
      Sposob: 'PayU',
      NrKonta: null,
    });
    expect(afterOne.Zwrocono).toBe(mug.Cena);
    expect(payu.refundCalls).toHaveLength(calls + 1);
    const call = payu.refundCalls.at(-1)!;
    expect(call.orderId).toBe(externalId);
    expect(call.status).toBe(200);
    expect((call.body as { refund: { amount: string } }).refund.amount).toBe(
      String(Math.round(mug.Cena * 100)),
    );

    // The same line beyond what is left, or shipping that is not there to give: refused, nothing sent.
    const tooMany = await refund(order.id, { Pozycje: [{ Id: mug.Id, Ilosc: 2 }] });
    expect(tooMany.status).toBe(409);
    expect(((await tooMany.json()) as { Message: string }).Message).toBe(msg.refundLineTooMany);
    const nothing = await refund(order.id, { Pozycje: [] });
    expect(nothing.status).toBe(400);
    expect(((await nothing.json()) as { Message: string }).Message).toBe(msg.refundNothingChosen);
    const strangerLine = await refund(order.id, { Pozycje: [{ Id: 2_000_000_000, Ilosc: 1 }] });
    expect(strangerLine.status).toBe(400);
    expect(payu.refundCalls).toHaveLength(calls + 1);

    // Two owners give back the rest at once: one refund, never twice the money.
    const rest = {
      Pozycje: [
        { Id: mug.Id, Ilosc: 1 },
        { Id: keyring.Id, Ilosc: 1 },
      ],
      Dostawa: true,
    };
    const both = await Promise.all([refund(order.id, rest), refund(order.id, rest)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const done = await view(order.id);
    expect(done.Zwrocono * 100).toBe(order.total);
    expect(done.Pozostalo).toBe(0);
    expect(done.Niedostepny).toBe(msg.refundAllDone);
    expect(payu.leftOf(externalId)).toBe(0);

    // PayU's later word: the refund is finalised.
    const last = await db().query.refunds.findFirst({
      where: and(eq(refunds.orderId, order.id), eq(refunds.shipping, order.shippingCost)),
    });
    const notified = await payu.notifyRefund(last!.externalId!, 'FINALIZED', t.url);
    expect(notified.status).toBe(200);
    expect((await view(order.id)).Zwroty.find((r) => r.Id === last!.id)?.Stan).toBe('zakonczony');

    // The buyer is told each time, and the audit log has both.
    const mails = (await mailsTo(email)).filter((m) =>
      m.includes(`Zwrot pieniędzy – zamówienie ${order.number}`),
    );
    expect(mails).toHaveLength(2);
    expect(mails[0]).toContain(formatGrosze(Math.round(mug.Cena * 100)));
    const audit = await db()
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'order'),
          eq(auditLog.entityId, String(order.id)),
          eq(auditLog.action, 'refund'),
        ),
      );
    expect(audit).toHaveLength(2);
  });

  it('a refund PayU refuses is marked failed and frees its amount; a forged refund notification changes nothing', async () => {
    const { order } = await payuOrder([['Kubek z herbem', 1]]);
    const [line] = (await view(order.id)).DoZwrotu.Pozycje;
    payu.state.refuseRefunds = 1;
    const failed = await refund(order.id, { Pozycje: [{ Id: line!.Id, Ilosc: 1 }] });
    expect(failed.status).toBe(409);
    expect(((await failed.json()) as { Message: string }).Message).toBe(msg.refundNoBalance);
    const after = await view(order.id);
    expect(after.Zwroty[0]).toMatchObject({ Stan: 'odrzucony', Ponow: false });
    expect(after.Zwrocono).toBe(0);
    expect(after.DoZwrotu.Pozycje[0]?.Ilosc).toBe(1);

    const ok = await refund(order.id, { Pozycje: [{ Id: line!.Id, Ilosc: 1 }] });
    expect(ok.status, await ok.clone().text()).toBe(200);
    const row = await db().query.refunds.findFirst({
      where: and(eq(refunds.orderId, order.id), eq(refunds.state, 'w_toku')),
    });
    const body = payu.refundNotificationBody(row!.externalId!, { status: 'CANCELED' });
    const forged = await payu.send(
      payu.refunds.get(row!.externalId!)!.orderId,
      body,
      payu.header(body, 'SHA-256', 'x'.repeat(32)),
      t.url,
    );
    expect(forged.status).toBeGreaterThanOrEqual(400);
    expect((await view(order.id)).Zwroty.at(-1)?.Stan).toBe('w_toku');
  });

  it('an unpaid order has nothing to refund', async () => {
    const { order } = await checkout.placeCart(
      t,
      [checkout.line(product('Kubek z herbem'), 1)],
      ship('Kurier DPD'),
      {
        extra: { Email: buyer() },
      },
    );
    expect((await view(order.id)).Niedostepny).toBe(msg.refundNotPaid);
    const [line] = (await view(order.id)).DoZwrotu.Pozycje;
    const res = await refund(order.id, { Pozycje: [{ Id: line!.Id, Ilosc: 1 }] });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { Message: string }).Message).toBe(msg.refundNotPaid);
  });
});

describe('a cash-on-delivery order', () => {
  it('is refunded by a transfer the club records, to the account the buyer gave; a correction invoice follows', async () => {
    const email = buyer();
    const { order } = await checkout.placeCart(
      t,
      [checkout.line(product('Kubek z herbem'), 2)],
      ship('Kurier DPD'),
      {
        extra: {
          Email: email,
          Platnosc: 20,
          Faktura: { Nazwa: 'Klub Kibica sp. z o.o.', NIP: '774-000-14-54' },
        },
      },
    );
    const [line] = (await view(order.id)).DoZwrotu.Pozycje;
    expect((await view(order.id)).Sposob).toBe('transfer');
    expect((await refund(order.id, { Pozycje: [{ Id: line!.Id, Ilosc: 1 }] })).status).toBe(409);
    expect((await owner.fetch(`${PANEL}/orders/${order.id}/paid`, { method: 'POST' })).status).toBe(200);
    const invoice = await owner.fetch(`${PANEL}/orders/${order.id}/invoices`, { method: 'POST' });
    expect(invoice.status, await invoice.clone().text()).toBe(200);

    const noAccount = await refund(order.id, { Pozycje: [{ Id: line!.Id, Ilosc: 1 }] });
    expect(noAccount.status).toBe(400);
    expect(((await noAccount.json()) as { Fields: Record<string, string> }).Fields.NrKonta).toBe(
      msg.refundBankAccountRequired,
    );
    const badAccount = await refund(order.id, { Pozycje: [{ Id: line!.Id, Ilosc: 1 }], NrKonta: '12 3456' });
    expect(badAccount.status).toBe(400);
    expect(((await badAccount.json()) as { Fields: Record<string, string> }).Fields.NrKonta).toBe(
      msg.invalidBankAccount,
    );

    const calls = payu.refundCalls.length;
    const ok = await refund(order.id, {
      Pozycje: [{ Id: line!.Id, Ilosc: 1 }],
      NrKonta: '61 1090 1014 0000 0712 1981 2874',
    });
    expect(ok.status, await ok.clone().text()).toBe(200);
    const after = (await ok.json()) as PanelOrderRefunds;
    expect(after.Zwroty[0]).toMatchObject({
      Stan: 'zakonczony',
      Sposob: 'Przelew na rachunek',
      NrKonta: 'PL •• 2874',
    });
    expect(payu.refundCalls).toHaveLength(calls);
    const mail = (await mailsTo(email)).find((m) => m.includes('Zwrot pieniędzy'))!;
    expect(mail).toContain('PL •• 2874');
    expect(mail).not.toContain('1090 1014');

    // The order had a VAT invoice (a NIP): its correction leaves one mug of two.
    const vat = await db()
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, order.id), eq(invoices.kind, 'VAT')));
    expect(vat).toHaveLength(1);
    const issued = await db()
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, order.id), eq(invoices.kind, 'KOR')));
    expect(issued).toHaveLength(1);
    const correction = issued[0]!.data as CorrectionInvoice;
    expect(correction.after[0]?.quantity).toBe(1);
    expect(correction.before[0]?.quantity).toBe(2);
    expect(issued[0]!.gross).toBe(-line!.Cena * 100);
    const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(row!.paymentStatus).toBe('COMPLETED');
  });
});

describe('a PayU refund left without an answer', () => {
  const resend = (orderId: number, refundId: number, c: PanelClient = owner) =>
    c.fetch(`${path(orderId)}/${refundId}/resend`, { method: 'POST' });
  const stuckOf = async (orderId: number) => {
    const v = await view(orderId);
    return v.Zwroty.find((r) => r.Stan === 'wysylany')!;
  };

  it('waits as "wysylany", holding its amount, and the owner sends the same refund again: PayU pays once', async () => {
    const { order, email, externalId } = await payuOrder([['Kubek z herbem', 2]]);
    const [line] = (await view(order.id)).DoZwrotu.Pozycje;
    const calls = payu.refundCalls.length;
    payu.state.failRefunds = 1;
    const failed = await refund(order.id, { Pozycje: [{ Id: line!.Id, Ilosc: 1 }] });
    expect(failed.status).toBe(502);
    expect(((await failed.json()) as { Message: string }).Message).toBe(msg.refundAwaitsResend);
    const stuck = await stuckOf(order.id);
    expect(stuck).toMatchObject({ Ponow: true, Kwota: line!.Cena });
    expect(stuck.Blad).toContain('500');
    // It still counts: the same piece cannot be given back a second way meanwhile.
    const again = await refund(order.id, { Pozycje: [{ Id: line!.Id, Ilosc: 2 }] });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { Message: string }).Message).toBe(msg.refundLineTooMany);

    // Money is the owner's; another club finds no such order.
    const byManager = await resend(order.id, stuck.Id, manager);
    expect(byManager.status, await byManager.clone().text()).toBe(403);
    expect((await resend(order.id, stuck.Id, rival)).status).toBe(404);
    // A refund of another order of the club is not found under this one.
    const other = await payuOrder([['Brelok metalowy', 1]]);
    expect((await resend(other.order.id, stuck.Id)).status).toBe(404);

    const ok = await resend(order.id, stuck.Id);
    expect(ok.status, await ok.clone().text()).toBe(200);
    const after = (await ok.json()) as PanelOrderRefunds;
    expect(after.Zwroty.find((r) => r.Id === stuck.Id)).toMatchObject({
      Stan: 'w_toku',
      Ponow: false,
      Blad: null,
    });
    const sent = payu.refundCalls.slice(calls);
    expect(sent).toHaveLength(2);
    const ids = sent.map((c) => (c.body as { refund: { extRefundId: string } }).refund.extRefundId);
    expect(ids[1]).toBe(ids[0]);
    expect([...payu.refunds.values()].filter((r) => r.orderId === externalId)).toHaveLength(1);

    // Sent once more: it is no longer waiting.
    const twice = await resend(order.id, stuck.Id);
    expect(twice.status).toBe(409);
    expect(((await twice.json()) as { Message: string }).Message).toBe(msg.refundNotStuck);

    const mails = (await mailsTo(email)).filter((m) =>
      m.includes(`Zwrot pieniędzy – zamówienie ${order.number}`),
    );
    expect(mails).toHaveLength(1);
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(order.id)), eq(auditLog.action, 'refund-resend')));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.userEmail).toBe(owner.user.Email);
  });

  it('says the rest waits for PayU, not that all was refunded, while a whole refund is stuck', async () => {
    const { order } = await payuOrder([['Kubek z herbem', 1]]);
    const before = await view(order.id);
    payu.state.failRefunds = 1;
    const failed = await refund(order.id, {
      Pozycje: before.DoZwrotu.Pozycje.map((l) => ({ Id: l.Id, Ilosc: l.Ilosc })),
      Dostawa: before.DoZwrotu.Dostawa > 0,
    });
    expect(failed.status).toBe(502);
    expect((await view(order.id)).Niedostepny).toBe(msg.refundAllPending);
    const ok = await resend(order.id, (await stuckOf(order.id)).Id);
    expect(ok.status, await ok.clone().text()).toBe(200);
    expect(((await ok.json()) as PanelOrderRefunds).Niedostepny).toBe(msg.refundAllDone);
  });

  it('a refund PayU made but whose answer was lost: two resends at once make one refund at PayU', async () => {
    const { order, externalId } = await payuOrder([['Kubek z herbem', 1]]);
    const [line] = (await view(order.id)).DoZwrotu.Pozycje;
    payu.state.dropRefunds = 1;
    const lost = await refund(order.id, { Pozycje: [{ Id: line!.Id, Ilosc: 1 }] });
    expect(lost.status).toBe(502);
    const stuck = await stuckOf(order.id);
    expect(stuck.Ponow).toBe(true);
    // PayU has it already.
    expect([...payu.refunds.values()].filter((r) => r.orderId === externalId)).toHaveLength(1);

    const calls = payu.refundCalls.length;
    const both = await Promise.all([resend(order.id, stuck.Id), resend(order.id, stuck.Id)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const refused = await both.find((r) => r.status === 409)!.json();
    expect((refused as { Message: string }).Message).toBe(msg.refundResendBusy);
    expect(payu.refundCalls).toHaveLength(calls + 1);
    expect([...payu.refunds.values()].filter((r) => r.orderId === externalId)).toHaveLength(1);
    expect(payu.leftOf(externalId)).toBe(order.total - Math.round(line!.Cena * 100));
    const done = await view(order.id);
    expect(done.Zwroty.find((r) => r.Id === stuck.Id)?.Stan).toBe('w_toku');
    expect(done.Zwrocono).toBe(line!.Cena);
  });

  it('a bank transfer of cash on delivery is never sent', async () => {
    const { order } = await checkout.placeCart(
      t,
      [checkout.line(product('Kubek z herbem'), 1)],
      ship('Kurier DPD'),
      {
        extra: { Email: buyer(), Platnosc: 20 },
      },
    );
    expect((await owner.fetch(`${PANEL}/orders/${order.id}/paid`, { method: 'POST' })).status).toBe(200);
    const [line] = (await view(order.id)).DoZwrotu.Pozycje;
    const ok = await refund(order.id, {
      Pozycje: [{ Id: line!.Id, Ilosc: 1 }],
      NrKonta: '61 1090 1014 0000 0712 1981 2874',
    });
    expect(ok.status).toBe(200);
    const [made] = ((await ok.json()) as PanelOrderRefunds).Zwroty;
    expect(made!.Ponow).toBe(false);
    const res = await resend(order.id, made!.Id);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { Message: string }).Message).toBe(msg.refundNotStuck);
  });
});

describe('a complaint settled by a price reduction', () => {
  it('its refund, sent again after no answer, moves the complaint on; the invoice gets a correction spread over the lines', async () => {
    const { order } = await payuOrder(
      [
        ['Kubek z herbem', 2],
        ['Brelok metalowy', 1],
      ],
      { Faktura: { Nazwa: 'Klub Kibica sp. z o.o.', NIP: '774-000-14-54' } },
    );
    const list = async () =>
      (await (await owner.fetch(`${PANEL}/orders/${order.id}/invoices`)).json()) as InvoiceRef[];
    expect((await list()).map((i) => i.Rodzaj)).toEqual(['VAT']);
    const [line] = (await view(order.id)).DoZwrotu.Pozycje;
    const [complaint] = await db()
      .insert(complaints)
      .values({
        organisationId: order.organisationId,
        orderId: order.id,
        userId: null,
        lines: [{ Id: line!.Id, Nazwa: line!.Nazwa, Ilosc: 2 }],
        description: 'Herb na kubku się wytarł.',
        request: 'obnizenie',
        state: 'uznana',
        history: [],
      })
      .returning();
    const step = () =>
      owner.fetch(`${PANEL}/complaints/${complaint!.id}/state`, {
        method: 'POST',
        json: { Stan: 'zwrot_pieniedzy', Kwota: 5.01 },
      });

    payu.state.failRefunds = 1;
    const unanswered = await step();
    expect(unanswered.status).toBe(502);
    expect(((await unanswered.json()) as { Message: string }).Message).toBe(msg.refundAwaitsResend);
    const waiting = (await (
      await owner.fetch(`${PANEL}/complaints/${complaint!.id}`)
    ).json()) as PanelComplaint;
    expect(waiting.Stan).toBe('uznana');
    // Pressing the step again cannot make a second refund while the first one waits.
    const again = await step();
    expect(again.status).toBe(409);
    expect((await list()).map((i) => i.Rodzaj)).toEqual(['VAT']);

    const stuck = (await view(order.id)).Zwroty.find((r) => r.Stan === 'wysylany')!;
    expect(stuck.Zrodlo).toBe(`Reklamacja nr ${complaint!.id}`);
    const ok = await owner.fetch(`${path(order.id)}/${stuck.Id}/resend`, { method: 'POST' });
    expect(ok.status, await ok.clone().text()).toBe(200);
    const moved = (await (
      await owner.fetch(`${PANEL}/complaints/${complaint!.id}`)
    ).json()) as PanelComplaint;
    expect(moved.Stan).toBe('zwrot_pieniedzy');

    // The correction: the goods' lines lower by exactly the reduction, shipping as it was.
    const refs = await list();
    expect(refs.map((i) => i.Rodzaj)).toEqual(['VAT', 'KOR']);
    const [kor] = await db().select().from(invoices).where(eq(invoices.id, refs[1]!.Id));
    const data = kor!.data as CorrectionInvoice;
    expect(data.reason).toBe(`Obniżenie ceny — reklamacja nr ${complaint!.id}`);
    expect(kor!.gross).toBe(-501);
    const gross = (lines: CorrectionInvoice['after']) =>
      lines.reduce((s, l) => s + l.quantity * l.unitGross, 0);
    expect(gross(data.before) - gross(data.after)).toBe(501);
    expect(data.after.at(-1)).toEqual(data.before.at(-1));
    expect(data.after.filter((l) => l.unit === 'szt.').length).toBeGreaterThanOrEqual(2);
    const pdf = await owner.fetch(`${PANEL}/invoices/${refs[1]!.Id}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });
});
