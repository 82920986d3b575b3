import { ApiClientError, MENU_IDS, msg } from '@club/contract';
import { requestApi } from '../lib/api.server.ts';
import { FRAGMENT_SLUGS } from '../lib/cms.ts';
import { internalMenuPaths, productSitemapXml, productsFileNumber, sitemapXml } from '../lib/sitemap.ts';
import type { Route } from './+types/sitemap-file';

/** Sub-pages the footer and the registration form link to, whether or not a menu does. */
const KNOWN_PAGES = ['/polityka-prywatnosci', '/regulamin'];

const xml = (body: string) =>
  new Response(body, {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
const notFound = () =>
  new Response(msg.notFound, { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });

/** One file of the sitemap index (sitemap.xml): `strony.xml` or `produkty-N.xml`; absolute URLs on the club's site. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = requestApi({ request, context });
  const origin = api.origin;
  if (params.plik === 'strony.xml') {
    const [categories, counts, ...menus] = await Promise.all([
      api.call('getCategories'),
      api.call('getCategoryCounts'),
      ...MENU_IDS.map((id) => api.call('getMenu', { params: { menuId: String(id) } }).catch(() => [])),
    ]);
    const paths = [
      '/',
      '/produkty',
      ...categories.filter((c) => (counts[String(c.Id)] ?? 0) > 0).map((c) => `/produkty/${c.Id}`),
      ...menus.flatMap((m) => internalMenuPaths(m)),
      ...KNOWN_PAGES,
    ].filter((p) => !FRAGMENT_SLUGS.has(p.slice(1)));
    return xml(sitemapXml(origin, paths));
  }
  const n = productsFileNumber(params.plik);
  if (n === undefined) return notFound();
  try {
    const ids = await api.call('getSitemapProducts', { params: { plik: String(n) } });
    return xml(productSitemapXml(origin, ids));
  } catch (err) {
    if (err instanceof ApiClientError && err.status === 404) return notFound();
    throw err;
  }
}
