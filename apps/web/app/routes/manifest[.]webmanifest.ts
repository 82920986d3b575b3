import { brandColoursOrDefault } from '@club/contract';
import { requestApi } from '../lib/api.server.ts';
import { clubManifest } from '../lib/club-icons.ts';
import type { Route } from './+types/manifest[.]webmanifest';

/** The web app manifest: the club's name, colours and shield. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const settings = await requestApi({ request, context }).settings();
  const manifest = clubManifest({ name: settings.Nazwa, colours: brandColoursOrDefault(settings.Kolory) });
  return new Response(JSON.stringify(manifest), {
    headers: {
      'content-type': 'application/manifest+json; charset=utf-8',
      'cache-control': 'public, max-age=3600',
    },
  });
}
