import type { PhotoRef } from '@club/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { productPhotos, products } from '../../db/schema.ts';

/**
 * A product's first photo as a LATERAL subquery over `products`: list, cart and history pages
 * get their photos in the same query as their rows instead of one query per product.
 * Join it with `.leftJoinLateral(firstPhoto(db), sql`true`)`.
 */
export const firstPhoto = (db: Db | Tx) =>
  db
    .select({ photoId: productPhotos.id, photoName: productPhotos.fileName })
    .from(productPhotos)
    .where(
      and(
        eq(productPhotos.productId, products.id),
        eq(productPhotos.organisationId, products.organisationId),
      ),
    )
    .orderBy(asc(productPhotos.position), asc(productPhotos.id))
    .limit(1)
    .as('first_photo');

/**
 * `db.select(columns)` with the first photo's `photoId` and `photoName` beside them. The caller
 * joins `photo` once `products` is in the query: `.leftJoinLateral(photo, sql`true`)`.
 */
export const selectWithFirstPhoto = <T extends SelectedFields>(db: Db | Tx, columns: T) => {
  const photo = firstPhoto(db);
  return { photo, select: db.select({ ...columns, photoId: photo.photoId, photoName: photo.photoName }) };
};

/** `Nazwa` of a photo is its file name; the web builds the /static path from it. */
export const photoRef = (
  id: number | null | undefined,
  fileName: string | null | undefined,
): PhotoRef | null => (id != null && fileName != null ? { Id: id, Nazwa: fileName } : null);
