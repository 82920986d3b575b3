import {
  type AccountOrderDetail,
  EXCHANGE_PAYMENT_METHOD,
  fillMessage,
  msg,
  type PanelOrderDetail,
  type PanelReturn,
  type WithdrawalOffer,
  type WithdrawalReceipt,
} from '@club/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orderLines, orders, productParameters, products } from '../src/db/schema.ts';
import * as checkout from './fixtures/checkout.ts';
import { otherCustomerOf, ticketFor } from './fixtures/orders.ts';
import { PANEL, type PanelClient } from './fixtures/panel.ts';

/**
 * Size exchange over HTTP: the buyer asks for another size instead of the money, the panel sends
 * it as a new order with nothing to pay once the goods are back. Never at another price, never
 * twice, never for another club, never by a stranger.
 */
let { t, product, ship, customer, owner, manager, rival } = {} as checkout.CheckoutPanelShop;
beforeAll(async () => {
  ({ t, product, ship, customer, owner, manager, rival } = await checkout.openCheckoutPanelShop());
});
afterAll(() => t?.close());

const db = () => t.database.db;
const W = `${checkout.S}/odstapienie`;
const SHIRT = 'Koszulka treningowa';
let guestNo = 0;

const guestOrder = async (lines: [string, number, string?][]) => {
  const email = `wymiana${++guestNo}.${Date.now()}@example.pl`;
  const { order, url } = await checkout.placeCart(
    t,
    lines.map(([name, n, size]) => checkout.line(product(name), n, size)),
    ship('Kurier DPD'),
    { extra: { Email: email } },
  );
  await checkout.payDemo(t, url);
  const mail = (await checkout.mails(t)).find(
    (m) => m.startsWith(`To: ${email}\n`) && m.includes(order.number),
  );
  const token = /\/odstapienie\/(\d+\.\d+\.[A-Za-z0-9_-]{32})/.exec(mail!)?.[1];
  expect(token, 'the confirmation carries the withdrawal link').toBeTruthy();
  return { order, email, token: token! };
};
const offer = async (token: string) => {
  const res = await t.fetch(`${W}/${token}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as WithdrawalOffer;
};
const withdraw = (token: string, Pozycje: { Id: number; Ilosc: number; WymianaNa?: number | null }[]) =>
  t.fetch(`${W}/${token}`, { method: 'POST', json: { Pozycje } });
const sizeId = (name: string, size: string) => product(name).Parametry.find((p) => p.Nazwa === size)!.Id;
const sizeStock = async (id: number) =>
  (
    await db()
      .select({ stock: productParameters.stock })
      .from(productParameters)
      .where(eq(productParameters.id, id))
  )[0]!.stock;
const message = async (res: Response) => ((await res.json()) as { Message: string }).Message;
const move = (who: PanelClient, id: number, Stan: string) =>
  who.fetch(`${PANEL}/returns/${id}/state`, { method: 'POST', json: { Stan } });
/** Accepted and the goods back: the state 'Wyślij wymianę' needs. */
const receiveGoods = async (id: number) => {
  for (const s of ['przyjety', 'towar_otrzymany']) {
    const res = await move(manager, id, s);
    expect(res.status, await res.clone().text()).toBe(200);
  }
};
const exchangeOrdersOf = (returnId: number) =>
  db()
    .select()
    .from(orders)
    .where(eq(orders.cartGuid, `wymiana-${returnId}`));

describe('the buyer asks for another size', () => {
  it('the form offers sizes in stock at the price paid; a line without sizes offers none', async () => {
    const { token } = await guestOrder([
      [SHIRT, 1, 'M'],
      ['Kubek z herbem', 1],
    ]);
    const o = await offer(token);
    const shirt = o.Pozycje.find((l) => l.Nazwa === SHIRT)!;
    const inStock = product(SHIRT).Parametry.filter((p) => p.Stan > 0 && p.Nazwa !== 'M');
    expect(shirt.Rozmiary.map((r) => r.Nazwa)).toEqual(inStock.map((p) => p.Nazwa));
    expect(shirt.BrakWymiany).toBeNull();
    const mug = o.Pozycje.find((l) => l.Nazwa === 'Kubek z herbem')!;
    expect(mug).toMatchObject({ Rozmiary: [], BrakWymiany: null });
  });

  it('says so in Polish when no other size is in stock', async () => {
    const { token } = await guestOrder([['Koszulka retro 1979', 1, 'M']]);
    const retro = product('Koszulka retro 1979');
    await db()
      .update(productParameters)
      .set({ stock: 0 })
      .where(and(eq(productParameters.productId, retro.Id)));
    const [line] = (await offer(token)).Pozycje;
    expect(line).toMatchObject({ Rozmiary: [], BrakWymiany: msg.exchangeNoSizes });
  });

  it('refuses a size of another product (another price), the same size, or a line without sizes', async () => {
    const { token } = await guestOrder([
      [SHIRT, 1, 'M'],
      ['Kubek z herbem', 1],
    ]);
    const o = await offer(token);
    const shirt = o.Pozycje.find((l) => l.Nazwa === SHIRT)!;
    const mug = o.Pozycje.find((l) => l.Nazwa === 'Kubek z herbem')!;
    const dearer = sizeId('Koszulka meczowa domowa 2026/27', 'L');
    for (const WymianaNa of [dearer, sizeId(SHIRT, 'M')]) {
      const res = await withdraw(token, [{ Id: shirt.Id, Ilosc: 1, WymianaNa }]);
      expect(res.status).toBe(409);
      expect(await message(res)).toBe(msg.exchangeSizeInvalid);
    }
    const noSizes = await withdraw(token, [{ Id: mug.Id, Ilosc: 1, WymianaNa: sizeId(SHIRT, 'L') }]);
    expect(noSizes.status).toBe(409);
    expect(await message(noSizes)).toBe(msg.exchangeNoParameter);
    // Nothing was recorded by the refusals: the piece is still there to withdraw.
    expect((await offer(token)).Pozycje.find((l) => l.Id === shirt.Id)!.Dostepne).toBe(1);
  });
});

describe('the panel sends the exchange', () => {
  it('two presses at once make one order, take the new size once, link both orders, e-mail and audit it', async () => {
    const { order, email, token } = await guestOrder([[SHIRT, 1, 'M']]);
    const [line] = (await offer(token)).Pozycje;
    const L = sizeId(SHIRT, 'L');
    const res = await withdraw(token, [{ Id: line!.Id, Ilosc: 1, WymianaNa: L }]);
    expect(res.status, await res.clone().text()).toBe(200);
    const receipt = (await res.json()) as WithdrawalReceipt;
    expect(receipt.Pozycje).toEqual([{ Nazwa: SHIRT, Parametr: 'M', Ilosc: 1, WymianaNa: 'L' }]);
    const ack = (await checkout.mails(t)).find(
      (m) => m.startsWith(`To: ${email}\n`) && m.includes('Potwierdzenie odstąpienia'),
    );
    expect(ack).toContain('wymiana na rozmiar L');

    const before = (await (await manager.fetch(`${PANEL}/returns/${receipt.Id}`)).json()) as PanelReturn;
    expect(before.Pozycje[0]).toMatchObject({ WymianaNa: 'L', Parametr: 'M' });
    expect(before.Wymiana).toBeNull();
    // Not before the goods are back.
    expect((await move(manager, receipt.Id, 'wymieniony')).status).toBe(409);
    await receiveGoods(receipt.Id);
    const afterGoods = (await (await manager.fetch(`${PANEL}/returns/${receipt.Id}`)).json()) as PanelReturn;
    expect(afterGoods.Dozwolone.map((d) => d.Stan)).toEqual(['zwrot_pieniedzy', 'wymieniony']);

    const stockL = await sizeStock(L);
    const shirtStock = await checkout.stockOf(db(), product(SHIRT).Id);
    // A manager may send it (no money moves); two at once: one order.
    const both = await Promise.all([
      move(manager, receipt.Id, 'wymieniony'),
      move(manager, receipt.Id, 'wymieniony'),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const made = await exchangeOrdersOf(receipt.Id);
    expect(made).toHaveLength(1);
    const x = made[0]!;
    expect(x).toMatchObject({
      paymentMethod: EXCHANGE_PAYMENT_METHOD,
      paymentStatus: 'COMPLETED',
      status: 20,
      total: 0,
      shippingCost: 0,
      email,
      name: order.name,
      street: order.street,
      shippingName: order.shippingName,
    });
    const lines = await db().select().from(orderLines).where(eq(orderLines.orderId, x.id));
    expect(lines).toEqual([
      expect.objectContaining({ parameterName: 'L', parameterId: L, quantity: 1, unitPrice: 14999 }),
    ]);
    expect(await sizeStock(L)).toBe(stockL - 1);
    expect(await checkout.stockOf(db(), product(SHIRT).Id)).toBe(shirtStock - 1);

    const loser = both.find((r) => r.status === 409)!;
    expect(await message(loser)).toBe(fillMessage(msg.exchangeAlreadyDone, { numer: x.number }));
    const done = (await (await manager.fetch(`${PANEL}/returns/${receipt.Id}`)).json()) as PanelReturn;
    expect(done).toMatchObject({ Stan: 'wymieniony', Wymiana: { Id: x.id, Numer: x.number }, Dozwolone: [] });
    // The new order names the one it replaces goods of.
    const panelOrder = (await (await manager.fetch(`${PANEL}/orders/${x.id}`)).json()) as PanelOrderDetail;
    expect(panelOrder.WymianaDo).toEqual({ Id: order.id, Numer: order.number });
    expect(panelOrder.Platnosc.MetodaNazwa).toBe('Wymiana — bez płatności');
    expect(panelOrder.Kwota).toBe(0);

    const sent = (await checkout.mails(t)).find(
      (m) =>
        m.startsWith(`To: ${email}\n`) &&
        m.includes(`Subject: Wymiana rozmiaru wysłana – zamówienie ${x.number}`),
    );
    expect(sent).toContain(order.number);
    expect(sent).toContain('M → L');
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'return'), eq(auditLog.action, 'exchange')));
    expect(audit.find((a) => a.entityId === String(receipt.Id))?.after).toMatchObject({
      ZamowienieWymiany: x.number,
    });
    // A refund of the exchange order finds nothing paid: money only comes back from the original.
    const refund = await owner.fetch(`${PANEL}/orders/${x.id}/refunds`, {
      method: 'POST',
      json: { Pozycje: [{ Id: lines[0]!.id, Ilosc: 1 }] },
    });
    expect(refund.status).toBeGreaterThanOrEqual(400);
    // Nor from the original for the swapped shirt the buyer keeps.
    const [origLine] = await db().select().from(orderLines).where(eq(orderLines.orderId, order.id));
    const again = await owner.fetch(`${PANEL}/orders/${order.id}/refunds`, {
      method: 'POST',
      json: { Pozycje: [{ Id: origLine!.id, Ilosc: 1 }] },
    });
    expect(again.status).toBe(409);
    expect(await message(again)).toBe(msg.refundLineTooMany);
    const left = (await (await owner.fetch(`${PANEL}/orders/${order.id}/refunds`)).json()) as {
      DoZwrotu: { Pozycje: unknown[] };
    };
    expect(left.DoZwrotu.Pozycje).toEqual([]);
    // The exchange order cancelled (nothing sent): the original's shirt is refundable again.
    const cancel = await owner.fetch(`${PANEL}/orders/${x.id}/status`, {
      method: 'POST',
      json: { Status: 60 },
    });
    expect(cancel.status, await cancel.clone().text()).toBe(200);
    const reopened = (await (await owner.fetch(`${PANEL}/orders/${order.id}/refunds`)).json()) as {
      DoZwrotu: { Pozycje: { Id: number }[] };
    };
    expect(reopened.DoZwrotu.Pozycje.map((p) => p.Id)).toEqual([origLine!.id]);
  });

  it('refuses a price changed since the purchase, and a size sold out meanwhile; the owner refunds instead', async () => {
    const retro = product('Koszulka treningowa');
    const priced = await guestOrder([[SHIRT, 1, 'S']]);
    const soldOut = await guestOrder([[SHIRT, 1, 'S']]);
    const XL = sizeId(SHIRT, 'XL');
    const ids: number[] = [];
    for (const g of [priced, soldOut]) {
      const [line] = (await offer(g.token)).Pozycje;
      const res = await withdraw(g.token, [{ Id: line!.Id, Ilosc: 1, WymianaNa: XL }]);
      expect(res.status, await res.clone().text()).toBe(200);
      const { Id } = (await res.json()) as WithdrawalReceipt;
      await receiveGoods(Id);
      ids.push(Id);
    }
    const stockXL = await sizeStock(XL);

    await db().update(products).set({ priceGross: 12999 }).where(eq(products.id, retro.Id));
    const repriced = await move(manager, ids[0]!, 'wymieniony');
    expect(repriced.status).toBe(409);
    expect(await message(repriced)).toBe(fillMessage(msg.exchangePriceChanged, { produkt: SHIRT }));
    await db().update(products).set({ priceGross: 14999 }).where(eq(products.id, retro.Id));

    await db().update(productParameters).set({ stock: 0 }).where(eq(productParameters.id, XL));
    const gone = await move(manager, ids[1]!, 'wymieniony');
    expect(gone.status).toBe(409);
    expect(await message(gone)).toBe(fillMessage(msg.exchangeSizeSoldOut, { produkt: SHIRT, rozmiar: 'XL' }));
    expect(await exchangeOrdersOf(ids[0]!)).toHaveLength(0);
    expect(await exchangeOrdersOf(ids[1]!)).toHaveLength(0);
    await db().update(productParameters).set({ stock: stockXL }).where(eq(productParameters.id, XL));

    // The manager may not refund (money: owner only); the owner refunds the shirt instead.
    expect((await move(manager, ids[1]!, 'zwrot_pieniedzy')).status).toBe(403);
    const refunded = await move(owner, ids[1]!, 'zwrot_pieniedzy');
    expect(refunded.status, await refunded.clone().text()).toBe(200);
    expect(((await refunded.json()) as PanelReturn).Stan).toBe('zwrot_pieniedzy');
    expect((await move(manager, ids[1]!, 'wymieniony')).status).toBe(409);
  });

  it('a mixed return: the exchange first, then the refund of the other line only', async () => {
    const { order, token } = await guestOrder([
      [SHIRT, 1, 'M'],
      ['Kubek z herbem', 1],
    ]);
    const o = await offer(token);
    const shirt = o.Pozycje.find((l) => l.Nazwa === SHIRT)!;
    const mug = o.Pozycje.find((l) => l.Nazwa === 'Kubek z herbem')!;
    const res = await withdraw(token, [
      { Id: shirt.Id, Ilosc: 1, WymianaNa: sizeId(SHIRT, 'S') },
      { Id: mug.Id, Ilosc: 1 },
    ]);
    const { Id } = (await res.json()) as WithdrawalReceipt;
    await receiveGoods(Id);
    const sent = await move(manager, Id, 'wymieniony');
    expect(sent.status, await sent.clone().text()).toBe(200);
    expect((await sent.json()) as PanelReturn).toMatchObject({
      Stan: 'towar_otrzymany',
      Dozwolone: [{ Stan: 'zwrot_pieniedzy' }],
    });
    const refunded = await move(owner, Id, 'zwrot_pieniedzy');
    expect(refunded.status, await refunded.clone().text()).toBe(200);
    const refunds = (await (await owner.fetch(`${PANEL}/orders/${order.id}/refunds`)).json()) as {
      Zwroty: { Pozycje: { Nazwa: string }[] }[];
    };
    expect(refunds.Zwroty.flatMap((z) => z.Pozycje.map((p) => p.Nazwa))).toEqual(['Kubek z herbem']);
  });

  it('the manager turns a plain return line into an exchange; only sizes that qualify, only before it is sent', async () => {
    const { token } = await guestOrder([[SHIRT, 1, 'M']]);
    const [line] = (await offer(token)).Pozycje;
    const { Id } = (await (await withdraw(token, [{ Id: line!.Id, Ilosc: 1 }])).json()) as WithdrawalReceipt;
    const detail = (await (await manager.fetch(`${PANEL}/returns/${Id}`)).json()) as PanelReturn;
    const lineId = detail.Pozycje[0]!.Id;
    expect(detail.Pozycje[0]!.Rozmiary.map((r) => r.Nazwa)).toContain('L');
    expect(detail.Dozwolone.map((d) => d.Stan)).toEqual(['przyjety', 'odrzucony']);
    const set = (who: PanelClient, WymianaNa: number | null) =>
      who.fetch(`${PANEL}/returns/${Id}/lines/${lineId}/exchange`, { method: 'PUT', json: { WymianaNa } });

    const dearer = await set(manager, sizeId('Koszulka meczowa domowa 2026/27', 'L'));
    expect(dearer.status).toBe(400);
    expect(await message(dearer)).toBe(msg.exchangeSizeInvalid);
    expect((await set(rival, sizeId(SHIRT, 'L'))).status).toBe(404);
    const ok = await set(manager, sizeId(SHIRT, 'L'));
    expect(ok.status, await ok.clone().text()).toBe(200);
    expect(((await ok.json()) as PanelReturn).Pozycje[0]!.WymianaNa).toBe('L');

    await receiveGoods(Id);
    expect((await move(rival, Id, 'wymieniony')).status).toBe(404);
    expect((await move(manager, Id, 'wymieniony')).status).toBe(200);
    const locked = await set(manager, null);
    expect(locked.status).toBe(409);
    expect(await message(locked)).toBe(msg.exchangeLineLocked);
  });
});

describe('a customer exchanges from the account', () => {
  it('sees the new order in the history; a stranger cannot ask on their order', async () => {
    const { order } = await checkout.placeCart(
      t,
      [checkout.line(product(SHIRT), 1, 'M')],
      ship('Kurier DPD'),
      {
        ticket: customer,
      },
    );
    const path = `${checkout.S}/zamowienie/${order.id}/odstapienie`;
    const [line] = ((await (await t.fetch(path, { ticket: customer })).json()) as WithdrawalOffer).Pozycje;
    const body = { Pozycje: [{ Id: line!.Id, Ilosc: 1, WymianaNa: sizeId(SHIRT, 'XXL') }] };
    const stranger = await ticketFor(t, 'demo', (await otherCustomerOf(db(), 'demo')).email);
    expect((await t.fetch(path, { method: 'POST', ticket: stranger, json: body })).status).toBe(404);
    expect((await t.fetch(path, { method: 'POST', json: body })).status).toBe(401);
    const res = await t.fetch(path, { method: 'POST', ticket: customer, json: body });
    expect(res.status, await res.clone().text()).toBe(200);
    const { Id } = (await res.json()) as WithdrawalReceipt;
    await receiveGoods(Id);
    expect((await move(manager, Id, 'wymieniony')).status).toBe(200);
    const [x] = await exchangeOrdersOf(Id);
    expect(x!.userId).toBe(order.userId);

    const history = (await (
      await t.fetch(`${checkout.S}/pobierzHistorieZamowien`, { ticket: customer })
    ).json()) as {
      NrZamowienia: string;
      Koszt: number;
    }[];
    expect(history.find((h) => h.NrZamowienia === x!.number)).toMatchObject({ Koszt: 0 });
    const detail = await t.fetch(`${checkout.S}/zamowienie/${x!.id}`, { ticket: customer });
    expect(detail.status, await detail.clone().text()).toBe(200);
    expect((await detail.json()) as AccountOrderDetail).toMatchObject({
      WymianaDo: order.number,
      Platnosc: { Metoda: 'Wymiana — bez płatności', Stan: 'Bez płatności (wymiana)' },
      Dostawa: { Koszt: 0 },
    });
  });
});
