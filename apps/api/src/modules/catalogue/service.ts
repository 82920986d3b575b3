import {
  type Category,
  type CategoryCounts,
  groszeToZl,
  msg,
  type Product,
  type ProductListItem,
  type ShippingOption,
} from '@club/contract';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/http-error.ts';
import { sanitizeHtml } from '../../lib/sanitize.ts';
import { photoRef } from './photos.ts';
import * as repo from './repository.ts';

export const listProducts = async (
  db: Db,
  orgId: number,
  filter: repo.ProductFilter,
): Promise<ProductListItem[]> => {
  const rows = await repo.findProductPage(db, orgId, filter);
  return rows.map((r) => ({
    Id: r.id,
    Nazwa: r.name,
    CenaBrutto: groszeToZl(r.priceGross),
    Zdjecie: photoRef(r.photoId, r.photoName),
  }));
};

export const getProduct = async (db: Db, orgId: number, id: number): Promise<Product> => {
  const [product, photos, parameters] = await Promise.all([
    repo.findActiveProduct(db, orgId, id),
    repo.findPhotos(db, orgId, id),
    repo.findParameters(db, orgId, id),
  ]);
  if (!product) throw notFound(msg.productNotFound);
  const attachments = photos.map((p) => ({ Id: p.id, Nazwa: p.fileName }));
  return {
    Id: product.id,
    Nazwa: product.name,
    Opis: product.description,
    // Stored sanitised already; sanitising again on the way out keeps rows written by any other path safe.
    OpisDodatkowy: product.extraDescription == null ? null : sanitizeHtml(product.extraDescription),
    CenaBrutto: groszeToZl(product.priceGross),
    Zdjecie: attachments[0] ?? null,
    Zalaczniki: attachments,
    MagazynyStany: [{ Stan: product.stock }],
    Parametry: parameters.map((p) => ({ Id: p.id, Nazwa: p.name, Stan: p.stock })),
    WymagajWybraniaSklep: product.requiresParameter && parameters.length > 0,
    SklepWyrobu:
      product.categoryId != null && product.categoryName != null
        ? { Id: product.categoryId, Nazwa: product.categoryName }
        : null,
  };
};

export const listCategories = async (db: Db, orgId: number): Promise<Category[]> => {
  const rows = await repo.findCategories(db, orgId);
  const parents = new Set(rows.map((r) => r.parentId));
  return rows.map((r) => ({
    Id: r.id,
    IdParent: r.parentId ?? null,
    Name: r.name,
    HasChild: parents.has(r.id),
  }));
};

/** Every category of the org, each counting its own and all its descendants' active products. */
export const categoryCounts = async (db: Db, orgId: number): Promise<CategoryCounts> => {
  const [cats, direct] = await Promise.all([
    repo.findCategories(db, orgId),
    repo.countProductsByCategory(db, orgId),
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

export const listShipping = async (db: Db, orgId: number): Promise<ShippingOption[]> => {
  const rows = await repo.findActiveShipping(db, orgId);
  return rows.map((r) => ({
    Id: r.id,
    Tresc: r.name,
    Meta: r.price,
    PlatnoscPrzyOdbiorze: r.cashOnDelivery,
  }));
};
