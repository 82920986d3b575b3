import { and, asc, eq, gt, gte, isNull, lt, lte, ne, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { giftCards, giftCardUses, orderLines, orders, refundLines, refunds } from '../../db/schema.ts';
import type { GiftCardMovement } from './export-csv.ts';
import { shopDay } from './issue.ts';

/** The first instant of a Polish day, and of the day after another: the period as timestamps. */
const periodStart = (day: string) => sql`(${day}::date)::timestamp AT TIME ZONE 'Europe/Warsaw'`;
const periodEnd = (day: string) => sql`(${day}::date + 1)::timestamp AT TIME ZONE 'Europe/Warsaw'`;

const buyer = {
  name: orders.name,
  company: orders.invoiceCompany,
  nip: orders.invoiceNip,
  number: orders.number,
};
type Row = { name: string | null; company: string | null; nip: string | null; number: string | null };
type Dated = Row & { at: Date; amount: number };
const movement =
  (kind: GiftCardMovement['kind'], sign = 1) =>
  (r: Dated): GiftCardMovement => ({
    kind,
    orderNumber: r.number ?? '',
    day: shopDay(r.at),
    buyer: r.company ?? r.name ?? '',
    nip: r.nip,
    amount: sign * r.amount,
  });

/**
 * The club's gift card movements in a period of Polish days (`from`..`to`, both included), kind by
 * kind (see GiftCardMovement), each in time order, at most `limit` of each: cards sold, purchases
 * refunded, balances used or given back, and balances left on cards that expired (once they have).
 */
export const giftCardMovements = async (
  db: Db,
  orgId: number,
  from: string,
  to: string,
  limit: number,
): Promise<GiftCardMovement[]> => {
  const inPeriod = (at: PgColumn) => and(gte(at, periodStart(from)), lt(at, periodEnd(to)));
  const [sold, refunded, used, expired] = await Promise.all([
    db
      .select({ ...buyer, at: giftCards.createdAt, amount: giftCards.amount })
      .from(giftCards)
      .leftJoin(orders, eq(orders.id, giftCards.orderId))
      .where(and(eq(giftCards.organisationId, orgId), inPeriod(giftCards.createdAt)))
      .orderBy(asc(giftCards.createdAt), asc(giftCards.id))
      .limit(limit),
    // A refund of a card's purchase blocks the card (gift-cards/redeem.ts); one refused paid nothing.
    db
      .select({ ...buyer, at: refunds.createdAt, amount: refundLines.amount })
      .from(refundLines)
      .innerJoin(refunds, eq(refunds.id, refundLines.refundId))
      .innerJoin(orderLines, and(eq(orderLines.id, refundLines.orderLineId), eq(orderLines.giftCard, true)))
      .leftJoin(orders, eq(orders.id, refunds.orderId))
      .where(
        and(
          eq(refundLines.organisationId, orgId),
          ne(refunds.state, 'odrzucony'),
          inPeriod(refunds.createdAt),
        ),
      )
      .orderBy(asc(refunds.createdAt), asc(refundLines.id))
      .limit(limit),
    db
      .select({ ...buyer, at: giftCardUses.createdAt, amount: giftCardUses.amount })
      .from(giftCardUses)
      .leftJoin(orders, eq(orders.id, giftCardUses.orderId))
      .where(and(eq(giftCardUses.organisationId, orgId), inPeriod(giftCardUses.createdAt)))
      .orderBy(asc(giftCardUses.createdAt), asc(giftCardUses.id))
      .limit(limit),
    // A blocked card's money went back with its refund (or is the club's to settle by hand).
    db
      .select({ ...buyer, at: giftCards.expiresAt, amount: giftCards.balance })
      .from(giftCards)
      .leftJoin(orders, eq(orders.id, giftCards.orderId))
      .where(
        and(
          eq(giftCards.organisationId, orgId),
          inPeriod(giftCards.expiresAt),
          lte(giftCards.expiresAt, sql`now()`),
          gt(giftCards.balance, 0),
          isNull(giftCards.disabledAt),
        ),
      )
      .orderBy(asc(giftCards.expiresAt), asc(giftCards.id))
      .limit(limit),
  ]);
  return [
    ...sold.map(movement('sale')),
    ...refunded.map(movement('refund', -1)),
    ...used.map(movement('use')),
    ...expired.map(movement('expiry')),
  ];
};
