import { buffer } from 'node:stream/consumers';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { productPhotos } from '../../db/schema.ts';
import { ofProduct } from '../catalogue/of-product.ts';
import type { MediaStorage } from './storage.ts';
import { renderPhotoVariants, variantKeys } from './variants.ts';

/** Backfills in progress, by photo folder: concurrent requests for one photo render it once. */
const running = new Map<string, Promise<boolean>>();

/**
 * Photos stored before the smaller and WebP variants existed have only their 600x600 JPEG. When
 * one of the missing variants is asked for, it is rendered from that JPEG (once) and stored, so
 * the storefront's srcset works for old photos too. Only for a photo row that exists, in its
 * club, and only for one of its variant names: a request cannot make anything else be written.
 */
export const backfillVariant = async (
  db: Db,
  media: MediaStorage,
  orgId: number,
  alias: string,
  productId: number,
  photoId: number,
  key: string,
): Promise<boolean> => {
  const [row] = await db
    .select({ fileName: productPhotos.fileName })
    .from(productPhotos)
    .where(and(eq(productPhotos.id, photoId), ofProduct(productPhotos, orgId, productId)));
  if (!row) return false;
  const [original, ...rest] = variantKeys(alias, productId, photoId, row.fileName);
  if (!rest.some((v) => v.key === key)) return false;
  const folder = original!.key.slice(0, original!.key.lastIndexOf('/'));
  let job = running.get(folder);
  if (!job) {
    job = (async () => {
      const source = await media.get(original!.key);
      if (!source) return false;
      const variants = await renderPhotoVariants(await buffer(source.body));
      // The 600x600 JPEG stays as it is: its URL is cached as immutable.
      for (const v of rest) await media.put(v.key, variants.get(`${v.size}:${v.type}`)!, v.type);
      return true;
    })().finally(() => running.delete(folder));
    running.set(folder, job);
  }
  return job;
};
