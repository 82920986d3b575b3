import { z } from 'zod';
import {
  boundedText,
  identifierDigits,
  idNumber,
  MAX_ID,
  nipText,
  optionalText,
  PhotoRefSchema,
  requiredEmail,
  requiredText,
} from './common.ts';
import {
  isLockerShipping,
  PaymentMethod,
  PRODUCT_SORTS,
  paymentMethodCodes,
  VAT_RATES,
} from './constants.ts';
import { CartGiftCardSchema } from './gift-cards.ts';
import { msg } from './messages.ts';
import { PreorderSchema } from './preorders.ts';
import { LinePrintingSchema, PrintingInputSchema, ProductPrintingSchema } from './printing.ts';
import { ProductSafetySchema, productFieldsShopShape } from './product-fields.ts';
import { SizeGuideSchema } from './size-guide.ts';

export const ParameterSchema = z.object({ Id: z.number().int(), Nazwa: z.string() });
export type Parameter = z.infer<typeof ParameterSchema>;
/** A product's option with its own stock (stock is kept per parameter; `MagazynyStany[0].Stan` is the total). */
/**
 * Omnibus: after a price cut, the lowest price (zł) of the 30 days before the cut, to be shown as
 * 'Najniższa cena z 30 dni przed obniżką'; null when the current price is not a cut.
 */
export const LowestPriceSchema = z.number().nullable();

/**
 * An announced price reduction (decision 151): an automatic promotion for everyone, without a
 * minimum, takes this much off one piece now. `CenaBrutto` stays the regular price (shown struck
 * through); `NajnizszaCenaPrzedPromocja` is the Omnibus figure: the lowest price shown in the 30
 * days before the reduction began (base prices and earlier promotions both). Prices in zł.
 */
export const PromotionPriceSchema = z.object({
  Nazwa: z.string(),
  CenaPromocyjna: z.number(),
  NajnizszaCenaPrzedPromocja: z.number(),
});
export type PromotionPrice = z.infer<typeof PromotionPriceSchema>;

/** Not in the spec, so optional: a price cut by a promotion, and short badges of other automatic deals. */
const promotionShape = {
  Promocja: PromotionPriceSchema.optional(),
  /** Badges of automatic deals that are not a price cut of one piece ("3 w cenie 2"). */
  Oferty: z.array(z.string()).optional(),
};

/**
 * A product's option with its own stock (stock is kept per parameter; `MagazynyStany[0].Stan` is the total).
 * With named options (`Opcje`) each parameter is one variant: its values, and its own price when it has one.
 */
export const ProductParameterSchema = ParameterSchema.extend({
  Stan: z.number().int(),
  Wartosci: z.array(z.string()).optional(),
  CenaBrutto: z.number().optional(),
  NajnizszaCena30Dni: LowestPriceSchema.optional(),
  /** The variant's price cut by a promotion (its own price's, else the product's). */
  Promocja: PromotionPriceSchema.optional(),
  /** On pre-order (decision 144): `Stan` is then the pieces the pre-order has left. */
  Przedsprzedaz: PreorderSchema.optional(),
});
export type ProductParameter = z.infer<typeof ProductParameterSchema>;

/** A named option (Rozmiar, Kolor, Wersja) and its values in display order. */
export const ProductOptionSchema = z.object({ Nazwa: z.string(), Wartosci: z.array(z.string()) });
export type ProductOption = z.infer<typeof ProductOptionSchema>;

/** Stock as the spec's product carries it: `[0].Stan` is the available quantity (the total over parameters). */
export const StockSchema = z.array(z.object({ Stan: z.number().int() }));

export const ProductListItemSchema = z.object({
  Id: z.number().int(),
  Nazwa: z.string(),
  CenaBrutto: z.number(),
  NajnizszaCena30Dni: LowestPriceSchema,
  Zdjecie: PhotoRefSchema.nullable(),
  /** GetProdukty sends it (tiles mark sold-out products); optional for other lists in this shape. */
  MagazynyStany: StockSchema.optional(),
  ...promotionShape,
});
export type ProductListItem = z.infer<typeof ProductListItemSchema>;

export const ProductSchema = z.object({
  Id: z.number().int(),
  Nazwa: z.string(),
  ...productFieldsShopShape,
  OpisDodatkowy: z.string().nullable(),
  CenaBrutto: z.number(),
  NajnizszaCena30Dni: LowestPriceSchema,
  Zdjecie: PhotoRefSchema.nullable(),
  /** Photos; one with `Wartosc` shows the variants with that option value (a colour's own pictures). */
  Zalaczniki: z.array(PhotoRefSchema.extend({ Wartosc: z.string().optional() })),
  MagazynyStany: StockSchema,
  /** Named options; absent when the parameters are a plain list (the spec's 'Parametr'). */
  Opcje: z.array(ProductOptionSchema).optional(),
  Parametry: z.array(ProductParameterSchema),
  WymagajWybraniaSklep: z.boolean(),
  SklepWyrobu: z.object({ Id: z.number().int(), Nazwa: z.string() }).nullable(),
  /** The most pieces one order may have of it (the club's or the product's limit); not in the spec, so optional. */
  MaksIlosc: z.number().int().optional(),
  /** Pieces one buyer may buy in all their orders (a limited edition); absent: no such limit. Not in the spec. */
  LimitNaOsobe: z.number().int().optional(),
  /** A numbered edition: each piece sold gets the next number; absent: not numbered. Not in the spec. */
  EdycjaNumerowana: z.literal(true).optional(),
  /** The VAT rate the gross price includes; not in the spec, so optional. */
  StawkaVat: z.enum(VAT_RATES).optional(),
  /** Product safety data (GPSR): the product's own values, else the club's defaults; absent when there is none. */
  Bezpieczenstwo: ProductSafetySchema.optional(),
  /** The product's size guide, else its nearest category's with one; absent when none applies. */
  TabelaRozmiarow: SizeGuideSchema.optional(),
  /** Name-and-number printing the product offers (decision 143); absent: none. */
  Nadruk: ProductPrintingSchema.optional(),
  /** A gift card (decision 154): months it stays valid from the payment; absent: goods. */
  KartaPodarunkowa: z.object({ WaznoscMiesiecy: z.number().int() }).optional(),
  /** Of the product before a variant is chosen; a chosen variant's is its own, in `Parametry`. */
  ...promotionShape,
});
export type Product = z.infer<typeof ProductSchema>;

const optionalIdQuery = z
  .string({ error: msg.invalidNumber })
  .regex(/^\d{1,10}$/, { error: msg.invalidNumber, abort: true })
  .transform(Number)
  .refine((n) => n <= MAX_ID, msg.invalidNumber)
  .optional();

export const ProductsQuerySchema = z.object({
  kategoriaId: optionalIdQuery,
  excludeProduktId: optionalIdQuery,
  sort: z.enum(PRODUCT_SORTS, { error: msg.invalidSort }).optional(),
});

/** `getiloscproduktow?kategoriaId=`: how many products the list pages over (a category with its subcategories). */
export const ProductCountQuerySchema = z.object({ kategoriaId: optionalIdQuery });

export const CategorySchema = z.object({
  Id: z.number().int(),
  IdParent: z.number().int().nullable(),
  Name: z.string(),
  HasChild: z.boolean(),
});
export type Category = z.infer<typeof CategorySchema>;
export const CategoryCountsSchema = z.record(z.string(), z.number().int());
export type CategoryCounts = z.infer<typeof CategoryCountsSchema>;
/** The sitemap index: how many product files (of at most 50,000 URLs each) the club's sitemap has. */
export const SitemapIndexSchema = z.object({ PlikiProduktow: z.number().int() });

/** One line sent to POST koszyk/{guid}: Id 0 adds, Id > 0 sets that line's quantity. */
export const CartLineInputSchema = z.object({
  Id: z
    .number({ error: msg.invalidNumber })
    .int({ error: msg.invalidNumber, abort: true })
    .min(0, { error: msg.invalidNumber, abort: true })
    .max(MAX_ID, msg.cartLineNotFound),
  IdWyrob: idNumber(msg.productNotFound),
  Ilosc: z
    .number({ error: msg.chooseQuantity })
    .int({ error: msg.invalidNumber, abort: true })
    .min(1, { error: msg.chooseQuantity, abort: true })
    .max(10_000, msg.quantityAboveStock),
  Parametr: z
    .object(
      {
        Id: idNumber(msg.parameterInvalid),
        Nazwa: boundedText(200).optional(),
      },
      { error: msg.parameterInvalid },
    )
    .nullish()
    .transform((v) => v ?? null),
  /** Name-and-number printing (decision 143); its price is the server's, never the client's. */
  Nadruk: PrintingInputSchema.nullish().transform((v) => v ?? null),
});
export type CartLineInput = z.input<typeof CartLineInputSchema>;
export const CartLinesInputSchema = z
  .array(CartLineInputSchema, { error: msg.invalidRequest })
  .min(1, msg.invalidRequest)
  .max(100, msg.invalidRequest);

export const CartLineSchema = z.object({
  Id: z.number().int(),
  Ilosc: z.number().int(),
  CenaJednBrutto: z.number(),
  Produkt: z.string(),
  Parametr: ParameterSchema.nullable(),
  Wyrob: z.object({
    Id: z.number().int(),
    Nazwa: z.string(),
    CenaBrutto: z.number(),
    Zdjecie: PhotoRefSchema.nullable(),
    Stan: z.number().int(),
  }),
  /**
   * The most pieces this line may have now: its stock (`Wyrob.Stan`, the option's when one is
   * chosen), the line's limit and what the order's limit leaves beside the other lines. Not in
   * the spec, so optional; a client without it keeps `Wyrob.Stan` as the maximum.
   */
  MaksIlosc: z.number().int().optional(),
  /** The line's printing; its price is included in `CenaJednBrutto`. Absent or null: none. */
  Nadruk: LinePrintingSchema.nullish(),
  /** A pre-order line: its expected shipping date; absent for a line sold from stock. */
  Przedsprzedaz: PreorderSchema.optional(),
  /** Zł the promotions take off the whole line (shown as the cart's discount lines); absent: none. */
  Rabat: z.number().optional(),
  /** A gift card (decision 154): sent by e-mail once paid; absent: goods. */
  KartaPodarunkowa: z.literal(true).optional(),
});
export type CartLine = z.infer<typeof CartLineSchema>;
/** A promotion's discount on the items, its own line in the cart ("Rabat SOKOL10 −12,00 zł"). */
export const CartDiscountSchema = z.object({
  Nazwa: z.string(),
  /** The code typed for it; null: an automatic promotion. */
  Kod: z.string().nullable(),
  Kwota: z.number(),
});
export type CartDiscount = z.infer<typeof CartDiscountSchema>;

/** The code the buyer typed: applied, or why not (in Polish). */
export const CartCodeSchema = z.object({
  Kod: z.string(),
  Zastosowany: z.boolean(),
  Komunikat: z.string().nullable(),
});

/**
 * The cart. `Koszt` stays the spec's: the lines at their prices, before any discount (the
 * free-shipping threshold is measured on it). The rest is added by promotions (decision 152).
 */
export const CartSchema = z.object({
  Guid: z.string(),
  Koszt: z.number(),
  Pozycje: z.array(CartLineSchema),
  /** Discounts on the items, one per promotion, in the order applied; absent or empty: none. */
  Rabaty: z.array(CartDiscountSchema).optional(),
  /** `Koszt` less the discounts. */
  KosztPoRabatach: z.number().optional(),
  KodRabatowy: CartCodeSchema.nullish(),
  /**
   * The promotion (a code, an automatic deal) that makes any delivery of this cart free; absent:
   * none. The club's free-shipping threshold is not named here: the storefront has its own rule.
   */
  DarmowaDostawa: z.string().optional(),
  /** With `?dostawa=Id`: the option's price, what the buyer is charged and why it is free. */
  Dostawa: z
    .object({ Id: z.number().int(), Cena: z.number(), Koszt: z.number(), Promocja: z.string().nullable() })
    .optional(),
  /** With `?dostawa=Id`: the items after discounts plus the charged delivery, less a gift card's part. */
  DoZaplaty: z.number().optional(),
  /** The gift card the buyer typed (decision 154); absent: none. */
  KartaPodarunkowa: CartGiftCardSchema.optional(),
  /** Every line is a gift card: delivered by e-mail, paid online only. Absent: not such a cart. */
  TylkoKartyPodarunkowe: z.boolean().optional(),
});

export const CartQuerySchema = z.object({ dostawa: optionalIdQuery });
/** `getwysylki?koszyk=`: the options for this cart (a cart of gift cards alone: delivery by e-mail). */
export const ShippingQuerySchema = z.object({ koszyk: z.string().max(64).optional() });

/** `POST koszyk/{guid}/kod`: the code typed in the cart. */
export const CartCodeInputSchema = z.object({
  Kod: z
    .string({ error: msg.cartCodeRequired })
    .trim()
    .min(1, { error: msg.cartCodeRequired, abort: true })
    .max(40, { error: msg.promoCodeUnknown, abort: true }),
});
export type Cart = z.infer<typeof CartSchema>;

export const ShippingOptionSchema = z.object({
  Id: z.number().int(),
  Tresc: z.string(),
  Meta: z.number().int(),
  PlatnoscPrzyOdbiorze: z.boolean(),
  /**
   * A parcel-locker option: the buyer gives a locker number (panel: shipping). Always sent by
   * the API; optional so a choice stored before it existed still reads.
   */
  Paczkomat: z.boolean().optional(),
  /** Delivered by e-mail (gift cards); absent: a parcel. */
  Elektroniczna: z.boolean().optional(),
});
export type ShippingOption = z.infer<typeof ShippingOptionSchema>;

export const AddressSchema = z.object({
  Nazwa: z.string(),
  UlicaINumer: z.string(),
  KodPocztowy: z.string(),
  Miasto: z.string(),
  Telefon: z.string(),
  Email: z.string(),
});
export type Address = z.infer<typeof AddressSchema>;

/** Account address: not validated (spec 5), only bounded. */
export const AddressInputSchema = z.object({
  Nazwa: optionalText(200),
  UlicaINumer: optionalText(200),
  KodPocztowy: optionalText(20),
  Miasto: optionalText(100),
  Telefon: optionalText(40),
  Email: optionalText(254),
});

/** An address with nothing filled in: an account's until its owner saves one, a new delivery form's. */
export const blankAddress = () => ({
  Nazwa: '',
  UlicaINumer: '',
  KodPocztowy: '',
  Miasto: '',
  Telefon: '',
  Email: '',
});

export const SaveProfileSchema = z.object({
  DaneKonta: z.object(
    {
      Imie: requiredText(100),
      Nazwisko: requiredText(100),
      Email: boundedText(254).optional(),
      Haslo: boundedText(200).optional(),
    },
    { error: msg.required },
  ),
  Adres: AddressInputSchema.nullish().transform((a) => a ?? blankAddress()),
});
export type SaveProfileRequest = z.input<typeof SaveProfileSchema>;

const shippingChoice = z.object(
  {
    Id: idNumber(msg.chooseShipping),
    Tresc: boundedText(200).optional(),
    Meta: z.number().optional(),
    Paczkomat: z.boolean().optional(),
  },
  { error: msg.chooseShipping },
);

/** A parcel-locker option: flagged in the panel, or named 'Paczkomat InPost' (the spec's rule). */
export const isLockerOption = (
  o: { Tresc?: string | null; Paczkomat?: boolean } | null | undefined,
): boolean => o?.Paczkomat === true || isLockerShipping(o?.Tresc);

/** A company invoice: the company's name and its NIP (checksum checked), kept as 10 digits. */
export const InvoiceSchema = z.object(
  {
    Nazwa: requiredText(200),
    NIP: nipText()
      .refine((v) => v !== '', msg.required)
      .transform(identifierDigits),
  },
  { error: msg.invalidRequest },
);
export type Invoice = z.output<typeof InvoiceSchema>;

/** Delivery form (spec 5): no format check on postcode or phone; the e-mail is one valid address. */
/** Where an order goes: the checkout's fields, and the panel's correction of them (one rule). */
export const DeliveryAddressShape = {
  Nazwa: requiredText(200),
  UlicaINumer: requiredText(200),
  KodPocztowy: requiredText(20),
  Miasto: requiredText(100),
  Telefon: requiredText(40),
  // One address: the order e-mails go to it (a list would mail strangers).
  Email: requiredEmail(),
};

export const DeliverySchema = z
  .object({
    ...DeliveryAddressShape,
    SposobDostawy: shippingChoice,
    Platnosc: z.literal(paymentMethodCodes, { error: msg.invalidRequest }).default(PaymentMethod.payu),
    DodatkoweInformacjeDostawa: boundedText(200).trim().nullish(),
    // 'Chcę fakturę na firmę': optional; absent or null for a consumer's order.
    Faktura: InvoiceSchema.nullish().transform((v) => v ?? null),
    Expire: z.number().optional(),
  })
  // The locker number is required for Paczkomat InPost; checked even when other fields fail.
  .refine((v) => !(isLockerOption(v.SposobDostawy) && !v.DodatkoweInformacjeDostawa?.trim()), {
    path: ['DodatkoweInformacjeDostawa'],
    message: msg.required,
    when: (p) => {
      const v = p.value as { SposobDostawy?: { Tresc?: unknown } } | undefined;
      return typeof v?.SposobDostawy?.Tresc === 'string';
    },
  });
export type DeliveryData = z.input<typeof DeliverySchema>;

/**
 * The summary's required acceptance of the regulamin (ustawa o prawach konsumenta), named as in the
 * spec's registration payload. The storefront's form requires it and always sends it.
 */
export const OrderTermsSchema = z.object({
  AkceptacjaRegulaminu: z.literal(true, { error: msg.orderTermsRequired }),
});

/**
 * The order API refuses an acceptance that is anything but true; an absent one is taken, because
 * the spec's order payload has no such field and clients built to it must keep working.
 */
export const PlaceOrderSchema = DeliverySchema.and(z.object({ Guid: requiredText(100) })).and(
  z.object({ AkceptacjaRegulaminu: OrderTermsSchema.shape.AkceptacjaRegulaminu.optional() }),
);
export type PlaceOrderRequest = z.input<typeof PlaceOrderSchema>;

export const HistoryOrderSchema = z.object({
  Id: z.number().int(),
  NrZamowienia: z.string(),
  Status: z.number().int(),
  DataZamowienia: z.string(),
  Koszt: z.number(),
  IloscPozycji: z.number().int(),
  /** The order's payment token when it can be paid again now (unpaid, online, not expired). */
  PonowPlatnosc: z.string().nullable().optional(),
  Pozycje: z.array(
    z.object({
      Wyrob: z
        .object({ Id: z.number().int(), Nazwa: z.string(), Zdjecie: PhotoRefSchema.nullable() })
        .nullable(),
      Produkt: z.string(),
      Ilosc: z.number().int(),
      CenaJednBrutto: z.number(),
      Przedsprzedaz: PreorderSchema.optional(),
    }),
  ),
});
export type HistoryOrder = z.infer<typeof HistoryOrderSchema>;

/** The signed token of the payment return URL (`?z=`): `{orderId}.{hmac}`. */
export const PaymentTokenSchema = z.string().regex(/^\d{1,10}\.[A-Za-z0-9_-]{32}$/);

/** What the thank-you / payment-failed page shows of the buyer's own order. */
export const PaymentOutcomeSchema = z.object({
  NrZamowienia: z.string(),
  Kwota: z.number(),
  /** PaymentMethod: 10 online, 20 cash on delivery. */
  Platnosc: z.number().int(),
  Status: z.number().int(),
  /** 'oplacone' paid, 'oczekuje' waiting for payment or COD, 'nieudana' cancelled/failed, 'anulowane' order cancelled. */
  Wynik: z.enum(['oplacone', 'oczekuje', 'nieudana', 'anulowane']),
  MoznaPonowic: z.boolean(),
  /** A cash-on-delivery order held until the buyer confirms it from the e-mail: the deadline (ISO); absent otherwise. */
  PotwierdzDo: z.string().nullable().optional(),
});
export type PaymentOutcome = z.infer<typeof PaymentOutcomeSchema>;

/** The single-use token of a held order's confirmation link (`/potwierdz-zamowienie/{token}`). */
export const OrderConfirmTokenSchema = z
  .string({ error: msg.orderConfirmLinkInvalid })
  .regex(/^[A-Za-z0-9_-]{43}$/, msg.orderConfirmLinkInvalid);
export const OrderConfirmSchema = z.object({ Token: OrderConfirmTokenSchema });
export const OrderConfirmedSchema = z.object({ Message: z.string(), NrZamowienia: z.string() });
export type OrderConfirmed = z.infer<typeof OrderConfirmedSchema>;
