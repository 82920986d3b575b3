import { randomBytes } from 'node:crypto';
import { type LogoKind, msg } from '@club/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { renderShownLogo } from '../media/images.ts';
import { logoFiles, putLogo } from '../media/logo.ts';
import { loadSharp } from '../media/sharp.ts';
import { type MediaStorage, removeWritten, StorageWriteFailed } from '../media/storage.ts';
import { checkImage, PhotoRejected, UPLOAD_INPUT } from '../media/variants.ts';
import { type Actor, setLogo } from './settings-service.ts';

/** A logo is shown small (header, footer): larger uploads are scaled down to fit this box. */
const LOGO_MAX_WIDTH = 800;
const LOGO_MAX_HEIGHT = 400;

/**
 * The uploaded logo, checked by content (JPEG, PNG or WebP) and re-encoded as PNG: transparency
 * kept, EXIF orientation applied, metadata dropped, fitted within 800 x 400 without enlarging.
 */
export const renderLogoImage = async (input: Buffer): Promise<Buffer> => {
  await checkImage(input);
  const sharp = await loadSharp();
  try {
    return await sharp(input, UPLOAD_INPUT)
      .rotate()
      .resize(LOGO_MAX_WIDTH, LOGO_MAX_HEIGHT, { fit: 'inside', withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .toBuffer();
  } catch {
    throw new PhotoRejected('corrupt');
  }
};

/**
 * Stores a new logo under a new name (`main-<random>.png`, so no cache serves the old picture
 * under it), points the club at it and then deletes the old file. A failed write leaves nothing.
 */
export const replaceLogo = async (
  db: Db,
  media: MediaStorage,
  log: FastifyBaseLogger,
  actor: Actor & { alias: string },
  which: LogoKind,
  png: Buffer | null,
) => {
  const fileName = png ? `${which}-${randomBytes(6).toString('hex')}.png` : null;
  // The logo and the copy pages show; both or, on a failed write, neither.
  // Best effort, ended by the first failure (the storage is away): an orphaned file costs only space.
  const removeFiles = async (name: string) => {
    try {
      for (const key of Object.values(logoFiles(actor.alias, name))) await media.delete(key);
    } catch (err) {
      log.warn({ err }, 'logo: a file could not be deleted');
    }
  };
  if (fileName && png) {
    const shown = await renderShownLogo(png);
    try {
      await putLogo(media, actor.alias, fileName, png, shown);
    } catch (err) {
      log.error({ err }, 'logo upload: storage write failed');
      const failure = new StorageWriteFailed(msg.logoStorageFailed);
      await removeWritten(failure, () => removeFiles(fileName), log);
      throw failure;
    }
  }
  let result: Awaited<ReturnType<typeof setLogo>>;
  try {
    result = await setLogo(db, actor, which, fileName);
  } catch (err) {
    if (fileName) await removeFiles(fileName);
    throw err;
  }
  // Best effort: an orphaned old file costs only space.
  if (result.replaced) await removeFiles(result.replaced);
  return result.settings;
};
