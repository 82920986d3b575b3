import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { categories, productParameters, products, promotionCodes, promotions } from '../../db/schema.ts';

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
