import { createHash } from 'node:crypto';
import { formatGrosze, GIFT_CARD_PAYMENT_METHOD, msg } from '@club/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  giftCards,
  giftCardUses,
  invoices,
  orderLines,
  orders,
  organisations,
  refundLines,
  refunds,
} from '../src/db/schema.ts';
import type { CorrectionInvoice, VatInvoice } from '../src/modules/invoices/invoice-data.ts';
import { issueCorrection, issueIfQualifies, shopDay } from '../src/modules/invoices/issue.ts';
import { linesAfterRefunds } from '../src/modules/refunds/correction.ts';
import { type FakePayu, startFakePayu } from './fakes/payu-server.ts';
import * as checkout from './fixtures/checkout.ts';
import { json, refused, S } from './fixtures/checkout.ts';
import { insertOrder, orgIdOf, ticketFor, userOf } from './fixtures/orders.ts';
import { PANEL } from './fixtures/panel.ts';
import { configurePayu } from './fixtures/payu.ts';
import { pdfText } from './fixtures/pdf-text.ts';
import { DEMO_CUSTOMER } from './passwords.ts';

type Ref = { Id: number; Numer: string; Rodzaj: 'VAT' | 'KOR'; Brutto: number };
const COMPANY = { Nazwa: 'Gęślą Jaźń S.A.', NIP: '774-000-14-54' };
const PAYU = { posId: '300746', clientId: '300746', clientSecret: 'r'.repeat(32), secondKey: 's'.repeat(32) };
const zl = (grosze: number) => formatGrosze(grosze).replace(/\u00a0/g, ' ');

describe('gift cards in invoices and the accounting export', () => {
  let { t, owner, manager, product, ship } = {} as checkout.CheckoutPanelShop;
  let payu: FakePayu;
  let demoId: number;
  let customerId: number;
  let customer: string;
  let n = 0;
  const db = () => t.database.db;

  /**
   * A paid order of the demo customer's written straight into the tables; `gift` marks the lines
   * that are gift cards sold.
   */
  const paidOrder = async (o: {
    lines: { name: string; quantity: number; unitPrice: number; gift?: boolean }[];
    shippingCost?: number;
    giftCardPaid?: number;
    paymentMethod?: number;
    paymentStatus?: string;
    nip?: boolean;
  }) => {
    const order = await insertOrder(db(), {
      organisationId: demoId,
      userId: customerId,
      number: `KP/TEST/${++n}`,
      shippingCost: o.shippingCost ?? 0,
      lines: o.lines.map((l) => ({
        productId: null,
        productName: l.name,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
      })),
    });
    await db()
      .update(orders)
      .set({
        paymentStatus: o.paymentStatus ?? 'COMPLETED',
        paymentMethod: o.paymentMethod ?? 10,
        giftCardPaid: o.giftCardPaid ?? 0,
        ...(o.nip && { invoiceCompany: COMPANY.Nazwa, invoiceNip: '7740001454' }),
      })
      .where(eq(orders.id, order.id));
    const rows = await db()
      .select({ id: orderLines.id })
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id))
      .orderBy(asc(orderLines.id));
    for (const [i, l] of o.lines.entries()) {
      if (l.gift) await db().update(orderLines).set({ giftCard: true }).where(eq(orderLines.id, rows[i]!.id));
    }
    return { ...order, number: `KP/TEST/${n}`, lineIds: rows.map((r) => r.id) };
  };

  const issueAutomatically = async (orderId: number) => {
    const [org] = await db().select().from(organisations).where(eq(organisations.id, demoId));
    return db().transaction((tx) => issueIfQualifies(tx, org!, orderId));
  };
  const vatOf = async (orderId: number) => {
    const [row] = await db()
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'VAT')));
    return row;
  };
  const pdfOf = async (invoiceId: number) =>
    (
      await pdfText(
        Buffer.from(await (await manager.fetch(`${PANEL}/invoices/${invoiceId}/pdf`)).arrayBuffer()),
      )
    ).text;

  beforeAll(async () => {
    ({ t, owner, manager, product, ship } = await checkout.openCheckoutPanelShop());
    demoId = await orgIdOf(db(), 'demo');
    customerId = (await userOf(db(), 'demo', DEMO_CUSTOMER.email)).id;
    customer = await ticketFor(t, 'demo', DEMO_CUSTOMER.email);
    payu = await startFakePayu(PAYU);
    await configurePayu(t, { ...PAYU, sandbox: true, baseUrl: payu.url });
  });
  afterAll(async () => {
    await t?.close();
    await payu?.close();
  });

  it('through the shop: a card bought with a NIP gets no invoice; the order it pays part of gets one saying so', async () => {
    const paidOnline = async (orderId: number) => {
      const [o] = await db().select().from(orders).where(eq(orders.id, orderId));
      payu.complete(o!.paymentExternalId!);
      expect((await payu.notify(o!.paymentExternalId!, 'COMPLETED', t.url)).status).toBe(200);
    };
    const email = `faktura.karta.${Date.now()}@example.pl`;
    const cardCart = await checkout.makeCart(t, [checkout.line(product('E-karta podarunkowa'), 1, '100 zł')]);
    const byEmail = (
      await checkout.json<checkout.Shipping[]>(
        await t.fetch(`${S}/getwysylki?koszyk=${cardCart}`, { org: 'demo' }),
      )
    )[0]!;
    await checkout.placeOk(t, checkout.orderBody(cardCart, byEmail, { Email: email, Faktura: COMPANY }));
    const bought = (await checkout.orderOfCart(db(), cardCart))!;
    await paidOnline(bought.id);
    expect(await db().select().from(giftCards).where(eq(giftCards.orderId, bought.id))).toHaveLength(1);
    expect(await vatOf(bought.id)).toBeUndefined();
    const message = await checkout.eventually(async () =>
      (await t.outbox.messages()).find((m) => m.to === email && m.subject.startsWith('Karta podarunkowa')),
    );
    const code = /(?:[2-9A-HJKMNP-Z]{4}-){3}[2-9A-HJKMNP-Z]{4}/.exec(message.text)![0];

    const dpd = ship('Kurier DPD');
    const cart = await checkout.makeCart(t, [checkout.line(product('Szalik zimowy dziany'), 2)]);
    await checkout.json(
      await t.fetch(`${S}/koszyk/${cart}/karta`, { method: 'POST', json: { Kod: code }, org: 'demo' }),
    );
    await checkout.placeOk(t, checkout.orderBody(cart, dpd, { Email: email, Faktura: COMPANY }));
    const spent = (await checkout.orderOfCart(db(), cart))!;
    expect(spent.giftCardPaid).toBe(10000);
    expect(await vatOf(spent.id)).toBeUndefined();
    await paidOnline(spent.id);
    const row = (await vatOf(spent.id))!;
    expect(row.gross).toBe(spent.total);
    expect((row.data as VatInvoice).payment).toMatchObject({ label: 'PayU', paid: true, giftCard: 10000 });
    const text = await pdfOf(row.id);
    expect(text).toContain(`Zapłacono kartą podarunkową: ${zl(10000)} Zapłacono: ${zl(spent.total - 10000)}`);
  });

  it('issues no invoice for an order of gift cards alone: not automatically, nor on request', async () => {
    const o = await paidOrder({
      lines: [{ name: 'Karta podarunkowa (100 zł)', quantity: 2, unitPrice: 10000, gift: true }],
      nip: true,
    });
    expect(await issueAutomatically(o.id)).toBeNull();
    expect(await vatOf(o.id)).toBeUndefined();

    const byManager = await refused(
      await owner.fetch(`${PANEL}/orders/${o.id}/invoices`, { method: 'POST' }),
      409,
    );
    expect(byManager.Message).toBe(msg.invoiceGiftCardsOnly);
    const byBuyer = await refused(
      await t.fetch(`${S}/zamowienie/${o.id}/faktura`, { method: 'POST', json: COMPANY, ticket: customer }),
      409,
    );
    expect(byBuyer.Message).toBe(msg.invoiceGiftCardsOnly);
    expect(await vatOf(o.id)).toBeUndefined();
  });

  it('leaves gift card lines out of an invoice; a correction still pairs the lines with the order’s', async () => {
    const o = await paidOrder({
      lines: [
        { name: 'Karta podarunkowa (50 zł)', quantity: 1, unitPrice: 5000, gift: true },
        { name: 'Szalik klubowy', quantity: 2, unitPrice: 4999 },
      ],
      shippingCost: 1599,
    });
    const ref = await json<Ref>(await owner.fetch(`${PANEL}/orders/${o.id}/invoices`, { method: 'POST' }));
    expect(ref.Brutto).toBe(2 * 4999 + 1599);
    const inv = (await vatOf(o.id))!.data as VatInvoice;
    expect(inv.lines.map((l) => [l.name, l.quantity, l.orderLine])).toEqual([
      ['Szalik klubowy', 2, 1],
      ['Kurier DPD', 1, undefined],
    ]);
    // One scarf and the shipping given back: the order's second line and the shipping.
    const after = linesAfterRefunds(inv.lines, 2, [
      { kind: 'pieces', pieces: new Map([[1, 1]]), shipping: true },
    ]);
    expect(after.map((l) => [l.name, l.quantity])).toEqual([
      ['Szalik klubowy', 1],
      ['Kurier DPD', 0],
    ]);
  });

  it('invoices in full an order a gift card paid part of, and says what the card paid and what the rest', async () => {
    const o = await paidOrder({
      lines: [{ name: 'Koszulka meczowa', quantity: 1, unitPrice: 19999 }],
      shippingCost: 1599,
      giftCardPaid: 5000,
      nip: true,
    });
    const row = await issueAutomatically(o.id);
    expect(row!.gross).toBe(o.total);
    const data = row!.data as VatInvoice;
    expect(data.payment).toMatchObject({ form: 'transfer', label: 'PayU', paid: true, giftCard: 5000 });
    const text = await pdfOf(row!.id);
    expect(text).toContain(`Zapłacono kartą podarunkową: ${zl(5000)} Zapłacono: ${zl(o.total - 5000)}`);
    expect(text).toContain('Sposób płatności: PayU');

    // A refund's correction gives back its own amount, whatever the card paid of the invoice.
    const [org] = await db().select().from(organisations).where(eq(organisations.id, demoId));
    const kor = await issueCorrection(db(), org!, row!.id, {
      after: data.lines.map((l, i) => (i === 0 ? { ...l, quantity: 0 } : l)),
      reason: 'Zwrot towaru',
    });
    expect(kor.gross).toBe(-19999);
    expect((kor.data as CorrectionInvoice).payment.giftCard).toBeUndefined();
    const korText = await pdfOf(kor.id);
    expect(korText).toContain(`Zwrócono: ${zl(19999)}`);
    expect(korText).not.toContain('kartą podarunkową');
  });

  it('invoices an order a gift card paid in full as paid by the card', async () => {
    const o = await paidOrder({
      lines: [{ name: 'Szalik klubowy', quantity: 1, unitPrice: 4999 }],
      shippingCost: 1599,
      paymentMethod: GIFT_CARD_PAYMENT_METHOD,
      paymentStatus: 'NEW',
      nip: true,
    });
    await db().update(orders).set({ giftCardPaid: o.total }).where(eq(orders.id, o.id));
    const row = await issueAutomatically(o.id);
    expect((row!.data as VatInvoice).payment).toMatchObject({
      form: 'voucher',
      label: 'Karta podarunkowa',
      paid: true,
      giftCard: o.total,
    });
    const text = await pdfOf(row!.id);
    expect(text).toContain(`Zapłacono kartą podarunkową: ${zl(o.total)}`);
    expect(text).not.toContain('Zapłacono: ');
    expect(text).not.toContain('Do zapłaty');
    expect(text).toContain('Sposób płatności: Karta podarunkowa');
  });

  it('exports the cards sold, refunded, used and expired, gross only, after the invoices', async () => {
    const sold = await paidOrder({
      lines: [{ name: 'Karta podarunkowa (100 zł)', quantity: 1, unitPrice: 10000, gift: true }],
    });
    const spent = await paidOrder({
      lines: [{ name: 'Koszulka meczowa', quantity: 1, unitPrice: 12000 }],
      giftCardPaid: 7000,
      nip: true,
    });
    const spentInvoice = await issueAutomatically(spent.id);
    const now = new Date();
    const [card] = await db()
      .insert(giftCards)
      .values({
        organisationId: demoId,
        codeHash: createHash('sha256').update(`KODTESTOWY${n}`).digest('hex'),
        codeEnd: 'PQRS',
        amount: 10000,
        balance: 4500,
        expiresAt: new Date(now.getTime() + 365 * 86_400_000),
        orderId: sold.id,
        orderLineId: sold.lineIds[0]!,
        email: 'kibic@example.pl',
      })
      .returning();
    await db()
      .insert(giftCardUses)
      .values([
        { organisationId: demoId, giftCardId: card!.id, orderId: spent.id, amount: 7000, kind: 'order' },
        { organisationId: demoId, giftCardId: card!.id, orderId: spent.id, amount: -1500, kind: 'refund' },
      ]);
    // Another day's card is not in today's export.
    await db()
      .insert(giftCards)
      .values({
        organisationId: demoId,
        codeHash: createHash('sha256').update(`STARY${n}`).digest('hex'),
        codeEnd: 'WXYZ',
        amount: 20000,
        balance: 20000,
        expiresAt: new Date(now.getTime() + 300 * 86_400_000),
        email: 'kibic@example.pl',
        createdAt: new Date(now.getTime() - 3 * 86_400_000),
      });
    // A purchase refunded: its card blocked, its money back.
    const refundedBuy = await paidOrder({
      lines: [{ name: 'Karta podarunkowa (50 zł)', quantity: 1, unitPrice: 5000, gift: true }],
    });
    const addCard = (code: string, values: Partial<typeof giftCards.$inferInsert>) =>
      db()
        .insert(giftCards)
        .values({
          organisationId: demoId,
          codeHash: createHash('sha256').update(`${code}${n}`).digest('hex'),
          codeEnd: code.slice(-4),
          amount: 5000,
          balance: 5000,
          expiresAt: new Date(now.getTime() + 365 * 86_400_000),
          email: 'kibic@example.pl',
          ...values,
        });
    await addCard('ZWROTABC', {
      orderId: refundedBuy.id,
      orderLineId: refundedBuy.lineIds[0]!,
      disabledAt: now,
    });
    const [back] = await db()
      .insert(refunds)
      .values({
        organisationId: demoId,
        orderId: refundedBuy.id,
        source: 'order',
        method: 'transfer',
        state: 'zakonczony',
        amount: 5000,
        extRefundId: `test-${refundedBuy.id}`,
      })
      .returning();
    await db().insert(refundLines).values({
      organisationId: demoId,
      refundId: back!.id,
      orderLineId: refundedBuy.lineIds[0]!,
      quantity: 1,
      amount: 5000,
    });
    // Cards bought long ago that expired a moment ago: what one still had settles its prepayment;
    // a blocked one's does not (its refund did).
    const oldBuy = await paidOrder({
      lines: [{ name: 'Karta podarunkowa (50 zł)', quantity: 2, unitPrice: 5000, gift: true }],
    });
    const longAgo = new Date(now.getTime() - 400 * 86_400_000);
    const justNow = new Date(Date.now() - 1000);
    await addCard('STARAAAA', { orderId: oldBuy.id, balance: 2500, expiresAt: justNow, createdAt: longAgo });
    await addCard('STARABBB', {
      orderId: oldBuy.id,
      expiresAt: justNow,
      createdAt: longAgo,
      disabledAt: longAgo,
    });

    const day = shopDay();
    const res = await manager.fetch(`${PANEL}/invoices.csv?od=${day}&do=${day}`);
    expect(res.status).toBe(200);
    const rows = (await res.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const head = rows[0]!.split(';');
    const gross = head.indexOf('Brutto razem');
    const kinds = rows.slice(1).map((r) => r.split(';')[1]);
    // Invoices first, as before; then the cards.
    const firstCard = kinds.findIndex((k) => k?.startsWith('Karta podarunkowa'));
    expect(kinds.slice(0, firstCard).every((k) => k === 'Faktura VAT' || k === 'Faktura korygująca')).toBe(
      true,
    );
    expect(rows.some((r) => r.startsWith(`${spentInvoice!.number};Faktura VAT;`))).toBe(true);

    const cardRows = rows.slice(1 + firstCard).map((r) => r.split(';'));
    // The shop's own purchase and spending above are in it too; these two orders' rows:
    const numbers = [sold, spent, refundedBuy, oldBuy].map((o) => o.number);
    const ours = cardRows.filter((c) => numbers.includes(c[0]!));
    expect(ours.map((c) => [c[0], c[1], c[2], c[5], c[gross]])).toEqual([
      [sold.number, 'Karta podarunkowa – przedpłata', day, 'Jan Kibic', '100,00'],
      [refundedBuy.number, 'Karta podarunkowa – przedpłata', day, 'Jan Kibic', '50,00'],
      [refundedBuy.number, 'Karta podarunkowa – zwrot przedpłaty', day, 'Jan Kibic', '-50,00'],
      [spent.number, 'Karta podarunkowa – wykorzystanie', day, COMPANY.Nazwa, '70,00'],
      [spent.number, 'Karta podarunkowa – wykorzystanie', day, COMPANY.Nazwa, '-15,00'],
      [oldBuy.number, 'Karta podarunkowa – wygaśnięcie', day, 'Jan Kibic', '25,00'],
    ]);
    expect(ours[3]![6]).toBe('7740001454');
    // Gross only: no net or VAT, per rate or in total.
    for (const c of cardRows) {
      expect(c).toHaveLength(head.length);
      expect(c.slice(7, gross).every((v) => v === '')).toBe(true);
    }
    // The card of another day (and of no order) is not.
    expect(cardRows.filter((c) => c[0] === '')).toEqual([]);
    expect(cardRows.every((c) => c[2] === day)).toBe(true);
  });
});
