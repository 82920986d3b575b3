import { requestApi } from '../lib/api.server.ts';
import { SITEMAP_PAGES_FILE, sitemapIndexXml, sitemapProductsFile } from '../lib/sitemap.ts';
import type { Route } from './+types/sitemap[.]xml';

/**
 * sitemap.xml (DESIGN 'SEO beyond the spec'): a sitemap index. The first file lists home, the
 * product list, every non-empty category and the sub-pages; the product files list every active
 * product, at most 50,000 each (the sitemaps.org limit), however big the catalogue.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = requestApi({ request, context });
  const { PlikiProduktow } = await api.call('getSitemapIndex');
  const files = [
    SITEMAP_PAGES_FILE,
    ...Array.from({ length: PlikiProduktow }, (_, i) => sitemapProductsFile(i + 1)),
  ];
  return new Response(sitemapIndexXml(api.origin, files), {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
