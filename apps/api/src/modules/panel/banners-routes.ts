import {
  BANNER_IMAGE_FIELD,
  BANNER_IMAGE_MAX,
  BANNER_MOBILE_IMAGE_FIELD,
  BANNER_MOBILE_IMAGE_MAX,
  fillMessage,
  msg,
} from '@club/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest, notFound } from '../../lib/http-error.ts';
import { route } from '../../lib/route.ts';
import { acceptImageUploads, readImageUploads } from '../media/upload.ts';
import { renderWebImage, renderWebpCopy } from '../media/variants.ts';
import { type BannerImage, bannersService } from './banners-service.ts';

const FIELDS = [BANNER_IMAGE_FIELD, BANNER_MOBILE_IMAGE_FIELD] as const;

/** The desktop and the phone image of an upload, checked and re-encoded (either may be absent). */
const readSlideImages = async (request: FastifyRequest) => {
  const uploads = await readImageUploads(request, {
    fields: FIELDS,
    maxFiles: FIELDS.length,
    prepare: async (bytes, field) => {
      const max = field === BANNER_IMAGE_FIELD ? BANNER_IMAGE_MAX : BANNER_MOBILE_IMAGE_MAX;
      const jpeg = await renderWebImage(bytes, max.width, max.height);
      const webp = await renderWebpCopy(jpeg);
      // A copy no smaller than the JPEG would only cost phones more.
      return { jpeg, webp: webp.length < jpeg.length ? webp : null };
    },
    notMultipart: fillMessage(msg.imageNotMultipart, { pole: BANNER_IMAGE_FIELD }),
  });
  const pick = (field: string): BannerImage | null => {
    const found = uploads.find((u) => u.field === field);
    return found ? { fileName: found.fileName, bytes: found.prepared.jpeg, webp: found.prepared.webp } : null;
  };
  return { desktop: pick(BANNER_IMAGE_FIELD), mobile: pick(BANNER_MOBILE_IMAGE_FIELD) };
};

/** Rendering is CPU work: a generous limit for a person, not for a script. */
const uploadLimit = { rateLimit: { max: 30, timeWindow: 60_000 } };

/** The banners' slides for owners and managers: images through the media storage, every change audited. */
const routes = async (app: FastifyInstance) => {
  // Only these routes parse multipart: registered inside this module's own scope.
  await acceptImageUploads(app, FIELDS.length);
  const banners = bannersService({ db: app.db, media: app.media, log: app.log });

  route(app, 'panelBanner', async (req) => banners.get(await req.panelUser(), req.params.panelId));
  route(app, 'panelBannerUpdate', async (req) =>
    banners.update(await req.panelUser(), req.params.panelId, req.body),
  );
  route(
    app,
    'panelBannerSlideCreate',
    async (req) => {
      const actor = await req.panelUser();
      const { desktop, mobile } = await readSlideImages(req as unknown as FastifyRequest);
      if (!desktop)
        throw badRequest(msg.bannerDesktopImageRequired, {
          [BANNER_IMAGE_FIELD]: msg.bannerDesktopImageRequired,
        });
      return banners.createSlide(actor, req.params.panelId, desktop, mobile);
    },
    uploadLimit,
  );
  route(
    app,
    'panelBannerSlideImages',
    async (req) => {
      const actor = await req.panelUser();
      // The slide is checked before the (costly) images are read and rendered.
      const banner = await banners.get(actor, req.params.panelId);
      if (!banner.Grafiki.some((g) => g.Id === req.params.slideId)) throw notFound(msg.bannerSlideNotFound);
      const { desktop, mobile } = await readSlideImages(req as unknown as FastifyRequest);
      return banners.replaceImages(actor, req.params.panelId, req.params.slideId, desktop, mobile);
    },
    uploadLimit,
  );
  route(app, 'panelBannerSlideUpdate', async (req) =>
    banners.updateSlide(await req.panelUser(), req.params.panelId, req.params.slideId, req.body),
  );
  route(app, 'panelBannerSlideMobileDelete', async (req) =>
    banners.deleteMobileImage(await req.panelUser(), req.params.panelId, req.params.slideId),
  );
  route(app, 'panelBannerSlideOrder', async (req) =>
    banners.reorderSlides(await req.panelUser(), req.params.panelId, req.body.Kolejnosc),
  );
  route(app, 'panelBannerSlideDelete', async (req) =>
    banners.deleteSlide(await req.panelUser(), req.params.panelId, req.params.slideId),
  );
};

export const panelBannerRoutes = fp(routes, {
  name: 'panel-banners',
  dependencies: ['panel-auth', 'media-storage'],
  encapsulate: true,
});
