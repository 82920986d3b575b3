import { ApiClientError, CONTENT_TYPE_SUBPAGE, MenuId, type MenuItem, type SocialLink } from '@club/contract';
import type { WebApi } from './api.server.ts';
import { createTtlCache } from './ttl-cache.ts';

/** Spec 2 'Footer': the footer text is the sub-page with this key. */
const FOOTER_TEXT_SLUG = 'tekst-stopka';
/** How long a process keeps a site's rarely changing content (layout, home banner) between changes. */
export const SITE_CONTENT_TTL_MS = 5_000;

export type LayoutContent = {
  menus: { main: MenuItem[]; side: MenuItem[]; footer: MenuItem[] };
  social: SocialLink[];
  footerText: string;
  /** False when a part failed for another reason than not existing: shown empty, not cached. */
  complete: boolean;
};

/**
 * Menus, social links and the footer text of a site. Every page shows them and they change
 * rarely, so one load serves a site for a few seconds: five API calls fewer per page view.
 */
const cache = createTtlCache<LayoutContent>({
  ttlMs: SITE_CONTENT_TTL_MS,
  maxEntries: 500,
  keep: (c) => c.complete,
});

/** Menus, social links or sub-pages changed (in any process: the hosting server hears it). */
export const dropLayoutContent = () => cache.clear();

/** `siteKey`: the site's key in per-site caches (`WebApi.siteKey`). */
export const layoutContent = (api: WebApi, siteKey: string): Promise<LayoutContent> =>
  cache.get(siteKey, () => load(api));

const load = async (api: WebApi): Promise<LayoutContent> => {
  let complete = true;
  // Header and footer content is optional: a missing or failing part leaves that part empty.
  const optional = <T>(what: string, p: Promise<T>, fallback: T): Promise<T> =>
    p.catch((e: unknown) => {
      if (e instanceof ApiClientError && e.status === 404) return fallback;
      complete = false;
      console.warn(`layout: ${what} unavailable`, e);
      return fallback;
    });
  const menu = (menuId: number) =>
    optional(`menu ${menuId}`, api.call('getMenu', { params: { menuId } }), []);
  const [main, side, footer, social, footerText] = await Promise.all([
    menu(MenuId.main),
    menu(MenuId.side),
    menu(MenuId.footer),
    optional('social links', api.call('getSocial'), []),
    optional(
      'footer text',
      api
        .call('getContentPage', { params: { slug: FOOTER_TEXT_SLUG, type: CONTENT_TYPE_SUBPAGE } })
        .then((p) => p.Tresc),
      '',
    ),
  ]);
  return { menus: { main, side, footer }, social, footerText, complete };
};
