import { OrderStatus, type PanelPromotionStatsQuery } from '@club/contract';
import { and, count, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  categories,
  orderPromotions,
  orders,
  productParameters,
  products,
  promotionCodes,
  promotions,
} from '../../db/schema.ts';
import { warsawMidnight } from './orders-repository.ts';

export type PromotionRow = typeof promotions.$inferSelect;
/** A promotion with what the panel shows of its codes. */
export type PromotionWithCodes = PromotionRow & {
  codes: number;
  usedCodes: number;
  /** The shared code (no limit of its own); null for an automatic promotion or a batch. */
  sharedCode: string | null;
};

// `promotions.id` spelled out: drizzle writes a column of the selected table without its table,
// which inside the subquery would name the code's own id.
const codeStats = {
  codes: sql<number>`(select count(*)::int from ${promotionCodes} c where c.promotion_id = promotions.id)`,
  usedCodes: sql<number>`(select count(*)::int from ${promotionCodes} c where c.promotion_id = promotions.id and c.used > 0)`,
  sharedCode: sql<
    string | null
  >`(select min(c.code) from ${promotionCodes} c where c.promotion_id = promotions.id and c.usage_limit is null)`,
};

const withStats = ({
  row,
  ...stats
}: {
  row: PromotionRow;
  codes: number;
  usedCodes: number;
  sharedCode: string | null;
}) => ({
  ...row,
  ...stats,
});

/** The club's promotions, newest first, ended ones too. */
export const allPromotions = async (db: Db | Tx, orgId: number): Promise<PromotionWithCodes[]> =>
  db
    .select({ row: promotions, ...codeStats })
    .from(promotions)
    .where(eq(promotions.organisationId, orgId))
    .orderBy(desc(promotions.createdAt), desc(promotions.id))
    .then((rows) => rows.map(withStats));

export const onePromotion = async (
  db: Db | Tx,
  orgId: number,
  id: number,
): Promise<PromotionWithCodes | undefined> => {
  const [found] = await db
    .select({ row: promotions, ...codeStats })
    .from(promotions)
    .where(and(eq(promotions.id, id), eq(promotions.organisationId, orgId)));
  return found && withStats(found);
};

/** A promotion's orders (not cancelled) and what it took off them in all (grosze). */
export type PromotionUse = { orders: number; discount: number };

/**
 * Each promotion's use, one grouped read for the whole list (or one promotion's); cancelled
 * orders are left out, as the dashboard leaves them out of revenue.
 */
export const promotionUses = async (
  db: Db | Tx,
  orgId: number,
  promotionId?: number,
): Promise<Map<number, PromotionUse>> => {
  const rows = await db
    .select({
      id: orderPromotions.promotionId,
      orders: sql<number>`count(DISTINCT ${orders.id})`.mapWith(Number),
      discount:
        sql<number>`coalesce(sum(${orderPromotions.itemsAmount} + ${orderPromotions.shippingAmount}), 0)`.mapWith(
          Number,
        ),
    })
    .from(orderPromotions)
    .innerJoin(orders, and(eq(orders.id, orderPromotions.orderId), eq(orders.organisationId, orgId)))
    .where(
      and(
        eq(orderPromotions.organisationId, orgId),
        promotionId === undefined ? undefined : eq(orderPromotions.promotionId, promotionId),
        ne(orders.status, OrderStatus.cancelled),
      ),
    )
    .groupBy(orderPromotions.promotionId);
  return new Map(rows.map((r) => [r.id, { orders: r.orders, discount: r.discount }]));
};

/** A promotion's figures for a period, in grosze. */
export type PromotionStatsRow = {
  orders: number;
  revenue: number;
  items: number;
  shipping: number;
  codes: number;
};

/**
 * One read of a promotion's orders in a Warsaw period (as the order list's filter): its
 * `order_promotions` rows by their (club, promotion) index, one per order, joined to the orders
 * not cancelled. Revenue is the orders' whole totals, as the dashboard's.
 */
export const promotionStats = async (
  db: Db | Tx,
  orgId: number,
  promotionId: number,
  period: PanelPromotionStatsQuery,
): Promise<PromotionStatsRow> => {
  const when: SQL[] = [];
  if (period.od) when.push(sql`and o.created_at >= ${warsawMidnight(period.od)}`);
  if (period.do) when.push(sql`and o.created_at < ${warsawMidnight(period.do, 1)}`);
  // Grouped by order first: an order's total is counted once even if it named the promotion twice.
  const result = await db.execute(sql`
    select count(*)::int as orders,
           coalesce(sum(o.total), 0)::bigint as revenue,
           coalesce(sum(p.items), 0)::bigint as items,
           coalesce(sum(p.shipping), 0)::bigint as shipping,
           count(DISTINCT p.code_id)::int as codes
      from (select op.order_id, sum(op.items_amount) as items, sum(op.shipping_amount) as shipping,
                   min(op.code_id) as code_id
              from ${orderPromotions} op
             where op.organisation_id = ${orgId}::int and op.promotion_id = ${promotionId}::int
             group by op.order_id) p
      join ${orders} o on o.id = p.order_id
     where o.organisation_id = ${orgId}::int and o.status <> ${OrderStatus.cancelled}::int
       ${sql.join(when, sql` `)}`);
  const [row] = (result as unknown as { rows: Record<keyof PromotionStatsRow, string | number>[] }).rows;
  return {
    orders: Number(row?.orders ?? 0),
    revenue: Number(row?.revenue ?? 0),
    items: Number(row?.items ?? 0),
    shipping: Number(row?.shipping ?? 0),
    codes: Number(row?.codes ?? 0),
  };
};

/** The promotion locked for a change (another change of it waits; orders' use counts too). */
export const lockPromotion = async (tx: Tx, orgId: number, id: number): Promise<PromotionRow | undefined> =>
  (
    await tx
      .select()
      .from(promotions)
      .where(and(eq(promotions.id, id), eq(promotions.organisationId, orgId)))
      .for('update')
  )[0];

export const insertPromotion = async (
  tx: Tx,
  row: Omit<typeof promotions.$inferInsert, 'id'>,
): Promise<PromotionRow> => (await tx.insert(promotions).values(row).returning())[0]!;

export const updatePromotion = async (
  tx: Tx,
  orgId: number,
  id: number,
  patch: Partial<Omit<PromotionRow, 'id' | 'organisationId' | 'createdAt'>>,
) => {
  await tx
    .update(promotions)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(and(eq(promotions.id, id), eq(promotions.organisationId, orgId)));
};

/**
 * Inserts the codes the club does not have yet (in any case) and returns those inserted: a code
 * another promotion holds, or one a concurrent insert took first, is simply not among them.
 */
export const insertCodes = async (
  tx: Tx,
  orgId: number,
  promotionId: number,
  codes: readonly string[],
  usageLimit: number | null,
): Promise<string[]> => {
  if (!codes.length) return [];
  const rows = (await tx.execute(sql`
    insert into ${promotionCodes} (organisation_id, promotion_id, code, usage_limit)
    select ${orgId}::int, ${promotionId}::int, c, ${usageLimit}::int
    from unnest(ARRAY[${sql.join(
      codes.map((c) => sql`${c}`),
      sql`, `,
    )}]::text[]) as c
    on conflict do nothing
    returning code`)) as unknown as { rows: { code: string }[] };
  return rows.rows.map((r) => r.code);
};

export const clubCodeCount = async (db: Db | Tx, orgId: number): Promise<number> => {
  const [row] = await db
    .select({ n: count() })
    .from(promotionCodes)
    .where(eq(promotionCodes.organisationId, orgId));
  return row?.n ?? 0;
};

/** A promotion's codes in the order they were made. */
export const codesOf = async (db: Db | Tx, orgId: number, promotionId: number) =>
  db
    .select({ code: promotionCodes.code, usageLimit: promotionCodes.usageLimit, used: promotionCodes.used })
    .from(promotionCodes)
    .where(and(eq(promotionCodes.organisationId, orgId), eq(promotionCodes.promotionId, promotionId)))
    .orderBy(promotionCodes.id);

const scopeTables = {
  categories: categories,
  products: products,
  variants: productParameters,
} as const;

/** How many of `ids` name the club's own categories, products or variants. */
export const ownedIds = async (
  db: Db | Tx,
  orgId: number,
  type: keyof typeof scopeTables,
  ids: readonly number[],
): Promise<number> => {
  if (!ids.length) return 0;
  const table = scopeTables[type];
  const [row] = await db
    .select({ n: count() })
    .from(table)
    .where(and(eq(table.organisationId, orgId), inArray(table.id, [...ids])));
  return row?.n ?? 0;
};

/** The club's products and variants named, with the product and category each belongs to. */
export const piecesOf = async (
  db: Db | Tx,
  orgId: number,
  productIds: readonly number[],
  variantIds: readonly number[],
): Promise<{ variantId: number | null; productId: number; categoryId: number | null }[]> => {
  const [byProduct, byVariant] = await Promise.all([
    productIds.length
      ? db
          .select({ productId: products.id, categoryId: products.categoryId })
          .from(products)
          .where(and(eq(products.organisationId, orgId), inArray(products.id, [...productIds])))
      : [],
    variantIds.length
      ? db
          .select({
            variantId: productParameters.id,
            productId: products.id,
            categoryId: products.categoryId,
          })
          .from(productParameters)
          .innerJoin(products, eq(products.id, productParameters.productId))
          .where(
            and(eq(productParameters.organisationId, orgId), inArray(productParameters.id, [...variantIds])),
          )
      : [],
  ]);
  return [...byProduct.map((p) => ({ ...p, variantId: null })), ...byVariant];
};

export type ScopeIds = { categories: number[]; products: number[]; variants: number[] };

/**
 * The names of the club's categories, products and variants among `ids`, keyed `type:id`; a
 * variant is named with its product (`Szalik – M`), as a manager would look for it.
 */
export const scopeNames = async (db: Db | Tx, orgId: number, ids: ScopeIds): Promise<Map<string, string>> => {
  const [cats, prods, vars] = await Promise.all([
    ids.categories.length
      ? db
          .select({ id: categories.id, name: categories.name })
          .from(categories)
          .where(and(eq(categories.organisationId, orgId), inArray(categories.id, ids.categories)))
      : [],
    ids.products.length
      ? db
          .select({ id: products.id, name: products.name })
          .from(products)
          .where(and(eq(products.organisationId, orgId), inArray(products.id, ids.products)))
      : [],
    ids.variants.length
      ? db
          .select({
            id: productParameters.id,
            name: sql<string>`${products.name} || ' – ' || ${productParameters.name}`,
          })
          .from(productParameters)
          .innerJoin(products, eq(products.id, productParameters.productId))
          .where(
            and(eq(productParameters.organisationId, orgId), inArray(productParameters.id, ids.variants)),
          )
      : [],
  ]);
  return new Map([
    ...cats.map((r) => [`categories:${r.id}`, r.name] as const),
    ...prods.map((r) => [`products:${r.id}`, r.name] as const),
    ...vars.map((r) => [`variants:${r.id}`, r.name] as const),
  ]);
};
