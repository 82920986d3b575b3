import { z } from 'zod';
import type { BrandColours } from './brand-colours.ts';
import { boundedText, optionalText, PhotoRefSchema, requiredEmail, requiredText } from './common.ts';
import { contactFieldKey } from './constants.ts';
import { msg } from './messages.ts';

/** A club's four colours (`BrandColours`), `#rrggbb` each. */
export const BrandColoursSchema = z.object({
  Glowny: z.string(),
  TekstNaGlownym: z.string(),
  Akcent: z.string(),
  TekstNaAkcencie: z.string(),
}) satisfies z.ZodType<BrandColours>;

export const SiteOptionSchema = z.object({ Klucz: z.string(), Wartosc: z.string(), Typ: z.number().int() });
export const SiteSettingsSchema = z.object({
  OrganizacjaAlias: z.string(),
  Nazwa: z.string(),
  Title: z.string(),
  Description: z.string(),
  Opcje: z.array(SiteOptionSchema),
  Mapa: z.string(),
  Pola: z.array(z.number().int()),
  PolaWymagane: z.array(z.number().int()),
  /**
   * Versions of the main and footer logo ('' when none), for the logo's `v` query: a replaced
   * logo gets a new address, so no cache shows the old one (see `logoUrl`). Not in the spec.
   */
  WersjeLogo: z.object({ main: z.string(), footer: z.string() }).optional(),
  /** The club's colours, `#rrggbb` each, for the storefront's theme. Not in the spec. */
  Kolory: BrandColoursSchema.optional(),
});
export type SiteSettings = z.infer<typeof SiteSettingsSchema>;

export const BannerSlideSchema = z.object({
  Id: z.number().int(),
  /** Text-box heading. */
  Nazwa: z.string(),
  /** Image file name used in the static path. */
  Plik: z.string(),
  GrafikaMobile: PhotoRefSchema.nullable(),
  /**
   * File names of the WebP copies of `Plik` and of the mobile image, beside them (null for images
   * stored without one): offered to browsers first. Not in the spec.
   */
  PlikWebp: z.string().nullable().optional(),
  GrafikaMobileWebp: z.string().nullable().optional(),
  Url: z.string(),
  Tresc: z.string(),
  KolorText: z.string(),
  BgOpacity: z.number().int(),
  IsKolorMaski: z.boolean(),
  KolorMaski: z.string(),
  BanerGrafikaPrzezroczystoscMaski: z.number().int(),
  PolozenieTextX: z.number().int(),
  PolozenieTextY: z.number().int(),
});
export type BannerSlide = z.infer<typeof BannerSlideSchema>;
export const BannerSchema = z.object({
  Id: z.number().int(),
  Rodzaj: z.number().int(),
  Wysokosc: z.number().int(),
  Grafiki: z.array(BannerSlideSchema),
});
export type Banner = z.infer<typeof BannerSchema>;

export type MenuItem = {
  Id: number;
  Tytul: string;
  Url: string;
  OtworzWNowymOknie: boolean;
  Podrzedne: MenuItem[];
};
export const MenuItemSchema: z.ZodType<MenuItem> = z.lazy(() =>
  z.object({
    Id: z.number().int(),
    Tytul: z.string(),
    Url: z.string(),
    OtworzWNowymOknie: z.boolean(),
    Podrzedne: z.array(MenuItemSchema),
  }),
);

export const SocialLinkSchema = z.object({ Url: z.string(), Rodzaj: z.number().int() });
export type SocialLink = z.infer<typeof SocialLinkSchema>;

export const ContentPageSchema = z.object({
  Id: z.number().int(),
  Slug: z.string(),
  Tytul: z.string(),
  Tresc: z.string(),
  MetaDescription: z.string(),
  Parametry: z.array(z.object({ Klucz: z.string(), Wartosc: z.string() })),
  Data: z.string(),
});
export type ContentPage = z.infer<typeof ContentPageSchema>;

export const ContentListItemSchema = z.object({
  Id: z.number().int(),
  Slug: z.string(),
  Tytul: z.string(),
  Zajawka: z.string(),
  Data: z.string(),
  Zdjecie: PhotoRefSchema.nullable(),
});
export type ContentListItem = z.infer<typeof ContentListItemSchema>;
export const ContentCategorySchema = z.object({ Id: z.number().int(), Nazwa: z.string() });

/** Contact form: only fields enabled by `Pola`; those in `PolaWymagane` are required. */
export const contactMessageSchema = (pola: number[], wymagane: number[]) => {
  const shape: Record<string, z.ZodType> = { message: optionalText(5000) };
  for (const code of pola) {
    const key = contactFieldKey[code];
    if (!key) continue;
    const required = wymagane.includes(code);
    if (key === 'email') {
      shape[key] = required ? requiredEmail(msg.requiredContact) : optionalText(254);
    } else {
      shape[key] = required
        ? requiredText(key === 'phone' ? 40 : 100, msg.requiredContact)
        : optionalText(100);
    }
  }
  return z.object(shape);
};
export type ContactMessage = {
  message?: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string;
};
export const ContactMessageBaseSchema = z.object({
  message: boundedText(5000).optional(),
  firstName: boundedText(100).optional(),
  lastName: boundedText(100).optional(),
  email: boundedText(254).optional(),
  phone: boundedText(40).optional(),
});

export const AccreditationSchema = z.object({
  Imie: requiredText(100),
  Nazwisko: requiredText(100),
  Email: requiredEmail(),
  Telefon: optionalText(40),
  Redakcja: requiredText(200),
  Funkcja: optionalText(200),
  Wydarzenie: optionalText(200),
  Uwagi: optionalText(5000),
});
export type AccreditationRequest = z.input<typeof AccreditationSchema>;
