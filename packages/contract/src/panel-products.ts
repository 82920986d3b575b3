import { z } from 'zod';
import { boundedText, idNumber, intParam, isCleanText, PhotoRefSchema, requiredText } from './common.ts';
import { MAX_PAGE_COUNT, VAT_RATES } from './constants.ts';
import { msg } from './messages.ts';
import { MAX_PIECES_LIMIT } from './order-limits.ts';
import { limitNumber } from './panel-settings.ts';
import { isGtin, productFieldsInputShape, productFieldsOutputShape } from './product-fields.ts';

/**
 * Low stock: this many pieces or fewer, of the product without sizes or of any one of its sizes
 * (sold out included). One definition for the product list's 'low' filter, the dashboard's
 * low-stock list and the panel's texts.
 */
export const PRODUCT_LOW_STOCK = 5;
export const MAX_PRODUCT_STOCK = 1_000_000;
export const MAX_PRODUCT_PRICE_ZL = 1_000_000;
export const MAX_PRODUCT_PARAMETERS = 100;
/** A product's named options (Rozmiar, Kolor, Wersja); each parameter is then one combination of their values. */
export const MAX_PRODUCT_OPTIONS = 3;
export const MAX_OPTION_VALUES = 30;
/** What a variant is called where one name is needed (cart line, order, e-mail): its values in order. */
export const variantName = (values: readonly string[]): string => values.join(' / ');

/**
 * draft: created in the panel and never published, out of the storefront until it is; active:
 * published, on sale; hidden: published once, out of the storefront for now; archived: gone for
 * good (orders keep their lines).
 */
export const PRODUCT_STATUSES = ['draft', 'active', 'hidden', 'archived'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
export const productStatusLabel: Record<ProductStatus, string> = {
  draft: 'Szkic',
  active: 'Opublikowany',
  hidden: 'Ukryty',
  archived: 'Zarchiwizowany',
};
/** What the status button may ask for: 'active' publishes a draft; a published product never becomes a draft again. */
export const PRODUCT_STATUS_CHANGES = ['active', 'hidden', 'archived'] as const;
export type ProductStatusChange = (typeof PRODUCT_STATUS_CHANGES)[number];

/** in: at least one piece; low: the product or any of its sizes at PRODUCT_LOW_STOCK pieces or fewer; out: sold out. */
export const PRODUCT_STOCK_FILTERS = ['in', 'low', 'out'] as const;
export const PANEL_PRODUCT_SORTS = [
  'nazwa',
  '-nazwa',
  'cena',
  '-cena',
  'stan',
  '-stan',
  'data',
  '-data',
] as const;
export type PanelProductSort = (typeof PANEL_PRODUCT_SORTS)[number];

/**
 * Where a page ends in its sort: the sort, the last row's sort value (the name, the integer, or for
 * the date its microseconds since 1970, which a JavaScript Date would round) and its id. Sent as `po` it asks for the rows after that one,
 * which the database finds in its index however deep the page (an offset walks every row before).
 */
export type PanelProductCursor = { sort: PanelProductSort; value: string; id: number };

const toBase64Url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const fromBase64Url = (b64: string) =>
  new TextDecoder('utf-8', { fatal: true }).decode(
    Uint8Array.from(atob(b64.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)),
  );

export const encodePanelProductCursor = (c: PanelProductCursor): string =>
  toBase64Url(JSON.stringify([c.sort, c.value, c.id]));

const CursorTupleSchema = z.tuple([
  z.enum(PANEL_PRODUCT_SORTS),
  z.string().max(1_000),
  z.number().int().min(1).max(2_147_483_647),
]);
/** What the database can read back for each sort: a name, an integer, microseconds since 1970. */
const cursorValueFits = (sort: PanelProductSort, value: string) =>
  sort.endsWith('nazwa') || (sort.endsWith('data') ? /^-?\d{1,16}$/ : /^-?\d{1,9}$/).test(value);
/** A cursor the API wrote, or undefined for anything else. */
export const decodePanelProductCursor = (text: string): PanelProductCursor | undefined => {
  try {
    const r = CursorTupleSchema.safeParse(JSON.parse(fromBase64Url(text)));
    return r.success && cursorValueFits(r.data[0], r.data[1])
      ? { sort: r.data[0], value: r.data[1], id: r.data[2] }
      : undefined;
  } catch {
    return undefined;
  }
};

/**
 * `?offset&count&q&sort` plus the product filters; without `status`, archived products are left out.
 * `po`: the previous answer's `Dalej`, for the next page by keyset (same sort; `offset` then
 * counts from there).
 */
export const PanelProductsQuerySchema = z
  .object({
    offset: intParam(0, 1_000_000, msg.offsetRange).optional().default(0),
    count: intParam(1, MAX_PAGE_COUNT, msg.offsetRange).optional().default(20),
    q: boundedText(100).optional(),
    sort: z.enum(PANEL_PRODUCT_SORTS, { error: msg.invalidSort }).optional().default('-data'),
    kategoria: intParam(1, 2_147_483_647, msg.categoryNotFound).optional(),
    status: z.enum(PRODUCT_STATUSES, { error: msg.panelProductInvalidStatus }).optional(),
    stan: z.enum(PRODUCT_STOCK_FILTERS, { error: msg.panelProductInvalidStockFilter }).optional(),
    po: z
      .string({ error: msg.offsetRange })
      .max(2_000, { error: msg.offsetRange, abort: true })
      .transform((v, ctx) => {
        const c = decodePanelProductCursor(v);
        if (!c) ctx.addIssue({ code: 'custom', message: msg.offsetRange });
        return c ?? z.NEVER;
      })
      .optional(),
  })
  .refine((v) => v.po === undefined || v.po.sort === v.sort, { message: msg.offsetRange, path: ['po'] });
export type PanelProductsQuery = z.output<typeof PanelProductsQuerySchema>;

export const PanelProductOptionSchema = z.object({ Nazwa: z.string(), Wartosci: z.array(z.string()) });
export type PanelProductOption = z.infer<typeof PanelProductOptionSchema>;

export const PanelProductParameterSchema = z.object({
  Id: z.number().int(),
  /** Without options the parameter's own name; with them, its values joined by ' / '. */
  Nazwa: z.string(),
  Stan: z.number().int(),
  /** Its value of each of the product's options, in their order; empty without options. */
  Wartosci: z.array(z.string()),
  Sku: z.string(),
  Ean: z.string(),
  /** zł; null: the product's price. */
  CenaBrutto: z.number().nullable(),
});

const PanelProductBaseSchema = z.object({
  Id: z.number().int(),
  Nazwa: z.string(),
  /** zł, two decimals */
  CenaBrutto: z.number(),
  /** The total (the sum over the parameters when there are any). */
  Stan: z.number().int(),
  Status: z.enum(PRODUCT_STATUSES),
  KategoriaId: z.number().int().nullable(),
  KategoriaNazwa: z.string().nullable(),
  Zdjecie: PhotoRefSchema.nullable(),
  Utworzono: z.string(),
});
export const PanelProductListItemSchema = PanelProductBaseSchema.extend({
  /** Its sizes with PRODUCT_LOW_STOCK pieces or fewer, in their order (none for a product without sizes). */
  NiskieParametry: z.array(z.object({ Nazwa: z.string(), Stan: z.number().int() })),
});
export type PanelProductListItem = z.infer<typeof PanelProductListItemSchema>;
export const PanelProductListSchema = z.object({
  Items: z.array(PanelProductListItemSchema),
  /**
   * How many products match. Counted at most a few seconds earlier (the API keeps it briefly, as
   * counting a large catalogue on every page is slow): a change made through this API shows at
   * once; one made elsewhere (another server process, stock taken by orders) within seconds.
   */
  Total: z.number().int(),
  /** `po` for the page after this one (keyset, fast at any depth); null on the last page. */
  Dalej: z.string().nullable(),
});
export type PanelProductList = z.infer<typeof PanelProductListSchema>;

export const PanelProductSchema = PanelProductBaseSchema.extend({
  ...productFieldsOutputShape,
  OpisDodatkowy: z.string().nullable(),
  WymagajWybraniaParametru: z.boolean(),
  /** A ticket for an event on a set date: no right of withdrawal (art. 38 pkt 12 u.p.k.). */
  WydarzenieWTerminie: z.boolean(),
  /** Made to the buyer's specification (e.g. a printed name): no right of withdrawal (art. 38 pkt 3 u.p.k.). */
  Personalizowany: z.boolean(),
  /** A gift card (decision 154): its price, or each variant's, is the card's amount; sent by e-mail once paid. */
  KartaPodarunkowa: z.boolean(),
  StawkaVat: z.enum(VAT_RATES),
  Opcje: z.array(PanelProductOptionSchema),
  Parametry: z.array(PanelProductParameterSchema),
  /** Pieces one cart line of this product may have; null: the club's limit. */
  LimitSztuk: z.number().int().nullable(),
  /** Pieces one buyer (account, e-mail or delivery address) may buy in all their orders; null: no limit. */
  LimitNaOsobe: z.number().int().nullable(),
  /** A numbered edition: each piece sold gets the next number (1, 2, 3...). */
  EdycjaNumerowana: z.boolean(),
  /** Given away: its price is 0 zł (only a product marked free may have it). */
  Bezplatny: z.boolean(),
  Zmieniono: z.string(),
});
export type PanelProduct = z.infer<typeof PanelProductSchema>;

const stock = z
  .number({ error: msg.panelProductStockInvalid })
  .int({ error: msg.panelProductStockInvalid, abort: true })
  .min(0, { error: msg.panelProductStockInvalid, abort: true })
  .max(MAX_PRODUCT_STOCK, msg.panelProductStockInvalid);

/** Gross price in zł with at most two decimals (converted to grosze with `zlToGrosze`). */
const price = z
  .number({ error: msg.panelProductPriceInvalid })
  .min(0, { error: msg.panelProductPriceInvalid, abort: true })
  .max(MAX_PRODUCT_PRICE_ZL, { error: msg.panelProductPriceInvalid, abort: true })
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, msg.panelProductPriceInvalid);

const optionValue = requiredText(50, msg.panelProductOptionValueRequired);
const distinct = (values: string[]) =>
  new Set(values.map((v) => v.toLocaleLowerCase('pl'))).size === values.length;

export const PanelProductOptionInputSchema = z.object({
  Nazwa: requiredText(40, msg.panelProductOptionNameRequired),
  Wartosci: z
    .array(optionValue, { error: msg.panelProductOptionValuesRequired })
    .min(1, msg.panelProductOptionValuesRequired)
    .max(MAX_OPTION_VALUES, msg.panelProductTooManyOptionValues)
    .refine(distinct, msg.panelProductOptionValueDuplicate),
});

/** A variant's own price: above 0 zł, or null/absent for the product's price. */
const variantPrice = z
  .number({ error: msg.panelProductVariantPriceInvalid })
  .gt(0, { error: msg.panelProductVariantPriceInvalid, abort: true })
  .max(MAX_PRODUCT_PRICE_ZL, { error: msg.panelProductVariantPriceInvalid, abort: true })
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, msg.panelProductVariantPriceInvalid)
  .nullish()
  .transform((v) => v ?? null);

export const PanelProductParameterInputSchema = z.object({
  /** An existing parameter to keep (carts and orders refer to it); absent for a new one. */
  Id: idNumber(msg.panelProductParameterNotFound).optional(),
  /** Required without options; with them the name is made of the values. */
  Nazwa: z
    .string({ error: msg.panelProductParameterNameRequired })
    .trim()
    .max(100, msg.tooLong)
    .optional()
    .default(''),
  Stan: stock,
  Wartosci: z
    .array(optionValue, { error: msg.panelProductVariantValues })
    .max(MAX_PRODUCT_OPTIONS)
    .optional()
    .default([]),
  Sku: z
    .string({ error: msg.panelProductSkuInvalid })
    .trim()
    .regex(/^[A-Za-z0-9._-]{0,64}$/, msg.panelProductSkuInvalid)
    .optional()
    .default(''),
  Ean: z
    .string({ error: msg.productGtinInvalid })
    .trim()
    .refine((v) => v === '' || isGtin(v), msg.productGtinInvalid)
    .optional()
    .default(''),
  CenaBrutto: variantPrice,
});

/**
 * A product to create or its new state. With parameters, stock is kept per parameter and `Stan`
 * is ignored (the total is their sum); without, `Stan` is the product's one stock. The price is
 * above 0 zł unless `Bezplatny` marks it free, and then it is 0 (a forgotten price never gives
 * a product away).
 */
export const PanelProductInputSchema = z
  .object({
    Nazwa: requiredText(200, msg.panelProductNameRequired),
    ...productFieldsInputShape,
    /** Rich HTML, sanitised on the server before it is stored. */
    OpisDodatkowy: z
      .string({ error: msg.invalidRequest })
      .max(100_000, { error: msg.tooLong, abort: true })
      .refine(isCleanText, msg.invalidCharacters)
      .nullish()
      .transform((v) => v ?? null),
    CenaBrutto: price,
    /** Given away on purpose: the price must then be 0 zł; without it, above 0 zł. */
    Bezplatny: z.boolean({ error: msg.invalidRequest }).optional().default(false),
    KategoriaId: idNumber(msg.categoryNotFound)
      .nullish()
      .transform((v) => v ?? null),
    WymagajWybraniaParametru: z.boolean({ error: msg.invalidRequest }).optional().default(false),
    WydarzenieWTerminie: z.boolean({ error: msg.invalidRequest }).optional().default(false),
    Personalizowany: z.boolean({ error: msg.invalidRequest }).optional().default(false),
    KartaPodarunkowa: z.boolean({ error: msg.invalidRequest }).optional().default(false),
    /** Absent: 8 % for a dated event ticket, else 23 % (defaultVatRate). */
    StawkaVat: z.enum(VAT_RATES, { error: msg.productVatRateInvalid }).optional(),
    Stan: stock.optional().default(0),
    LimitSztuk: limitNumber(MAX_PIECES_LIMIT, msg.panelProductLineLimitInvalid)
      .nullish()
      .transform((v) => v ?? null),
    LimitNaOsobe: limitNumber(MAX_PIECES_LIMIT, msg.panelProductCustomerLimitInvalid)
      .nullish()
      .transform((v) => v ?? null),
    EdycjaNumerowana: z.boolean({ error: msg.invalidRequest }).optional().default(false),
    Opcje: z
      .array(PanelProductOptionInputSchema, { error: msg.invalidRequest })
      .max(MAX_PRODUCT_OPTIONS, msg.panelProductTooManyOptions)
      .optional()
      .default([])
      .refine((os) => distinct(os.map((o) => o.Nazwa)), msg.panelProductOptionDuplicate),
    Parametry: z
      .array(PanelProductParameterInputSchema, { error: msg.invalidRequest })
      .max(MAX_PRODUCT_PARAMETERS, msg.panelProductTooManyParameters)
      .optional()
      .default([]),
  })
  .superRefine((v, ctx) => {
    const names = v.Parametry.map((p, i) => {
      const at = (key: string) => ['Parametry', i, key];
      if (!v.Opcje.length) {
        if (!p.Nazwa)
          ctx.addIssue({ code: 'custom', message: msg.panelProductParameterNameRequired, path: at('Nazwa') });
        if (p.Wartosci.length)
          ctx.addIssue({ code: 'custom', message: msg.panelProductVariantValues, path: at('Wartosci') });
        return p.Nazwa;
      }
      // With options, a variant is one value of each, spelt as the option spells it.
      if (
        p.Wartosci.length !== v.Opcje.length ||
        v.Opcje.some((o, k) => !o.Wartosci.includes(p.Wartosci[k]!))
      ) {
        ctx.addIssue({ code: 'custom', message: msg.panelProductVariantValues, path: at('Wartosci') });
      }
      return variantName(p.Wartosci);
    });
    if (!distinct(names)) {
      ctx.addIssue({
        code: 'custom',
        message: v.Opcje.length ? msg.panelProductVariantDuplicate : msg.panelProductParameterDuplicate,
        path: ['Parametry'],
      });
    }
  })
  .refine((v) => v.Bezplatny || v.CenaBrutto > 0, {
    message: msg.panelProductPriceZero,
    path: ['CenaBrutto'],
  })
  .refine((v) => !v.Bezplatny || v.CenaBrutto === 0, {
    message: msg.panelProductFreeWithPrice,
    path: ['CenaBrutto'],
  })
  // A gift card's price is its amount: a card for 0 zł would be a code for nothing.
  .refine((v) => !v.KartaPodarunkowa || !v.Bezplatny, {
    message: msg.panelProductGiftCardFree,
    path: ['KartaPodarunkowa'],
  });
export type PanelProductInput = z.output<typeof PanelProductInputSchema>;

export const PanelProductStatusInputSchema = z.object({
  Status: z.enum(PRODUCT_STATUS_CHANGES, { error: msg.panelProductInvalidStatusChange }),
});
