import { and, count, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { writePositions } from '../../db/positions.ts';
import { categories, products } from '../../db/schema.ts';

export type CategoryRow = { id: number; parentId: number | null; name: string; position: number };

/**
 * Every category of the club, locked (`FOR UPDATE`) when read inside a change: tree changes of one
 * club take turns, so two concurrent moves cannot together build a cycle the check of each missed.
 */
export const allCategories = async (db: Db | Tx, orgId: number, lock = false): Promise<CategoryRow[]> => {
  const q = db
    .select({
      id: categories.id,
      parentId: categories.parentId,
      name: categories.name,
      position: categories.position,
    })
    .from(categories)
    .where(eq(categories.organisationId, orgId))
    .orderBy(categories.position, categories.id);
  return lock ? q.for('update') : q;
};

/** Products not archived (visible or hidden) per category, without descendants. */
export const productCounts = async (db: Db | Tx, orgId: number): Promise<Map<number, number>> => {
  const rows = await db
    .select({ categoryId: products.categoryId, n: count() })
    .from(products)
    .where(
      and(eq(products.organisationId, orgId), isNotNull(products.categoryId), isNull(products.archivedAt)),
    )
    .groupBy(products.categoryId);
  return new Map(rows.map((r) => [r.categoryId!, r.n]));
};

export const insertCategory = async (
  tx: Tx,
  orgId: number,
  row: Omit<CategoryRow, 'id'>,
): Promise<CategoryRow> => {
  const [created] = await tx
    .insert(categories)
    .values({ organisationId: orgId, ...row })
    .returning({
      id: categories.id,
      parentId: categories.parentId,
      name: categories.name,
      position: categories.position,
    });
  return created!;
};

export const updateCategory = async (
  tx: Tx,
  orgId: number,
  id: number,
  patch: Partial<Omit<CategoryRow, 'id'>>,
) => {
  await tx
    .update(categories)
    .set(patch)
    .where(and(eq(categories.organisationId, orgId), eq(categories.id, id)));
};

export const deleteCategory = async (tx: Tx, orgId: number, id: number) => {
  await tx.delete(categories).where(and(eq(categories.organisationId, orgId), eq(categories.id, id)));
};

/** Positions 0..n-1 in the given order, one statement. */
export const setPositions = (tx: Tx, orgId: number, ids: number[]) =>
  writePositions(tx, categories, orgId, ids);
