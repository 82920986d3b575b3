import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderLines, orders, products } from '../../db/schema.ts';
import { selectWithFirstPhoto } from '../catalogue/photos.ts';
import { buyerColumns } from './buyer-columns.ts';

export const findUserOrders = (db: Db, orgId: number, userId: number) =>
  db
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      createdAt: orders.createdAt,
      total: orders.total,
      paymentMethod: orders.paymentMethod,
      paymentStatus: orders.paymentStatus,
      expiresAt: orders.expiresAt,
    })
    .from(orders)
    .where(and(eq(orders.organisationId, orgId), eq(orders.userId, userId)))
    .orderBy(desc(orders.createdAt), desc(orders.id));

/** The lines of many orders at once, with the product as it is now (null when it was deleted). */
export const findLinesOf = (db: Db, orgId: number, orderIds: number[]) => {
  const { photo, select } = selectWithFirstPhoto(db, {
    orderId: orderLines.orderId,
    productName: orderLines.productName,
    parameterName: orderLines.parameterName,
    editionFrom: orderLines.editionFrom,
    editionTo: orderLines.editionTo,
    quantity: orderLines.quantity,
    unitPrice: orderLines.unitPrice,
    preorderRelease: orderLines.preorderRelease,
    productId: products.id,
    currentName: products.name,
  });
  return select
    .from(orderLines)
    .leftJoin(products, and(eq(products.id, orderLines.productId), eq(products.organisationId, orgId)))
    .leftJoinLateral(photo, sql`true`)
    .where(and(inArray(orderLines.orderId, orderIds), eq(orderLines.organisationId, orgId)))
    .orderBy(asc(orderLines.orderId), asc(orderLines.id));
};

/** One order of the user in this org, with what its detail shows; undefined for anyone else's. */
export const findUserOrder = async (db: Db, orgId: number, userId: number, orderId: number) => {
  const [row] = await db
    .select({
      id: orders.id,
      number: orders.number,
      paymentMethod: orders.paymentMethod,
      paymentStatus: orders.paymentStatus,
      itemsTotal: orders.itemsTotal,
      giftCardPaid: orders.giftCardPaid,
      shippingCost: orders.shippingCost,
      shippingName: orders.shippingName,
      deliveryInfo: orders.deliveryInfo,
      trackingCarrier: orders.trackingCarrier,
      trackingNumber: orders.trackingNumber,
      shippedAt: orders.shippedAt,
      ...buyerColumns,
      invoiceCompany: orders.invoiceCompany,
      invoiceNip: orders.invoiceNip,
    })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.organisationId, orgId), eq(orders.userId, userId)));
  return row;
};
