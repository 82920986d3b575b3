import { fileURLToPath } from 'node:url';
import * as build from 'virtual:react-router/server-build';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { dropSettingsCache } from '../app/lib/api.server.ts';
import { dropHomeBanners } from '../app/lib/home-banner.server.ts';
import { dropLayoutContent } from '../app/lib/layout-content.server.ts';
import '../app/lib/load-context.ts';

/** The one address of each page, the only one the hosting process caches it under. */
export { canonicalPath } from '../app/lib/canonical-path.ts';

/**
 * Entry of the server bundle (see vite.config.ts). The hosting process imports this file and
 * calls `handleRequest`, so it never mixes its own react-router copy with the build's.
 */
export const handleRequest = createRequestHandler(
  build as unknown as ServerBuild,
  process.env.NODE_ENV === 'development' ? 'development' : 'production',
);

/** The browser files of this build: hashed bundles under build-assets/, the public/ files beside. */
export const clientDirectory = fileURLToPath(new URL('../client', import.meta.url));
export const assetsPrefix = '/build-assets/';

/**
 * The hosting process calls this when the panel changed a club's content or settings, in this
 * or another process (its change bus), so pages show the change at once, not after the caches' 5 s.
 */
export const dropCaches = (what: 'content' | 'settings' | 'all') => {
  if (what !== 'content') dropSettingsCache();
  if (what !== 'settings') {
    dropLayoutContent();
    dropHomeBanners();
  }
};
