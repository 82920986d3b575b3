import { MAX_PHOTOS_PER_UPLOAD, msg, PHOTO_UPLOAD_FIELD } from '@club/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { route } from '../../lib/route.ts';
import { acceptImageUploads, imageFileName, readImageUploads } from '../media/upload.ts';
import { renderPhotoVariants } from '../media/variants.ts';
import {
  addPhotos,
  deletePhoto,
  listPhotos,
  type PreparedPhoto,
  reorderPhotos,
  setMainPhoto,
  setPhotoVariant,
} from './photos-service.ts';

/** The stored name: an ASCII slug of the uploaded one, always `.jpg` (variants are re-encoded). */
export const photoFileName = (name: string | undefined) => imageFileName(name);

/** Every file of the upload, checked and rendered as it arrives (media/upload.ts). */
const readUpload = async (request: FastifyRequest): Promise<PreparedPhoto[]> =>
  (
    await readImageUploads(request, {
      fields: [PHOTO_UPLOAD_FIELD],
      maxFiles: MAX_PHOTOS_PER_UPLOAD,
      prepare: (bytes) => renderPhotoVariants(bytes),
      notMultipart: msg.photoNotMultipart,
    })
  ).map((u) => ({ fileName: u.fileName, variants: u.prepared }));

/** The panel's product photos: list, upload (multipart), order, main photo, delete. */
const panelPhotosRoutes = async (app: FastifyInstance) => {
  // Only these routes parse multipart: registered inside this module's own scope.
  await acceptImageUploads(app, MAX_PHOTOS_PER_UPLOAD);

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

  route(app, 'panelPhotoVariant', async (request) =>
    setPhotoVariant(
      app.db,
      await request.panelUser(),
      request.params.id,
      request.params.photoId,
      request.body.Wartosc,
    ),
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

export const panelPhotosModule = fp(panelPhotosRoutes, {
  name: 'panel-photos',
  dependencies: ['panel-auth', 'media-storage'],
  encapsulate: true,
});
