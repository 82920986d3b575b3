import { and, count, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { orders, shippingOptions } from '../../db/schema.ts';

export type ShippingRow = typeof shippingOptions.$inferSelect;

/** Every option of the club in the storefront's order, locked (`FOR UPDATE`) inside a change. */
export const allOptions = async (db: Db | Tx, orgId: number, lock = false): Promise<ShippingRow[]> => {
  const q = db
    .select()
    .from(shippingOptions)
    .where(eq(shippingOptions.organisationId, orgId))
    .orderBy(shippingOptions.position, shippingOptions.id);
  return lock ? q.for('update') : q;
};

/** Orders placed with each option of the club. */
export const orderCounts = async (db: Db | Tx, orgId: number): Promise<Map<number, number>> => {
  const rows = await db
    .select({ id: orders.shippingOptionId, n: count() })
    .from(orders)
    .where(and(eq(orders.organisationId, orgId), isNotNull(orders.shippingOptionId)))
    .groupBy(orders.shippingOptionId);
  return new Map(rows.map((r) => [r.id!, r.n]));
};

export const ordersWithOption = async (db: Db | Tx, orgId: number, id: number): Promise<number> => {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.organisationId, orgId), eq(orders.shippingOptionId, id)));
  return row?.n ?? 0;
};

export const insertOption = async (tx: Tx, row: Omit<ShippingRow, 'id'>): Promise<ShippingRow> =>
  (await tx.insert(shippingOptions).values(row).returning())[0]!;

export const updateOption = async (
  tx: Tx,
  orgId: number,
  id: number,
  patch: Partial<Omit<ShippingRow, 'id' | 'organisationId'>>,
) => {
  await tx
    .update(shippingOptions)
    .set(patch)
    .where(and(eq(shippingOptions.id, id), eq(shippingOptions.organisationId, orgId)));
};

/** Positions 0..n-1 in the given order, in one statement. */
export const setPositions = async (tx: Tx, orgId: number, ids: number[]) => {
  if (!ids.length) return;
  const cases = sql.join(
    ids.map((id, i) => sql`when ${id}::int then ${i}::int`),
    sql` `,
  );
  await tx
    .update(shippingOptions)
    .set({ position: sql`case ${shippingOptions.id} ${cases} else ${shippingOptions.position} end` })
    .where(eq(shippingOptions.organisationId, orgId));
};

export const deleteOption = async (tx: Tx, orgId: number, id: number) => {
  await tx
    .delete(shippingOptions)
    .where(and(eq(shippingOptions.id, id), eq(shippingOptions.organisationId, orgId)));
};
