import {
  type PanelProductSort,
  type PanelProductsQuery,
  PRODUCT_LOW_STOCK,
  type VatRate,
} from '@club/contract';
import {
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  notInArray,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  categories,
  type ProductOption,
  productParameters,
  productPhotos,
  products,
} from '../../db/schema.ts';
import { ofProduct } from '../catalogue/of-product.ts';
import { firstPhoto } from '../catalogue/photos.ts';
import { type ProductFieldColumnValues, productDetailColumns } from '../catalogue/product-fields.ts';

/**
 * Search by name: every word typed is the beginning of a word of the name ("szal derb" finds
 * "Szalik jedwabny „Derby”"), through full-text search on a GIN index, so it stays fast at 100,000
 * products. Only letters and digits reach
 * the query; with none, nothing matches. The database lowercases both sides alike.
 */
const searchWords = (q: string): string[] => q.match(/[\p{L}\p{N}]+/gu)?.slice(0, 8) ?? [];

/** The words as a prefix tsquery ('szal:* & derb:*'), or null when nothing searchable was typed. */
const tsQueryOf = (q: string): string | null => {
  const words = searchWords(q);
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : null;
};

const nameSearch = (query: string | null | Placeholder): SQL =>
  query === null
    ? sql`false`
    : sql`to_tsvector('simple', ${products.name}) @@ to_tsquery('simple', ${query})`;

/** The category and its descendants (UNION, so a damaged parent cycle cannot loop). */
const inCategoryTree = (orgId: number, categoryId: number) => sql`${products.categoryId} in (
  with recursive tree(id) as (
    select id from ${categories} where organisation_id = ${orgId} and id = ${categoryId}
    union
    select c.id from ${categories} c join tree on c.parent_id = tree.id where c.organisation_id = ${orgId}
  ) select id from tree)`;

const LOW = sql.raw(String(PRODUCT_LOW_STOCK));
/**
 * The product or any of its sizes at the low-stock limit or below, as the dashboard counts it. The
 * total is the sizes' sum, so a low total means low sizes; otherwise one size may be. The outer
 * row is named by its table: drizzle leaves a column unqualified here, which the subquery would
 * read as its own.
 */
const lowStock = sql`(${products.stock} <= ${LOW} or exists (
  select 1 from ${productParameters} pp where pp.product_id = ${products}.id and pp.stock <= ${LOW}))`;

/** The club: its id, or a placeholder in a prepared page query. */
type Org = number | Placeholder;

/**
 * The filters' constants are written into the SQL (not parameters), so a prepared plan knows them;
 * the search's tsquery is a placeholder when `org` is one.
 */
const listWhere = (org: Org, f: PanelProductsQuery): SQL | undefined => {
  const q = f.q?.trim();
  const search = typeof org === 'number' ? tsQueryOf(q ?? '') : sql.placeholder('q');
  return and(
    eq(products.organisationId, org),
    f.status === 'archived' ? isNotNull(products.archivedAt) : isNull(products.archivedAt),
    f.status === 'active' ? sql`${products.active}` : undefined,
    f.status === 'hidden' ? sql`not ${products.active} and ${products.publishedAt} is not null` : undefined,
    f.status === 'draft' ? sql`not ${products.active} and ${products.publishedAt} is null` : undefined,
    f.stan === 'in' ? sql`${products.stock} > 0` : undefined,
    f.stan === 'low' ? lowStock : undefined,
    f.stan === 'out' ? sql`${products.stock} = 0` : undefined,
    f.kategoria !== undefined && typeof org === 'number' ? inCategoryTree(org, f.kategoria) : undefined,
    q ? nameSearch(search) : undefined,
  );
};

const sortColumns = {
  nazwa: products.name,
  cena: products.priceGross,
  stan: products.stock,
  data: products.createdAt,
};
const sortColumnOf = (sort: PanelProductSort) =>
  sortColumns[sort.replace(/^-/, '') as keyof typeof sortColumns];

/** Each sort walks its own (organisation_id, column, id) index, so a page is an index range scan. */
const orderOf = (sort: PanelProductSort) => {
  const dir = sort.startsWith('-') ? desc : asc;
  return [dir(sortColumnOf(sort)), dir(products.id)];
};

/** A sort value as the cursor carries it: the date as microseconds since 1970 (exact, unlike a Date). */
const cursorValueOf = (sort: PanelProductSort): SQL<string> =>
  sort.endsWith('data')
    ? sql<string>`(extract(epoch from ${products.createdAt}) * 1000000)::bigint::text`
    : sql<string>`${sortColumnOf(sort)}::text`;

/** The rows after the cursor's in its sort: a row comparison the sort's index answers directly. */
const afterCursor = (sort: PanelProductSort, at: { value: unknown; id: unknown }): SQL => {
  const value = sort.endsWith('nazwa')
    ? sql`${at.value}::text`
    : sort.endsWith('data')
      ? sql`(timestamptz 'epoch' + ${at.value}::bigint * interval '1 microsecond')`
      : sql`${at.value}::integer`;
  return sort.startsWith('-')
    ? sql`(${sortColumnOf(sort)}, ${products.id}) < (${value}, ${at.id}::integer)`
    : sql`(${sortColumnOf(sort)}, ${products.id}) > (${value}, ${at.id}::integer)`;
};

type PageParams = { count: number | Placeholder; offset: number | Placeholder };

/**
 * The page's ids first, from the sort's index alone; the category and photo are then looked up for
 * those rows only (joined before the offset, they were looked up for every row skipped too).
 */
const pageQuery = (
  db: Db,
  org: Org,
  f: PanelProductsQuery,
  page: PageParams,
  cursor: { value: unknown; id: unknown } | undefined,
  genericPlan = false,
) => {
  const photo = firstPhoto(db);
  const order = orderOf(f.sort);
  const pageIds = db
    .select({ id: products.id })
    .from(products)
    .where(and(listWhere(org, f), cursor ? afterCursor(f.sort, cursor) : undefined))
    .orderBy(...order)
    .limit(page.count)
    .offset(page.offset);
  return db
    .select({
      id: products.id,
      name: products.name,
      priceGross: products.priceGross,
      stock: products.stock,
      active: products.active,
      publishedAt: products.publishedAt,
      archivedAt: products.archivedAt,
      categoryId: products.categoryId,
      categoryName: categories.name,
      photoId: photo.photoId,
      photoName: photo.photoName,
      createdAt: products.createdAt,
      sortValue: cursorValueOf(f.sort),
    })
    .from(products)
    .leftJoin(categories, and(eq(categories.id, products.categoryId), eq(categories.organisationId, org)))
    .leftJoinLateral(photo, sql`true`)
    .where(
      and(
        eq(products.organisationId, org),
        // For a generic plan, the ids as an array the primary key is probed with: a generic plan
        // of `in (subquery)` guesses a tenth of the table and hash-joins all of it.
        genericPlan ? sql`${products.id} = any(array(${pageIds}))` : inArray(products.id, pageIds),
      ),
    )
    .orderBy(...order);
};

/**
 * Pages without a category are prepared statements, one per filter and sort (and with or without a
 * search, whose tsquery is a parameter): the SQL is built and parsed once per connection. Those
 * without a search run on `genericPlans` (client.ts), planned once per connection too: a plan made
 * for each execution's LIMIT and OFFSET cost more (0.3-0.4 ms of the database's CPU) than reading
 * the page (decision 80). Searches are planned for their words (a generic plan would sort every
 * match of a common word: 46 ms instead of 0.8 for "produkt" at 100,000 products); categories are
 * not prepared: their subtrees vary too much.
 */
type PreparedPage = ReturnType<ReturnType<typeof pageQuery>['prepare']>;
const preparedPages = new WeakMap<Db, Map<string, PreparedPage>>();

export const findProductPage = (db: Db, genericPlans: Db, orgId: number, f: PanelProductsQuery) => {
  const q = f.q?.trim() ? tsQueryOf(f.q) : undefined;
  if (f.kategoria !== undefined || q === null) {
    return pageQuery(db, orgId, f, f, f.po);
  }
  const key = `${f.status ?? 'live'}_${f.stan ?? 'all'}_${f.sort.replace('-', 'desc_')}${q ? '_q' : ''}${f.po ? '_po' : ''}`;
  const on = q ? db : genericPlans;
  const byKey = preparedPages.get(on) ?? new Map<string, PreparedPage>();
  preparedPages.set(on, byKey);
  let prepared = byKey.get(key);
  if (!prepared) {
    const P = sql.placeholder;
    const cursor = f.po ? { value: P('value'), id: P('id') } : undefined;
    const page = { count: P('count'), offset: P('offset') };
    prepared = pageQuery(on, P('org'), f, page, cursor, on !== db).prepare(`panel_products_${key}`);
    byKey.set(key, prepared);
  }
  return prepared.execute({
    org: orgId,
    count: f.count,
    offset: f.offset,
    value: f.po?.value,
    id: f.po?.id,
    q,
  });
};

export const countProducts = async (db: Db, orgId: number, f: PanelProductsQuery): Promise<number> => {
  const [row] = await db.select({ n: count() }).from(products).where(listWhere(orgId, f));
  return row?.n ?? 0;
};

/** What decides the count (not the sort, the page or the cursor), as a cache key. */
export const countKey = (f: PanelProductsQuery): string =>
  JSON.stringify([
    f.status ?? null,
    f.stan ?? null,
    f.kategoria ?? null,
    f.q?.trim() ? searchWords(f.q) : null,
  ]);

export const findProduct = async (db: Db | Tx, orgId: number, id: number, lock = false) => {
  const query = db
    .select({
      ...productDetailColumns,
      stock: products.stock,
      requiresParameter: products.requiresParameter,
      options: products.options,
      datedEvent: products.datedEvent,
      personalised: products.personalised,
      giftCard: products.giftCard,
      printing: products.printing,
      vatRate: products.vatRate,
      lineQuantityLimit: products.lineQuantityLimit,
      customerQuantityLimit: products.customerQuantityLimit,
      numberedEdition: products.numberedEdition,
      active: products.active,
      publishedAt: products.publishedAt,
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

/** Whether a variant of the product is on pre-order (decision 144). */
export const hasPreorder = async (db: Db | Tx, orgId: number, productId: number): Promise<boolean> => {
  const [row] = await db
    .select({ id: productParameters.id })
    .from(productParameters)
    .where(
      and(
        eq(productParameters.productId, productId),
        eq(productParameters.organisationId, orgId),
        isNotNull(productParameters.preorderRelease),
      ),
    )
    .limit(1);
  return row !== undefined;
};

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

/** The low sizes of the products of a list page, in their order. */
export const findLowParameters = (db: Db, orgId: number, productIds: number[]) =>
  productIds.length
    ? db
        .select({
          productId: productParameters.productId,
          name: productParameters.name,
          stock: productParameters.stock,
        })
        .from(productParameters)
        .where(
          and(
            eq(productParameters.organisationId, orgId),
            inArray(productParameters.productId, productIds),
            sql`${productParameters.stock} <= ${LOW}`,
          ),
        )
        .orderBy(asc(productParameters.position), asc(productParameters.id))
    : Promise.resolve([]);

export const findParameters = (db: Db | Tx, orgId: number, productId: number) =>
  db
    .select({
      id: productParameters.id,
      name: productParameters.name,
      stock: productParameters.stock,
      optionValues: productParameters.optionValues,
      sku: productParameters.sku,
      ean: productParameters.ean,
      priceGross: productParameters.priceGross,
    })
    .from(productParameters)
    .where(ofProduct(productParameters, orgId, productId))
    .orderBy(asc(productParameters.position), asc(productParameters.id));

/** New products go to the end of the storefront's order. */
export const nextPosition = async (tx: Tx, orgId: number): Promise<number> => {
  const [row] = await tx
    .select({ p: sql<number>`coalesce(max(${products.position}), -1) + 1`.mapWith(Number) })
    .from(products)
    .where(eq(products.organisationId, orgId));
  return row?.p ?? 0;
};

export type ProductValues = ProductFieldColumnValues & {
  name: string;
  extraDescription: string | null;
  priceGross: number;
  categoryId: number | null;
  requiresParameter: boolean;
  options: ProductOption[];
  datedEvent: boolean;
  personalised: boolean;
  giftCard: boolean;
  vatRate: VatRate;
  /** Pieces one cart line may have; null: the club's limit. */
  lineQuantityLimit: number | null;
  /** Pieces one buyer may buy in all their orders; null: no limit. */
  customerQuantityLimit: number | null;
  numberedEdition: boolean;
  stock: number;
};

/** A new product is a draft: out of the storefront until the manager publishes it. */
export const insertProduct = async (tx: Tx, orgId: number, v: ProductValues, position: number) => {
  const [row] = await tx
    .insert(products)
    .values({ organisationId: orgId, ...v, position, active: false, publishedAt: null })
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
        ofProduct(productParameters, orgId, productId),
        keep.length ? notInArray(productParameters.id, keep) : undefined,
      ),
    );

/** A parameter's columns from the form: a plain option or a variant (its values, codes and own price). */
export type ParameterValues = {
  name: string;
  stock: number;
  position: number;
  optionValues: string[];
  sku: string;
  ean: string;
  priceGross: number | null;
};

export const updateParameter = (tx: Tx, orgId: number, productId: number, id: number, v: ParameterValues) =>
  tx
    .update(productParameters)
    .set(v)
    .where(and(eq(productParameters.id, id), ofProduct(productParameters, orgId, productId)));

/** Adds parameters; their ids in the order given. */
export const insertParameters = async (tx: Tx, orgId: number, productId: number, rows: ParameterValues[]) =>
  rows.length
    ? (
        await tx
          .insert(productParameters)
          .values(rows.map((r) => ({ organisationId: orgId, productId, ...r })))
          .returning({ id: productParameters.id })
      ).map((r) => r.id)
    : [];

/** Photos tied to an option value not in `values` are tied to none (they show every variant). */
export const untiePhotosExcept = (tx: Tx, orgId: number, productId: number, values: string[]) =>
  tx
    .update(productPhotos)
    .set({ optionValue: null })
    .where(
      and(
        eq(productPhotos.organisationId, orgId),
        eq(productPhotos.productId, productId),
        isNotNull(productPhotos.optionValue),
        values.length ? notInArray(productPhotos.optionValue, values) : undefined,
      ),
    );

export const parameterIdsOf = async (tx: Tx, orgId: number, productId: number, ids: number[]) => {
  if (!ids.length) return new Set<number>();
  const rows = await tx
    .select({ id: productParameters.id })
    .from(productParameters)
    .where(and(inArray(productParameters.id, ids), ofProduct(productParameters, orgId, productId)));
  return new Set(rows.map((r) => r.id));
};
