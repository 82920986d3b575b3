import { fillMessage, msg } from '@club/contract';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { productParameters } from '../../db/schema.ts';
import { conflict } from '../../lib/http-error.ts';

/**
 * Takes `quantity` pieces of a variant's pre-order cap (decision 144): the condition (still on
 * pre-order, the cap not passed) and the count in one statement on the variant's row, so
 * concurrent orders can never sell more than the cap. Must run after the product row was locked
 * (placement's order of locks). Returns the variant's own price (null: the product's) and its
 * release date; throws 409 with what is left otherwise.
 */
export const takePreorder = async (
  tx: Tx,
  orgId: number,
  today: string,
  line: { productId: number; parameterId: number; label: string; quantity: number },
) => {
  const where = and(
    eq(productParameters.id, line.parameterId),
    eq(productParameters.productId, line.productId),
    eq(productParameters.organisationId, orgId),
  );
  const [row] = await tx
    .update(productParameters)
    .set({ preorderSold: sql`${productParameters.preorderSold} + ${line.quantity}` })
    .where(
      and(
        where,
        gt(productParameters.preorderRelease, today),
        sql`${productParameters.preorderSold} + ${line.quantity} <= ${productParameters.preorderCap}`,
      ),
    )
    .returning({ priceGross: productParameters.priceGross, release: productParameters.preorderRelease });
  if (row?.release) return { priceGross: row.priceGross, release: row.release };
  const [now] = await tx
    .select({ cap: productParameters.preorderCap, sold: productParameters.preorderSold })
    .from(productParameters)
    .where(where);
  const left = Math.max(0, (now?.cap ?? 0) - (now?.sold ?? 0));
  throw conflict(fillMessage(msg.preorderCapReached, { produkt: line.label, zostalo: String(left) }));
};

/** A cancelled pre-order line gives its pieces back to the cap (never below 0). */
export const returnPreorder = (
  tx: Tx,
  orgId: number,
  productId: number,
  parameterId: number,
  quantity: number,
) =>
  tx
    .update(productParameters)
    .set({ preorderSold: sql`greatest(${productParameters.preorderSold} - ${quantity}, 0)` })
    .where(
      and(
        eq(productParameters.id, parameterId),
        eq(productParameters.productId, productId),
        eq(productParameters.organisationId, orgId),
      ),
    );
