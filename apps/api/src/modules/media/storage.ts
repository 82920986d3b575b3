import { StorageUnavailable } from '../../lib/storage-unavailable.ts';

export { StorageUnavailable };

import type { Readable } from 'node:stream';
import { HttpError } from '../../lib/http-error.ts';

/** A write a change needed failed: the change's own Polish 503 (e.g. "photos could not be saved"). */
export class StorageWriteFailed extends HttpError {
  constructor(message: string) {
    super(503, message);
  }
}

/**
 * Takes back what a failed change wrote. When the storage itself is what failed, the request does
 * not wait for it a second time (a hung S3 would double the wait): the removal goes on behind it.
 */
export const removeWritten = async (
  failure: unknown,
  remove: () => Promise<unknown>,
  log: { warn(obj: object, msg: string): void },
) => {
  const removal = remove().catch((err) => log.warn({ err }, 'removing media a failed change wrote failed'));
  if (!(failure instanceof StorageWriteFailed || failure instanceof StorageUnavailable)) await removal;
};

/** One stored object as read back: a stream of its bytes and what HTTP needs to serve it. */
export type MediaObject = {
  body: Readable;
  contentType: string;
  size: number;
  /** Quoted, as HTTP sends it; changes whenever the bytes do. */
  etag: string;
  lastModified: Date;
};

/**
 * Where uploaded and generated media live. Keys are the paths under `/static/`, `/`-separated
 * (e.g. `demo/wyrobzdjecie/12/7/600_600_koszulka.jpg`), so a key is also its public URL.
 */
export interface MediaStorage {
  readonly kind: 'local' | 's3';
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** null when there is no such object. */
  get(key: string): Promise<MediaObject | null>;
  /** Deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Every key starting with `prefix` (a folder prefix ends with `/`), in no set order. */
  list(prefix: string): Promise<string[]>;
}

const TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  svg: 'image/svg+xml',
};

/** The content type a media key is served with, by its extension. */
export const contentTypeOf = (key: string) =>
  TYPES[key.slice(key.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';

/**
 * A key must be a plain relative path: no empty, `.` or `..` segments, no dotfiles, no
 * back-slashes or control characters. Checked by every implementation before it touches anything.
 */
export const isValidKey = (key: string) =>
  key.length > 0 &&
  key.length <= 1024 &&
  !/[\\\p{Cc}]/u.test(key) &&
  key.split('/').every((seg) => seg.length > 0 && !seg.startsWith('.'));

export const assertKey = (key: string) => {
  if (!isValidKey(key)) throw new Error(`invalid media key: ${JSON.stringify(key)}`);
};

/** Deletes every object under a folder prefix (e.g. one photo's variants). */
export const deletePrefix = async (storage: MediaStorage, prefix: string) => {
  for (const key of await storage.list(prefix)) await storage.delete(key);
};
