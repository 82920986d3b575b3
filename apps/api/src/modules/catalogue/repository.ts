import { and, asc, count, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { categories, productParameters, productPhotos, products, shippingOptions } from '../../db/schema.ts';
import { firstPhoto } from './photos.ts';
import { prepared } from './prepared.ts';

export type ProductFilter = { offset: number; count: number; categoryId?: number; excludeProductId?: number };

/** The category and all its descendants; UNION (not UNION ALL) so a parent cycle cannot loop. */
const inCategoryTree = sql`${products.categoryId} in (
  with recursive tree(id) as (
    select id from categories where organisation_id = ${sql.placeholder('orgId')} and id = ${sql.placeholder('categoryId')}
    union
    select c.id from categories c join tree on c.parent_id = tree.id where c.organisation_id = ${sql.placeholder('orgId')}
  ) select id from tree)`;

const pageQuery = (byCategory: boolean, excluding: boolean) =>
  prepared((db) => {
    const photo = firstPhoto(db);
    return db
      .select({
        id: products.id,
        name: products.name,
        priceGross: products.priceGross,
        photoId: photo.photoId,
        photoName: photo.photoName,
      })
      .from(products)
      .leftJoinLateral(photo, sql`true`)
      .where(
        and(
          eq(products.organisationId, sql.placeholder('orgId')),
          eq(products.active, true),
          byCategory ? inCategoryTree : undefined,
          excluding ? ne(products.id, sql.placeholder('excludeId')) : undefined,
        ),
      )
      .orderBy(asc(products.position), asc(products.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
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

const productQuery = prepared((db) =>
  db
    .select({
      id: products.id,
      name: products.name,
      description: products.description,
      extraDescription: products.extraDescription,
      priceGross: products.priceGross,
      stock: products.stock,
      requiresParameter: products.requiresParameter,
      categoryId: categories.id,
      categoryName: categories.name,
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

export const findActiveProduct = async (db: Db, orgId: number, id: number) => {
  const [row] = await productQuery(db).execute({ id, orgId });
  return row;
};

const photosQuery = prepared((db) =>
  db
    .select({ id: productPhotos.id, fileName: productPhotos.fileName })
    .from(productPhotos)
    .where(
      and(
        eq(productPhotos.productId, sql.placeholder('productId')),
        eq(productPhotos.organisationId, sql.placeholder('orgId')),
      ),
    )
    .orderBy(asc(productPhotos.position), asc(productPhotos.id))
    .prepare('catalogue_product_photos'),
);
export const findPhotos = (db: Db, orgId: number, productId: number) =>
  photosQuery(db).execute({ orgId, productId });

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

const shippingQuery = prepared((db) =>
  db
    .select({
      id: shippingOptions.id,
      name: shippingOptions.name,
      price: shippingOptions.price,
      cashOnDelivery: shippingOptions.cashOnDelivery,
    })
    .from(shippingOptions)
    .where(
      and(eq(shippingOptions.organisationId, sql.placeholder('orgId')), eq(shippingOptions.active, true)),
    )
    .orderBy(asc(shippingOptions.position), asc(shippingOptions.id))
    .prepare('catalogue_shipping'),
);
export const findActiveShipping = (db: Db, orgId: number) => shippingQuery(db).execute({ orgId });
