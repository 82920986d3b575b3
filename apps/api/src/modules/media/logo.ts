import { basename, extname } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { msg } from '@club/contract';
import { notFound } from '../../lib/http-error.ts';
import type { Organisation } from '../../plugins/tenancy.ts';
import { mediaPath, shownLogoFileName } from './images.ts';
import type { MediaStorage } from './storage.ts';

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
  const copy = shown ? await media.get(mediaPath.logo(org.alias, shownLogoFileName(fileName))) : null;
  if (copy) return { type: 'image/webp', bytes: await buffer(copy.body) };
  const object = await media.get(mediaPath.logo(org.alias, fileName));
  if (!object) throw notFound(msg.notFound);
  return { type, bytes: await buffer(object.body) };
};
