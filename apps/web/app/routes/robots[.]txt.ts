import { requestApi } from '../lib/api.server.ts';
import { robotsTxt } from '../lib/sitemap.ts';
import type { Route } from './+types/robots[.]txt';

/** robots.txt: everything public is allowed; account and checkout pages are not; the sitemap's absolute URL. */
export function loader({ request, context }: Route.LoaderArgs) {
  return new Response(robotsTxt(requestApi({ request, context }).origin), {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
