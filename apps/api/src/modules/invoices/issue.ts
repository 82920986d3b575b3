import {
  GIFT_CARD_PAYMENT_METHOD,
  msg,
  PaymentMethod,
  paymentMethodLabel,
  type VatRate,
} from '@club/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { invoiceCounters, invoices, orderLines, orders, type SellerData } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import { PaymentStatus } from '../payments/provider.ts';
import {
  type CorrectionInvoice,
  type Invoice,
  type InvoiceLine,
  type InvoicePayment,
  type InvoiceSeller,
  shippingLine,
  type VatInvoice,
} from './invoice-data.ts';
import { formatInvoiceNumber, type InvoiceSeries } from './numbering.ts';
import { priceLines } from './reduction.ts';
import { lineGross, summarise, summariseCorrection } from './vat.ts';

export type InvoiceOrg = { id: number; seller: SellerData | null };
export type InvoiceRow = typeof invoices.$inferSelect;

/** Invoice dates are the shop's calendar days (Poland), whatever the server's zone. */
const TIME_ZONE = 'Europe/Warsaw';
export const shopDay = (at: Date = new Date()): string =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: TIME_ZONE }).format(at);

/**
 * The next number of a club's series in a year. The UPSERT takes the counter row's lock until the
 * issuing transaction ends, so concurrent issues wait and numbers stay consecutive and gap-free
 * (a rolled-back issue rolls its number back too).
 */
export const nextInvoiceNumber = async (tx: Tx, orgId: number, series: InvoiceSeries, year: number) => {
  const r = (await tx.execute(sql`
    INSERT INTO ${invoiceCounters} (organisation_id, series, year, last) VALUES (${orgId}, ${series}, ${year}, 1)
    ON CONFLICT (organisation_id, series, year) DO UPDATE SET last = ${invoiceCounters}.last + 1
    RETURNING last`)) as unknown as { rows: { last: number }[] };
  const sequence = Number(r.rows[0]!.last);
  return formatInvoiceNumber({ series, year, sequence });
};

/** The seller as an invoice needs it; null until the club has given its legal name, address and NIP. */
export const invoiceSeller = (org: InvoiceOrg): InvoiceSeller | null => {
  const s = org.seller;
  if (!s?.name.trim() || !s.nip || !s.street.trim() || !s.city.trim()) return null;
  return {
    name: s.name,
    street: s.street,
    postcode: s.postcode,
    city: s.city,
    countryCode: 'PL',
    nip: s.nip,
    bankAccount: s.bankAccount || null,
  };
};

/** Shipping is taxed at the rate of the largest part of the goods (the supply it goes with). */
const mainRate = (lines: InvoiceLine[]): VatRate => {
  const byRate = new Map<VatRate, number>();
  for (const l of lines) byRate.set(l.vatRate, (byRate.get(l.vatRate) ?? 0) + lineGross(l));
  let best: VatRate = '23';
  let max = -1;
  for (const [rate, gross] of byRate) if (gross > max) [best, max] = [rate, gross];
  return best;
};

type OrderRow = typeof orders.$inferSelect;

const orderInvoiceLines = async (tx: Tx, order: OrderRow): Promise<InvoiceLine[]> => {
  const rows = await tx
    .select()
    .from(orderLines)
    .where(and(eq(orderLines.orderId, order.id), eq(orderLines.organisationId, order.organisationId)))
    .orderBy(asc(orderLines.id));
  const lines: InvoiceLine[] = rows.flatMap((l, orderLine) => {
    // A gift card sold is a multi-purpose voucher (bon różnego przeznaczenia, art. 8b ustawy o VAT):
    // no supply until it is spent, so no line. The others keep their index among the order's lines.
    if (l.giftCard) return [];
    const line: InvoiceLine = {
      name: l.parameterName ? `${l.productName} (${l.parameterName})` : l.productName,
      quantity: l.quantity,
      unit: 'szt.',
      unitGross: l.unitPrice,
      // Lines placed before rates were kept: the rate every product had then.
      vatRate: l.vatRate ?? '23',
      orderLine,
    };
    // The discount is in the unit price (art. 106e ust. 1 pkt 10 allows it), to whole grosze.
    return l.discount > 0
      ? priceLines(
          { ...line, name: `${line.name}, po rabacie` },
          l.quantity,
          l.quantity * l.unitPrice - l.discount,
        )
      : [line];
  });
  if (order.shippingCost > 0)
    lines.push(shippingLine(order.shippingName, order.shippingCost, mainRate(lines)));
  return lines;
};

/** Paid in full: online (PayU) or by a gift card alone, which leaves nothing to collect. */
const isPaid = (o: Pick<OrderRow, 'paymentMethod' | 'paymentStatus'>) =>
  o.paymentStatus === PaymentStatus.completed || o.paymentMethod === GIFT_CARD_PAYMENT_METHOD;

/** Issued automatically: the order has a NIP and is paid or placed as cash on delivery. */
export const qualifiesAutomatically = (o: Pick<OrderRow, 'invoiceNip' | 'paymentMethod' | 'paymentStatus'>) =>
  o.invoiceNip !== null && (isPaid(o) || o.paymentMethod === PaymentMethod.cashOnDelivery);

/** An order of gift cards alone sells no goods yet: it gets no invoice (the spending does). */
export const onlyGiftCards = async (tx: Db | Tx, orgId: number, orderId: number): Promise<boolean> => {
  const [r] = await tx
    .select({ only: sql<boolean | null>`bool_and(${orderLines.giftCard})` })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), eq(orderLines.organisationId, orgId)));
  return r?.only === true;
};

export const buildVatInvoice = (
  order: OrderRow,
  lines: InvoiceLine[],
  seller: InvoiceSeller,
  number: string,
  issueDate: string,
): VatInvoice => {
  const cod = order.paymentMethod === PaymentMethod.cashOnDelivery;
  const byCard = order.paymentMethod === GIFT_CARD_PAYMENT_METHOD;
  const paid = isPaid(order);
  return {
    kind: 'VAT',
    number,
    issueDate,
    saleDate: shopDay(order.createdAt),
    place: seller.city,
    seller,
    buyer: {
      name: order.invoiceCompany ?? order.name,
      street: order.street,
      postcode: order.postcode,
      city: order.city,
      countryCode: 'PL',
      nip: order.invoiceNip,
    },
    currency: 'PLN',
    payment: {
      form: byCard ? 'voucher' : cod ? 'cash' : 'transfer',
      label: byCard ? paymentMethodLabel[GIFT_CARD_PAYMENT_METHOD]! : cod ? 'Za pobraniem' : 'PayU',
      paid,
      paidOn: paid ? issueDate : null,
      dueOn: paid ? null : issueDate,
      ...(order.giftCardPaid > 0 && { giftCard: order.giftCardPaid }),
    },
    lines,
  };
};

/**
 * The order's VAT invoice, issued now if it has none (idempotent: the order row's lock makes a
 * second caller wait and find the first one's invoice). `buyer` names a company given on request.
 */
export const issueInvoice = async (
  tx: Tx,
  org: InvoiceOrg,
  orderId: number,
  buyer?: { company: string; nip: string },
): Promise<InvoiceRow> => {
  const locked = (await tx.execute(
    sql`SELECT id FROM ${orders} WHERE id = ${orderId} AND organisation_id = ${org.id} FOR UPDATE`,
  )) as unknown as { rows: { id: number }[] };
  if (locked.rows.length === 0) throw notFound();
  const [existing] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'VAT')));
  if (existing) return existing;
  if (await onlyGiftCards(tx, org.id, orderId)) throw conflict(msg.invoiceGiftCardsOnly);
  const seller = invoiceSeller(org);
  if (!seller) throw conflict(msg.invoiceNoSeller);
  if (buyer) {
    await tx
      .update(orders)
      .set({ invoiceCompany: buyer.company, invoiceNip: buyer.nip })
      .where(and(eq(orders.id, orderId), eq(orders.organisationId, org.id)));
  }
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  const lines = await orderInvoiceLines(tx, order!);
  const issueDate = shopDay();
  const number = await nextInvoiceNumber(tx, org.id, 'VAT', Number(issueDate.slice(0, 4)));
  const data = buildVatInvoice(order!, lines, seller, number, issueDate);
  const [row] = await tx
    .insert(invoices)
    .values({
      organisationId: org.id,
      orderId,
      kind: 'VAT',
      number,
      issueDate,
      gross: summarise(lines).total.gross,
      data,
    })
    .returning();
  return row!;
};

const withoutGiftCard = ({ giftCard: _, ...payment }: InvoicePayment): InvoicePayment => payment;

/**
 * A correction of an issued invoice (faktura korygująca, its own FK series): `after` is each line
 * as it stands after the refund (same order as the invoice's lines; a line refunded in full has
 * quantity 0). For the refunds flow to call with what it gave back.
 */
export const issueCorrection = async (
  db: Db,
  org: InvoiceOrg,
  invoiceId: number,
  corrections: { after: InvoiceLine[]; reason: string },
): Promise<InvoiceRow> =>
  db.transaction(async (tx) => {
    const [original] = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.id, invoiceId), eq(invoices.organisationId, org.id)))
      .for('update');
    if (!original) throw notFound();
    if (original.kind !== 'VAT') throw conflict(msg.invoiceCorrectionOfCorrection);
    const issued = original.data as VatInvoice;
    // Corrections build on each other: the last one's "after" is the next one's "before".
    const previous = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.correctsId, original.id), eq(invoices.organisationId, org.id)))
      .orderBy(asc(invoices.id));
    const before = previous.length > 0 ? (previous.at(-1)!.data as CorrectionInvoice).after : issued.lines;
    const issueDate = shopDay();
    const number = await nextInvoiceNumber(tx, org.id, 'KOR', Number(issueDate.slice(0, 4)));
    const data: CorrectionInvoice = {
      kind: 'KOR',
      number,
      issueDate,
      saleDate: issued.saleDate,
      place: issued.place,
      seller: issued.seller,
      buyer: issued.buyer,
      currency: 'PLN',
      // What a gift card paid is the invoice's; what a correction gives back is its own amount.
      payment: { ...withoutGiftCard(issued.payment), paidOn: issued.payment.paid ? issueDate : null },
      corrects: { number: issued.number, issueDate: issued.issueDate },
      reason: corrections.reason,
      before,
      after: corrections.after,
    };
    const [row] = await tx
      .insert(invoices)
      .values({
        organisationId: org.id,
        orderId: original.orderId,
        kind: 'KOR',
        number,
        correctsId: original.id,
        issueDate,
        gross: summariseCorrection(before, corrections.after).difference.gross,
        data,
      })
      .returning();
    return row!;
  });

export const invoiceData = (row: InvoiceRow): Invoice => row.data as Invoice;

/**
 * The automatic invoice: issued in the caller's transaction when the order has a NIP and is paid
 * or a cash-on-delivery order not (or no longer) held for the buyer's confirmation. Null when the
 * order does not qualify or the club cannot invoice yet (the order step refuses such a club anyway).
 */
export const issueIfQualifies = async (
  tx: Tx,
  org: InvoiceOrg,
  orderId: number,
): Promise<InvoiceRow | null> => {
  const [o] = await tx
    .select({
      invoiceNip: orders.invoiceNip,
      paymentMethod: orders.paymentMethod,
      paymentStatus: orders.paymentStatus,
      confirmBy: orders.confirmBy,
      buyerConfirmedAt: orders.buyerConfirmedAt,
    })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.organisationId, org.id)));
  if (!o || !qualifiesAutomatically(o) || !invoiceSeller(org)) return null;
  if (o.paymentStatus !== PaymentStatus.completed && o.confirmBy && !o.buyerConfirmedAt) return null;
  if (await onlyGiftCards(tx, org.id, orderId)) return null;
  return issueInvoice(tx, org, orderId);
};
