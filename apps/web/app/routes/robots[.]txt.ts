import { siteOrigin } from '../lib/seo.ts';
import { robotsTxt } from '../lib/sitemap.ts';
import type { Route } from './+types/robots[.]txt';

/** robots.txt: everything public is allowed; account and checkout pages are not; the sitemap's absolute URL. */
export function loader({ request, context }: Route.LoaderArgs) {
  return new Response(robotsTxt(siteOrigin(request, context)), {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
