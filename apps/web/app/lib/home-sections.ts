import { homeSectionOption, type SiteSettings } from '@club/contract';

/** Site options that switch home-page sections on have this type (spec 2 'Home page'). */
export const HOME_SECTION_TYPE = 20;

/** Home sections (API-NOTES): more may come. */
export const HomeSection = { banner: 'baner', products: 'produkty' } as const;

/** A section shows when option 'strona-glowna-{section}' has Wartosc '1' and Typ 20; absent means hidden. */
export const homeSectionEnabled = (options: SiteSettings['Opcje'], section: string): boolean =>
  options.some(
    (o) => o.Klucz === homeSectionOption(section) && o.Wartosc.trim() === '1' && o.Typ === HOME_SECTION_TYPE,
  );
