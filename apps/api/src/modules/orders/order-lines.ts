import { withEditionNumbers } from '@club/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { orderLines } from '../../db/schema.ts';

/** An order's lines in the order they were placed, the option folded into the name as mails and payments show it. */
export const linesOfOrder = async (db: Db | Tx, orgId: number, orderId: number) => {
  const lines = await db
    .select({
      name: orderLines.productName,
      option: orderLines.parameterName,
      quantity: orderLines.quantity,
      unitPrice: orderLines.unitPrice,
      editionFrom: orderLines.editionFrom,
      editionTo: orderLines.editionTo,
      preorderRelease: orderLines.preorderRelease,
    })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), eq(orderLines.organisationId, orgId)))
    .orderBy(asc(orderLines.id));
  return lines.map((l) => ({
    name: withEditionNumbers(l.option ? `${l.name} - ${l.option}` : l.name, {
      from: l.editionFrom,
      to: l.editionTo,
    }),
    quantity: l.quantity,
    unitPrice: l.unitPrice,
    preorderRelease: l.preorderRelease,
  }));
};
