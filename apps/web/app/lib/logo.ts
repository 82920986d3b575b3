import { type LogoKind, logoUrl, type SiteSettings } from '@club/contract';

/**
 * The address of the club's logo as pages show it: with the logo's version (`v`), so a logo
 * replaced in the panel has a new address and the header shows it on the next page, although the
 * API lets browsers keep each version for good.
 */
export const siteLogoUrl = (
  kind: LogoKind,
  settings: Pick<SiteSettings, 'OrganizacjaAlias' | 'WersjeLogo'>,
) => logoUrl(kind, { alias: settings.OrganizacjaAlias, version: settings.WersjeLogo?.[kind] });
