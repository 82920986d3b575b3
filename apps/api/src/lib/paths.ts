import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The nearest folder holding a package.json, from `start` upwards. For this module that is
 * apps/api both when it runs as src/lib/paths.ts and when it is bundled into dist/server.js, so
 * paths built from it do not depend on where the build put the code.
 */
export const packageDirOf = (start: string): string => {
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json above ${start}`);
  }
};

/** apps/api */
export const API_DIR = packageDirOf(dirname(fileURLToPath(import.meta.url)));
/** apps/web: the storefront's sources and build. */
export const WEB_DIR = join(API_DIR, '../web');
