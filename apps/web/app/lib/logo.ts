import { type LogoKind, logoUrl, type SiteSettings } from '@club/contract';

type LogoSettings = Pick<SiteSettings, 'OrganizacjaAlias' | 'WersjeLogo'>;

/**
 * The address of the club's logo as pages show it: with the logo's version (`v`), so a logo
 * replaced in the panel has a new address and the header shows it on the next page, although the
 * API lets browsers keep each version for good.
 */
export const siteLogoUrl = (kind: LogoKind, settings: LogoSettings, shown = false) =>
  logoUrl(kind, { alias: settings.OrganizacjaAlias, version: settings.WersjeLogo?.[kind], shown });

/** The logo (`src`) and its small WebP copy for pages (`shown`), at versioned addresses. */
export type LogoSources = { src: string; shown: string };

export const siteLogo = (kind: LogoKind, settings: LogoSettings): LogoSources => ({
  src: siteLogoUrl(kind, settings),
  shown: siteLogoUrl(kind, settings, true),
});
