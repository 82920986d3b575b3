import {
  fillMessage,
  msg,
  type PanelOrderRefunds,
  type PanelReturn,
  type WithdrawalOffer,
  type WithdrawalReceipt,
} from '@club/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderStatusHistory, organisations, products } from '../src/db/schema.ts';
import { signWithdrawalToken } from '../src/lib/withdrawal-token.ts';
import { ExemptReason } from '../src/lib/withdrawal-window.ts';
import * as checkout from './fixtures/checkout.ts';
import { otherCustomerOf, ticketFor } from './fixtures/orders.ts';
import { PANEL } from './fixtures/panel.ts';

/**
 * Withdrawal from the contract over HTTP (issue 28): the guest's signed link from every order
 * e-mail and the customer's account, the window and the law's exemptions, and the panel's return
 * whose 'goods received' puts the pieces back on stock exactly once.
 */
let { t, product, ship, customer, owner, manager, rival } = {} as checkout.CheckoutPanelShop;
beforeAll(async () => {
  ({ t, product, ship, customer, owner, manager, rival } = await checkout.openCheckoutPanelShop());
});
afterAll(() => t?.close());

const db = () => t.database.db;
const W = `${checkout.S}/odstapienie`;
let guestNo = 0;

/** A guest's paid-online order; answers the order and the withdrawal link from its confirmation e-mail. */
const guestOrder = async (lines: [string, number][]) => {
  const email = `gosc${++guestNo}.${Date.now()}@example.pl`;
  const { order, url } = await checkout.placeCart(
    t,
    lines.map(([name, n]) => checkout.line(product(name), n)),
    ship('Kurier DPD'),
    { extra: { Email: email } },
  );
  const mail = (await checkout.mails(t)).find(
    (m) => m.startsWith(`To: ${email}\n`) && m.includes(order.number),
  );
  expect(mail, 'the confirmation e-mail').toBeTruthy();
  const token = /\/odstapienie\/(\d+\.\d+\.[A-Za-z0-9_-]{32})/.exec(mail!)?.[1];
  expect(token, 'the confirmation carries the withdrawal link').toBeTruthy();
  return { order, email, token: token!, url };
};
const offer = async (token: string, status = 200) => {
  const res = await t.fetch(`${W}/${token}`);
  expect(res.status, await res.clone().text()).toBe(status);
  return (await res.json()) as WithdrawalOffer;
};
const withdraw = (token: string, Pozycje: { Id: number; Ilosc: number }[], Powod = '') =>
  t.fetch(`${W}/${token}`, { method: 'POST', json: { Pozycje, Powod } });
const mailsTo = async (email: string) =>
  (await checkout.mails(t)).filter((m) => m.startsWith(`To: ${email}\n`));
const setStatus = async (id: number, Status: number) => {
  const res = await owner.fetch(`${PANEL}/orders/${id}/status`, { method: 'POST', json: { Status } });
  expect(res.status, await res.clone().text()).toBe(200);
};
const deliver = async (id: number) => {
  for (const s of [20, 30, 40]) await setStatus(id, s);
};

describe('a guest withdraws through the e-mail link', () => {
  it('two steps in one call: the lines and quantities picked; an acknowledgement e-mailed at once with date and time', async () => {
    const { order, email, token } = await guestOrder([
      ['Kubek z herbem', 2],
      ['Brelok metalowy', 1],
    ]);
    const o = await offer(token);
    expect(o).toMatchObject({ NrZamowienia: order.number, Otwarte: true, Do: null });
    const mug = o.Pozycje.find((l) => l.Nazwa === 'Kubek z herbem')!;
    expect(mug).toMatchObject({ Ilosc: 2, Dostepne: 2, Wylaczenie: null });

    const res = await withdraw(token, [{ Id: mug.Id, Ilosc: 1 }], 'Za mały');
    expect(res.status, await res.clone().text()).toBe(200);
    const receipt = (await res.json()) as WithdrawalReceipt;
    expect(receipt.Pozycje).toEqual([{ Nazwa: 'Kubek z herbem', Parametr: null, Ilosc: 1, WymianaNa: null }]);
    const ack = (await mailsTo(email)).find((m) => m.includes('Subject: Potwierdzenie odstąpienia od umowy'));
    expect(ack).toBeTruthy();
    const when = new Intl.DateTimeFormat('pl-PL', {
      timeZone: 'Europe/Warsaw',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    }).format(new Date(receipt.Otrzymano));
    expect(ack).toContain(when);
    expect(ack).toContain('Kubek z herbem');
    expect(ack).toContain('Za mały');

    // The other mug too, then none is left: a third piece is refused.
    expect((await withdraw(token, [{ Id: mug.Id, Ilosc: 1 }])).status).toBe(200);
    const again = await withdraw(token, [{ Id: mug.Id, Ilosc: 1 }]);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { Message: string }).Message).toBe(
      fillMessage(msg.withdrawalTooMany, { produkt: 'Kubek z herbem', ile: '0' }),
    );
    expect((await offer(token)).Pozycje.find((l) => l.Id === mug.Id)?.Dostepne).toBe(0);
  });

  it('two submissions at once cannot take the same piece twice', async () => {
    const { token } = await guestOrder([['Brelok metalowy', 1]]);
    const [line] = (await offer(token)).Pozycje;
    const answers = await Promise.all([1, 2, 3].map(() => withdraw(token, [{ Id: line!.Id, Ilosc: 1 }])));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409]);
  });

  it('a forged or changed link is not found; an expired one says so', async () => {
    const { order, email, token } = await guestOrder([['Brelok metalowy', 1]]);
    const [id, exp, mac] = token.split('.');
    const forged = [
      `${id}.${Number(exp) + 1}.${mac}`,
      `${Number(id) + 1}.${exp}.${mac}`,
      `${id}.${exp}.${'A'.repeat(32)}`,
    ];
    for (const f of forged) {
      const res = await t.fetch(`${W}/${f}`);
      expect(res.status).toBe(404);
      expect(((await res.json()) as { Message: string }).Message).toBe(msg.withdrawalLinkInvalid);
    }
    expect((await t.fetch(`${W}/nonsense`)).status).toBe(400);
    // The same link at another club names nothing there.
    expect((await t.fetch(`${W}/${token}`, { org: 'rywal' })).status).toBe(404);
    const [org] = await db().select().from(organisations).where(eq(organisations.alias, 'demo'));
    const expired = signWithdrawalToken(t.app.payments.demoSecret(), {
      orgId: org!.id,
      orderId: order.id,
      email,
      expiresAt: new Date(Date.now() - 1000),
    });
    const res = await withdraw(expired, [{ Id: 1, Ilosc: 1 }]);
    expect(res.status).toBe(410);
    expect(((await res.json()) as { Message: string }).Message).toBe(msg.withdrawalLinkExpired);
  });

  it('exempt lines (a dated event ticket, a personalised product) are shown with the reason and refused', async () => {
    const ticket = product('Kalendarz 2027');
    const scarf = product('Smycz z herbem');
    await db().update(products).set({ datedEvent: true }).where(eq(products.id, ticket.Id));
    await db().update(products).set({ personalised: true }).where(eq(products.id, scarf.Id));
    try {
      const { token } = await guestOrder([
        ['Kalendarz 2027', 1],
        ['Smycz z herbem', 1],
        ['Brelok metalowy', 1],
      ]);
      const o = await offer(token);
      const [t1, t2, ok] = ['Kalendarz 2027', 'Smycz z herbem', 'Brelok metalowy'].map(
        (n) => o.Pozycje.find((l) => l.Nazwa === n)!,
      );
      expect(t1).toMatchObject({ Dostepne: 0, Wylaczenie: ExemptReason.datedEvent });
      expect(t2).toMatchObject({ Dostepne: 0, Wylaczenie: ExemptReason.personalised });
      expect(ok).toMatchObject({ Dostepne: 1, Wylaczenie: null });
      const res = await withdraw(token, [
        { Id: t1!.Id, Ilosc: 1 },
        { Id: ok!.Id, Ilosc: 1 },
      ]);
      expect(res.status).toBe(409);
      expect(((await res.json()) as { Message: string }).Message).toContain('art. 38 pkt 12');
      expect((await withdraw(token, [{ Id: t2!.Id, Ilosc: 1 }])).status).toBe(409);
      // Nothing of the refused statement was recorded.
      expect((await offer(token)).Pozycje.find((l) => l.Id === ok!.Id)?.Dostepne).toBe(1);
    } finally {
      await db()
        .update(products)
        .set({ datedEvent: false, personalised: false })
        .where(sql`${products.id} in (${ticket.Id}, ${scarf.Id})`);
    }
  });

  it("the window: 14 days from delivery, longer when the club sets it; the delivered e-mail's link ends with it", async () => {
    const { order, email, token } = await guestOrder([['Brelok metalowy', 1]]);
    await deliver(order.id);
    const delivered = (await mailsTo(email)).find((m) => m.includes('Zrealizowane'))!;
    const link = /\/odstapienie\/(\d+)\.(\d+)\./.exec(delivered)!;
    expect(Number(link[2]) * 1000 - Date.now()).toBeGreaterThan(13.9 * 86_400_000);
    expect(Number(link[2]) * 1000 - Date.now()).toBeLessThan(14.1 * 86_400_000);
    const o = await offer(token);
    expect(o.Otwarte).toBe(true);
    expect(o.Do).not.toBeNull();
    // Delivered 15 days ago: closed.
    await db()
      .update(orderStatusHistory)
      .set({ createdAt: sql`now() - interval '15 days'` })
      .where(and(eq(orderStatusHistory.orderId, order.id), eq(orderStatusHistory.toStatus, 40)));
    const closed = await offer(token);
    expect(closed.Otwarte).toBe(false);
    expect(closed.Pozycje[0]!.Dostepne).toBe(0);
    const res = await withdraw(token, [{ Id: closed.Pozycje[0]!.Id, Ilosc: 1 }]);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { Message: string }).Message).toBe(msg.withdrawalClosed);
    // The club gives 30 days: open again.
    const setDays = (DniNaOdstapienie: number | null) =>
      owner.fetch(`${PANEL}/settings`, { method: 'PATCH', json: { DniNaOdstapienie } });
    const tooFew = await setDays(7);
    expect(tooFew.status).toBe(400);
    expect(((await tooFew.json()) as { Message: string }).Message).toBe(msg.settingsWithdrawalDaysInvalid);
    expect((await setDays(30)).status).toBe(200);
    try {
      expect((await offer(token)).Otwarte).toBe(true);
      expect((await withdraw(token, [{ Id: closed.Pozycje[0]!.Id, Ilosc: 1 }])).status).toBe(200);
    } finally {
      expect((await setDays(null)).status).toBe(200);
    }
  });
});

describe('a customer withdraws from the account', () => {
  it("their own order only; another customer's is not found", async () => {
    const { order } = await checkout.placeCart(
      t,
      [checkout.line(product('Brelok metalowy'), 1)],
      ship('Kurier DPD'),
      {
        ticket: customer,
      },
    );
    const path = `${checkout.S}/zamowienie/${order.id}/odstapienie`;
    const res = await t.fetch(path, { ticket: customer });
    expect(res.status, await res.clone().text()).toBe(200);
    const [line] = ((await res.json()) as WithdrawalOffer).Pozycje;
    const stranger = await ticketFor(t, 'demo', (await otherCustomerOf(db(), 'demo')).email);
    expect((await t.fetch(path, { ticket: stranger })).status).toBe(404);
    expect(
      (
        await t.fetch(path, {
          method: 'POST',
          ticket: stranger,
          json: { Pozycje: [{ Id: line!.Id, Ilosc: 1 }] },
        })
      ).status,
    ).toBe(404);
    expect((await t.fetch(path)).status).toBe(401);
    const ok = await t.fetch(path, {
      method: 'POST',
      ticket: customer,
      json: { Pozycje: [{ Id: line!.Id, Ilosc: 1 }] },
    });
    expect(ok.status, await ok.clone().text()).toBe(200);
  });
});

describe('the return in the panel', () => {
  it('received → accepted → goods received (stock back once, even pressed twice at once) → refunded, e-mailed at each step', async () => {
    const { order, email, token, url } = await guestOrder([['Kubek z herbem', 3]]);
    await checkout.payDemo(t, url);
    const [line] = (await offer(token)).Pozycje;
    const { Id } = (await (await withdraw(token, [{ Id: line!.Id, Ilosc: 2 }])).json()) as WithdrawalReceipt;

    const list = (await (await manager.fetch(`${PANEL}/returns?stan=zgloszony`)).json()) as PanelReturn[];
    expect(list.find((r) => r.Id === Id)).toMatchObject({
      NrZamowienia: order.number,
      Stan: 'zgloszony',
      Email: email,
    });
    expect((await rival.fetch(`${PANEL}/returns/${Id}`)).status).toBe(404);
    expect(
      (await rival.fetch(`${PANEL}/returns/${Id}/state`, { method: 'POST', json: { Stan: 'przyjety' } }))
        .status,
    ).toBe(404);
    expect(
      ((await (await rival.fetch(`${PANEL}/returns`)).json()) as PanelReturn[]).some((r) => r.Id === Id),
    ).toBe(false);

    const move = (Stan: string, Uwagi?: string) =>
      manager.fetch(`${PANEL}/returns/${Id}/state`, { method: 'POST', json: { Stan, Uwagi } });
    expect((await move('towar_otrzymany')).status).toBe(409);
    const accepted = await move('przyjety');
    expect(accepted.status, await accepted.clone().text()).toBe(200);
    expect(((await accepted.json()) as PanelReturn).Dozwolone.map((d) => d.Stan)).toEqual([
      'towar_otrzymany',
    ]);

    const before = await checkout.stockOf(db(), product('Kubek z herbem').Id);
    const both = await Promise.all([move('towar_otrzymany'), move('towar_otrzymany')]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await checkout.stockOf(db(), product('Kubek z herbem').Id)).toBe(before + 2);

    // Refunding moves money: the manager is refused, the owner records it (decision 050).
    expect((await move('zwrot_pieniedzy')).status).toBe(403);
    const refunded = await owner.fetch(`${PANEL}/returns/${Id}/state`, {
      method: 'POST',
      json: { Stan: 'zwrot_pieniedzy' },
    });
    expect(refunded.status, await refunded.clone().text()).toBe(200);
    expect(((await refunded.json()) as PanelReturn).Stan).toBe('zwrot_pieniedzy');
    expect(await checkout.stockOf(db(), product('Kubek z herbem').Id)).toBe(before + 2);
    // The money went back through the payment's provider: the two returned mugs, once.
    const refunds = (await (
      await owner.fetch(`${PANEL}/orders/${order.id}/refunds`)
    ).json()) as PanelOrderRefunds;
    expect(refunds.Zwroty).toHaveLength(1);
    expect(refunds.Zwroty[0]).toMatchObject({ Zrodlo: `Zwrot nr ${Id}`, Pozycje: [{ Ilosc: 2 }] });
    const again = await owner.fetch(`${PANEL}/returns/${Id}/state`, {
      method: 'POST',
      json: { Stan: 'zwrot_pieniedzy' },
    });
    expect(again.status).toBe(409);
    const subjects = (await mailsTo(email)).map((m) => /Subject: (.*)/.exec(m)?.[1]);
    expect(subjects).toEqual(
      expect.arrayContaining([
        `Zwrot przyjęty – zamówienie ${order.number}`,
        `Otrzymaliśmy zwracane produkty – zamówienie ${order.number}`,
        `Zwrot pieniędzy – zamówienie ${order.number}`,
      ]),
    );
    const audit = await owner.fetch(`${PANEL}/audit?q=return`);
    expect(audit.status).toBeLessThan(500);
  });

  it('a rejection needs its reason, which the buyer reads', async () => {
    const { email, token } = await guestOrder([['Brelok metalowy', 1]]);
    const [line] = (await offer(token)).Pozycje;
    const { Id } = (await (await withdraw(token, [{ Id: line!.Id, Ilosc: 1 }])).json()) as WithdrawalReceipt;
    const bare = await manager.fetch(`${PANEL}/returns/${Id}/state`, {
      method: 'POST',
      json: { Stan: 'odrzucony' },
    });
    expect(bare.status).toBe(400);
    const res = await manager.fetch(`${PANEL}/returns/${Id}/state`, {
      method: 'POST',
      json: { Stan: 'odrzucony', Uwagi: 'Zgłoszenie po terminie' },
    });
    expect(res.status).toBe(200);
    expect((await mailsTo(email)).find((m) => m.includes('Zwrot odrzucony'))).toContain(
      'Zgłoszenie po terminie',
    );
  });
});
