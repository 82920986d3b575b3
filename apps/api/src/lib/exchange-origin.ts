import { OrderStatus } from '@club/contract';
import { and, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { orderLines, orders, withdrawalLines, withdrawals } from '../db/schema.ts';

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

/**
 * Pieces of an order's lines the buyer got another size for (a sent exchange), less those since
 * withdrawn from the exchange order: the money for them stays with this order, but only for goods
 * the buyer no longer keeps, so a refund here cannot pay for a shirt that was swapped and kept.
 */
export const exchangedPieces = async (
  db: Db | Tx,
  orgId: number,
  orderId: number,
): Promise<Map<number, number>> => {
  const swapped = await db
    .select({
      orderLineId: withdrawalLines.orderLineId,
      quantity: withdrawalLines.quantity,
      productId: orderLines.productId,
      exchangeOrderId: withdrawals.exchangeOrderId,
    })
    .from(withdrawalLines)
    .innerJoin(withdrawals, eq(withdrawals.id, withdrawalLines.withdrawalId))
    .innerJoin(orderLines, eq(orderLines.id, withdrawalLines.orderLineId))
    // A cancelled exchange order sent nothing: its pieces are refundable here again.
    .innerJoin(
      orders,
      and(eq(orders.id, withdrawals.exchangeOrderId), ne(orders.status, OrderStatus.cancelled)),
    )
    .where(
      and(
        eq(withdrawalLines.organisationId, orgId),
        eq(withdrawals.orderId, orderId),
        isNotNull(withdrawalLines.exchangeParameterId),
      ),
    );
  const out = new Map<number, number>();
  if (!swapped.length) return out;
  // What came back from the exchange orders, per product (their lines are the same products).
  const back = await db
    .select({ productId: orderLines.productId, quantity: withdrawalLines.quantity })
    .from(withdrawalLines)
    .innerJoin(orderLines, eq(orderLines.id, withdrawalLines.orderLineId))
    .where(
      and(
        eq(withdrawalLines.organisationId, orgId),
        inArray(orderLines.orderId, [...new Set(swapped.map((s) => s.exchangeOrderId!))]),
      ),
    );
  const returned = new Map<number | null, number>();
  for (const b of back) returned.set(b.productId, (returned.get(b.productId) ?? 0) + b.quantity);
  for (const s of swapped) {
    const undone = Math.min(s.quantity, returned.get(s.productId) ?? 0);
    returned.set(s.productId, (returned.get(s.productId) ?? 0) - undone);
    if (s.quantity > undone) out.set(s.orderLineId, (out.get(s.orderLineId) ?? 0) + s.quantity - undone);
  }
  return out;
};
