import { withEditionNumbers } from '@club/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { orderLines, orderPromotions } from '../../db/schema.ts';

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
      discount: orderLines.discount,
      giftCard: orderLines.giftCard,
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
    discount: l.discount,
    giftCard: l.giftCard,
  }));
};

/** The promotions an order used, as its documents show them: the discount on the items, the delivery's. */
export const promotionsOfOrder = async (db: Db | Tx, orgId: number, orderId: number) =>
  db
    .select({
      name: orderPromotions.name,
      code: orderPromotions.code,
      itemsAmount: orderPromotions.itemsAmount,
      shippingAmount: orderPromotions.shippingAmount,
    })
    .from(orderPromotions)
    .where(and(eq(orderPromotions.orderId, orderId), eq(orderPromotions.organisationId, orgId)))
    .orderBy(asc(orderPromotions.id));

export type OrderPromotionView = Awaited<ReturnType<typeof promotionsOfOrder>>[number];

/**
 * Lines as a payment provider takes them, adding up to what is charged: a discounted line becomes
 * one item at its price after the discount (its share does not always divide by the pieces).
 */
export const chargedLines = (
  lines: readonly { name: string; quantity: number; unitPrice: number; discount?: number }[],
) =>
  lines.map((l) =>
    l.discount
      ? {
          name: `${l.name} (${l.quantity} szt., po rabacie)`,
          quantity: 1,
          unitPrice: l.unitPrice * l.quantity - l.discount,
        }
      : { name: l.name, quantity: l.quantity, unitPrice: l.unitPrice },
  );
