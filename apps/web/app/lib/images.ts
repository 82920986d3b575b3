import { NO_IMAGE, type PhotoRef } from '@club/contract';

/** Side of the product photos the API serves (spec: 600x600). */
export const PRODUCT_PHOTO_SIZE = 600;

const seg = (s: string | number) => encodeURIComponent(String(s));

/** `/static/{alias}/wyrobzdjecie/{productId}/{photoId}/600_600_{Nazwa}`, or the placeholder when there is no photo. */
export const productPhotoUrl = (
  alias: string,
  productId: number,
  photo: PhotoRef | null | undefined,
): string =>
  photo && alias
    ? `/static/${seg(alias)}/wyrobzdjecie/${seg(productId)}/${seg(photo.Id)}/${seg(`600_600_${photo.Nazwa}`)}`
    : NO_IMAGE;

/** Sides of the square variants the API stores beside the 600x600 original (JPEG and WebP each). */
export const PRODUCT_PHOTO_WIDTHS = [150, 300, 600] as const;

/**
 * What a `<picture>` needs: the 600x600 JPEG as `src`, a WebP `srcset` of every size. No JPEG
 * `srcset`: every browser that reads `srcset` reads WebP but Safari before 14, which takes the
 * 600x600 JPEG; it would cost three more addresses in each of a list page's 64 tiles.
 */
export type PhotoSources = { src: string; webpSrcSet?: string };

/**
 * The spec's path and its WebP siblings (`{w}_{w}_{stem}.webp`); the placeholder alone when
 * there is no photo.
 */
export const productPhotoSources = (
  alias: string,
  productId: number,
  photo: PhotoRef | null | undefined,
): PhotoSources => {
  if (!photo || !alias) return { src: NO_IMAGE };
  const base = `/static/${seg(alias)}/wyrobzdjecie/${seg(productId)}/${seg(photo.Id)}/`;
  const stem = photo.Nazwa.replace(/\.[^.]+$/, '');
  const set = (name: (w: number) => string) =>
    PRODUCT_PHOTO_WIDTHS.map((w) => `${base}${seg(name(w))} ${w}w`).join(', ');
  return {
    src: productPhotoUrl(alias, productId, photo),
    webpSrcSet: set((w) => `${w}_${w}_${stem}.webp`),
  };
};

/**
 * The photos to show for the values chosen so far: a chosen value's own photos (a colour's) and the
 * photos of every variant, without those of other values; all of them while no chosen value has
 * photos of its own. `key` changes with the set, so the gallery starts again at its first photo.
 */
export const photosFor = (
  images: PhotoSources[],
  values: (string | null)[],
  chosen: (string | null)[],
): { images: PhotoSources[]; key: string } => {
  const own = new Set(chosen.filter((c): c is string => c !== null && values.includes(c)));
  if (!own.size) return { images, key: '' };
  const picked = images.map((img, i) => ({ img, value: values[i] ?? null }));
  const theirs = picked.filter((p) => p.value !== null && own.has(p.value));
  const everyones = picked.filter((p) => p.value === null);
  // A chosen value's photos first: its main picture leads.
  return { images: [...theirs, ...everyones].map((p) => p.img), key: [...own].join('|') };
};
