import { z } from 'zod';
import { idNumber } from './common.ts';
import { msg } from './messages.ts';

/** At most this many photos per product, and per upload request. */
export const MAX_PRODUCT_PHOTOS = 30;
export const MAX_PHOTOS_PER_UPLOAD = 10;
/** Per file, before decoding. */
export const MAX_PHOTO_MB = 10;
/**
 * Every uploaded image (photos, banners, logos, page images), judged from its header before it is
 * decoded: at most this many pixels, this long a side, and the longer side at most
 * MAX_IMAGE_ASPECT times the shorter (a 2400 x 120 banner strip still fits). A long thin image
 * costs memory out of all proportion to its pixels while it is processed.
 */
export const MAX_IMAGE_MEGAPIXELS = 40;
export const MAX_IMAGE_SIDE_PX = 12_000;
export const MAX_IMAGE_ASPECT = 20;
/** The multipart field the panel sends the files in (several parts of the same name). */
export const PHOTO_UPLOAD_FIELD = 'Pliki';

/** One product photo as the panel sees it; position 0 is the storefront's main photo. */
export const PanelPhotoSchema = z.object({
  Id: z.number().int(),
  /** The stored file name: the storefront builds `/static/.../{size}_{size}_{Nazwa}` from it. */
  Nazwa: z.string(),
  Pozycja: z.number().int(),
  Glowne: z.boolean(),
  /** The spec's 600x600 JPEG. */
  Url: z.string(),
  /** A 150x150 JPEG for lists and the panel's grid. */
  Miniatura: z.string(),
  /** A value of one of the product's options (a colour): the photo shows that variant; null: every variant. */
  Wartosc: z.string().nullable(),
});
export type PanelPhoto = z.infer<typeof PanelPhotoSchema>;

/** A product's photos in storefront order (the first is the main one). */
export const PanelPhotoListSchema = z.object({
  Items: z.array(PanelPhotoSchema),
  Total: z.number().int(),
});
export type PanelPhotoList = z.infer<typeof PanelPhotoListSchema>;

/** The new order: every photo id of the product, each once, main photo first. */
export const PanelPhotoOrderSchema = z.object({
  Kolejnosc: z
    .array(idNumber(msg.photoNotFound), { error: msg.photoOrderMismatch })
    .min(1, msg.photoOrderMismatch)
    .max(MAX_PRODUCT_PHOTOS, msg.photoOrderMismatch),
});
export type PanelPhotoOrder = z.infer<typeof PanelPhotoOrderSchema>;

/** Which variants a photo shows: a value of one of the product's options, or null for all of them. */
export const PanelPhotoVariantSchema = z.object({
  Wartosc: z
    .string({ error: msg.photoVariantInvalid })
    .trim()
    .min(1, msg.photoVariantInvalid)
    .max(50, msg.photoVariantInvalid)
    .nullable(),
});
export type PanelPhotoVariant = z.infer<typeof PanelPhotoVariantSchema>;
