import { fillMessage, MAX_PHOTO_MB, MAX_PHOTOS_PER_UPLOAD, msg, PHOTO_UPLOAD_FIELD } from '@club/contract';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, HttpError } from '../../lib/http-error.ts';
import { route } from '../../lib/route.ts';
import { PhotoRejected, renderPhotoVariants } from '../media/variants.ts';
import {
  addPhotos,
  deletePhoto,
  listPhotos,
  type PreparedPhoto,
  reorderPhotos,
  setMainPhoto,
} from './photos-service.ts';

const MAX_BYTES = MAX_PHOTO_MB * 1024 * 1024;

/** The uploaded name as shown back in a message: no path, no control characters, bounded. */
const shownName = (name: string | undefined) =>
  (name ?? '')
    .split(/[\\/]/)
    .pop()!
    .replace(/[\p{Cc}\u202a-\u202e\u2066-\u2069]/gu, '')
    .slice(0, 100) || 'bez nazwy';

/** The stored name: an ASCII slug of the uploaded one, always `.jpg` (variants are re-encoded). */
export const photoFileName = (name: string | undefined) => {
  const stem = shownName(name)
    .replace(/\.[^.]*$/, '')
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ł/g, 'l')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${stem || 'zdjecie'}.jpg`;
};

const rejection = (err: PhotoRejected, plik: string) =>
  err.problem === 'type'
    ? new HttpError(415, fillMessage(msg.photoWrongType, { plik }))
    : err.problem === 'pixels'
      ? new HttpError(413, fillMessage(msg.photoTooManyPixels, { plik }))
      : badRequest(fillMessage(msg.photoCorrupt, { plik }));

/**
 * Reads every file of a multipart upload, checks and renders each as it arrives (so at most one
 * file's bytes are held at a time) and refuses the whole upload at the first bad file.
 */
const readUpload = async (request: FastifyRequest): Promise<PreparedPhoto[]> => {
  if (!request.isMultipart()) throw new HttpError(415, msg.photoNotMultipart);
  const prepared: PreparedPhoto[] = [];
  let current = '';
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      current = shownName(part.filename);
      if (part.fieldname !== PHOTO_UPLOAD_FIELD) {
        part.file.resume();
        continue;
      }
      const bytes = await part.toBuffer();
      if (!bytes.length) throw badRequest(fillMessage(msg.photoCorrupt, { plik: current }));
      prepared.push({ fileName: photoFileName(part.filename), variants: await renderPhotoVariants(bytes) });
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    if (err instanceof PhotoRejected) throw rejection(err, current);
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new HttpError(413, fillMessage(msg.photoTooLarge, { plik: current, mb: String(MAX_PHOTO_MB) }));
    if (code === 'FST_FILES_LIMIT')
      throw new HttpError(413, fillMessage(msg.photoTooManyFiles, { ile: String(MAX_PHOTOS_PER_UPLOAD) }));
    // Malformed multipart, too many fields or parts.
    throw badRequest(msg.photoNotMultipart);
  }
  if (!prepared.length) throw badRequest(msg.photoNoFiles);
  return prepared;
};

/** The panel's product photos: list, upload (multipart), order, main photo, delete. */
export const panelPhotosModule = async (app: FastifyInstance) => {
  // Only these routes parse multipart: registered inside this module's own scope.
  await app.register(multipart, {
    limits: {
      fileSize: MAX_BYTES,
      files: MAX_PHOTOS_PER_UPLOAD,
      fields: 10,
      fieldSize: 1024,
      parts: MAX_PHOTOS_PER_UPLOAD + 10,
      headerPairs: 50,
    },
  });

  route(app, 'panelPhotos', async (request) =>
    listPhotos(app.db, await request.panelUser(), request.params.id),
  );

  route(
    app,
    'panelPhotoUpload',
    async (request) => {
      const actor = await request.panelUser();
      // The product is checked before the (costly) images are read and rendered.
      await listPhotos(app.db, actor, request.params.id);
      const prepared = await readUpload(request as unknown as FastifyRequest);
      return addPhotos(app.db, app.media, request.log, actor, request.params.id, prepared);
    },
    // Rendering is CPU work: a generous limit for a person, not for a script.
    { rateLimit: { max: 30, timeWindow: 60_000 } },
  );

  route(app, 'panelPhotoOrder', async (request) =>
    reorderPhotos(app.db, await request.panelUser(), request.params.id, request.body.Kolejnosc),
  );

  route(app, 'panelPhotoMain', async (request) =>
    setMainPhoto(app.db, await request.panelUser(), request.params.id, request.params.photoId),
  );

  route(app, 'panelPhotoDelete', async (request) =>
    deletePhoto(
      app.db,
      app.media,
      request.log,
      await request.panelUser(),
      request.params.id,
      request.params.photoId,
    ),
  );
};
