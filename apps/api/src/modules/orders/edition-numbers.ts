import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { products } from '../../db/schema.ts';

export type EditionRange = { editionFrom: number; editionTo: number };

/**
 * Gives `lines` (one product's, in the order's order) the next numbers of its numbered edition,
 * consecutive per line. Must run on the product row the placement has locked (`takeStock`), so
 * no two pieces ever get one number; a cancelled order's numbers are not given again (gaps).
 */
export const takeEditionNumbers = async <L extends { quantity: number }>(
  tx: Tx,
  orgId: number,
  productId: number,
  lines: L[],
): Promise<(L & EditionRange)[]> => {
  const pieces = lines.reduce((s, l) => s + l.quantity, 0);
  const [row] = await tx
    .update(products)
    .set({ editionLast: sql`${products.editionLast} + ${pieces}` })
    .where(and(eq(products.id, productId), eq(products.organisationId, orgId)))
    .returning({ last: products.editionLast });
  let next = row!.last - pieces + 1;
  return lines.map((l) => {
    const range = { editionFrom: next, editionTo: next + l.quantity - 1 };
    next += l.quantity;
    return { ...l, ...range };
  });
};
