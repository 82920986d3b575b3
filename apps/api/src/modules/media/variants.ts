import { posix } from 'node:path';
import { MAX_IMAGE_ASPECT, MAX_IMAGE_MEGAPIXELS, MAX_IMAGE_SIDE_PX } from '@club/contract';
import type Sharp from 'sharp';
import { loadSharp } from './sharp.ts';
import type { MediaStorage } from './storage.ts';

/** Square sides of a product photo's variants; 600 is the spec's `600_600_` image. */
export const PHOTO_SIZES = [600, 300, 150] as const;
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
/** Decoded size limit: a small file that inflates to gigabytes of pixels (a decompression bomb) is refused. */
export const MAX_PHOTO_PIXELS = MAX_IMAGE_MEGAPIXELS * 1_000_000;
/**
 * How sharp opens an upload: it refuses more than MAX_PHOTO_PIXELS itself too (checkImage has
 * already judged the header; this holds wherever an upload is decoded), and a damaged file fails
 * rather than rendering half a picture.
 */
export const UPLOAD_INPUT = { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error' } as const;
const ACCEPTED = new Set(['jpeg', 'png', 'webp']);
const WHITE = { r: 255, g: 255, b: 255, alpha: 1 };

/** The folder holding every variant of one photo. */
export const photoFolder = (alias: string, productId: number, photoId: number) =>
  `${posix.join(alias, 'wyrobzdjecie', String(productId), String(photoId))}/`;

/** `{size}_{size}_{name}.jpg` (the spec's path for 600) and `{size}_{size}_{name}.webp` beside it. */
export const variantKeys = (alias: string, productId: number, photoId: number, fileName: string) => {
  const folder = photoFolder(alias, productId, photoId);
  const stem = fileName.replace(/\.[^.]+$/, '');
  return PHOTO_SIZES.flatMap((size) => [
    { size, type: 'image/jpeg', key: `${folder}${size}_${size}_${fileName}` },
    { size, type: 'image/webp', key: `${folder}${size}_${size}_${stem}.webp` },
  ]);
};

export type PhotoProblem = 'type' | 'corrupt' | 'pixels' | 'side' | 'aspect';
export class PhotoRejected extends Error {
  constructor(
    readonly problem: PhotoProblem,
    /** The size the header claims, for the refusals about it. */
    readonly size?: { width: number; height: number },
  ) {
    super(`photo rejected: ${problem}`);
  }
}

/** JPEG, PNG and WebP signatures: a file that claims one of these but does not decode is corrupt, not of a wrong type. */
const looksLikeImage = (b: Buffer) =>
  (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) ||
  b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) ||
  (b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP');

/**
 * Checks an upload by its content (never its name or declared type): a JPEG, PNG or WebP of at
 * most MAX_PHOTO_PIXELS, no side over MAX_IMAGE_SIDE_PX and no more elongated than
 * MAX_IMAGE_ASPECT : 1, judged from its header before anything is decoded. Every image upload
 * (product photos, banners, logos, page images) passes here first.
 */
export const checkImage = async (input: Buffer): Promise<void> => {
  let format: string | undefined;
  let width = 0;
  let height = 0;
  let pages = 1;
  const sharp = await loadSharp();
  try {
    // Only the header is read here, and the limits below say which one was broken: sharp's own
    // pixel limit would only say "exceeds".
    const meta = await sharp(input, { limitInputPixels: false }).metadata();
    format = meta.format;
    width = meta.width ?? 0;
    height = meta.pageHeight ?? meta.height ?? 0;
    pages = Math.max(1, meta.pages ?? 1);
  } catch {
    throw new PhotoRejected(looksLikeImage(input) ? 'corrupt' : 'type');
  }
  if (!format || !ACCEPTED.has(format)) throw new PhotoRejected('type');
  const size = { width, height };
  if (width * height * pages > MAX_PHOTO_PIXELS) throw new PhotoRejected('pixels', size);
  if (Math.max(width, height) > MAX_IMAGE_SIDE_PX) throw new PhotoRejected('side', size);
  if (Math.max(width, height) > MAX_IMAGE_ASPECT * Math.min(width, height))
    throw new PhotoRejected('aspect', size);
};

/**
 * Checks an upload by its content (never its name or declared type) and renders every variant:
 * white-padded squares, EXIF orientation applied, and no metadata (EXIF, GPS, ICC) copied over,
 * since sharp drops it unless asked to keep it.
 */
export const renderPhotoVariants = async (input: Buffer): Promise<Map<string, Buffer>> => {
  await checkImage(input);
  const sharp = await loadSharp();
  let square: { data: Buffer; info: Sharp.OutputInfo };
  try {
    square = await sharp(input, UPLOAD_INPUT)
      .rotate()
      .flatten({ background: WHITE })
      .resize(600, 600, { fit: 'contain', background: WHITE })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new PhotoRejected('corrupt');
  }
  const raw = {
    raw: { width: square.info.width, height: square.info.height, channels: square.info.channels },
  };
  const out = new Map<string, Buffer>();
  for (const size of PHOTO_SIZES) {
    const img = () => sharp(square.data, raw).resize(size, size);
    out.set(`${size}:image/jpeg`, await img().jpeg({ quality: 82, mozjpeg: true }).toBuffer());
    out.set(`${size}:image/webp`, await img().webp({ quality: 78 }).toBuffer());
  }
  return out;
};

/** Writes one photo's variants (renderPhotoVariants' output) under its spec path. */
export const storePhotoVariants = async (
  storage: MediaStorage,
  keys: ReturnType<typeof variantKeys>,
  variants: Map<string, Buffer>,
) => {
  for (const v of keys) await storage.put(v.key, variants.get(`${v.size}:${v.type}`)!, v.type);
};

/**
 * A WebP copy of a picture `renderWebImage` made (the same pixels): banners offer it to browsers
 * before the JPEG, at about half its bytes.
 */
export const renderWebpCopy = async (jpeg: Buffer): Promise<Buffer> => {
  const sharp = await loadSharp();
  return sharp(jpeg, { limitInputPixels: MAX_PHOTO_PIXELS }).webp({ quality: 80 }).toBuffer();
};

/**
 * A picture shown as uploaded (banner slides, images in a page's text): checked, EXIF orientation
 * applied, fitted within `maxWidth` x `maxHeight` without enlarging, flattened on white and
 * re-encoded as JPEG, so no metadata (EXIF, GPS) and nothing but pixels survives.
 */
export const renderWebImage = async (
  input: Buffer,
  maxWidth: number,
  maxHeight = maxWidth,
): Promise<Buffer> => {
  await checkImage(input);
  const sharp = await loadSharp();
  try {
    return await sharp(input, UPLOAD_INPUT)
      .rotate()
      .flatten({ background: WHITE })
      .resize(maxWidth, maxHeight, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer();
  } catch {
    throw new PhotoRejected('corrupt');
  }
};
