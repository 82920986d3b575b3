import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { orders, withdrawals } from '../db/schema.ts';

/**
 * The order whose return a size exchange's order replaces goods of ("Wymiana do zamówienia X"),
 * or null. Here, not in withdrawals, because the order screens (orders, panel) read it and
 * withdrawals depends on both.
 */
export const exchangeOriginOf = async (
  db: Db,
  orgId: number,
  orderId: number,
): Promise<{ Id: number; Numer: string } | null> => {
  const [row] = await db
    .select({ Id: orders.id, Numer: orders.number })
    .from(withdrawals)
    .innerJoin(orders, and(eq(orders.id, withdrawals.orderId), eq(orders.organisationId, orgId)))
    .where(and(eq(withdrawals.exchangeOrderId, orderId), eq(withdrawals.organisationId, orgId)))
    .limit(1);
  return row ?? null;
};
