import type { PhotoRef } from '@club/contract';
import { and, asc, eq } from 'drizzle-orm';
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

/** `Nazwa` of a photo is its file name; the web builds the /static path from it. */
export const photoRef = (
  id: number | null | undefined,
  fileName: string | null | undefined,
): PhotoRef | null => (id != null && fileName != null ? { Id: id, Nazwa: fileName } : null);
