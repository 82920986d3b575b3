import { groszeToZl, REFUND_STATE_LABELS, type Refund } from '@club/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { orderLines, refundLines, refunds, users } from '../db/schema.ts';

/**
 * An order's refunds as the buyer's account and the panel show them. Here, not in the refunds
 * module, because the account's order (orders) reads them too and refunds depend on orders' panel.
 */
/** Shows a transfer's account as the buyer and staff may see it again: the last 4 digits. */
export const maskAccount = (account: string) => `PL •• ${account.replace(/\s/g, '').slice(-4)}`;

const sourceLabel = (r: { source: string; sourceId: number | null }) =>
  r.source === 'return'
    ? `Zwrot nr ${r.sourceId}`
    : r.source === 'complaint'
      ? `Reklamacja nr ${r.sourceId}`
      : 'Zamówienie';

/** An order's refunds, newest last, with their lines; `staff` adds who made them and why they failed. */
export const refundsOf = async (db: Db, orgId: number, orderId: number) => {
  const rows = await db
    .select({ r: refunds, user: users.email })
    .from(refunds)
    .leftJoin(users, eq(users.id, refunds.userId))
    .where(and(eq(refunds.orderId, orderId), eq(refunds.organisationId, orgId)))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
  const lines = rows.length
    ? await db
        .select({
          refundId: refundLines.refundId,
          quantity: refundLines.quantity,
          amount: refundLines.amount,
          name: orderLines.productName,
          parameter: orderLines.parameterName,
        })
        .from(refundLines)
        .innerJoin(orderLines, eq(orderLines.id, refundLines.orderLineId))
        .where(
          and(
            eq(refundLines.organisationId, orgId),
            inArray(
              refundLines.refundId,
              rows.map((x) => x.r.id),
            ),
          ),
        )
        .orderBy(asc(refundLines.id))
    : [];
  return rows.map(({ r, user }) => ({
    view: {
      Id: r.id,
      Data: r.createdAt.toISOString(),
      Kwota: groszeToZl(r.amount),
      Stan: r.state,
      NazwaStanu: REFUND_STATE_LABELS[r.state],
      Sposob:
        r.method === 'transfer' ? 'Przelew na rachunek' : r.provider === 'payu' ? 'PayU' : 'Płatność demo',
      NrKonta: r.bankAccount && maskAccount(r.bankAccount),
      Pozycje: lines
        .filter((l) => l.refundId === r.id)
        .map((l) => ({
          Nazwa: l.name,
          Parametr: l.parameter,
          Ilosc: l.quantity,
          Kwota: groszeToZl(l.amount),
        })),
      Dostawa: groszeToZl(r.shipping),
      Powod: r.reason,
      Zrodlo: sourceLabel(r),
    } satisfies Refund,
    error: r.error,
    user,
    row: r,
  }));
};
