import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { assertKey, contentTypeOf, type MediaObject, type MediaStorage } from './storage.ts';

/** Media as files under one folder (DATA_DIR/media): the key is the relative path. */
export const localMediaStorage = (root: string): MediaStorage => {
  const file = (key: string) => {
    assertKey(key);
    return join(root, ...key.split('/'));
  };
  return {
    kind: 'local',
    async put(key, data) {
      const full = file(key);
      await mkdir(dirname(full), { recursive: true });
      // Written aside and renamed: a reader never sees half a file.
      const tmp = `${full}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(tmp, data);
      await rename(tmp, full);
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
      await rm(file(key), { force: true });
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
