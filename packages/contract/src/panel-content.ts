import { z } from 'zod';
import {
  boundedText,
  idNumber,
  intParam,
  isCleanText,
  isEmail,
  optionalText,
  reorderSchema,
  requiredText,
} from './common.ts';
import { BANNER_MAX_HEIGHT, CONTENT_TYPE_SUBPAGE, MAX_PAGE_COUNT, SocialKind } from './constants.ts';
import { BannerSlideSchema } from './content.ts';
import { fillMessage, msg } from './messages.ts';

/*
 * The manager's panel API for the storefront's content: banners, menus, social links and
 * sub-pages. Writes answer with what the panel shows next; the storefront's public endpoints
 * (content.ts) show the same data in their own shapes.
 */

// ---------------------------------------------------------------------------------------------
// Shared rules

/** `#rgb` or `#rrggbb`, stored lower-case (the storefront's `safeColor` accepts exactly these). */
export const colourSchema = () =>
  z
    .string({ error: msg.colourInvalid })
    .trim()
    .max(7, { error: msg.colourInvalid, abort: true })
    .regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, { error: msg.colourInvalid, abort: true })
    .transform((v) => v.toLowerCase());

export const MAX_LINK_LENGTH = 500;
const SPACE_OR_CONTROL = /[\s\p{Cc}\\]/u;

/**
 * A link the storefront can follow: a path of the shop (`/produkty`, `/o-klubie#mapa`), a full
 * `http(s)://` address with a host name, `mailto:` one address or `tel:` a number. Nothing
 * else: no `//host` (leaves the shop like an external address without saying so), no other
 * schemes (`javascript:`), no spaces or control characters.
 */
export const isShopLink = (url: string): boolean => {
  if (!url || url.length > MAX_LINK_LENGTH || !isCleanText(url)) return false;
  if (url.startsWith('/')) return !url.startsWith('//') && !SPACE_OR_CONTROL.test(url);
  if (/^mailto:/i.test(url)) return isEmail(url.slice(7));
  if (/^tel:/i.test(url)) return /^\+?[0-9][0-9 -]{2,19}$/.test(url.slice(4));
  if (!/^https?:\/\//i.test(url) || SPACE_OR_CONTROL.test(url)) return false;
  try {
    const host = new URL(url).hostname;
    return host.includes('.') && !host.startsWith('.') && !host.endsWith('.');
  } catch {
    return false;
  }
};

/** An external address (http, https, mailto, tel): what the panel shows as 'external'. */
export const isExternalLink = (url: string) => !url.startsWith('/');

const link = (required: boolean) =>
  z
    .string({ error: msg.contentLinkInvalid })
    .trim()
    .max(MAX_LINK_LENGTH, { error: msg.tooLong, abort: true })
    .refine((v) => (required ? v.length > 0 : true), { error: msg.menuUrlRequired, abort: true })
    .refine((v) => v === '' || isShopLink(v), { error: msg.contentLinkInvalid, abort: true });

// ---------------------------------------------------------------------------------------------
// Banners

export const BANNER_MIN_HEIGHT = 150;
export const MAX_BANNER_SLIDES = 20;
/** Multipart fields of a slide upload: the desktop image and the phone image. */
export const BANNER_IMAGE_FIELD = 'Plik';
export const BANNER_MOBILE_IMAGE_FIELD = 'PlikMobile';
/** Largest stored sides: wider uploads are scaled down (never up), keeping their proportions. */
export const BANNER_IMAGE_MAX = { width: 2400, height: 1200 } as const;
export const BANNER_MOBILE_IMAGE_MAX = { width: 1080, height: 1350 } as const;
export const BG_OPACITY_CODES = [10, 20, 30, 40, 50] as const;
export const MASK_OPACITY_CODES = [20, 40, 60, 80] as const;
/** PolozenieTextX/Y: 10 start, 20 centre, 30 end of the 3x3 grid. */
export const TEXT_POSITION_CODES = [10, 20, 30] as const;

const code = <T extends readonly number[]>(codes: T, message: string) =>
  z
    .number({ error: message })
    .refine((v): v is T[number] => (codes as readonly number[]).includes(v), { error: message, abort: true });

/**
 * A slide as the panel edits it: the storefront's fields (so a preview can render it with the
 * storefront's own banner component) plus its place and its images' addresses.
 */
export const PanelBannerSlideSchema = BannerSlideSchema.extend({
  Pozycja: z.number().int(),
  /** `/static/{alias}/panelbanerygrafika/{bannerId}/{slideId}/{Plik}`. */
  ObrazUrl: z.string(),
  ObrazMobileUrl: z.string().nullable(),
});
export type PanelBannerSlide = z.infer<typeof PanelBannerSlideSchema>;

export const PanelBannerSchema = z.object({
  /** null until the first slide or height is saved (the storefront answers 404 until then). */
  Id: z.number().int().nullable(),
  PanelId: z.number().int(),
  Rodzaj: z.number().int(),
  Wysokosc: z.number().int(),
  Grafiki: z.array(PanelBannerSlideSchema),
});
export type PanelBanner = z.infer<typeof PanelBannerSchema>;

const heightMessage = fillMessage(msg.bannerHeightInvalid, {
  od: String(BANNER_MIN_HEIGHT),
  do: String(BANNER_MAX_HEIGHT),
});
export const PanelBannerUpdateSchema = z.object({
  /** Height on wide screens in px (phones use the image's proportions). */
  Wysokosc: z
    .number({ error: heightMessage })
    .int({ error: heightMessage, abort: true })
    .min(BANNER_MIN_HEIGHT, { error: heightMessage, abort: true })
    .max(BANNER_MAX_HEIGHT, heightMessage),
});
export type PanelBannerUpdate = z.infer<typeof PanelBannerUpdateSchema>;

/** A slide's texts and looks (the images come by upload). Every field is sent: PUT replaces them. */
export const PanelBannerSlideInputSchema = z.object({
  /** Heading of the text box; empty: no heading. */
  Nazwa: optionalText(200),
  /** Text of the text box; empty: none (with no heading either, no box is shown). */
  Tresc: optionalText(1000),
  /** Where the slide leads (opens in a new tab); empty: nowhere. */
  Url: link(false),
  KolorText: colourSchema(),
  BgOpacity: code(BG_OPACITY_CODES, msg.bannerBgOpacityInvalid),
  IsKolorMaski: z.boolean({ error: msg.invalidRequest }),
  KolorMaski: colourSchema(),
  BanerGrafikaPrzezroczystoscMaski: code(MASK_OPACITY_CODES, msg.bannerMaskOpacityInvalid),
  PolozenieTextX: code(TEXT_POSITION_CODES, msg.bannerTextPositionInvalid),
  PolozenieTextY: code(TEXT_POSITION_CODES, msg.bannerTextPositionInvalid),
});
export type PanelBannerSlideInput = z.infer<typeof PanelBannerSlideInputSchema>;

export const PanelBannerSlideOrderSchema = z.object({
  Kolejnosc: z
    .array(idNumber(msg.bannerSlideNotFound), { error: msg.bannerSlideOrderMismatch })
    .min(1, msg.bannerSlideOrderMismatch)
    .max(MAX_BANNER_SLIDES, msg.bannerSlideOrderMismatch),
});
export type PanelBannerSlideOrder = z.infer<typeof PanelBannerSlideOrderSchema>;

// ---------------------------------------------------------------------------------------------
// Menus

/** Levels a menu may have (top level and two below): the header's sub-menus and the footer's columns. */
export const MENU_MAX_DEPTH = 3;
export const MAX_MENU_ITEMS = 200;
export const menuLabel: Record<number, string> = {
  10: 'Menu główne',
  20: 'Menu boczne',
  30: 'Menu w stopce',
};

/** One item of a menu; the list comes in tree order (each parent before its sub-items). */
export const PanelMenuItemSchema = z.object({
  Id: z.number().int(),
  IdParent: z.number().int().nullable(),
  Tytul: z.string(),
  Url: z.string(),
  OtworzWNowymOknie: z.boolean(),
  /** Place among its siblings, from 0. */
  Pozycja: z.number().int(),
  /** Depth, 0 at the top. */
  Poziom: z.number().int(),
  LiczbaPodrzednych: z.number().int(),
});
export type PanelMenuItem = z.infer<typeof PanelMenuItemSchema>;

const menuTitle = () => requiredText(100, msg.menuTitleRequired);
const menuParent = () => idNumber(msg.menuParentNotFound).nullable();

export const PanelMenuItemCreateSchema = z.object({
  Tytul: menuTitle(),
  Url: link(true),
  OtworzWNowymOknie: z.boolean({ error: msg.invalidRequest }).optional().default(false),
  /** A parent item of the same menu; null or absent: the top level. Added at the end of its siblings. */
  IdParent: menuParent().optional().default(null),
});
export type PanelMenuItemCreate = z.infer<typeof PanelMenuItemCreateSchema>;

/**
 * Changes what is given. `IdParent` present moves the item (with its sub-items) under another
 * parent (null: the top level), at `Pozycja` among the new siblings (default: the end);
 * `Pozycja` alone moves it within its siblings.
 */
export const PanelMenuItemUpdateSchema = z.object({
  Tytul: menuTitle().optional(),
  Url: link(true).optional(),
  OtworzWNowymOknie: z.boolean({ error: msg.invalidRequest }).optional(),
  IdParent: menuParent().optional(),
  Pozycja: z
    .number({ error: msg.invalidNumber })
    .int({ error: msg.invalidNumber, abort: true })
    .min(0, { error: msg.invalidNumber, abort: true })
    .max(MAX_MENU_ITEMS, msg.invalidNumber)
    .optional(),
});
export type PanelMenuItemUpdate = z.infer<typeof PanelMenuItemUpdateSchema>;

/** The new order of one parent's sub-items (null: the top level): every one of them, each once. */
export const PanelMenuReorderSchema = reorderSchema(
  menuParent(),
  msg.menuItemNotFound,
  msg.menuOrderMismatch,
  MAX_MENU_ITEMS,
);
export type PanelMenuReorder = z.infer<typeof PanelMenuReorderSchema>;

/** A page of the shop a menu item may link to: the panel's list to choose from. */
export const PanelLinkTargetSchema = z.object({
  /** 'sklep': a fixed page of the shop; 'kategoria': a product category; 'podstrona': a CMS sub-page. */
  Rodzaj: z.enum(['sklep', 'kategoria', 'podstrona']),
  Tytul: z.string(),
  Url: z.string(),
});
export type PanelLinkTarget = z.infer<typeof PanelLinkTargetSchema>;

// ---------------------------------------------------------------------------------------------
// Social links

export const socialNetworks: Record<number, { name: string; hosts: readonly string[] }> = {
  [SocialKind.facebook]: { name: 'Facebook', hosts: ['facebook.com', 'fb.com', 'fb.me'] },
  [SocialKind.tiktok]: { name: 'TikTok', hosts: ['tiktok.com'] },
  [SocialKind.instagram]: { name: 'Instagram', hosts: ['instagram.com', 'instagr.am'] },
  [SocialKind.youtube]: { name: 'YouTube', hosts: ['youtube.com', 'youtu.be'] },
  [SocialKind.x]: { name: 'X', hosts: ['x.com', 'twitter.com'] },
};

/** The address's host is the network's domain or one of its sub-domains (www., m., pl-pl.). */
export const isNetworkUrl = (kind: number, url: string): boolean => {
  const network = socialNetworks[kind];
  if (!network) return false;
  try {
    const host = new URL(url).hostname.toLowerCase();
    return network.hosts.some((h) => host === h || host.endsWith(`.${h}`));
  } catch {
    return false;
  }
};

export const PanelSocialLinkSchema = z.object({ Rodzaj: z.number().int(), Url: z.string() });
export type PanelSocialLink = z.infer<typeof PanelSocialLinkSchema>;

const SocialLinkInputSchema = z
  .object({
    Rodzaj: z
      .number({ error: msg.socialKindInvalid })
      .refine((k) => socialNetworks[k] !== undefined, { error: msg.socialKindInvalid, abort: true }),
    Url: z
      .string({ error: msg.socialUrlInvalid })
      .trim()
      .max(MAX_LINK_LENGTH, { error: msg.tooLong, abort: true })
      .refine((v) => /^https:\/\//i.test(v) && isShopLink(v), { error: msg.socialUrlInvalid, abort: true }),
  })
  .superRefine((v, ctx) => {
    if (!isNetworkUrl(v.Rodzaj, v.Url))
      ctx.addIssue({
        code: 'custom',
        path: ['Url'],
        message: fillMessage(msg.socialUrlWrongSite, { serwis: socialNetworks[v.Rodzaj]!.name }),
      });
  });

/** Every link of the club in the order shown; a network left out has no link. */
export const PanelSocialUpdateSchema = z.object({
  Linki: z
    .array(SocialLinkInputSchema, { error: msg.invalidRequest })
    .max(Object.keys(SocialKind).length, msg.socialKindDuplicate)
    .refine((list) => new Set(list.map((l) => l.Rodzaj)).size === list.length, {
      error: msg.socialKindDuplicate,
    }),
});
export type PanelSocialUpdate = z.infer<typeof PanelSocialUpdateSchema>;

// ---------------------------------------------------------------------------------------------
// Sub-pages (CMS type 20)

export const PANEL_PAGE_TYPE = CONTENT_TYPE_SUBPAGE;
/** Texts the storefront shows inside other pages, found by these slugs: edited, never deleted or renamed. */
export const SPECIAL_PAGES: Record<string, string> = {
  'tekst-stopka': 'Tekst w stopce sklepu',
  'kontakt-dane': 'Dane kontaktowe na stronie kontaktu',
  'kontakt-rodo': 'Informacja RODO pod formularzem kontaktowym',
};
/** Parameters the storefront understands (a page may carry others). */
export const PAGE_PARAMS: Record<string, string> = {
  kontakt: 'Osadza stronę kontaktu (dane, formularz, mapa)',
  akredytacja: 'Osadza formularz akredytacji prasowej',
};
export const MAX_PAGE_PARAMS = 20;
export const MAX_PAGE_HTML = 200_000;
export const PAGE_IMAGE_FIELD = 'Plik';
/** Images put in a page's text are scaled down to this width at most. */
export const PAGE_IMAGE_MAX_WIDTH = 1600;

/**
 * First path segments the shop itself answers (apps/web/app/routes.ts and the server's own
 * prefixes): a sub-page there would never be reached. A test keeps this list in step with the
 * storefront's routes.
 */
export const SHOP_RESERVED_SLUGS: ReadonlySet<string> = new Set([
  'produkty',
  'produkt',
  'koszyk',
  'logowanie',
  'rejestracja',
  'moje-konto',
  'nowy-adres-email',
  'zmien-haslo',
  'potwierdz-nowy-adres-email',
  'potwierdz-zamowienie',
  'przypomnij-haslo',
  'resetuj-haslo',
  'dostawa-i-platnosc',
  'podsumowanie',
  'szukaj',
  'formularz-odstapienia',
  'karta-podarunkowa',
  'odstapienie',
  'powiadomienie',
  'potwierdenie-platnosci',
  'potwierdzenie-platnosci',
  'sitemap',
  'sitemap.xml',
  'robots.txt',
  'favicon.svg',
  'favicon.ico',
  'manifest.webmanifest',
  'api',
  'static',
  'assets',
  'build-assets',
  'dev',
  'panel',
]);
export const PAGE_SLUG_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const slug = () =>
  z
    .string({ error: msg.pageSlugRequired })
    .trim()
    .min(1, { error: msg.pageSlugRequired, abort: true })
    .max(100, { error: msg.tooLong, abort: true })
    .regex(PAGE_SLUG_RE, { error: msg.pageSlugInvalid, abort: true })
    .superRefine((v, ctx) => {
      if (SHOP_RESERVED_SLUGS.has(v))
        ctx.addIssue({ code: 'custom', message: fillMessage(msg.pageSlugReserved, { slug: v }) });
    });

export const PAGE_SORTS = ['tytul', '-tytul', 'slug', '-slug', 'data', '-data'] as const;
export const PanelPagesQuerySchema = z.object({
  offset: intParam(0, 1_000_000, msg.offsetRange).optional().default(0),
  count: intParam(1, MAX_PAGE_COUNT, msg.offsetRange).optional().default(50),
  /** Matches the title or the slug. */
  q: boundedText(100).optional(),
  sort: z.enum(PAGE_SORTS, { error: msg.invalidSort }).optional().default('tytul'),
});
export type PanelPagesQuery = z.output<typeof PanelPagesQuerySchema>;

export const PanelPageListItemSchema = z.object({
  Id: z.number().int(),
  Slug: z.string(),
  Tytul: z.string(),
  IdRodzica: z.number().int().nullable(),
  /** One of SPECIAL_PAGES: cannot be deleted or renamed. */
  Specjalna: z.boolean(),
  /** The parameters' keys (e.g. `kontakt`). */
  Parametry: z.array(z.string()),
  Data: z.string(),
});
export type PanelPageListItem = z.infer<typeof PanelPageListItemSchema>;
export const PanelPageListSchema = z.object({
  Items: z.array(PanelPageListItemSchema),
  Total: z.number().int(),
});
export type PanelPageList = z.infer<typeof PanelPageListSchema>;

export const PanelPageParamSchema = z.object({ Klucz: z.string(), Wartosc: z.string() });

export const PanelPageSchema = z.object({
  Id: z.number().int(),
  Slug: z.string(),
  Tytul: z.string(),
  /** Sanitised HTML, exactly what the storefront shows. */
  Tresc: z.string(),
  /** Short text for lists of sub-pages. */
  Zajawka: z.string(),
  MetaDescription: z.string(),
  Parametry: z.array(PanelPageParamSchema),
  IdRodzica: z.number().int().nullable(),
  Specjalna: z.boolean(),
  Data: z.string(),
  /** The page's address in the storefront (`/slug`; null for SPECIAL_PAGES, shown inside other pages). */
  Url: z.string().nullable(),
});
export type PanelPage = z.infer<typeof PanelPageSchema>;

export const PanelPageInputSchema = z.object({
  Slug: slug(),
  Tytul: requiredText(200, msg.pageTitleRequired),
  /** Rich HTML: sanitised on the server before it is stored (scripts, styles, events dropped). */
  Tresc: z
    .string({ error: msg.invalidRequest })
    .max(MAX_PAGE_HTML, { error: msg.tooLong, abort: true })
    .refine(isCleanText, { error: msg.invalidCharacters, abort: true })
    .optional()
    .default(''),
  Zajawka: optionalText(500),
  MetaDescription: optionalText(300),
  Parametry: z
    .array(
      z.object({
        Klucz: z
          .string({ error: msg.pageParamKeyInvalid })
          .trim()
          .max(50, { error: msg.tooLong, abort: true })
          .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: msg.pageParamKeyInvalid, abort: true }),
        Wartosc: optionalText(500),
      }),
      { error: msg.invalidRequest },
    )
    .max(MAX_PAGE_PARAMS, fillMessage(msg.pageTooManyParams, { ile: String(MAX_PAGE_PARAMS) }))
    .refine((list) => new Set(list.map((p) => p.Klucz)).size === list.length, {
      error: msg.pageParamDuplicate,
    })
    .optional()
    .default([]),
  /** A parent page (breadcrumbs, `podstrony/{slug}` lists); null or absent: none. */
  IdRodzica: idNumber(msg.pageParentNotFound).nullable().optional().default(null),
});
export type PanelPageInput = z.infer<typeof PanelPageInputSchema>;

/** An image put in a page's text: its address for `<img src>`. */
export const PanelPageImageSchema = z.object({ Url: z.string(), Nazwa: z.string() });
export type PanelPageImage = z.infer<typeof PanelPageImageSchema>;

/**
 * Placeholders a content page may hold for the seller's data (panel 'Dane sprzedawcy'): the terms,
 * the contact page and the footer show the data as it is now, from one place.
 */
export const SELLER_PLACEHOLDERS = {
  sprzedawca: 'nazwa, adres, NIP, REGON i KRS sprzedawcy',
  nazwa: 'nazwa sprzedawcy',
  adres: 'adres sprzedawcy',
  email: 'adres e-mail sprzedawcy',
  telefon: 'telefon sprzedawcy',
  nip: 'NIP',
  regon: 'REGON',
  krs: 'KRS',
  'adres-reklamacji': 'adres do zwrotów i reklamacji',
} as const;
export type SellerPlaceholder = keyof typeof SELLER_PLACEHOLDERS;
