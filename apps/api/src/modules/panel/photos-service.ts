import { fillMessage, MAX_PRODUCT_PHOTOS, msg, type PanelPhoto, type PanelPhotoList } from '@club/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { writePositions } from '../../db/positions.ts';
import { productPhotos, products } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import type { PanelActor } from '../../plugins/panel-auth.ts';
import { deletePrefix, type MediaStorage, removeWritten, StorageWriteFailed } from '../media/storage.ts';
import { photoFolder, storePhotoVariants, variantKeys } from '../media/variants.ts';
import { type AuditEntry, auditActor, recordAudit } from './audit.ts';

type Photo = { id: number; fileName: string; position: number; optionValue: string | null };
type Log = { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };

const seg = encodeURIComponent;
const url = (alias: string, productId: number, photo: Photo, size: number) =>
  `/static/${seg(alias)}/wyrobzdjecie/${productId}/${photo.id}/${seg(`${size}_${size}_${photo.fileName}`)}`;

const toList = (alias: string, productId: number, rows: Photo[]): PanelPhotoList => ({
  Items: rows.map(
    (p, i): PanelPhoto => ({
      Id: p.id,
      Nazwa: p.fileName,
      Pozycja: i,
      Glowne: i === 0,
      Url: url(alias, productId, p, 600),
      Miniatura: url(alias, productId, p, 150),
      Wartosc: p.optionValue,
    }),
  ),
  Total: rows.length,
});

const photosOf = (db: Db | Tx, orgId: number, productId: number) =>
  db
    .select({
      id: productPhotos.id,
      fileName: productPhotos.fileName,
      position: productPhotos.position,
      optionValue: productPhotos.optionValue,
    })
    .from(productPhotos)
    .where(and(eq(productPhotos.organisationId, orgId), eq(productPhotos.productId, productId)))
    .orderBy(asc(productPhotos.position), asc(productPhotos.id));

/** The club's product, locked for this transaction (photo changes of one product queue up); 404 otherwise. */
const lockProduct = async (tx: Tx, orgId: number, productId: number) => {
  const [row] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.organisationId, orgId), eq(products.id, productId)))
    .for('update');
  if (!row) throw notFound(msg.productNotFound);
};

/** Writes positions 0..n-1 in the given order. */
const renumber = (tx: Tx, orgId: number, ids: number[]) => writePositions(tx, productPhotos, orgId, ids);

export const listPhotos = async (db: Db, actor: PanelActor, productId: number): Promise<PanelPhotoList> => {
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.organisationId, actor.org.id), eq(products.id, productId)));
  if (!product) throw notFound(msg.productNotFound);
  return toList(actor.org.alias, productId, await photosOf(db, actor.org.id, productId));
};

/** A rendered upload: its stored file name and its variants (renderPhotoVariants). */
export type PreparedPhoto = { fileName: string; variants: Map<string, Buffer> };

/** Photo ids taken from the table's sequence before any row exists: the files are stored under them first. */
const reservePhotoIds = async (db: Db, count: number): Promise<number[]> => {
  const result = (await db.execute(
    sql`select nextval(pg_get_serial_sequence('product_photos', 'id')) as id from generate_series(1, ${count}::int)`,
  )) as unknown as { rows: { id: number | string }[] };
  return result.rows.map((r) => Number(r.id));
};

/**
 * Adds already checked and rendered photos after the existing ones. The files are stored first,
 * under ids reserved for them, with no transaction open: a slow or hung storage holds no lock on
 * the product. Then one transaction adds the rows and the audit entries; if storing or that
 * transaction fails, whatever was written is removed, so no row is ever without its files.
 */
export const addPhotos = async (
  db: Db,
  media: MediaStorage,
  log: Log,
  actor: PanelActor,
  productId: number,
  prepared: PreparedPhoto[],
): Promise<PanelPhotoList> => {
  const { org } = actor;
  const full = () => conflict(fillMessage(msg.photoLimitReached, { ile: String(MAX_PRODUCT_PHOTOS) }));
  // Checked before storing anything (and again in the transaction, which decides).
  if ((await photosOf(db, org.id, productId)).length + prepared.length > MAX_PRODUCT_PHOTOS) throw full();
  const ids = await reservePhotoIds(db, prepared.length);
  const written: string[] = [];
  try {
    for (const [i, photo] of prepared.entries()) {
      written.push(photoFolder(org.alias, productId, ids[i]!));
      try {
        await storePhotoVariants(
          media,
          variantKeys(org.alias, productId, ids[i]!, photo.fileName),
          photo.variants,
        );
      } catch (err) {
        log.error({ err }, 'storing photo variants failed');
        throw new StorageWriteFailed(msg.photoStorageFailed);
      }
    }
    return await db.transaction(async (tx) => {
      await lockProduct(tx, org.id, productId);
      const existing = await photosOf(tx, org.id, productId);
      if (existing.length + prepared.length > MAX_PRODUCT_PHOTOS) throw full();
      let position = existing.length ? Math.max(...existing.map((p) => p.position)) + 1 : 0;
      for (const [i, photo] of prepared.entries()) {
        const [row] = await tx
          .insert(productPhotos)
          .values({
            id: ids[i]!,
            organisationId: org.id,
            productId,
            fileName: photo.fileName,
            position: position++,
          })
          .returning({
            id: productPhotos.id,
            fileName: productPhotos.fileName,
            position: productPhotos.position,
          });
        await recordAudit(tx, {
          ...auditActor(actor),
          action: 'create',
          entity: 'photo',
          entityId: row!.id,
          after: { IdWyrob: productId, Nazwa: row!.fileName, Pozycja: row!.position },
        });
      }
      await tx.update(products).set({ updatedAt: new Date() }).where(eq(products.id, productId));
      return toList(org.alias, productId, await photosOf(tx, org.id, productId));
    });
  } catch (err) {
    await removeWritten(err, () => Promise.all(written.map((folder) => deletePrefix(media, folder))), log);
    throw err;
  }
};

type PhotoRow = Awaited<ReturnType<typeof photosOf>>[number];

/** How the audit log records a new order: `shows` turns an order of photo ids into what it keeps. */
type RearrangeAudit = Pick<AuditEntry, 'action' | 'entityId'> & { shows: (ids: number[]) => object };

/** Renumbers a product's photos under the product's lock; `plan` picks the order from the current photos. */
const rearrange = (
  db: Db,
  actor: PanelActor,
  productId: number,
  { action, entityId, shows }: RearrangeAudit,
  plan: (before: PhotoRow[]) => number[],
): Promise<PanelPhotoList> =>
  db.transaction(async (tx) => {
    const { org } = actor;
    await lockProduct(tx, org.id, productId);
    const before = await photosOf(tx, org.id, productId);
    const order = plan(before);
    await renumber(tx, org.id, order);
    await recordAudit(tx, {
      ...auditActor(actor),
      action,
      entity: 'photo',
      entityId,
      before: { IdWyrob: productId, ...shows(before.map((p) => p.id)) },
      after: { IdWyrob: productId, ...shows(order) },
    });
    return toList(org.alias, productId, await photosOf(tx, org.id, productId));
  });

/** Puts the photos in the given order (every photo of the product, each once): the first becomes the main one. */
export const reorderPhotos = async (
  db: Db,
  actor: PanelActor,
  productId: number,
  order: number[],
): Promise<PanelPhotoList> =>
  rearrange(
    db,
    actor,
    productId,
    { action: 'reorder', entityId: productId, shows: (ids) => ({ Kolejnosc: ids }) },
    (before) => {
      const ids = new Set(before.map((p) => p.id));
      if (
        order.length !== ids.size ||
        new Set(order).size !== order.length ||
        order.some((id) => !ids.has(id))
      )
        throw badRequest(msg.photoOrderMismatch, { Kolejnosc: msg.photoOrderMismatch });
      return order;
    },
  );

/** Makes one photo the main one (first); the others keep their order after it. */
export const setMainPhoto = async (
  db: Db,
  actor: PanelActor,
  productId: number,
  photoId: number,
): Promise<PanelPhotoList> =>
  rearrange(
    db,
    actor,
    productId,
    { action: 'update', entityId: photoId, shows: (ids) => ({ Glowne: ids[0] ?? null }) },
    (before) => {
      if (!before.some((p) => p.id === photoId)) throw notFound(msg.photoNotFound);
      return [photoId, ...before.map((p) => p.id).filter((id) => id !== photoId)];
    },
  );

/**
 * Ties a photo to the variants with one option value (a colour's own pictures), or to all (null).
 * The value must be one of the product's options' values as they are now.
 */
export const setPhotoVariant = (
  db: Db,
  actor: PanelActor,
  productId: number,
  photoId: number,
  value: string | null,
): Promise<PanelPhotoList> =>
  db.transaction(async (tx) => {
    const { org } = actor;
    const [product] = await tx
      .select({ options: products.options })
      .from(products)
      .where(and(eq(products.organisationId, org.id), eq(products.id, productId)))
      .for('update');
    if (!product) throw notFound(msg.productNotFound);
    const before = await photosOf(tx, org.id, productId);
    const photo = before.find((p) => p.id === photoId);
    if (!photo) throw notFound(msg.photoNotFound);
    if (value !== null && !product.options.some((o) => o.values.includes(value))) {
      throw badRequest(msg.photoVariantInvalid, { Wartosc: msg.photoVariantInvalid });
    }
    await tx
      .update(productPhotos)
      .set({ optionValue: value })
      .where(and(eq(productPhotos.organisationId, org.id), eq(productPhotos.id, photoId)));
    await recordAudit(tx, {
      ...auditActor(actor),
      action: 'update',
      entity: 'photo',
      entityId: photoId,
      before: { IdWyrob: productId, Wartosc: photo.optionValue },
      after: { IdWyrob: productId, Wartosc: value },
    });
    return toList(org.alias, productId, await photosOf(tx, org.id, productId));
  });

/** Removes a photo and, once that is committed, its files. */
export const deletePhoto = async (
  db: Db,
  media: MediaStorage,
  log: Log,
  actor: PanelActor,
  productId: number,
  photoId: number,
): Promise<PanelPhotoList> => {
  const { org } = actor;
  const list = await db.transaction(async (tx) => {
    await lockProduct(tx, org.id, productId);
    const before = await photosOf(tx, org.id, productId);
    const photo = before.find((p) => p.id === photoId);
    if (!photo) throw notFound(msg.photoNotFound);
    await tx
      .delete(productPhotos)
      .where(and(eq(productPhotos.organisationId, org.id), eq(productPhotos.id, photoId)));
    const rest = before.filter((p) => p.id !== photoId);
    await renumber(
      tx,
      org.id,
      rest.map((p) => p.id),
    );
    await recordAudit(tx, {
      ...auditActor(actor),
      action: 'delete',
      entity: 'photo',
      entityId: photoId,
      before: { IdWyrob: productId, Nazwa: photo.fileName, Pozycja: before.indexOf(photo) },
    });
    await tx.update(products).set({ updatedAt: new Date() }).where(eq(products.id, productId));
    return toList(org.alias, productId, await photosOf(tx, org.id, productId));
  });
  // After the commit: a failure here leaves unreferenced files behind, never a photo without files.
  await deletePrefix(media, photoFolder(org.alias, productId, photoId)).catch((err) =>
    log.error({ err }, 'deleting photo files failed'),
  );
  return list;
};
