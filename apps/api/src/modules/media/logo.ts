import { basename, extname } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { msg } from '@club/contract';
import { notFound } from '../../lib/http-error.ts';
import type { Organisation } from '../../plugins/tenancy.ts';
import { mediaPath, shownLogoFileName } from './images.ts';
import type { MediaStorage } from './storage.ts';

/** Where a logo and the copy pages show of it (`renderShownLogo`) are stored. */
export const logoFiles = (alias: string, fileName: string) => ({
  logo: mediaPath.logo(alias, fileName),
  shown: mediaPath.logo(alias, shownLogoFileName(fileName)),
});

/** Stores a logo (PNG) and, when there is one, the copy pages show of it. */
export const putLogo = async (
  media: MediaStorage,
  alias: string,
  fileName: string,
  png: Buffer,
  shown: Buffer | null,
) => {
  const files = logoFiles(alias, fileName);
  await media.put(files.logo, png, 'image/png');
  if (shown) await media.put(files.shown, shown, 'image/webp');
};

const IMAGE_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
};

/**
 * The bytes and content type of an organisation's main or footer logo; 404 when it has none.
 * `shown`: its copy for pages (`renderShownLogo`), or the logo itself when it has none (stored
 * before the copies were made).
 */
export const readLogo = async (
  media: MediaStorage,
  org: Organisation,
  which: 'main' | 'footer',
  shown = false,
) => {
  const fileName = which === 'main' ? org.logoMain : org.logoFooter;
  // The name comes from the panel; anything but a plain image file name is treated as missing.
  const type = fileName ? IMAGE_TYPES[extname(fileName).toLowerCase()] : undefined;
  if (!fileName || !type || basename(fileName) !== fileName || fileName.startsWith('.'))
    throw notFound(msg.notFound);
  const files = logoFiles(org.alias, fileName);
  const copy = shown ? await media.get(files.shown) : null;
  if (copy) return { type: 'image/webp', bytes: await buffer(copy.body) };
  const object = await media.get(files.logo);
  if (!object) throw notFound(msg.notFound);
  return { type, bytes: await buffer(object.body) };
};
