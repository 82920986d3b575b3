import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import {
  assertKey,
  contentTypeOf,
  type MediaObject,
  type MediaStorage,
  StorageUnavailable,
} from './storage.ts';

/** Media as files under one folder (DATA_DIR/media): the key is the relative path. */
export const localMediaStorage = (root: string): MediaStorage => {
  const file = (key: string) => {
    assertKey(key);
    return join(root, ...key.split('/'));
  };
  /** Removes `dir` and its parents while they are empty, never `root` nor above `upTo`. */
  const pruneEmpty = async (dir: string, upTo = root) => {
    for (let d = dir; d !== root && d.startsWith(upTo) && d.startsWith(root + sep); d = dirname(d)) {
      try {
        await rmdir(d);
      } catch {
        return; // not empty (or gone): its parents are not empty either
      }
    }
  };
  const write = async (full: string, data: Buffer) => {
    // Written aside and renamed: a reader never sees half a file.
    const tmp = `${full}.${process.pid}.${Date.now()}.tmp`;
    let created: string | undefined;
    try {
      created = await mkdir(dirname(full), { recursive: true });
      await writeFile(tmp, data);
      await rename(tmp, full);
    } catch (err) {
      // A full disk must not leave a half-written file or the empty folders made for it.
      await rm(tmp, { force: true }).catch(() => {});
      if (created) await pruneEmpty(dirname(full), created);
      throw err;
    }
  };
  return {
    kind: 'local',
    async put(key, data) {
      const full = file(key);
      try {
        await write(full, data);
      } catch (err) {
        // The folder may have been pruned by a delete beside it between mkdir and write: once more.
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw new StorageUnavailable('put', key, err);
        await write(full, data).catch((again) => {
          throw new StorageUnavailable('put', key, again);
        });
      }
    },
    async get(key): Promise<MediaObject | null> {
      const full = file(key);
      try {
        const st = await stat(full);
        if (!st.isFile()) return null;
        return {
          body: createReadStream(full),
          contentType: contentTypeOf(key),
          size: st.size,
          etag: `"${st.size.toString(16)}-${st.mtimeMs.toString(16)}"`,
          lastModified: st.mtime,
        };
      } catch {
        return null;
      }
    },
    async delete(key) {
      const full = file(key);
      try {
        await rm(full, { force: true });
      } catch (err) {
        throw new StorageUnavailable('delete', key, err);
      }
      // A photo's or a slide's folder goes with its last file.
      await pruneEmpty(dirname(full));
    },
    async list(prefix) {
      // The deepest existing folder the prefix names; keys are then filtered by the whole prefix.
      const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
      const start = folder ? file(folder) : root;
      let names: string[];
      try {
        names = (await readdir(start, { recursive: true, withFileTypes: true }))
          .filter((d) => d.isFile())
          .map((d) => relative(root, join(d.parentPath, d.name)).split(sep).join('/'));
      } catch {
        return [];
      }
      return names.filter((k) => k.startsWith(prefix));
    },
  };
};
