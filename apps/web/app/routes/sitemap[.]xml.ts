import { MAX_PAGE_COUNT, MENU_IDS } from '@club/contract';
import { getApi } from '../lib/api.server.ts';
import { FRAGMENT_SLUGS } from '../lib/cms.ts';
import { siteOrigin } from '../lib/seo.ts';
import { internalMenuPaths, sitemapXml } from '../lib/sitemap.ts';
import type { Route } from './+types/sitemap[.]xml';

/** Catalogues larger than this many pages of 100 are cut (50 000 URLs is the sitemap limit anyway). */
const MAX_PRODUCT_PAGES = 400;
/** Sub-pages the footer and the registration form link to, whether or not a menu does. */
const KNOWN_PAGES = ['/polityka-prywatnosci', '/regulamin'];

/**
 * sitemap.xml (DESIGN 'SEO beyond the spec'): home, /produkty, every non-empty category, every
 * product, and the sub-pages the menus link to; absolute URLs on the club's site (`siteOrigin`).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = getApi(request, context);
  const [categories, counts, ...menus] = await Promise.all([
    api.call('getCategories'),
    api.call('getCategoryCounts'),
    ...MENU_IDS.map((id) => api.call('getMenu', { params: { menuId: String(id) } }).catch(() => [])),
  ]);
  const productIds: number[] = [];
  for (let page = 0; page < MAX_PRODUCT_PAGES; page++) {
    const batch = await api.call('getProducts', {
      params: { offset: String(page * MAX_PAGE_COUNT), count: String(MAX_PAGE_COUNT) },
    });
    productIds.push(...batch.map((p) => p.Id));
    if (batch.length < MAX_PAGE_COUNT) break;
  }
  const paths = [
    '/',
    '/produkty',
    ...categories.filter((c) => (counts[String(c.Id)] ?? 0) > 0).map((c) => `/produkty/${c.Id}`),
    ...productIds.map((id) => `/produkt/${id}`),
    ...menus.flatMap((m) => internalMenuPaths(m)),
    ...KNOWN_PAGES,
  ].filter((p) => !FRAGMENT_SLUGS.has(p.slice(1)));
  return new Response(sitemapXml(siteOrigin(request, context), paths), {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
