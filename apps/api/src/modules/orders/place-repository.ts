import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  cartLines,
  carts,
  orderCounters,
  orderLines,
  orders,
  productParameters,
  products,
  shippingOptions,
  siteOptions,
} from '../../db/schema.ts';

export const GUEST_ORDERS_OPTION = 'zakupy-bez-logowania';

export const guestOrdersAllowed = async (db: Db, orgId: number): Promise<boolean> => {
  const [row] = await db
    .select({ value: siteOptions.value })
    .from(siteOptions)
    .where(and(eq(siteOptions.organisationId, orgId), eq(siteOptions.key, GUEST_ORDERS_OPTION)))
    .limit(1);
  return row?.value.trim() === '1';
};

export const findShippingOption = async (db: Db, orgId: number, id: number) => {
  const [row] = await db
    .select({
      id: shippingOptions.id,
      name: shippingOptions.name,
      price: shippingOptions.price,
      cashOnDelivery: shippingOptions.cashOnDelivery,
    })
    .from(shippingOptions)
    .where(
      and(
        eq(shippingOptions.id, id),
        eq(shippingOptions.organisationId, orgId),
        eq(shippingOptions.active, true),
      ),
    )
    .limit(1);
  return row;
};

/**
 * Locks the cart row, ordered or not: concurrent placements of one cart queue here, and the
 * second one then sees the first one's `ordered_at` (READ COMMITTED re-reads the locked row).
 */
export const lockCart = async (tx: Tx, orgId: number, guid: string) => {
  const [row] = await tx
    .select({ id: carts.id, userId: carts.userId, orderedAt: carts.orderedAt })
    .from(carts)
    .where(and(eq(carts.guid, guid), eq(carts.organisationId, orgId)))
    .limit(1)
    .for('update');
  return row;
};

export const existingOrderColumns = {
  id: orders.id,
  userId: orders.userId,
  number: orders.number,
  paymentMethod: orders.paymentMethod,
  paymentStatus: orders.paymentStatus,
  paymentUrl: orders.paymentUrl,
};

export const findOrderOfCart = async (db: Db | Tx, orgId: number, guid: string) => {
  const [row] = await db
    .select(existingOrderColumns)
    .from(orders)
    .where(and(eq(orders.cartGuid, guid), eq(orders.organisationId, orgId)))
    .limit(1);
  return row;
};

export const findOrderForResume = async (db: Db, orgId: number, id: number) => {
  const [row] = await db
    .select(existingOrderColumns)
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.organisationId, orgId)))
    .limit(1);
  return row;
};

/** The cart's lines with their product as it is now (active or not) and the chosen option's name. */
export const cartLinesWithProducts = (tx: Tx, orgId: number, cartId: number) =>
  tx
    .select({
      productId: cartLines.productId,
      parameterId: cartLines.parameterId,
      quantity: cartLines.quantity,
      productName: products.name,
      active: products.active,
      parameterName: productParameters.name,
    })
    .from(cartLines)
    .innerJoin(products, and(eq(products.id, cartLines.productId), eq(products.organisationId, orgId)))
    .leftJoin(
      productParameters,
      and(
        eq(productParameters.id, cartLines.parameterId),
        eq(productParameters.productId, cartLines.productId),
        eq(productParameters.organisationId, orgId),
      ),
    )
    .where(and(eq(cartLines.cartId, cartId), eq(cartLines.organisationId, orgId)))
    .orderBy(asc(cartLines.id));

/**
 * Takes `quantity` pieces if there are that many: the condition and the decrement are one
 * statement on a locked row, so concurrent orders can never take more than the stock.
 * Returns the product's current name and price (the order is priced from this row), or nothing.
 */
export const takeStock = async (tx: Tx, orgId: number, productId: number, quantity: number) => {
  const [row] = await tx
    .update(products)
    .set({ stock: sql`${products.stock} - ${quantity}` })
    .where(
      and(
        eq(products.id, productId),
        eq(products.organisationId, orgId),
        eq(products.active, true),
        gte(products.stock, quantity),
      ),
    )
    .returning({ id: products.id, name: products.name, priceGross: products.priceGross });
  return row;
};

export const productState = async (tx: Tx, orgId: number, productId: number) => {
  const [row] = await tx
    .select({ name: products.name, active: products.active })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.organisationId, orgId)))
    .limit(1);
  return row;
};

/** The next number of the club's year; the counter row stays locked until commit, so numbers have no gaps. */
export const nextOrderNumber = async (tx: Tx, orgId: number, year: number): Promise<number> => {
  const [row] = await tx
    .insert(orderCounters)
    .values({ organisationId: orgId, year, last: 1 })
    .onConflictDoUpdate({
      target: [orderCounters.organisationId, orderCounters.year],
      set: { last: sql`${orderCounters.last} + 1` },
    })
    .returning({ last: orderCounters.last });
  return row!.last;
};

export const insertOrder = async (tx: Tx, values: typeof orders.$inferInsert) => {
  const [row] = await tx
    .insert(orders)
    .values(values)
    .returning({ id: orders.id, createdAt: orders.createdAt });
  return row!;
};

export const insertOrderLines = (tx: Tx, rows: (typeof orderLines.$inferInsert)[]) =>
  tx.insert(orderLines).values(rows);

/** An ordered cart reads as empty and cannot be changed (the cart module filters on `ordered_at`). */
export const markCartOrdered = (tx: Tx, cartId: number) =>
  tx.update(carts).set({ orderedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(carts.id, cartId));
