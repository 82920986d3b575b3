import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { invoices, orderLines, type orders } from '../../db/schema.ts';
import type { Organisation } from '../../plugins/tenancy.ts';
import type { CorrectionInvoice, InvoiceLine, VatInvoice } from '../invoices/invoice-data.ts';
import { issueCorrection } from '../invoices/issue.ts';

const sameLines = (a: InvoiceLine[], b: InvoiceLine[]) =>
  a.length === b.length &&
  a.every((l, i) => l.quantity === b[i]!.quantity && l.unitGross === b[i]!.unitGross);

/**
 * After a refund, the order's VAT invoice is corrected (faktura korygująca) to what the buyer keeps:
 * each line less the pieces given back, the shipping line gone once its cost was returned. The
 * invoice lists the order's lines in id order with shipping last (invoices/issue.ts), so they pair
 * by position. No invoice: nothing to correct (one issued later shows the order as placed).
 */
export const correctInvoiceAfterRefund = async (
  db: Db,
  org: Organisation,
  order: typeof orders.$inferSelect,
  done: { shipping: boolean; perLine: Map<number, number> },
): Promise<void> => {
  const [vat] = await db
    .select()
    .from(invoices)
    .where(
      and(eq(invoices.orderId, order.id), eq(invoices.organisationId, org.id), eq(invoices.kind, 'VAT')),
    );
  if (!vat) return;
  const issued = vat.data as VatInvoice;
  const lines = await db
    .select({ id: orderLines.id, quantity: orderLines.quantity })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, order.id), eq(orderLines.organisationId, org.id)))
    .orderBy(asc(orderLines.id));
  const after = issued.lines.map((l, i): InvoiceLine => {
    const line = lines[i];
    if (line) return { ...l, quantity: Math.max(0, l.quantity - (done.perLine.get(line.id) ?? 0)) };
    return { ...l, quantity: done.shipping ? 0 : l.quantity };
  });
  const [last] = await db
    .select({ data: invoices.data })
    .from(invoices)
    .where(and(eq(invoices.correctsId, vat.id), eq(invoices.organisationId, org.id)))
    .orderBy(asc(invoices.id))
    .then((rows) => rows.slice(-1));
  const before = last ? (last.data as CorrectionInvoice).after : issued.lines;
  if (sameLines(before, after)) return;
  await issueCorrection(db, org, vat.id, { after, reason: 'Zwrot towaru i pieniędzy kupującemu' });
};
