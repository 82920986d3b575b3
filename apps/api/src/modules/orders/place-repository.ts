import type { VatRate } from '@club/contract';
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  cartLines,
  carts,
  orderCounters,
  orderLines,
  orderPromotions,
  orders,
  productParameters,
  products,
  shippingOptions,
  siteOptions,
  users,
} from '../../db/schema.ts';
import { activeShippingOf, shippingOptionColumns } from '../catalogue/repository.ts';

export const GUEST_ORDERS_OPTION = 'zakupy-bez-logowania';

export const guestOrdersAllowed = async (db: Db, orgId: number): Promise<boolean> => {
  const [row] = await db
    .select({ value: siteOptions.value })
    .from(siteOptions)
    .where(and(eq(siteOptions.organisationId, orgId), eq(siteOptions.key, GUEST_ORDERS_OPTION)))
    .limit(1);
  return row?.value.trim() === '1';
};

/**
 * An order id taken before the order is written: a cash-on-delivery order's thank-you address
 * carries a token of its id, and it is stored with the order. A sequence value is never handed
 * out twice, also when the transaction that used it rolls back.
 */
export const nextOrderId = async (db: Db): Promise<number> => {
  const result = (await db.execute(
    sql`SELECT nextval(pg_get_serial_sequence('orders', 'id')) AS id`,
  )) as unknown as { rows: { id: number | string }[] };
  return Number(result.rows[0]!.id);
};

export const findShippingOption = async (db: Db, orgId: number, id: number) => {
  const [row] = await db
    .select(shippingOptionColumns)
    .from(shippingOptions)
    .where(and(eq(shippingOptions.id, id), activeShippingOf(orgId)))
    .limit(1);
  return row;
};

/**
 * Locks the cart row, ordered or not: concurrent placements of one cart queue here, and the
 * second one then sees the first one's `ordered_at` (READ COMMITTED re-reads the locked row).
 */
export const lockCart = async (tx: Tx, orgId: number, guid: string) => {
  const [row] = await tx
    .select({
      id: carts.id,
      userId: carts.userId,
      orderedAt: carts.orderedAt,
      code: carts.promotionCode,
      giftCardId: carts.giftCardId,
    })
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
  status: orders.status,
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
      categoryId: products.categoryId,
      lineLimit: products.lineQuantityLimit,
      parameterName: productParameters.name,
      printingName: cartLines.printingName,
      printingNumber: cartLines.printingNumber,
      printingPlayerId: cartLines.printingPlayerId,
      preorderRelease: productParameters.preorderRelease,
      // Read without a lock: for refusing a sold-out cart early (sold-out-first.ts) and for the
      // per-customer limit, checked before the product row is locked (decision 147).
      productStock: products.stock,
      customerLimit: products.customerQuantityLimit,
      giftCard: products.giftCard,
      variantStock: productParameters.stock,
      // What the order is priced from before any lock (decision 148); `version` tells the locked
      // statement whether the product changed since.
      priceGross: products.priceGross,
      vatRate: products.vatRate,
      printing: products.printing,
      version: sql<string>`products_version(${products})`,
      variantPrice: productParameters.priceGross,
      hasOptions: sql<boolean>`exists (select 1 from ${productParameters} where ${productParameters.productId} = ${products.id})`,
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
 * statement on a locked row, so concurrent orders can never take more than the stock. A numbered
 * edition's counter moves on by all `pieces` of the order (pre-ordered ones too) in the same
 * statement. Returns the product's current name and price (the order is priced from this row),
 * and the counter's new value, or nothing.
 */
export const takeStock = async (
  tx: Tx,
  orgId: number,
  productId: number,
  quantity: number,
  pieces: number,
) => {
  const [row] = await tx
    .update(products)
    .set({
      stock: sql`${products.stock} - ${quantity}`,
      editionLast: sql`${products.editionLast} + CASE WHEN ${products.numberedEdition} THEN ${pieces}::int ELSE 0 END`,
    })
    .where(
      and(
        eq(products.id, productId),
        eq(products.organisationId, orgId),
        eq(products.active, true),
        gte(products.stock, quantity),
      ),
    )
    .returning({
      id: products.id,
      name: products.name,
      priceGross: products.priceGross,
      vatRate: products.vatRate,
      printing: products.printing,
      numberedEdition: products.numberedEdition,
      editionLast: products.editionLast,
    });
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

export type NewOrder = Omit<
  typeof orders.$inferInsert,
  | 'id'
  | 'number'
  | 'status'
  | 'paymentExternalId'
  | 'stockReturnedAt'
  | 'expiresAt'
  | 'confirmBy'
  | 'buyerConfirmedAt'
  | 'createdAt'
  | 'updatedAt'
> & {
  /** Taken beforehand (nextOrderId), or absent: the sequence gives one. */
  id?: number | null;
  /** Online payment: the order expires this long after it is written (database time); null: never. */
  paymentTimeoutMs: number | null;
  /** Held for the buyer's confirmation: cancelled this long after it is written unless confirmed; null: not held. */
  confirmTimeoutMs: number | null;
};
export type NewOrderLine = {
  productId: number;
  parameterId: number | null;
  productName: string;
  parameterName: string | null;
  quantity: number;
  unitPrice: number;
  vatRate: VatRate;
  /** Printed text and its price per piece (included in unitPrice); absent: not printed. */
  printingText?: string | null;
  printingPrice?: number | null;
  /** A numbered edition's numbers of the line's pieces; absent: not numbered. */
  editionFrom?: number | null;
  editionTo?: number | null;
  /** A pre-order line's expected shipping date (decision 144). */
  preorderRelease?: string | null;
  /** Grosze the promotions took off the whole line. */
  discount?: number;
  /** A gift card sold (decision 154). */
  giftCard?: boolean;
};

/** A promotion the order used and what it took off (`order_promotions`). */
export type NewOrderPromotion = {
  promotionId: number;
  codeId: number | null;
  code: string | null;
  name: string;
  itemsAmount: number;
  shippingAmount: number;
};

/**
 * Allocates the club's next number of the year, writes the order with it, its lines, and marks the
 * cart ordered, in ONE statement. The counter row (`INSERT … ON CONFLICT DO UPDATE`) stays locked
 * until commit, which makes numbers gapless but serialises a club's orders: with one statement
 * the lock is held for one round trip and the commit, not five. `prefix` null: the order is
 * written without its number (a placeholder no committed order keeps), which `place_order_locked`
 * gives it at the very end (decision 148).
 */
export const insertNumberedOrder = async (
  tx: Tx,
  o: NewOrder,
  lines: NewOrderLine[],
  /** The cart marked ordered with it; null for an order made without one (a size exchange). */
  cartId: number | null,
  prefix: string | null,
  year: number,
  promotionsUsed: NewOrderPromotion[] = [],
): Promise<{ id: number; number: string; createdAt: Date; confirmBy: Date | null }> => {
  const number =
    prefix === null
      ? sql`SELECT '-' AS number`
      : sql`INSERT INTO ${orderCounters} (organisation_id, year, last) VALUES (${o.organisationId}, ${year}, 1)
      ON CONFLICT (organisation_id, year) DO UPDATE SET last = ${orderCounters}.last + 1
      RETURNING ${`${prefix}/${year}/`} || lpad(last::text, greatest(6, length(last::text)), '0') AS number`;
  const result = (await tx.execute(sql`
    WITH i AS (
      SELECT coalesce(${o.id ?? null}::int, nextval(pg_get_serial_sequence('orders', 'id'))::int) AS id
    ), n AS (${number}), o AS (
      INSERT INTO ${orders} (id, organisation_id, number, user_id, cart_guid, payment_method, payment_provider,
        payment_url, items_total, items_discount, shipping_cost, total, gift_card_paid, payment_status,
        shipping_option_id, shipping_name, delivery_info,
        name, street, postcode, city, phone, email, customer_ip, invoice_company, invoice_nip, expires_at,
        confirm_by, confirm_token_hash)
      SELECT i.id, ${o.organisationId},
        -- Unnumbered: a placeholder unique to the order, replaced before its commit.
        CASE WHEN n.number = '-' THEN '-' || i.id ELSE n.number END,
        ${o.userId ?? null}::int, ${o.cartGuid}, ${o.paymentMethod}::int, ${o.paymentProvider},
        ${o.paymentUrl ?? null}::text, ${o.itemsTotal}::int, ${o.itemsDiscount ?? 0}::int, ${o.shippingCost}::int, ${o.total}::int,
        ${o.giftCardPaid ?? 0}::int, ${o.paymentStatus ?? 'NEW'}::text,
        ${o.shippingOptionId ?? null}::int, ${o.shippingName}, ${o.deliveryInfo ?? null}::text,
        ${o.name}, ${o.street}, ${o.postcode}, ${o.city}, ${o.phone}, ${o.email}, ${o.customerIp ?? null}::text,
        ${o.invoiceCompany ?? null}::text, ${o.invoiceNip ?? null}::text,
        now() + ${o.paymentTimeoutMs}::int * interval '1 millisecond',
        now() + ${o.confirmTimeoutMs}::bigint * interval '1 millisecond', ${o.confirmTokenHash ?? null}::text
      FROM i, n
      RETURNING id, number, created_at, confirm_by
    ), l AS (
      INSERT INTO ${orderLines} (organisation_id, order_id, product_id, parameter_id, product_name, parameter_name,
        quantity, unit_price, vat_rate, printing_text, printing_price, edition_from, edition_to, preorder_release,
        discount, gift_card)
      SELECT ${o.organisationId}, o.id, x.product_id, x.parameter_id, x.product_name, x.parameter_name, x.quantity,
        x.unit_price, x.vat_rate, x.printing_text, x.printing_price, x.edition_from, x.edition_to, x.preorder_release,
        x.discount, x.gift_card
      FROM o, ROWS FROM (jsonb_to_recordset(${JSON.stringify(
        lines.map((l) => ({
          product_id: l.productId,
          parameter_id: l.parameterId,
          product_name: l.productName,
          parameter_name: l.parameterName,
          quantity: l.quantity,
          unit_price: l.unitPrice,
          vat_rate: l.vatRate,
          printing_text: l.printingText ?? null,
          printing_price: l.printingPrice ?? null,
          edition_from: l.editionFrom ?? null,
          edition_to: l.editionTo ?? null,
          preorder_release: l.preorderRelease ?? null,
          discount: l.discount ?? 0,
          gift_card: l.giftCard ?? false,
        })),
      )}::jsonb) AS (product_id int, parameter_id int,
        product_name text, parameter_name text, quantity int, unit_price int, vat_rate text, printing_text text,
        printing_price int, edition_from int, edition_to int, preorder_release date, discount int, gift_card boolean))
        WITH ORDINALITY AS x(product_id, parameter_id, product_name, parameter_name, quantity, unit_price, vat_rate,
          printing_text, printing_price, edition_from, edition_to, preorder_release, discount, gift_card, ordinality)
      -- Ids in the cart's order: place_order_locked numbers an edition's lines by them.
      ORDER BY x.ordinality
    ), p AS (
      INSERT INTO ${orderPromotions} (organisation_id, order_id, promotion_id, code_id, code, name, items_amount,
        shipping_amount)
      SELECT ${o.organisationId}, o.id, x.promotion_id, x.code_id, x.code, x.name, x.items_amount, x.shipping_amount
      FROM o, jsonb_to_recordset(${JSON.stringify(
        promotionsUsed.map((u) => ({
          promotion_id: u.promotionId,
          code_id: u.codeId,
          code: u.code,
          name: u.name,
          items_amount: u.itemsAmount,
          shipping_amount: u.shippingAmount,
        })),
      )}::jsonb) AS x(promotion_id int, code_id int, code text, name text, items_amount int, shipping_amount int)
    ), c AS (
      UPDATE ${carts} SET ordered_at = now(), updated_at = now() WHERE id = ${cartId}::int
    )
    SELECT id, number, created_at, confirm_by FROM o
  `)) as unknown as {
    rows: {
      id: number | string;
      number: string;
      created_at: Date | string;
      confirm_by: Date | string | null;
    }[];
  };
  const row = result.rows[0]!;
  return {
    id: Number(row.id),
    number: row.number,
    createdAt: new Date(row.created_at),
    confirmBy: row.confirm_by === null ? null : new Date(row.confirm_by),
  };
};

export type DeliveryAddress = {
  name: string;
  street: string;
  postcode: string;
  city: string;
  phone: string;
  email: string;
};

/**
 * The order's address becomes the account's saved address when the account has none yet (a first
 * order fills it, so the next checkout and the account page start from it). An address the
 * customer saved, even in part, is never overwritten: the condition sits in the UPDATE itself.
 */
export const saveAddressIfEmpty = (tx: Tx, orgId: number, userId: number, a: DeliveryAddress) =>
  tx
    .update(users)
    .set({
      addressName: a.name,
      addressStreet: a.street,
      addressPostcode: a.postcode,
      addressCity: a.city,
      addressPhone: a.phone,
      addressEmail: a.email,
    })
    .where(
      and(
        eq(users.id, userId),
        eq(users.organisationId, orgId),
        eq(users.addressName, ''),
        eq(users.addressStreet, ''),
        eq(users.addressPostcode, ''),
        eq(users.addressCity, ''),
        eq(users.addressPhone, ''),
        eq(users.addressEmail, ''),
      ),
    );
