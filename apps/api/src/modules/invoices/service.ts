import { GIFT_CARD_PAYMENT_METHOD, type InvoiceRef, msg, OrderStatus, PaymentMethod } from '@club/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { invoices, orders } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import { PaymentStatus } from '../payments/provider.ts';
import { type InvoiceOrg, type InvoiceRow, invoiceData, issueInvoice, onlyGiftCards } from './issue.ts';
import { renderInvoicePdf } from './pdf.ts';

export const invoiceRef = (r: InvoiceRow): InvoiceRef => ({
  Id: r.id,
  Numer: r.number,
  Rodzaj: r.kind,
  DataWystawienia: r.issueDate,
  Brutto: r.gross,
});

/** The order of this club, and of this customer when `userId` is given; else 404. */
const ownOrder = async (db: Db, orgId: number, orderId: number, userId: number | null) => {
  const [o] = await db
    .select({
      id: orders.id,
      userId: orders.userId,
      status: orders.status,
      paymentMethod: orders.paymentMethod,
      paymentStatus: orders.paymentStatus,
    })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.organisationId, orgId)));
  if (!o || (userId !== null && o.userId !== userId)) throw notFound(msg.orderNotFound);
  return o;
};

export const orderInvoices = async (db: Db, orgId: number, orderId: number, userId: number | null) => {
  await ownOrder(db, orgId, orderId, userId);
  const rows = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.organisationId, orgId)))
    .orderBy(asc(invoices.id));
  return rows.map(invoiceRef);
};

/**
 * An invoice on request: the buyer's own order (`userId`) or, from the panel, any of the club's.
 * Only once the order is paid or is a cash-on-delivery order that was not cancelled, and never for
 * gift cards alone (invoiced when they are spent).
 */
export const requestInvoice = async (
  db: Db,
  org: InvoiceOrg,
  orderId: number,
  userId: number | null,
  buyer?: { company: string; nip: string },
): Promise<InvoiceRef> => {
  const o = await ownOrder(db, org.id, orderId, userId);
  if (await onlyGiftCards(db, org.id, orderId)) throw conflict(msg.invoiceGiftCardsOnly);
  const payable =
    o.paymentStatus === PaymentStatus.completed ||
    // Nothing to collect for these: a cancelled one has had its card's balance back.
    ((o.paymentMethod === PaymentMethod.cashOnDelivery || o.paymentMethod === GIFT_CARD_PAYMENT_METHOD) &&
      o.status !== OrderStatus.cancelled);
  if (!payable) throw conflict(msg.invoiceNotYet);
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'VAT')));
    // The buyer's data is on the invoice as issued: a second request cannot change it.
    if (existing && buyer) throw conflict(msg.invoiceAlreadyIssued);
    return invoiceRef(await issueInvoice(tx, org, orderId, buyer));
  });
};

/** An invoice's PDF, drawn from its frozen data: the customer's own orders only, or the club's. */
export const invoicePdf = async (db: Db, orgId: number, invoiceId: number, userId: number | null) => {
  const [row] = await db
    .select({ invoice: invoices, userId: orders.userId })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(and(eq(invoices.id, invoiceId), eq(invoices.organisationId, orgId)));
  if (!row || (userId !== null && row.userId !== userId)) throw notFound(msg.invoiceNotFound);
  return { number: row.invoice.number, pdf: await renderInvoicePdf(invoiceData(row.invoice)) };
};
