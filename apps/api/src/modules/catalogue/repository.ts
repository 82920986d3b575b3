import type { ProductSort, SizeGuide } from '@club/contract';
import { and, asc, count, desc, eq, isNotNull, ne, type Placeholder, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  categories,
  organisations,
  productParameters,
  productPhotos,
  productPrices,
  products,
  promotions,
  shippingOptions,
  squadPlayers,
} from '../../db/schema.ts';
import { selectWithFirstPhoto } from './photos.ts';
import { prepared } from './prepared.ts';
import { productDetailColumns } from './product-fields.ts';

export type ProductFilter = { offset: number; count: number; categoryId?: number; excludeProductId?: number };

/** The category and all its descendants; UNION (not UNION ALL) so a parent cycle cannot loop. */
const inCategoryTree = sql`${products.categoryId} in (
  with recursive tree(id) as (
    select id from categories where organisation_id = ${sql.placeholder('orgId')} and id = ${sql.placeholder('categoryId')}
    union
    select c.id from categories c join tree on c.parent_id = tree.id where c.organisation_id = ${sql.placeholder('orgId')}
  ) select id from tree)`;

/** The club's products a list shows: the active ones, of the category's tree when there is a category. */
const listed = (byCategory: boolean) =>
  and(
    eq(products.organisationId, sql.placeholder('orgId')),
    eq(products.active, true),
    byCategory ? inCategoryTree : undefined,
  );

/** A list page's product row; the page query and the cache's by-ids query give the same rows. */
const listRowColumns = {
  id: products.id,
  name: products.name,
  priceGross: products.priceGross,
  lowestPrice30d: products.lowestPrice30d,
  stock: products.stock,
  // Promotions scoped to categories (decision 151).
  categoryId: products.categoryId,
};

/**
 * Without the cache (the change bus not listening): the page's ids first, over the partial index
 * `products_storefront(_cat)`, then rows and first photos for those ids only; a deep page no longer
 * looks up the photo of every row it skips.
 */
const pageQuery = (byCategory: boolean, excluding: boolean) =>
  prepared((db) => {
    const page = db
      .select({ pageId: products.id })
      .from(products)
      .where(and(listed(byCategory), excluding ? ne(products.id, sql.placeholder('excludeId')) : undefined))
      .orderBy(asc(products.position), asc(products.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .as('page');
    const { photo, select } = selectWithFirstPhoto(db, listRowColumns);
    return select
      .from(page)
      .innerJoin(products, eq(products.id, page.pageId))
      .leftJoinLateral(photo, sql`true`)
      .orderBy(asc(products.position), asc(products.id))
      .prepare(`catalogue_page_${Number(byCategory)}${Number(excluding)}`);
  });

// The list page is the hot path: one statement per filter shape.
const pageQueries = {
  all: pageQuery(false, false),
  allExcluding: pageQuery(false, true),
  category: pageQuery(true, false),
  categoryExcluding: pageQuery(true, true),
};

/** One page of active products with their first photo, in one query. */
export const findProductPage = (db: Db, orgId: number, f: ProductFilter) => {
  const excluding = f.excludeProductId !== undefined;
  const shape =
    f.categoryId !== undefined
      ? excluding
        ? 'categoryExcluding'
        : 'category'
      : excluding
        ? 'allExcluding'
        : 'all';
  const query = pageQueries[shape](db);
  return query.execute({
    orgId,
    categoryId: f.categoryId ?? null,
    excludeId: f.excludeProductId ?? null,
    limit: f.count,
    offset: f.offset,
  });
};

const byIdsQuery = prepared((db) => {
  const { photo, select } = selectWithFirstPhoto(db, listRowColumns);
  return select
    .from(products)
    .leftJoinLateral(photo, sql`true`)
    .where(
      and(
        sql`${products.id} = any(${sql.placeholder('ids')}::int[])`,
        eq(products.organisationId, sql.placeholder('orgId')),
        eq(products.active, true),
      ),
    )
    .prepare('catalogue_page_by_ids');
});

export type ListRow = Awaited<ReturnType<ReturnType<typeof byIdsQuery>['execute']>>[number];

/**
 * The rows of a page whose ids the catalogue index gave, in that order. A product made inactive
 * since the index was built is left out (its change is on its way to the cache).
 */
export const findProductsByIds = async (db: Db, orgId: number, ids: number[]) => {
  if (ids.length === 0) return [];
  const rows = await byIdsQuery(db).execute({ orgId, ids: `{${ids.join(',')}}` });
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
};

const indexQuery = prepared((db) =>
  db
    .select({ id: products.id, categoryId: products.categoryId })
    .from(products)
    .where(and(eq(products.organisationId, sql.placeholder('orgId')), eq(products.active, true)))
    .orderBy(asc(products.position), asc(products.id))
    .prepare('catalogue_index'),
);

/** Every active product's id and category in list order: one index-only scan of `products_storefront`. */
export const findIndexRows = async (db: Db, orgId: number) => {
  const rows = await indexQuery(db).execute({ orgId });
  const ids = new Int32Array(rows.length);
  const categoryIds = new Int32Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    ids[i] = rows[i]!.id;
    // 0 is no category id (serial ids start at 1).
    categoryIds[i] = rows[i]!.categoryId ?? 0;
  }
  return { ids, categoryIds };
};

const countQuery = (byCategory: boolean) =>
  prepared((db) =>
    db
      .select({ n: count() })
      .from(products)
      .where(listed(byCategory))
      .prepare(`catalogue_count_${Number(byCategory)}`),
  );
const countQueries = { all: countQuery(false), category: countQuery(true) };

/** How many active products the list of the filter has (without the cache). */
export const countProducts = async (db: Db, orgId: number, categoryId?: number) => {
  const query = countQueries[categoryId === undefined ? 'all' : 'category'](db);
  const [row] = await query.execute({ orgId, categoryId: categoryId ?? null });
  return row?.n ?? 0;
};

/** PostgreSQL's ICU collation for Polish (the embedded server and common builds have ICU). */
const POLISH_COLLATION = 'pl-x-icu';

const activeOf = sql`${products.organisationId} = ${sql.placeholder('orgId')} and ${products.active}`;
const sortedIdsQuery = (name: string, order: ReturnType<typeof asc>[]) =>
  prepared((db) =>
    db
      .select({ id: products.id })
      .from(products)
      .where(activeOf)
      .orderBy(...order)
      .prepare(name),
  );
/** Ties fall back to the list order (position, id): every order is total, so pages never overlap. */
const sortedQueries = {
  nowe: sortedIdsQuery('catalogue_sorted_new', [desc(products.createdAt), desc(products.id)]),
  'cena-rosnaco': sortedIdsQuery('catalogue_sorted_price_up', [
    asc(products.priceGross),
    asc(products.position),
    asc(products.id),
  ]),
  'cena-malejaco': sortedIdsQuery('catalogue_sorted_price_down', [
    desc(products.priceGross),
    asc(products.position),
    asc(products.id),
  ]),
  nazwa: sortedIdsQuery('catalogue_sorted_name', [
    asc(sql`${products.name} collate ${sql.identifier(POLISH_COLLATION)}`),
    asc(products.position),
    asc(products.id),
  ]),
};
/**
 * Every active product id of the club in `sort`'s order (not `domyslne`: that is the index's own
 * order). The database sorts (off the event loop); names by its Polish ICU collation.
 */
export const findSortedIds = async (
  db: Db,
  orgId: number,
  sort: Exclude<ProductSort, 'domyslne'>,
): Promise<Int32Array> => {
  const rows = await sortedQueries[sort](db).execute({ orgId });
  return Int32Array.from(rows, (r) => r.id);
};

/**
 * A product page's product with its photos and parameters in one round trip (each round trip costs
 * a page more than the queries do: decision 89); the lists as JSON, in their display order.
 */
const productQuery = prepared((db) =>
  db
    .select({
      ...productDetailColumns,
      lowestPrice30d: products.lowestPrice30d,
      stock: products.stock,
      requiresParameter: products.requiresParameter,
      lineLimit: products.lineQuantityLimit,
      customerLimit: products.customerQuantityLimit,
      numberedEdition: products.numberedEdition,
      giftCard: products.giftCard,
      vatRate: products.vatRate,
      categoryId: categories.id,
      categoryName: categories.name,
      options: products.options,
      printing: products.printing,
      // The squad only when the product offers its players as printing presets (decision 143).
      squad: sql<
        { id: number; name: string; number: number }[]
      >`case when (${products.printing}->>'presets')::boolean
        then coalesce((select json_agg(json_build_object('id', s.id, 'name', s.name, 'number', s.number) order by s.number)
          from ${squadPlayers} s where s.organisation_id = ${products.organisationId}), '[]'::json)
        else '[]'::json end`,
      // The product's own guide, else the nearest category up the tree with one (depth-capped: a
      // corrupt parent cycle cannot loop).
      sizeGuide: sql<SizeGuide | null>`coalesce(${products.sizeGuide}, (
        with recursive up(id, parent_id, guide, depth) as (
          select c.id, c.parent_id, c.size_guide, 0 from ${categories} c
          where c.id = ${products.categoryId} and c.organisation_id = ${products.organisationId}
          union all
          select c.id, c.parent_id, c.size_guide, up.depth + 1 from ${categories} c
          join up on c.id = up.parent_id
          where up.guide is null and up.depth < 32 and c.organisation_id = ${products.organisationId}
        )
        select guide from up where guide is not null order by depth limit 1
      ))`,
      clubSafety: sql<Record<string, string> | null>`(
        select o.product_safety from ${organisations} o where o.id = ${products.organisationId}
      )`,
      photos: sql<{ id: number; fileName: string; optionValue: string | null }[]>`coalesce((
        select json_agg(json_build_object('id', ph.id, 'fileName', ph.file_name, 'optionValue', ph.option_value) order by ph.position, ph.id)
        from ${productPhotos} ph
        where ph.product_id = ${products.id} and ph.organisation_id = ${products.organisationId}
      ), '[]'::json)`,
      parameters: sql<
        {
          id: number;
          name: string;
          stock: number;
          values: string[];
          priceGross: number | null;
          lowestPrice30d: number | null;
          preorder: string | null;
        }[]
      >`coalesce((
        select json_agg(json_build_object('id', pa.id, 'name', pa.name, 'values', pa.option_values,
          'priceGross', pa.price_gross, 'lowestPrice30d', pa.lowest_price_30d,
          -- On pre-order (decision 144) a variant sells its cap's pieces left, not its stock.
          'preorder', case when pa.preorder_release > (now() at time zone 'Europe/Warsaw')::date then pa.preorder_release::text end,
          'stock', case when pa.preorder_release > (now() at time zone 'Europe/Warsaw')::date
            then greatest(coalesce(pa.preorder_cap, 0) - pa.preorder_sold, 0) else pa.stock end) order by pa.position, pa.id)
        from ${productParameters} pa
        where pa.product_id = ${products.id} and pa.organisation_id = ${products.organisationId}
      ), '[]'::json)`,
    })
    .from(products)
    .leftJoin(
      categories,
      and(eq(categories.id, products.categoryId), eq(categories.organisationId, products.organisationId)),
    )
    .where(
      and(
        eq(products.id, sql.placeholder('id')),
        eq(products.organisationId, sql.placeholder('orgId')),
        eq(products.active, true),
      ),
    )
    .limit(1)
    .prepare('catalogue_product'),
);

/** An active product with its photos and parameters (undefined when there is none). */
export const findActiveProduct = async (db: Db, orgId: number, id: number) => {
  const [row] = await productQuery(db).execute({ id, orgId });
  return row;
};

const parametersQuery = prepared((db) =>
  db
    .select({ id: productParameters.id, name: productParameters.name, stock: productParameters.stock })
    .from(productParameters)
    .where(
      and(
        eq(productParameters.productId, sql.placeholder('productId')),
        eq(productParameters.organisationId, sql.placeholder('orgId')),
      ),
    )
    .orderBy(asc(productParameters.position), asc(productParameters.id))
    .prepare('catalogue_product_parameters'),
);
export const findParameters = (db: Db, orgId: number, productId: number) =>
  parametersQuery(db).execute({ orgId, productId });

const categoriesQuery = prepared((db) =>
  db
    .select({ id: categories.id, parentId: categories.parentId, name: categories.name })
    .from(categories)
    .where(eq(categories.organisationId, sql.placeholder('orgId')))
    .orderBy(asc(categories.position), asc(categories.id))
    .prepare('catalogue_categories'),
);
export const findCategories = (db: Db, orgId: number) => categoriesQuery(db).execute({ orgId });

const countsQuery = prepared((db) =>
  db
    .select({ categoryId: products.categoryId, n: count() })
    .from(products)
    .where(
      and(
        eq(products.organisationId, sql.placeholder('orgId')),
        eq(products.active, true),
        isNotNull(products.categoryId),
      ),
    )
    .groupBy(products.categoryId)
    .prepare('catalogue_category_counts'),
);
/** Active products per category, without descendants (the service adds those up). */
export const countProductsByCategory = (db: Db, orgId: number) => countsQuery(db).execute({ orgId });

/** A shipping option as the checkout offers it and the order takes it. */
export const shippingOptionColumns = {
  id: shippingOptions.id,
  name: shippingOptions.name,
  price: shippingOptions.price,
  cashOnDelivery: shippingOptions.cashOnDelivery,
  parcelLocker: shippingOptions.parcelLocker,
  electronic: shippingOptions.electronic,
};

/** The club's shipping options a buyer may choose. */
export const activeShippingOf = (orgId: number | Placeholder) =>
  and(eq(shippingOptions.organisationId, orgId), eq(shippingOptions.active, true));

const shippingQuery = prepared((db) =>
  db
    .select(shippingOptionColumns)
    .from(shippingOptions)
    .where(activeShippingOf(sql.placeholder('orgId')))
    .orderBy(asc(shippingOptions.position), asc(shippingOptions.id))
    .prepare('catalogue_shipping'),
);
export const findActiveShipping = (db: Db, orgId: number) => shippingQuery(db).execute({ orgId });

/** The club's automatic promotions, ended ones too (for the Omnibus window): hundreds at most. */
export const findAutomaticPromotions = (db: Db, orgId: number) =>
  db
    .select()
    .from(promotions)
    .where(and(eq(promotions.organisationId, orgId), eq(promotions.automatic, true)))
    .orderBy(asc(promotions.id));

export type PriceRow = { productId: number; parameterId: number | null; price: number; from: number };

/**
 * The products' prices (their own and their variants') from `since` until before `until`, with the
 * one in effect at `since` of each: the history an Omnibus window over [since, until) needs, in one
 * query for a whole page.
 */
export const findPriceHistory = async (
  db: Db,
  orgId: number,
  productIds: readonly number[],
  since: Date,
  until: Date,
): Promise<PriceRow[]> => {
  if (productIds.length === 0) return [];
  const ids = `{${productIds.join(',')}}`;
  const res = await db.execute(sql`
    select p.product_id, p.parameter_id, p.price_gross, p.valid_from from ${productPrices} p
    where p.organisation_id = ${orgId} and p.product_id = any(${ids}::int[])
      and p.valid_from < ${until.toISOString()}::timestamptz
      and (p.valid_from > ${since.toISOString()}::timestamptz or p.id in (
        select distinct on (q.product_id, q.parameter_id) q.id from ${productPrices} q
        where q.organisation_id = ${orgId} and q.product_id = any(${ids}::int[])
          and q.valid_from <= ${since.toISOString()}::timestamptz
        order by q.product_id, q.parameter_id, q.valid_from desc, q.id desc))
    order by p.valid_from, p.id`);
  const rows = (
    res as unknown as {
      rows: {
        product_id: number;
        parameter_id: number | null;
        price_gross: number;
        valid_from: Date | string;
      }[];
    }
  ).rows;
  return rows.map((r) => ({
    productId: Number(r.product_id),
    parameterId: r.parameter_id === null ? null : Number(r.parameter_id),
    price: Number(r.price_gross),
    from: new Date(r.valid_from).getTime(),
  }));
};
