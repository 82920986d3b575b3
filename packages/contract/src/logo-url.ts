import { shopEndpointRoutes } from './endpoint-routes.ts';
import type { LogoKind } from './panel-settings.ts';

/**
 * A logo's version: its file name without the extension. Each upload is stored under a new random
 * name (`main-1a2b3c4d5e6f.png`), so the version changes exactly when the picture does. '' for none.
 */
export const logoVersion = (fileName: string | null | undefined): string =>
  fileName ? fileName.replace(/\.[A-Za-z0-9]+$/, '') : '';

/** The logo's box on pages is at most 72 CSS px (footer); its WebP copy fits 2x that. */
export const LOGO_SHOWN_PX = 144;

/**
 * The address of a club's logo (`p`: the club's alias, else the club of the host). With `v` the
 * address names one picture: the API caches it as immutable, and a replaced logo gets a new address.
 */
export const logoUrl = (
  kind: LogoKind,
  { alias, version, shown }: { alias?: string; version?: string; shown?: boolean } = {},
) => {
  const path = (kind === 'main' ? shopEndpointRoutes.getLogoMain : shopEndpointRoutes.getLogoFooter).path;
  const query = [
    alias ? `p=${encodeURIComponent(alias)}` : '',
    version ? `v=${encodeURIComponent(version)}` : '',
    // The copy pages show: WebP, at most LOGO_SHOWN_PX square (the picture itself when there is none).
    shown ? 'f=webp' : '',
  ].filter(Boolean);
  return query.length ? `${path}?${query.join('&')}` : path;
};
