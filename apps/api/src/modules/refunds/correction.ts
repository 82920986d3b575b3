import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { invoices, orderLines, type orders, refundLines, refunds } from '../../db/schema.ts';
import type { Organisation } from '../../plugins/tenancy.ts';
import type { CorrectionInvoice, InvoiceLine, VatInvoice } from '../invoices/invoice-data.ts';
import { issueCorrection } from '../invoices/issue.ts';
import { priceLines, splitReduction } from '../invoices/reduction.ts';
import { lineGross } from '../invoices/vat.ts';

/** What a refund did to the invoice: pieces (by invoice line index) and shipping back, or a lower price. */
export type InvoiceEvent =
  | { kind: 'pieces'; pieces: Map<number, number>; shipping: boolean }
  | { kind: 'reduction'; amount: number };

const gross = (lines: InvoiceLine[]) => lines.reduce((s, l) => s + lineGross(l), 0);

/**
 * The invoice's lines after its refunds, in the order they were made. `goods` is how many of the
 * lines are the order's lines (the rest is shipping). Pieces given back leave their line, the
 * dearer ones first; shipping given back leaves its line at 0. A price reduction is spread over the
 * goods still kept (all lines when it is more than they are worth) per VAT rate by gross, and each
 * line's pieces are priced again to whole grosze, two lines when the grosze do not divide. A line
 * with nothing left stays, with quantity 0, so a correction lists what was given back.
 */
export const linesAfterRefunds = (
  issued: readonly InvoiceLine[],
  goods: number,
  events: readonly InvoiceEvent[],
): InvoiceLine[] => {
  // One group per order line (a discounted one may be billed as two lines), then shipping.
  const state: InvoiceLine[][] = [];
  let goodsCount = goods;
  if (issued.some((l) => l.orderLine !== undefined)) {
    for (const l of issued) {
      if (l.orderLine === undefined) continue;
      state[l.orderLine] = [...(state[l.orderLine] ?? []), { ...l }];
    }
    // Every order line's slot is goods (a gift card line's slot stays empty: it is not invoiced).
    goodsCount = state.length;
    for (const l of issued) if (l.orderLine === undefined) state.push([{ ...l }]);
  } else state.push(...issued.map((l) => [{ ...l }]));
  const template = state.map((g) => ({ ...g[0]! }));
  for (const e of events) {
    if (e.kind === 'pieces') {
      for (const [i, n] of e.pieces) {
        let left = n;
        const groups = [...(state[i] ?? [])].sort((a, b) => b.unitGross - a.unitGross);
        for (const g of groups) {
          const take = Math.min(left, g.quantity);
          g.quantity -= take;
          left -= take;
        }
      }
      if (e.shipping)
        for (let i = goodsCount; i < state.length; i++) for (const g of state[i]!) g.quantity = 0;
      continue;
    }
    const worth = state.map(gross);
    const goodsWorth = worth.slice(0, goodsCount).reduce((a, b) => a + b, 0);
    const over = state.map((_, i) => i).filter((i) => (e.amount <= goodsWorth ? i < goodsCount : true));
    const overWorth = over.reduce((s, i) => s + worth[i]!, 0);
    const shares = splitReduction(
      over.map((i) => ({ ...template[i]!, quantity: 1, unitGross: worth[i]! })),
      Math.min(e.amount, overWorth),
    );
    over.forEach((i, k) => {
      if (!shares[k]) return;
      const quantity = state[i]!.reduce((s, g) => s + g.quantity, 0);
      state[i] = priceLines(template[i]!, quantity, worth[i]! - shares[k]!);
    });
  }
  return state.flatMap((groups, i) => {
    const kept = groups.filter((g) => g.quantity > 0);
    return kept.length ? kept : [{ ...template[i]!, quantity: 0 }];
  });
};

const sameLines = (a: InvoiceLine[], b: InvoiceLine[]) =>
  a.length === b.length &&
  a.every((l, i) => l.quantity === b[i]!.quantity && l.unitGross === b[i]!.unitGross);

/**
 * After a refund, the order's VAT invoice is corrected (faktura korygująca) to what the buyer keeps
 * and pays: every refund not failed, replayed in the order made (linesAfterRefunds), so a correction
 * that failed before is made up by the next. The invoice lists the order's lines in id order with
 * shipping last (invoices/issue.ts), so they pair by position. No invoice: nothing to correct (one
 * issued later shows the order as placed).
 */
export const correctInvoiceAfterRefund = async (
  db: Db,
  org: Organisation,
  order: typeof orders.$inferSelect,
  reason: string,
): Promise<void> => {
  const [vat] = await db
    .select()
    .from(invoices)
    .where(
      and(eq(invoices.orderId, order.id), eq(invoices.organisationId, org.id), eq(invoices.kind, 'VAT')),
    );
  if (!vat) return;
  const issued = vat.data as VatInvoice;
  const lineIds = (
    await db
      .select({ id: orderLines.id })
      .from(orderLines)
      .where(and(eq(orderLines.orderId, order.id), eq(orderLines.organisationId, org.id)))
      .orderBy(asc(orderLines.id))
  ).map((l) => l.id);
  const live = await db
    .select({ id: refunds.id, amount: refunds.amount, shipping: refunds.shipping })
    .from(refunds)
    .where(
      and(eq(refunds.orderId, order.id), eq(refunds.organisationId, org.id), ne(refunds.state, 'odrzucony')),
    )
    .orderBy(asc(refunds.id));
  const pieces = live.length
    ? await db
        .select({
          refundId: refundLines.refundId,
          orderLineId: refundLines.orderLineId,
          quantity: refundLines.quantity,
        })
        .from(refundLines)
        .where(
          and(
            eq(refundLines.organisationId, org.id),
            inArray(
              refundLines.refundId,
              live.map((r) => r.id),
            ),
          ),
        )
    : [];
  const events = live.map((r): InvoiceEvent => {
    const mine = pieces.filter((p) => p.refundId === r.id);
    // A refund of neither pieces nor shipping is a price reduction (refunds/service.ts planRefund).
    if (!mine.length && r.shipping === 0) return { kind: 'reduction', amount: r.amount };
    const byIndex = new Map<number, number>();
    for (const p of mine) {
      const i = lineIds.indexOf(p.orderLineId);
      if (i >= 0) byIndex.set(i, (byIndex.get(i) ?? 0) + p.quantity);
    }
    return { kind: 'pieces', pieces: byIndex, shipping: r.shipping > 0 };
  });
  const after = linesAfterRefunds(issued.lines, Math.min(lineIds.length, issued.lines.length), events);
  const [last] = await db
    .select({ data: invoices.data })
    .from(invoices)
    .where(and(eq(invoices.correctsId, vat.id), eq(invoices.organisationId, org.id)))
    .orderBy(asc(invoices.id))
    .then((rows) => rows.slice(-1));
  const before = last ? (last.data as CorrectionInvoice).after : issued.lines;
  if (sameLines(before, after)) return;
  await issueCorrection(db, org, vat.id, { after, reason });
};
