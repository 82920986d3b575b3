import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { badRequest } from '../lib/http-error.ts';
import type { Tx } from './client.ts';

type Positioned = PgTable & { id: PgColumn; organisationId: PgColumn; position: PgColumn };

/** Writes positions 0..n-1 to the club's rows in the given order of ids, in one statement. */
export const writePositions = async (tx: Tx, table: Positioned, orgId: number, ids: number[]) => {
  if (!ids.length) return;
  const cases = sql.join(
    ids.map((id, i) => sql`when ${id}::int then ${i}::int`),
    sql` `,
  );
  await tx
    .update(table)
    .set({ position: sql`case ${table.id} ${cases} end` })
    .where(and(eq(table.organisationId, orgId), inArray(table.id, ids)));
};

/**
 * Checks a new order of siblings: it must name each of them exactly once, or `message` is the
 * 400's (on `Kolejnosc`). Returns the order before and whether anything is to be written (also
 * when the stored positions have gaps).
 */
export const checkNewOrder = (
  siblings: { id: number; position: number }[],
  order: number[],
  message: string,
): { before: number[]; changed: boolean } => {
  const want = new Set(order);
  if (want.size !== order.length || want.size !== siblings.length || !siblings.every((r) => want.has(r.id)))
    throw badRequest(message, { Kolejnosc: message });
  const before = siblings.map((r) => r.id);
  return { before, changed: before.join() !== order.join() || siblings.some((r, i) => r.position !== i) };
};
