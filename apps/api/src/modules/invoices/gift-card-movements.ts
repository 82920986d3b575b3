import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { giftCards, giftCardUses, orders } from '../../db/schema.ts';
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
const movement = (kind: GiftCardMovement['kind'], r: Row, at: Date, amount: number): GiftCardMovement => ({
  kind,
  orderNumber: r.number ?? '',
  day: shopDay(at),
  buyer: r.company ?? r.name ?? '',
  nip: r.nip,
  amount,
});

/**
 * The club's gift cards sold and their uses in a period of Polish days (`from`..`to`, both
 * included), each kind in time order, at most `limit` of each.
 */
export const giftCardMovements = async (
  db: Db,
  orgId: number,
  from: string,
  to: string,
  limit: number,
): Promise<GiftCardMovement[]> => {
  const [sold, used] = await Promise.all([
    db
      .select({ ...buyer, at: giftCards.createdAt, amount: giftCards.amount })
      .from(giftCards)
      .leftJoin(orders, eq(orders.id, giftCards.orderId))
      .where(
        and(
          eq(giftCards.organisationId, orgId),
          gte(giftCards.createdAt, periodStart(from)),
          lt(giftCards.createdAt, periodEnd(to)),
        ),
      )
      .orderBy(asc(giftCards.createdAt), asc(giftCards.id))
      .limit(limit),
    db
      .select({ ...buyer, at: giftCardUses.createdAt, amount: giftCardUses.amount })
      .from(giftCardUses)
      .leftJoin(orders, eq(orders.id, giftCardUses.orderId))
      .where(
        and(
          eq(giftCardUses.organisationId, orgId),
          gte(giftCardUses.createdAt, periodStart(from)),
          lt(giftCardUses.createdAt, periodEnd(to)),
        ),
      )
      .orderBy(asc(giftCardUses.createdAt), asc(giftCardUses.id))
      .limit(limit),
  ]);
  return [
    ...sold.map((r) => movement('sale', r, r.at, r.amount)),
    ...used.map((r) => movement('use', r, r.at, r.amount)),
  ];
};
