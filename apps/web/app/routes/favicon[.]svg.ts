import { brandColoursOrDefault } from '@club/contract';
import { requestApi } from '../lib/api.server.ts';
import { clubFaviconSvg } from '../lib/club-icons.ts';
import type { Route } from './+types/favicon[.]svg';

/** The club's shield in its own colours; cached per club with the pages, dropped when they change. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const settings = await requestApi({ request, context }).settings();
  return new Response(clubFaviconSvg(brandColoursOrDefault(settings.Kolory)), {
    headers: { 'content-type': 'image/svg+xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
