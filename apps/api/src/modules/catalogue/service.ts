import {
  type Category,
  type CategoryCounts,
  DEFAULT_PRODUCT_SORT,
  groszeToZl,
  isLockerOption,
  msg,
  type Product,
  type ProductListItem,
  type ProductSafety,
  type ProductSort,
  productSafetyOf,
  type ShippingOption,
} from '@club/contract';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/http-error.ts';
import { sanitizeHtml } from '../../lib/sanitize.ts';
import { productPrintingView } from '../printing/view.ts';
import {
  buildCatalogueIndex,
  type CatalogueIndex,
  inOrderOf,
  listFor,
  pageOfIds,
} from './catalogue-index.ts';
import { photoRef } from './photos.ts';
import { panelFieldsOf, shopFieldsOf } from './product-fields.ts';
import { productMaximum, type QuantityLimits } from './quantity-limits.ts';
import * as repo from './repository.ts';
import { type ClubPromotions, loadClubPromotions, showPromotions } from './shown-promotions.ts';

/** Left out when there is nothing to say, so the spec's product stays as it was. */
const withSafety = (safety: ProductSafety | undefined) => (safety ? { Bezpieczenstwo: safety } : {});

/**
 * Where catalogue reads come from: the database, and a club's cached catalogue index when there is
 * one to trust (`index` returns undefined while the change bus is not listening: plain queries then),
 * and the club's automatic promotions as the pages show them.
 */
export type CatalogueSource = {
  db: Db;
  index(orgId: number): Promise<CatalogueIndex> | undefined;
  promotions(orgId: number): Promise<ClubPromotions>;
};

/** A source without a cache: every read is a query (tests compare it with the cached one). */
export const uncached = (db: Db): CatalogueSource => ({
  db,
  index: () => undefined,
  promotions: (orgId) => loadClubPromotions(db, orgId),
});

/** A list row as the storefront's tile: the spec's fields, then what promotions add (decision 151). */
export const listItemsOf = async (
  src: Pick<CatalogueSource, 'db' | 'promotions'>,
  orgId: number,
  rows: readonly repo.ListRow[],
  withStock = true,
): Promise<ProductListItem[]> => {
  const shown = rows.length
    ? await showPromotions(
        src.db,
        orgId,
        await src.promotions(orgId),
        rows.map((r) => ({
          productId: r.id,
          variantId: null,
          categoryId: r.categoryId,
          price: r.priceGross,
          ownPrice: false,
        })),
      )
    : [];
  return rows.map((r, i) => ({
    Id: r.id,
    Nazwa: r.name,
    CenaBrutto: groszeToZl(r.priceGross),
    NajnizszaCena30Dni: r.lowestPrice30d == null ? null : groszeToZl(r.lowestPrice30d),
    Zdjecie: photoRef(r.photoId, r.photoName),
    ...(withStock && { MagazynyStany: [{ Stan: r.stock }] }),
    ...shown[i],
  }));
};

/** Builds a club's catalogue index: two queries (categories; active products' ids and categories). */
export const loadCatalogueIndex = async (db: Db, orgId: number): Promise<CatalogueIndex> => {
  const [cats, rows] = await Promise.all([repo.findCategories(db, orgId), repo.findIndexRows(db, orgId)]);
  return buildCatalogueIndex(cats, rows);
};

/**
 * Sorted lists memoised on the index they were made from, so they go when it goes (any catalogue
 * change): per sort the club's ids in that order (one database query), then per category its
 * members in that order. Promises, so concurrent requests share one query.
 */
const sortedLists = new WeakMap<CatalogueIndex, Map<string, Promise<Int32Array>>>();

const memo = (index: CatalogueIndex, key: string, make: () => Promise<Int32Array>): Promise<Int32Array> => {
  const lists = sortedLists.get(index) ?? new Map<string, Promise<Int32Array>>();
  sortedLists.set(index, lists);
  let list = lists.get(key);
  if (!list) {
    list = make();
    lists.set(key, list);
    list.catch(() => lists.delete(key));
  }
  return list;
};

/** The list of a filter in a sort other than the index's own: a category's products in that order. */
const sortedList = (
  db: Db,
  orgId: number,
  index: CatalogueIndex,
  sort: Exclude<ProductSort, 'domyslne'>,
  categoryId?: number,
): Promise<Int32Array> => {
  const list = listFor(index, categoryId);
  if (list.length === 0) return Promise.resolve(list);
  const all = memo(index, sort, () => repo.findSortedIds(db, orgId, sort));
  return memo(index, `${sort}:${categoryId ?? ''}`, async () => inOrderOf(await all, list));
};

export const listProducts = async (
  src: CatalogueSource,
  orgId: number,
  filter: repo.ProductFilter & { sort?: ProductSort },
): Promise<ProductListItem[]> => {
  const pending = src.index(orgId);
  const sort = filter.sort ?? DEFAULT_PRODUCT_SORT;
  const rows =
    sort !== 'domyslne'
      ? await sortedPage(src, orgId, filter, sort)
      : pending
        ? await repo.findProductsByIds(
            src.db,
            orgId,
            pageOfIds(
              listFor(await pending, filter.categoryId),
              filter.offset,
              filter.count,
              filter.excludeProductId,
            ),
          )
        : await repo.findProductPage(src.db, orgId, filter);
  return listItemsOf(src, orgId, rows);
};

/**
 * A page in another order. Without the cache (change bus not listening) the index is built for
 * the request, as the sitemap does: slower, but the very rows the cached path gives.
 */
const sortedPage = async (
  src: CatalogueSource,
  orgId: number,
  filter: repo.ProductFilter,
  sort: Exclude<ProductSort, 'domyslne'>,
) => {
  const index = await (src.index(orgId) ?? loadCatalogueIndex(src.db, orgId));
  const list = await sortedList(src.db, orgId, index, sort, filter.categoryId);
  return repo.findProductsByIds(
    src.db,
    orgId,
    pageOfIds(list, filter.offset, filter.count, filter.excludeProductId),
  );
};

/** How many products the list of a category (with its subcategories) or of the whole shop pages over. */
export const productCount = async (src: CatalogueSource, orgId: number, categoryId?: number) => {
  const pending = src.index(orgId);
  if (pending) return listFor(await pending, categoryId).length;
  return repo.countProducts(src.db, orgId, categoryId);
};

export const getProduct = async (
  src: Pick<CatalogueSource, 'db' | 'promotions'>,
  club: { id: number; giftCardMonths: number } & QuantityLimits,
  id: number,
): Promise<Product> => {
  const [product, promotions] = await Promise.all([
    repo.findActiveProduct(src.db, club.id, id),
    src.promotions(club.id),
  ]);
  if (!product) throw notFound(msg.productNotFound);
  const { photos, parameters } = product;
  // The product before a variant is chosen, then each variant at its own price or the product's.
  const [shown, ...shownVariants] = await showPromotions(src.db, club.id, promotions, [
    {
      productId: product.id,
      variantId: null,
      categoryId: product.categoryId,
      price: product.priceGross,
      ownPrice: false,
    },
    ...parameters.map((p) => ({
      productId: product.id,
      variantId: p.id,
      categoryId: product.categoryId,
      price: p.priceGross ?? product.priceGross,
      ownPrice: p.priceGross !== null,
    })),
  ]);
  const offers = [...new Set([shown, ...shownVariants].flatMap((s) => s?.Oferty ?? []))];
  const attachments = photos.map((p) =>
    p.optionValue === null
      ? { Id: p.id, Nazwa: p.fileName }
      : { Id: p.id, Nazwa: p.fileName, Wartosc: p.optionValue },
  );
  const options = product.options.length ? product.options : undefined;
  return {
    Id: product.id,
    Nazwa: product.name,
    ...shopFieldsOf(product),
    // Stored sanitised already; sanitising again on the way out keeps rows written by any other path safe.
    OpisDodatkowy: product.extraDescription == null ? null : sanitizeHtml(product.extraDescription),
    CenaBrutto: groszeToZl(product.priceGross),
    NajnizszaCena30Dni: product.lowestPrice30d == null ? null : groszeToZl(product.lowestPrice30d),
    Zdjecie: attachments[0] ? { Id: attachments[0].Id, Nazwa: attachments[0].Nazwa } : null,
    Zalaczniki: attachments,
    // With variants, what they can sell now (a pre-order's pieces left count): the product's stock otherwise.
    MagazynyStany: [
      { Stan: parameters.length ? parameters.reduce((s, p) => s + p.stock, 0) : product.stock },
    ],
    ...(options && { Opcje: options.map((o) => ({ Nazwa: o.name, Wartosci: o.values })) }),
    Parametry: parameters.map((p, i) => ({
      Id: p.id,
      Nazwa: p.name,
      Stan: p.stock,
      ...(options && { Wartosci: p.values }),
      ...(p.priceGross !== null && {
        CenaBrutto: groszeToZl(p.priceGross),
        NajnizszaCena30Dni: p.lowestPrice30d == null ? null : groszeToZl(p.lowestPrice30d),
      }),
      ...(shownVariants[i]?.Promocja && { Promocja: shownVariants[i].Promocja }),
      ...(p.preorder && { Przedsprzedaz: { DataWysylki: p.preorder } }),
    })),
    WymagajWybraniaSklep: product.requiresParameter && parameters.length > 0,
    SklepWyrobu:
      product.categoryId != null && product.categoryName != null
        ? { Id: product.categoryId, Nazwa: product.categoryName }
        : null,
    // One order cannot be above what one buyer may buy in all.
    MaksIlosc: Math.min(
      productMaximum(product.lineLimit, club),
      product.customerLimit ?? Number.MAX_SAFE_INTEGER,
    ),
    ...(product.customerLimit !== null && { LimitNaOsobe: product.customerLimit }),
    ...(product.numberedEdition && { EdycjaNumerowana: true as const }),
    // The club's months, not the buyer's: the page stays one cached page for everyone.
    ...(product.giftCard && { KartaPodarunkowa: { WaznoscMiesiecy: club.giftCardMonths } }),
    StawkaVat: product.vatRate,
    ...withSafety(productSafetyOf(panelFieldsOf(product), product.clubSafety)),
    ...(product.sizeGuide ? { TabelaRozmiarow: product.sizeGuide } : {}),
    ...(product.printing && { Nadruk: productPrintingView(product.printing, product.squad) }),
    ...(shown?.Promocja && { Promocja: shown.Promocja }),
    // A deal on some variants only is still worth a badge on the product.
    ...(offers.length && { Oferty: offers }),
  };
};

export const listCategories = async (src: CatalogueSource, orgId: number): Promise<Category[]> => {
  const pending = src.index(orgId);
  if (pending) return (await pending).categories;
  const rows = await repo.findCategories(src.db, orgId);
  const parents = new Set(rows.map((r) => r.parentId));
  return rows.map((r) => ({
    Id: r.id,
    IdParent: r.parentId ?? null,
    Name: r.name,
    HasChild: parents.has(r.id),
  }));
};

/** Every category of the org, each counting its own and all its descendants' active products. */
export const categoryCounts = async (src: CatalogueSource, orgId: number): Promise<CategoryCounts> => {
  const pending = src.index(orgId);
  if (pending) return (await pending).counts;
  const [cats, direct] = await Promise.all([
    repo.findCategories(src.db, orgId),
    repo.countProductsByCategory(src.db, orgId),
  ]);
  const parentOf = new Map(cats.map((c) => [c.id, c.parentId]));
  const totals = new Map(cats.map((c) => [c.id, 0]));
  for (const { categoryId, n } of direct) {
    // Walk up to the root; `seen` stops a corrupt parent cycle from looping forever.
    const seen = new Set<number>();
    for (let id = categoryId; id != null && totals.has(id) && !seen.has(id); id = parentOf.get(id) ?? null) {
      seen.add(id);
      totals.set(id, totals.get(id)! + n);
    }
  }
  return Object.fromEntries([...totals].map(([id, n]) => [String(id), n]));
};

/** The active options in order; cash on delivery only where the club takes it at all. */
/**
 * The options a buyer may choose: delivery by e-mail for a cart of gift cards alone (decision 154),
 * parcels for every other cart (and when no cart is named, as the spec's list).
 */
export const listShipping = async (
  db: Db,
  org: { id: number; cashOnDelivery: boolean },
  cart: { onlyGiftCards: boolean } = { onlyGiftCards: false },
): Promise<ShippingOption[]> => {
  const rows = await repo.findActiveShipping(db, org.id);
  return rows
    .filter((r) => r.electronic === cart.onlyGiftCards)
    .map((r) => ({
      Id: r.id,
      Tresc: r.name,
      Meta: r.price,
      PlatnoscPrzyOdbiorze: r.cashOnDelivery && org.cashOnDelivery && !r.electronic,
      Paczkomat: isLockerOption({ Tresc: r.name, Paczkomat: r.parcelLocker }),
      ...(r.electronic && { Elektroniczna: true }),
    }));
};

/**
 * The sitemap's product files: the active products in list order, `perFile` a file. `Pliki` is how
 * many files there are; file `n` (from 1) holds their ids.
 */
export const sitemapFileCount = async (src: CatalogueSource, orgId: number, perFile: number) => {
  const total = (await (src.index(orgId) ?? loadCatalogueIndex(src.db, orgId))).all.length;
  return Math.ceil(total / perFile);
};

export const sitemapProductIds = async (
  src: CatalogueSource,
  orgId: number,
  file: number,
  perFile: number,
): Promise<number[]> => {
  const { all } = await (src.index(orgId) ?? loadCatalogueIndex(src.db, orgId));
  const start = (file - 1) * perFile;
  if (start >= all.length) throw notFound(msg.notFound);
  return Array.from(all.subarray(start, start + perFile));
};
