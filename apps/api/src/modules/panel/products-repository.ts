import { type PanelProductsQuery, PRODUCT_LOW_STOCK } from '@club/contract';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lte,
  notInArray,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { categories, productParameters, products } from '../../db/schema.ts';
import { firstPhoto } from '../catalogue/photos.ts';

/**
 * Search by name: every word typed is the beginning of a word of the name ("szal derb" finds
 * "Szalik jedwabny „Derby”"), through full-text search on a GIN index, so it stays fast at 100,000
 * products (pg_trgm's substring search is not available on PGlite). Only letters and digits reach
 * the query; with none, nothing matches. The database lowercases both sides alike.
 */
const nameSearch = (q: string): SQL => {
  const words = q.match(/[\p{L}\p{N}]+/gu)?.slice(0, 8) ?? [];
  if (!words.length) return sql`false`;
  const query = words.map((w) => `${w}:*`).join(' & ');
  return sql`to_tsvector('simple', ${products.name}) @@ to_tsquery('simple', ${query})`;
};

/** The category and its descendants (UNION, so a damaged parent cycle cannot loop). */
const inCategoryTree = (orgId: number, categoryId: number) => sql`${products.categoryId} in (
  with recursive tree(id) as (
    select id from ${categories} where organisation_id = ${orgId} and id = ${categoryId}
    union
    select c.id from ${categories} c join tree on c.parent_id = tree.id where c.organisation_id = ${orgId}
  ) select id from tree)`;

const listWhere = (orgId: number, f: PanelProductsQuery): SQL | undefined => {
  const q = f.q?.trim();
  return and(
    eq(products.organisationId, orgId),
    f.status === 'archived' ? isNotNull(products.archivedAt) : isNull(products.archivedAt),
    f.status === 'active' ? eq(products.active, true) : undefined,
    f.status === 'hidden' ? eq(products.active, false) : undefined,
    f.stan === 'in' ? gt(products.stock, 0) : undefined,
    f.stan === 'low' ? and(gt(products.stock, 0), lte(products.stock, PRODUCT_LOW_STOCK)) : undefined,
    f.stan === 'out' ? eq(products.stock, 0) : undefined,
    f.kategoria !== undefined ? inCategoryTree(orgId, f.kategoria) : undefined,
    q ? nameSearch(q) : undefined,
  );
};

/** Each sort walks its own (organisation_id, column, id) index, so a page is an index range scan. */
const orderOf = (sort: PanelProductsQuery['sort']) => {
  const dir = sort.startsWith('-') ? desc : asc;
  const column = {
    nazwa: products.name,
    cena: products.priceGross,
    stan: products.stock,
    data: products.createdAt,
  }[sort.replace(/^-/, '') as 'nazwa' | 'cena' | 'stan' | 'data'];
  return [dir(column), dir(products.id)];
};

export const findProductPage = (db: Db, orgId: number, f: PanelProductsQuery) => {
  const photo = firstPhoto(db);
  return db
    .select({
      id: products.id,
      name: products.name,
      priceGross: products.priceGross,
      stock: products.stock,
      active: products.active,
      archivedAt: products.archivedAt,
      categoryId: products.categoryId,
      categoryName: categories.name,
      photoId: photo.photoId,
      photoName: photo.photoName,
      createdAt: products.createdAt,
    })
    .from(products)
    .leftJoin(categories, and(eq(categories.id, products.categoryId), eq(categories.organisationId, orgId)))
    .leftJoinLateral(photo, sql`true`)
    .where(listWhere(orgId, f))
    .orderBy(...orderOf(f.sort))
    .limit(f.count)
    .offset(f.offset);
};

export const countProducts = async (db: Db, orgId: number, f: PanelProductsQuery): Promise<number> => {
  const [row] = await db.select({ n: count() }).from(products).where(listWhere(orgId, f));
  return row?.n ?? 0;
};

export const findProduct = async (db: Db | Tx, orgId: number, id: number, lock = false) => {
  const query = db
    .select({
      id: products.id,
      name: products.name,
      description: products.description,
      extraDescription: products.extraDescription,
      priceGross: products.priceGross,
      stock: products.stock,
      requiresParameter: products.requiresParameter,
      active: products.active,
      archivedAt: products.archivedAt,
      categoryId: products.categoryId,
      createdAt: products.createdAt,
      updatedAt: products.updatedAt,
    })
    .from(products)
    .where(and(eq(products.id, id), eq(products.organisationId, orgId)))
    .limit(1);
  const [row] = await (lock ? query.for('update') : query);
  return row;
};
export type ProductRow = NonNullable<Awaited<ReturnType<typeof findProduct>>>;

export const findCategoryName = async (db: Db | Tx, orgId: number, categoryId: number) => {
  const [row] = await db
    .select({ name: categories.name })
    .from(categories)
    .where(and(eq(categories.id, categoryId), eq(categories.organisationId, orgId)))
    .limit(1);
  return row?.name;
};

export const findFirstPhoto = async (db: Db | Tx, orgId: number, productId: number) => {
  const photo = firstPhoto(db);
  const [row] = await db
    .select({ photoId: photo.photoId, photoName: photo.photoName })
    .from(products)
    .innerJoinLateral(photo, sql`true`)
    .where(and(eq(products.id, productId), eq(products.organisationId, orgId)));
  return row;
};

export const findParameters = (db: Db | Tx, orgId: number, productId: number) =>
  db
    .select({ id: productParameters.id, name: productParameters.name, stock: productParameters.stock })
    .from(productParameters)
    .where(and(eq(productParameters.productId, productId), eq(productParameters.organisationId, orgId)))
    .orderBy(asc(productParameters.position), asc(productParameters.id));

/** New products go to the end of the storefront's order. */
export const nextPosition = async (tx: Tx, orgId: number): Promise<number> => {
  const [row] = await tx
    .select({ p: sql<number>`coalesce(max(${products.position}), -1) + 1`.mapWith(Number) })
    .from(products)
    .where(eq(products.organisationId, orgId));
  return row?.p ?? 0;
};

export type ProductValues = {
  name: string;
  description: string;
  extraDescription: string | null;
  priceGross: number;
  categoryId: number | null;
  requiresParameter: boolean;
  stock: number;
};

export const insertProduct = async (tx: Tx, orgId: number, v: ProductValues, position: number) => {
  const [row] = await tx
    .insert(products)
    .values({ organisationId: orgId, ...v, position })
    .returning({ id: products.id });
  return row!.id;
};

export const updateProduct = (tx: Tx, orgId: number, id: number, v: Partial<typeof products.$inferInsert>) =>
  tx
    .update(products)
    .set({ ...v, updatedAt: sql`now()` })
    .where(and(eq(products.id, id), eq(products.organisationId, orgId)));

/** Removes the product's parameters not in `keep` (cart lines with them go too; orders keep their names). */
export const deleteParametersExcept = (tx: Tx, orgId: number, productId: number, keep: number[]) =>
  tx
    .delete(productParameters)
    .where(
      and(
        eq(productParameters.productId, productId),
        eq(productParameters.organisationId, orgId),
        keep.length ? notInArray(productParameters.id, keep) : undefined,
      ),
    );

export const updateParameter = (
  tx: Tx,
  orgId: number,
  productId: number,
  id: number,
  v: { name: string; stock: number; position: number },
) =>
  tx
    .update(productParameters)
    .set(v)
    .where(
      and(
        eq(productParameters.id, id),
        eq(productParameters.productId, productId),
        eq(productParameters.organisationId, orgId),
      ),
    );

export const insertParameters = (
  tx: Tx,
  orgId: number,
  productId: number,
  rows: { name: string; stock: number; position: number }[],
) =>
  rows.length
    ? tx.insert(productParameters).values(rows.map((r) => ({ organisationId: orgId, productId, ...r })))
    : Promise.resolve();

export const parameterIdsOf = async (tx: Tx, orgId: number, productId: number, ids: number[]) => {
  if (!ids.length) return new Set<number>();
  const rows = await tx
    .select({ id: productParameters.id })
    .from(productParameters)
    .where(
      and(
        inArray(productParameters.id, ids),
        eq(productParameters.productId, productId),
        eq(productParameters.organisationId, orgId),
      ),
    );
  return new Set(rows.map((r) => r.id));
};
