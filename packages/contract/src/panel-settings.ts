import { z } from 'zod';
import {
  BRAND_COLOUR_KEYS,
  type BrandColours,
  brandContrastChecks,
  CONTRAST_PAIR_FIELD,
  contrastMessage,
  HEX_COLOUR,
} from './brand-colours.ts';
import {
  isCleanText,
  isEmail,
  isHostName,
  krsText,
  nipText,
  optionalText,
  plIbanText,
  regonText,
  requiredEmail,
  requiredText,
} from './common.ts';
import { contactFieldKey } from './constants.ts';
import { BrandColoursSchema } from './content.ts';
import { msg } from './messages.ts';
import { MAX_COD_CONFIRMATION_ZL, MAX_ORDERS_PER_HOUR, MAX_PIECES_LIMIT } from './order-limits.ts';
import { ClubSafetyDefaultsInputSchema, ClubSafetyDefaultsSchema } from './product-fields.ts';
import { stockAlertFactor } from './stock-alerts.ts';

/** Home-page sections, each an option `strona-glowna-{section}` ('1' shown, absent or '0' hidden). */
export const HOME_SECTIONS = ['baner', 'produkty'] as const;
export type HomeSectionName = (typeof HOME_SECTIONS)[number];
/** The site option that lets guests order without an account ('1' on). */
export const GUEST_CHECKOUT_OPTION = 'zakupy-bez-logowania';
/** The site option holding the free-shipping threshold in grosze (absent: none). */
export const FREE_SHIPPING_OPTION = 'darmowa-dostawa-od';
export const MAX_FREE_SHIPPING_ZL = 1_000_000;
export const LOGO_KINDS = ['main', 'footer'] as const;
export type LogoKind = (typeof LOGO_KINDS)[number];
/** The multipart field of a logo upload. */
export const LOGO_UPLOAD_FIELD = 'Plik';

/** Money in zł with at most two decimals, from 0 to `max`. */
export const zlAmount = (max: number, message: string) =>
  z
    .number({ error: message })
    .min(0, { error: message, abort: true })
    .max(max, { error: message, abort: true })
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, message);

/** An https address (a map embed, a link), or empty. */
const httpsUrl = () =>
  z
    .string({ error: msg.settingsUrlInvalid })
    .trim()
    .max(2000, { error: msg.tooLong, abort: true })
    .refine(isCleanText, { error: msg.invalidCharacters, abort: true })
    .refine((v) => {
      if (v === '') return true;
      try {
        const u = new URL(v);
        return u.protocol === 'https:' && Boolean(u.hostname) && !u.username && !u.password;
      } catch {
        return false;
      }
    }, msg.settingsUrlInvalid);

const contactFields = () =>
  z
    .array(
      z
        .number({ error: msg.settingsContactFieldInvalid })
        .int({ error: msg.settingsContactFieldInvalid, abort: true })
        .refine((n) => n in contactFieldKey, msg.settingsContactFieldInvalid),
      { error: msg.settingsContactFieldInvalid },
    )
    .max(10, msg.settingsContactFieldInvalid)
    // Kept sorted and unique: the storefront renders them in this order.
    .transform((a) => [...new Set(a)].sort((x, y) => x - y));

/**
 * Text that may be empty, but not null: under `.partial()` zod still runs a nullish field's
 * transform when the key is absent (`optionalText` gives ''), so a change of the title alone
 * would have emptied the description.
 */
const plainText = (max: number) =>
  z
    .string({ error: msg.invalidRequest })
    .trim()
    .max(max, { error: msg.tooLong, abort: true })
    .refine(isCleanText, { error: msg.invalidCharacters, abort: true });

/** The longest validity a club may give its gift cards: five years. */
export const MAX_GIFT_CARD_MONTHS = 60;

/** A whole number from 1 to `max`: the order limits a manager sets. */
export const limitNumber = (max: number, message: string) =>
  z
    .number({ error: message })
    .int({ error: message, abort: true })
    .min(1, { error: message, abort: true })
    .max(max, message);

const oneLine = (max: number, message: string) =>
  requiredText(max, message).refine((v) => !/[\r\n]/.test(v), msg.invalidCharacters);

const hexColour = () =>
  z
    .string({ error: msg.settingsColourInvalid })
    .trim()
    .toLowerCase()
    .regex(/^#[0-9a-f]{6}$/, msg.settingsColourInvalid);

/** All four colours at once, every text pair at least AA (brandContrastChecks), each failing pair on its field. */
export const BrandColoursInputSchema = z
  .object(
    Object.fromEntries(BRAND_COLOUR_KEYS.map((k) => [k, hexColour()])) as Record<
      keyof BrandColours,
      ReturnType<typeof hexColour>
    >,
    { error: msg.invalidRequest },
  )
  .strict()
  .superRefine((c, ctx) => {
    // zod still runs this after a field's own refusal: judge only four colours.
    if (!BRAND_COLOUR_KEYS.every((k) => HEX_COLOUR.test(c[k]))) return;
    for (const check of brandContrastChecks(c)) {
      if (!check.ok)
        ctx.addIssue({
          code: 'custom',
          message: contrastMessage(check),
          path: [CONTRAST_PAIR_FIELD[check.pair]],
        });
    }
  });

/** The club's site settings as the panel edits them (GET answer). */
export const PanelSettingsSchema = z.object({
  /** The shop's name (e-mails, page titles). */
  Nazwa: z.string(),
  /** The home page's <title> and meta description. */
  Title: z.string(),
  Description: z.string(),
  /** The map embed address of the contact page (https), '' for none. */
  Mapa: z.string(),
  /** Where contact-form messages and accreditation requests are sent. */
  EmailSklepu: z.string(),
  /** Contact-form fields shown (10 first name, 20 last name, 40 e-mail, 50 phone) and required. */
  Pola: z.array(z.number().int()),
  PolaWymagane: z.array(z.number().int()),
  /** Which home sections show (options `strona-glowna-*`). */
  SekcjeStronyGlownej: z.object({ baner: z.boolean(), produkty: z.boolean() }),
  /** Guests may order without an account (`zakupy-bez-logowania`). */
  ZakupyBezLogowania: z.boolean(),
  /** Free shipping from this order value in zł; null: never free. */
  DarmowaDostawaOd: z.number().nullable(),
  /** Current logo file names (served at the storefront's logo/main and logo/footer), null when none. */
  LogoGlowne: z.string().nullable(),
  LogoStopka: z.string().nullable(),
  /** Pieces one cart line may have, unless its product sets its own limit. */
  LimitSztukNaPozycje: z.number().int(),
  /** Pieces one order may have in all. */
  LimitSztukWZamowieniu: z.number().int(),
  /** A cash-on-delivery order above this total (zł) waits for the buyer's e-mail confirmation; null: never for its value. */
  PotwierdzeniePobraniaOd: z.number().nullable(),
  /** Orders one e-mail address, and one IP address, may place in an hour. */
  ZamowieniaNaEmailNaGodzine: z.number().int(),
  ZamowieniaNaIpNaGodzine: z.number().int(),
  /** Product safety data used by every product whose own field is empty. */
  BezpieczenstwoProduktu: ClubSafetyDefaultsSchema,
  /** Days to withdraw from a contract after delivery; null: the statutory 14. */
  DniNaOdstapienie: z.number().int().nullable(),
  /** The storefront's colours (the defaults until the club chooses its own). */
  Kolory: BrandColoursSchema,
  /** When stock returns, at most this many waiting addresses per piece are told (decision 146). */
  MnoznikPowiadomien: z.number().int(),
  /** Months a gift card the club sells stays valid from its issue (decision 154). */
  WaznoscKartPodarunkowych: z.number().int(),
});
export type PanelSettings = z.infer<typeof PanelSettingsSchema>;

/** A change to the site settings: only the fields present change. */
export const PanelSettingsUpdateSchema = z
  .object({
    Nazwa: oneLine(200, msg.settingsShopNameRequired),
    Title: plainText(200),
    Description: plainText(500),
    Mapa: httpsUrl(),
    EmailSklepu: z
      .string({ error: msg.invalidEmail })
      .trim()
      .max(254, { error: msg.tooLong, abort: true })
      .refine((v) => v === '' || isEmail(v), msg.invalidEmail),
    Pola: contactFields(),
    PolaWymagane: contactFields(),
    SekcjeStronyGlownej: z
      .object(
        { baner: z.boolean().optional(), produkty: z.boolean().optional() },
        { error: msg.invalidRequest },
      )
      .strict(),
    ZakupyBezLogowania: z.boolean({ error: msg.invalidRequest }),
    DarmowaDostawaOd: zlAmount(MAX_FREE_SHIPPING_ZL, msg.settingsFreeShippingInvalid).nullable(),
    LimitSztukNaPozycje: limitNumber(MAX_PIECES_LIMIT, msg.settingsLinePiecesInvalid),
    LimitSztukWZamowieniu: limitNumber(MAX_PIECES_LIMIT, msg.settingsOrderPiecesInvalid),
    PotwierdzeniePobraniaOd: zlAmount(MAX_COD_CONFIRMATION_ZL, msg.settingsCodConfirmationInvalid).nullable(),
    ZamowieniaNaEmailNaGodzine: limitNumber(MAX_ORDERS_PER_HOUR, msg.settingsOrdersPerHourInvalid),
    ZamowieniaNaIpNaGodzine: limitNumber(MAX_ORDERS_PER_HOUR, msg.settingsOrdersPerHourInvalid),
    BezpieczenstwoProduktu: ClubSafetyDefaultsInputSchema,
    // The law's 14 days are the least a club may give (art. 27 u.p.k.).
    DniNaOdstapienie: z
      .number({ error: msg.settingsWithdrawalDaysInvalid })
      .int({ error: msg.settingsWithdrawalDaysInvalid, abort: true })
      .min(14, { error: msg.settingsWithdrawalDaysInvalid, abort: true })
      .max(365, msg.settingsWithdrawalDaysInvalid)
      .nullable(),
    Kolory: BrandColoursInputSchema,
    MnoznikPowiadomien: stockAlertFactor(),
    WaznoscKartPodarunkowych: limitNumber(MAX_GIFT_CARD_MONTHS, msg.settingsGiftCardMonthsInvalid),
  })
  .partial()
  .refine((v) => !v.Pola || !v.PolaWymagane || v.PolaWymagane.every((f) => v.Pola!.includes(f)), {
    error: msg.settingsRequiredNotEnabled,
    path: ['PolaWymagane'],
  });
export type PanelSettingsUpdate = z.output<typeof PanelSettingsUpdateSchema>;

/** One of the club's domains: the storefront answers on it as this club. */
export const PanelDomainSchema = z.object({ Id: z.number().int(), Host: z.string() });
export type PanelDomain = z.infer<typeof PanelDomainSchema>;

/**
 * A domain is the club's only once it proves it owns it: it publishes the claim's code as a TXT
 * record `_clubshop-challenge.<domain>` or as the file `http://<domain>/.well-known/clubshop-verification/<code>`.
 */
export const DOMAIN_PROOF_TXT_LABEL = '_clubshop-challenge';
export const DOMAIN_PROOF_PATH = '/.well-known/clubshop-verification/';
/** How many domains a club may have waiting for proof at a time. */
export const MAX_DOMAIN_CLAIMS = 5;
export const domainProofRecord = (host: string) => `${DOMAIN_PROOF_TXT_LABEL}.${host}`;
export const domainProofFile = (host: string, code: string) => `http://${host}${DOMAIN_PROOF_PATH}${code}`;

/** A domain the club asked for, not proven yet: the shop does not answer on it. */
export const PanelDomainClaimSchema = z.object({
  Id: z.number().int(),
  Host: z.string(),
  /** The code to publish, in the TXT record `RekordTxt` or as the content of the file at `Plik`. */
  Kod: z.string(),
  RekordTxt: z.string(),
  Plik: z.string(),
});
export type PanelDomainClaim = z.infer<typeof PanelDomainClaimSchema>;

export const PanelDomainListSchema = z.object({
  /** The proven domains the storefront answers on. */
  Items: z.array(PanelDomainSchema),
  Total: z.number().int(),
  /** Domains waiting for proof. */
  Oczekujace: z.array(PanelDomainClaimSchema),
});

/** A Polish name (`sokół.pl`) as DNS has it (`xn--sok-...`): the URL parser does IDNA in Node and browsers. */
const toAsciiHost = (v: string) => {
  if (/^[\p{ASCII}]*$/u.test(v) || /[/:?#@\\\s]/.test(v)) return v;
  try {
    return new URL(`http://${v}`).hostname;
  } catch {
    return v;
  }
};

/** A host name, lower-cased, IDN as punycode: no scheme, port or path (`sklep.klub.pl`). */
export const PanelDomainCreateSchema = z.object({
  Host: z
    .string({ error: msg.domainInvalid })
    .trim()
    .max(253, { error: msg.domainInvalid, abort: true })
    .transform((v) => toAsciiHost(v.toLowerCase().replace(/\.$/, '')))
    .refine(isHostName, msg.domainInvalid),
});

export const LogoKindParams = z.object({
  which: z.enum(LOGO_KINDS, { error: msg.notFound }),
});

// ---- Seller and legal data -----------------------------------------------------------------

const postcode = () =>
  requiredText(6).refine((v) => /^\d{2}-\d{3}$/.test(v), { error: msg.invalidPostcode, abort: true });

const AddressInputSchema = z.object({
  /** Who receives at this address (complaints: e.g. 'Dział reklamacji'); optional. */
  Nazwa: optionalText(200),
  UlicaINumer: requiredText(200),
  KodPocztowy: postcode(),
  Miasto: requiredText(100),
});

/**
 * The seller's data as the owner enters it. Required: company name, address, NIP and e-mail;
 * REGON, KRS, phone and bank account when the club has them. `Reklamacje` null: complaints go to
 * the seller's address.
 */
export const PanelSellerInputSchema = z.object({
  Nazwa: requiredText(200),
  UlicaINumer: requiredText(200),
  KodPocztowy: postcode(),
  Miasto: requiredText(100),
  NIP: nipText().refine((v) => v !== '', msg.required),
  REGON: regonText(),
  KRS: krsText(),
  Email: requiredEmail(),
  Telefon: optionalText(40),
  NrKonta: plIbanText(),
  Reklamacje: AddressInputSchema.nullish().transform((v) => v ?? null),
});
export type PanelSellerInput = z.output<typeof PanelSellerInputSchema>;

const AddressSchema = z.object({
  Nazwa: z.string(),
  UlicaINumer: z.string(),
  KodPocztowy: z.string(),
  Miasto: z.string(),
});

/** The seller's own fields, the same in the panel's and the storefront's view. */
const SellerFieldsShape = {
  Nazwa: z.string(),
  UlicaINumer: z.string(),
  KodPocztowy: z.string(),
  Miasto: z.string(),
  NIP: z.string(),
  REGON: z.string(),
  KRS: z.string(),
  Email: z.string(),
  Telefon: z.string(),
  NrKonta: z.string(),
};

/** The panel's view: what was entered (`Reklamacje` null: the seller's address); null fields never saved. */
export const PanelSellerSchema = z.object({
  ...SellerFieldsShape,
  Reklamacje: AddressSchema.nullable(),
});
export type PanelSeller = z.infer<typeof PanelSellerSchema>;

/**
 * What a club must give before it takes orders (ustawa o prawach konsumenta art. 12: who sells,
 * where, how to reach them) and the shop's terms, with the names the checklist shows.
 */
export const SELLER_REQUIRED = {
  Nazwa: 'nazwa sprzedawcy',
  UlicaINumer: 'ulica i numer',
  KodPocztowy: 'kod pocztowy',
  Miasto: 'miejscowość',
  NIP: 'NIP',
  Email: 'adres e-mail',
  Telefon: 'telefon',
} as const;
export const TERMS_REQUIRED = 'regulamin sklepu';

/** The missing items, in the checklist's order; none: the club may take orders. */
export const sellerGaps = (
  seller: Record<keyof typeof SELLER_REQUIRED, string>,
  hasTerms: boolean,
): string[] => [
  ...Object.entries(SELLER_REQUIRED)
    .filter(([key]) => !seller[key as keyof typeof SELLER_REQUIRED].trim())
    .map(([, label]) => label),
  ...(hasTerms ? [] : [TERMS_REQUIRED]),
];

/**
 * The seller as the storefront and e-mails use it (public `GET /api/cms/stronyfrontend/sprzedawca`,
 * and `sellerOf()` in the API for order e-mails): every field a string ('' when not given),
 * `NIP` as 10 digits, `NrKonta` formatted `PL61 1090 ...`, and `Reklamacje` always an address
 * (the seller's own when no separate one was given).
 */
export const SellerSchema = z.object({
  /** Every item of `SELLER_REQUIRED` and the terms are given: the club takes orders. */
  Uzupelnione: z.boolean(),
  /** What is missing (`sellerGaps`), for the checklist and the order step. */
  Brakuje: z.array(z.string()),
  ...SellerFieldsShape,
  Reklamacje: AddressSchema,
});
export type Seller = z.infer<typeof SellerSchema>;
