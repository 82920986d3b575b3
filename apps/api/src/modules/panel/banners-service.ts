import {
  BANNER_KIND_HOME,
  BANNER_MAX_HEIGHT,
  fillMessage,
  MAX_BANNER_SLIDES,
  msg,
  type PanelBanner,
  type PanelBannerSlideInput,
  type PanelBannerUpdate,
} from '@club/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import { writePositions } from '../../db/positions.ts';
import { bannerSlides, banners } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import type { PanelActor } from '../../plugins/panel-auth.ts';
import { contentService } from '../content/service.ts';
import { slideOverlay } from '../content/slide-overlay.ts';
import { mediaPath, webpFileName } from '../media/images.ts';
import { deletePrefix, type MediaStorage, removeWritten, StorageWriteFailed } from '../media/storage.ts';
import { contentChanged, lockClubContent, uniqueFileName } from './content-shared.ts';

type SlideRow = typeof bannerSlides.$inferSelect;
type Deps = { db: Db; media: MediaStorage; log: FastifyBaseLogger };
/** A checked and re-encoded upload: its stored name, its JPEG bytes and their WebP copy (null when no smaller). */
export type BannerImage = { fileName: string; bytes: Buffer; webp: Buffer | null };

const seg = encodeURIComponent;
const imageUrl = (alias: string, bannerId: number, slideId: number, file: string) =>
  `/static/${seg(alias)}/panelbanerygrafika/${bannerId}/${slideId}/${seg(file)}`;
const imageKey = (alias: string, bannerId: number, slideId: number, file: string) =>
  mediaPath.bannerImage(alias, bannerId, slideId, file).split('\\').join('/');
const slideFolder = (alias: string, bannerId: number, slideId: number) =>
  `${imageKey(alias, bannerId, slideId, 'x').slice(0, -1)}`;

/** The slide's looks as the audit log keeps them (the storefront's names). */
const snapshot = (s: SlideRow) => ({
  Nazwa: s.title,
  Tresc: s.content,
  Url: s.url,
  Plik: s.fileName,
  PlikMobile: s.mobileFileName,
  ...slideOverlay(s),
  Pozycja: s.position,
});

const findBanner = async (db: Db | Tx, orgId: number, panelId: number) => {
  const [row] = await db
    .select()
    .from(banners)
    .where(and(eq(banners.organisationId, orgId), eq(banners.panelId, panelId)))
    .orderBy(asc(banners.id))
    .limit(1);
  return row ?? null;
};

/** The banner of this panel, made (empty, home kind, full height) when the club has none yet. */
const ensureBanner = async (tx: Tx, orgId: number, panelId: number) =>
  (await findBanner(tx, orgId, panelId)) ??
  (
    await tx
      .insert(banners)
      .values({ organisationId: orgId, panelId, kind: BANNER_KIND_HOME, height: BANNER_MAX_HEIGHT })
      .returning()
  )[0]!;

const slidesOf = (db: Db | Tx, orgId: number, bannerId: number) =>
  db
    .select()
    .from(bannerSlides)
    .where(and(eq(bannerSlides.organisationId, orgId), eq(bannerSlides.bannerId, bannerId)))
    .orderBy(asc(bannerSlides.position), asc(bannerSlides.id));

const renumber = (tx: Tx, orgId: number, ids: number[]) => writePositions(tx, bannerSlides, orgId, ids);

/** A slide id taken from the table's sequence before the row exists: its images are stored under it first. */
const reserveSlideId = async (db: Db): Promise<number> => {
  const result = (await db.execute(
    sql`select nextval(pg_get_serial_sequence('banner_slides', 'id')) as id`,
  )) as unknown as { rows: { id: number | string }[] };
  return Number(result.rows[0]!.id);
};

/** The banner and its slide, locked for this change; 404 when either is not the club's. */
const lockedSlide = async (tx: Tx, orgId: number, panelId: number, slideId: number) => {
  await lockClubContent(tx, orgId);
  const banner = await findBanner(tx, orgId, panelId);
  if (!banner) throw notFound(msg.bannerSlideNotFound);
  const slides = await slidesOf(tx, orgId, banner.id);
  const slide = slides.find((s) => s.id === slideId);
  if (!slide) throw notFound(msg.bannerSlideNotFound);
  return { banner, slides, slide };
};

export const bannersService = (deps: Deps) => {
  const { db, media, log } = deps;
  const storefront = contentService({ db, log });

  /** Writes images, remembering their keys so a failed change can take them back. */
  const store = async (written: string[], key: string, bytes: Buffer, type = 'image/jpeg') => {
    written.push(key);
    try {
      await media.put(key, bytes, type);
    } catch (err) {
      log.error({ err }, 'storing banner image failed');
      throw new StorageWriteFailed(msg.imageStorageFailed);
    }
  };
  /** The JPEG as `fileName` and its WebP copy, if any, as `webpName` (see `webpNameOf`). */
  const storeImage = async (
    written: string[],
    key: (file: string) => string,
    image: BannerImage,
    fileName: string,
    webpName: string | null,
  ) => {
    await store(written, key(fileName), image.bytes);
    if (image.webp && webpName) await store(written, key(webpName), image.webp, 'image/webp');
  };
  const webpNameOf = (image: BannerImage, fileName: string) => (image.webp ? webpFileName(fileName) : null);
  /** Best effort: an orphaned file costs only space; the first failure ends it (the storage is away). */
  const removeKeys = async (keys: string[]) => {
    try {
      for (const key of keys) await media.delete(key);
    } catch (err) {
      log.error({ err }, 'deleting banner image failed');
    }
  };

  /**
   * The storefront's own banner (content service: the very fields `panelebaneryfrontend` sends)
   * with each slide's place and image addresses; an empty banner when the club has none yet.
   */
  const get = async (actor: PanelActor, panelId: number): Promise<PanelBanner> => {
    const { org } = actor;
    const row = await findBanner(db, org.id, panelId);
    if (!row)
      return {
        Id: null,
        PanelId: panelId,
        Rodzaj: BANNER_KIND_HOME,
        Wysokosc: BANNER_MAX_HEIGHT,
        Grafiki: [],
      };
    const shown = await storefront.banner(org, panelId);
    return {
      ...shown,
      PanelId: panelId,
      Grafiki: shown.Grafiki.map((s, i) => ({
        ...s,
        Pozycja: i,
        ObrazUrl: imageUrl(org.alias, shown.Id, s.Id, s.Plik),
        ObrazMobileUrl: s.GrafikaMobile ? imageUrl(org.alias, shown.Id, s.Id, s.GrafikaMobile.Nazwa) : null,
      })),
    };
  };

  return {
    get,

    async update(actor: PanelActor, panelId: number, body: PanelBannerUpdate) {
      await db.transaction(async (tx) => {
        await lockClubContent(tx, actor.org.id);
        const banner = await ensureBanner(tx, actor.org.id, panelId);
        if (banner.height === body.Wysokosc) return;
        await tx.update(banners).set({ height: body.Wysokosc }).where(eq(banners.id, banner.id));
        await contentChanged(tx, actor, {
          action: 'update',
          entity: 'banner',
          entityId: banner.id,
          before: { PanelId: panelId, Wysokosc: banner.height },
          after: { PanelId: panelId, Wysokosc: body.Wysokosc },
        });
      });
      return get(actor, panelId);
    },

    /**
     * A new slide at the end, with its images. The images are stored first, under a slide id
     * reserved for them and with no transaction open (a slow storage holds no lock on the club);
     * then one transaction adds the row. If either fails, what was written is removed.
     */
    async createSlide(actor: PanelActor, panelId: number, desktop: BannerImage, mobile: BannerImage | null) {
      const { org } = actor;
      const full = () => conflict(fillMessage(msg.bannerSlideLimit, { ile: String(MAX_BANNER_SLIDES) }));
      const bannerId = await db.transaction(async (tx) => {
        await lockClubContent(tx, org.id);
        const banner = await ensureBanner(tx, org.id, panelId);
        if ((await slidesOf(tx, org.id, banner.id)).length >= MAX_BANNER_SLIDES) throw full();
        return banner.id;
      });
      const slideId = await reserveSlideId(db);
      const fileName = uniqueFileName(desktop.fileName);
      const mobileFileName = mobile ? uniqueFileName(mobile.fileName, '-telefon') : null;
      const webpName = webpNameOf(desktop, fileName);
      const mobileWebpName = mobile && mobileFileName ? webpNameOf(mobile, mobileFileName) : null;
      const written: string[] = [];
      try {
        const key = (file: string) => imageKey(org.alias, bannerId, slideId, file);
        await storeImage(written, key, desktop, fileName, webpName);
        if (mobile && mobileFileName) await storeImage(written, key, mobile, mobileFileName, mobileWebpName);
        await db.transaction(async (tx) => {
          await lockClubContent(tx, org.id);
          const banner = await findBanner(tx, org.id, panelId);
          if (banner?.id !== bannerId) throw notFound(msg.bannerSlideNotFound);
          const slides = await slidesOf(tx, org.id, banner.id);
          if (slides.length >= MAX_BANNER_SLIDES) throw full();
          const [slide] = await tx
            .insert(bannerSlides)
            .values({
              id: slideId,
              organisationId: org.id,
              bannerId: banner.id,
              fileName,
              mobileFileName,
              webpFileName: webpName,
              mobileWebpFileName: mobileWebpName,
              position: slides.length ? Math.max(...slides.map((s) => s.position)) + 1 : 0,
            })
            .returning();
          await contentChanged(tx, actor, {
            action: 'create',
            entity: 'banner-slide',
            entityId: slide!.id,
            after: { PanelId: panelId, ...snapshot(slide!) },
          });
        });
      } catch (err) {
        await removeWritten(err, () => removeKeys(written), log);
        throw err;
      }
      return get(actor, panelId);
    },

    async updateSlide(actor: PanelActor, panelId: number, slideId: number, body: PanelBannerSlideInput) {
      await db.transaction(async (tx) => {
        const { slide } = await lockedSlide(tx, actor.org.id, panelId, slideId);
        const patch = {
          title: body.Nazwa,
          content: body.Tresc,
          url: body.Url,
          textColor: body.KolorText,
          bgOpacity: body.BgOpacity,
          hasMask: body.IsKolorMaski,
          maskColor: body.KolorMaski,
          maskOpacity: body.BanerGrafikaPrzezroczystoscMaski,
          textX: body.PolozenieTextX,
          textY: body.PolozenieTextY,
        };
        const after = { ...slide, ...patch };
        if (JSON.stringify(snapshot(after)) === JSON.stringify(snapshot(slide))) return;
        await tx.update(bannerSlides).set(patch).where(eq(bannerSlides.id, slideId));
        await contentChanged(tx, actor, {
          action: 'update',
          entity: 'banner-slide',
          entityId: slideId,
          before: snapshot(slide),
          after: snapshot(after),
        });
      });
      return get(actor, panelId);
    },

    /**
     * Replaces the desktop and/or the phone image: the new files are stored first, with no
     * transaction open, then the slide is pointed at them; the old files go once that is committed.
     */
    async replaceImages(
      actor: PanelActor,
      panelId: number,
      slideId: number,
      desktop: BannerImage | null,
      mobile: BannerImage | null,
    ) {
      const { org } = actor;
      const { banner: found } = await db.transaction((tx) => lockedSlide(tx, org.id, panelId, slideId));
      const key = (file: string) => imageKey(org.alias, found.id, slideId, file);
      const patch: Partial<SlideRow> = {};
      const written: string[] = [];
      let replaced: string[] = [];
      try {
        if (desktop) {
          patch.fileName = uniqueFileName(desktop.fileName);
          patch.webpFileName = webpNameOf(desktop, patch.fileName);
          await storeImage(written, key, desktop, patch.fileName, patch.webpFileName);
        }
        if (mobile) {
          patch.mobileFileName = uniqueFileName(mobile.fileName, '-telefon');
          patch.mobileWebpFileName = webpNameOf(mobile, patch.mobileFileName);
          await storeImage(written, key, mobile, patch.mobileFileName, patch.mobileWebpFileName);
        }
        await db.transaction(async (tx) => {
          const { banner, slide } = await lockedSlide(tx, org.id, panelId, slideId);
          if (banner.id !== found.id) throw notFound(msg.bannerSlideNotFound);
          await tx.update(bannerSlides).set(patch).where(eq(bannerSlides.id, slideId));
          replaced = [
            ...(desktop ? [slide.fileName, slide.webpFileName] : []),
            ...(mobile ? [slide.mobileFileName, slide.mobileWebpFileName] : []),
          ].flatMap((f) => (f ? [key(f)] : []));
          await contentChanged(tx, actor, {
            action: 'update',
            entity: 'banner-slide',
            entityId: slideId,
            before: { Plik: slide.fileName, PlikMobile: slide.mobileFileName },
            after: {
              Plik: patch.fileName ?? slide.fileName,
              PlikMobile: patch.mobileFileName ?? slide.mobileFileName,
            },
          });
        });
      } catch (err) {
        await removeWritten(err, () => removeKeys(written), log);
        throw err;
      }
      await removeKeys(replaced);
      return get(actor, panelId);
    },

    /** The slide keeps only its desktop image (phones then show it too). */
    async deleteMobileImage(actor: PanelActor, panelId: number, slideId: number) {
      const { org } = actor;
      let removed: string[] = [];
      await db.transaction(async (tx) => {
        const { banner, slide } = await lockedSlide(tx, org.id, panelId, slideId);
        if (!slide.mobileFileName) return;
        await tx
          .update(bannerSlides)
          .set({ mobileFileName: null, mobileWebpFileName: null })
          .where(eq(bannerSlides.id, slideId));
        removed = [slide.mobileFileName, slide.mobileWebpFileName].flatMap((f) =>
          f ? [imageKey(org.alias, banner.id, slideId, f)] : [],
        );
        await contentChanged(tx, actor, {
          action: 'update',
          entity: 'banner-slide',
          entityId: slideId,
          before: { PlikMobile: slide.mobileFileName },
          after: { PlikMobile: null },
        });
      });
      await removeKeys(removed);
      return get(actor, panelId);
    },

    /** Every slide of the banner, each once, in the new order. */
    async reorderSlides(actor: PanelActor, panelId: number, order: number[]) {
      await db.transaction(async (tx) => {
        await lockClubContent(tx, actor.org.id);
        const banner = await findBanner(tx, actor.org.id, panelId);
        const slides = banner ? await slidesOf(tx, actor.org.id, banner.id) : [];
        const ids = new Set(slides.map((s) => s.id));
        if (
          order.length !== ids.size ||
          new Set(order).size !== order.length ||
          order.some((id) => !ids.has(id))
        )
          throw badRequest(msg.bannerSlideOrderMismatch, { Kolejnosc: msg.bannerSlideOrderMismatch });
        const before = slides.map((s) => s.id);
        if (before.join() === order.join() && slides.every((s, i) => s.position === i)) return;
        await renumber(tx, actor.org.id, order);
        await contentChanged(tx, actor, {
          action: 'reorder',
          entity: 'banner-slide',
          entityId: banner!.id,
          before: { PanelId: panelId, Kolejnosc: before },
          after: { PanelId: panelId, Kolejnosc: order },
        });
      });
      return get(actor, panelId);
    },

    /** Removes a slide and, once that is committed, its images. */
    async deleteSlide(actor: PanelActor, panelId: number, slideId: number) {
      const { org } = actor;
      let folder = '';
      await db.transaction(async (tx) => {
        const { banner, slides, slide } = await lockedSlide(tx, org.id, panelId, slideId);
        await tx.delete(bannerSlides).where(eq(bannerSlides.id, slideId));
        await renumber(
          tx,
          org.id,
          slides.filter((s) => s.id !== slideId).map((s) => s.id),
        );
        folder = slideFolder(org.alias, banner.id, slideId);
        await contentChanged(tx, actor, {
          action: 'delete',
          entity: 'banner-slide',
          entityId: slideId,
          before: { PanelId: panelId, ...snapshot(slide) },
        });
      });
      // After the commit: a failure leaves unreferenced files behind, never a slide without images.
      await deletePrefix(media, folder).catch((err) => log.error({ err }, 'deleting banner images failed'));
      return get(actor, panelId);
    },
  };
};
