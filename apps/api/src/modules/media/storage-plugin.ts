import fp from 'fastify-plugin';
import type { Config } from '../../lib/config.ts';
import { type ImageJobs, imageJobs } from './image-jobs.ts';
import { localMediaStorage } from './local-storage.ts';
import { s3MediaStorage } from './s3-storage.ts';
import type { MediaStorage } from './storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    media: MediaStorage;
    /** The queue every image upload of this process is decoded in (image-jobs.ts). */
    imageJobs: ImageJobs;
  }
}

/** S3 when `S3_BUCKET` is set, otherwise files under DATA_DIR/media (the layout /static always had). */
export const createMediaStorage = async (config: Pick<Config, 's3' | 'mediaDir'>): Promise<MediaStorage> =>
  config.s3 ? s3MediaStorage(config.s3) : localMediaStorage(config.mediaDir);

/** `app.media`: the one MediaStorage of this process; `app.imageJobs`: its image upload queue. */
export const mediaStoragePlugin = fp(
  async (app) => {
    const storage = await createMediaStorage(app.config);
    app.decorate('media', storage);
    app.decorate('imageJobs', imageJobs(app.config.imageJobs));
    if ('client' in storage)
      app.addHook('onClose', async () => (storage as { client: { destroy(): void } }).client.destroy());
  },
  { name: 'media-storage' },
);
