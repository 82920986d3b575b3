import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
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
