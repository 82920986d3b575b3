import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, sql, sum } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { cartLines, carts, productParameters, products } from '../../db/schema.ts';
import { selectWithFirstPhoto } from '../catalogue/photos.ts';
import { prepared } from '../catalogue/prepared.ts';
import { preorderReleaseNow, sellableOfVariant } from '../preorders/columns.ts';
import type { LinePrintingRow } from '../printing/lines.ts';

/** Only a cart that is not ordered yet can be read or changed; an ordered guid behaves as unknown. */
const openCart = (orgId: number, guid: string) =>
  and(eq(carts.guid, guid), eq(carts.organisationId, orgId), isNull(carts.orderedAt));

/** The discount code kept in an open cart (null: none, or no such cart). */
export const cartCode = async (db: Db, orgId: number, guid: string): Promise<string | null> => {
  const [row] = await db
    .select({ code: carts.promotionCode })
    .from(carts)
    .where(openCart(orgId, guid))
    .limit(1);
  return row?.code ?? null;
};

/** Keeps (or with null, drops) the typed code in the open cart; false when there is no such cart. */
export const setCartCode = async (db: Db, orgId: number, guid: string, code: string | null) => {
  const rows = await db
    .update(carts)
    .set({ promotionCode: code, updatedAt: new Date() })
    .where(openCart(orgId, guid))
    .returning({ id: carts.id });
  return rows.length > 0;
};

export const setCartGiftCard = async (db: Db, orgId: number, guid: string, cardId: number | null) => {
  const rows = await db
    .update(carts)
    .set({ giftCardId: cardId, updatedAt: new Date() })
    .where(openCart(orgId, guid))
    .returning({ id: carts.id });
  return rows.length > 0;
};

/** Locks the cart row so concurrent batches on one cart apply one after another (no duplicate lines). */
export const lockOpenCart = async (tx: Tx, orgId: number, guid: string) => {
  const [row] = await tx
    .select({ id: carts.id, guid: carts.guid, userId: carts.userId })
    .from(carts)
    .where(openCart(orgId, guid))
    .limit(1)
    .for('update');
  return row;
};

export const isOpenCart = async (db: Db, orgId: number, guid: string): Promise<boolean> => {
  const [row] = await db.select({ id: carts.id }).from(carts).where(openCart(orgId, guid)).limit(1);
  return row !== undefined;
};

export const createCart = async (tx: Tx, orgId: number, userId: number | null) => {
  const [row] = await tx
    .insert(carts)
    .values({ organisationId: orgId, guid: randomUUID(), userId })
    .returning({ id: carts.id, guid: carts.guid, userId: carts.userId });
  return row!;
};

export const touchCart = (tx: Tx, cartId: number, userId?: number) =>
  tx
    .update(carts)
    .set({ updatedAt: new Date(), ...(userId !== undefined && { userId }) })
    .where(eq(carts.id, cartId));

export const findLines = (tx: Tx, orgId: number, cartId: number) =>
  tx
    .select({
      id: cartLines.id,
      productId: cartLines.productId,
      parameterId: cartLines.parameterId,
      quantity: cartLines.quantity,
      printingName: cartLines.printingName,
      printingNumber: cartLines.printingNumber,
      printingPlayerId: cartLines.printingPlayerId,
    })
    .from(cartLines)
    .where(and(eq(cartLines.cartId, cartId), eq(cartLines.organisationId, orgId)))
    .orderBy(asc(cartLines.id));

export const findSellableProducts = (tx: Tx, orgId: number, ids: number[]) =>
  tx
    .select({
      id: products.id,
      name: products.name,
      stock: products.stock,
      requiresParameter: products.requiresParameter,
      lineLimit: products.lineQuantityLimit,
      printing: products.printing,
    })
    .from(products)
    .where(and(inArray(products.id, ids), eq(products.organisationId, orgId), eq(products.active, true)));

export const findParameters = (tx: Tx, orgId: number, productIds: number[]) =>
  tx
    .select({
      id: productParameters.id,
      productId: productParameters.productId,
      stock: sql<number>`${sellableOfVariant}`.mapWith(Number),
      preorder: sql<string | null>`${preorderReleaseNow}`,
    })
    .from(productParameters)
    .where(
      and(inArray(productParameters.productId, productIds), eq(productParameters.organisationId, orgId)),
    );

export const setLineQuantity = (tx: Tx, lineId: number, quantity: number) =>
  tx.update(cartLines).set({ quantity }).where(eq(cartLines.id, lineId));

export const insertLines = (
  tx: Tx,
  rows: ({
    organisationId: number;
    cartId: number;
    productId: number;
    parameterId: number | null;
    quantity: number;
  } & LinePrintingRow)[],
) => tx.insert(cartLines).values(rows);

/** Placeholder-based twin of `openCart` for the prepared reads below. */
const openCartParam = and(
  eq(carts.guid, sql.placeholder('guid')),
  eq(carts.organisationId, sql.placeholder('orgId')),
  isNull(carts.orderedAt),
);
const sellableProduct = and(
  eq(products.id, cartLines.productId),
  eq(products.organisationId, cartLines.organisationId),
  eq(products.active, true),
);

const linesQuery = prepared((db) => {
  const { photo, select } = selectWithFirstPhoto(db, {
    id: cartLines.id,
    quantity: cartLines.quantity,
    productId: products.id,
    productName: products.name,
    // A variant's own price when it has one.
    priceGross: sql<number>`coalesce(${productParameters.priceGross}, ${products.priceGross})`.mapWith(
      Number,
    ),
    lineLimit: products.lineQuantityLimit,
    // The chosen option's stock when there is one: it is the line's maximum.
    stock: sql<number>`coalesce(${sellableOfVariant}, ${products.stock})`.mapWith(Number),
    preorderRelease: preorderReleaseNow,
    parameterId: productParameters.id,
    parameterName: productParameters.name,
    printingName: cartLines.printingName,
    printingNumber: cartLines.printingNumber,
    printingPlayerId: cartLines.printingPlayerId,
    printing: products.printing,
    categoryId: products.categoryId,
    promotionCode: carts.promotionCode,
    giftCard: products.giftCard,
    giftCardId: carts.giftCardId,
  });
  return select
    .from(cartLines)
    .innerJoin(carts, and(eq(carts.id, cartLines.cartId), eq(carts.organisationId, cartLines.organisationId)))
    .innerJoin(products, sellableProduct)
    .leftJoin(
      productParameters,
      and(
        eq(productParameters.id, cartLines.parameterId),
        eq(productParameters.organisationId, cartLines.organisationId),
      ),
    )
    .leftJoinLateral(photo, sql`true`)
    .where(openCartParam)
    .orderBy(asc(cartLines.id))
    .prepare('cart_lines');
});

/**
 * The cart's lines with everything the page shows, in one query. Lines of products that were
 * deactivated meanwhile are left out: they cannot be bought any more.
 */
export const readLines = (db: Db, orgId: number, guid: string) => linesQuery(db).execute({ orgId, guid });

const piecesQuery = prepared((db) =>
  db
    .select({ n: sum(cartLines.quantity).mapWith(Number) })
    .from(cartLines)
    .innerJoin(carts, and(eq(carts.id, cartLines.cartId), eq(carts.organisationId, cartLines.organisationId)))
    .innerJoin(products, sellableProduct)
    .where(openCartParam)
    .prepare('cart_pieces'),
);

/** Pieces in the cart (the header's badge, asked on every page). */
export const countPieces = async (db: Db, orgId: number, guid: string): Promise<number> => {
  const [row] = await piecesQuery(db).execute({ orgId, guid });
  return row?.n ?? 0;
};

/** Deletes a line only if it belongs to this org's open cart `guid`; false when there was none. */
export const deleteLine = async (db: Db, orgId: number, guid: string, lineId: number): Promise<boolean> => {
  const cartIds = db.select({ id: carts.id }).from(carts).where(openCart(orgId, guid));
  const deleted = await db
    .delete(cartLines)
    .where(
      and(eq(cartLines.id, lineId), eq(cartLines.organisationId, orgId), inArray(cartLines.cartId, cartIds)),
    )
    .returning({ id: cartLines.id });
  return deleted.length > 0;
};
