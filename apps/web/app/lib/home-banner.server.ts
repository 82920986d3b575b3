import { ApiClientError, BANNER_PANEL_DEFAULT, type Banner } from '@club/contract';
import type { WebApi } from './api.server.ts';
import { SITE_CONTENT_TTL_MS } from './layout-content.server.ts';
import { createTtlCache } from './ttl-cache.ts';

/**
 * The home page's banner (null: none configured), kept a few seconds per site like the layout's
 * content and dropped with it when the panel changes content: the two queries behind it were
 * two of the three a home page rendered anew made.
 */
const cache = createTtlCache<Banner | null>({ ttlMs: SITE_CONTENT_TTL_MS, maxEntries: 500 });

/** Banners changed (in any process: the hosting server hears it). */
export const dropHomeBanners = () => cache.clear();

export const homeBannerOf = (api: WebApi): Promise<Banner | null> =>
  cache.get(api.siteKey, () =>
    api.call('getBanner', { params: { panelId: BANNER_PANEL_DEFAULT } }).catch((e: unknown) => {
      // No banner configured (404) means no banner section.
      if (e instanceof ApiClientError && e.status === 404) return null;
      throw e;
    }),
  );
