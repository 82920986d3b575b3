import { z } from 'zod';
import {
  boundedText,
  idNumber,
  MAX_ID,
  optionalText,
  PhotoRefSchema,
  requiredEmail,
  requiredText,
} from './common.ts';
import { isLockerShipping, PaymentMethod } from './constants.ts';
import { msg } from './messages.ts';

export const ParameterSchema = z.object({ Id: z.number().int(), Nazwa: z.string() });
export type Parameter = z.infer<typeof ParameterSchema>;
/** A product's option with its own stock (stock is kept per parameter; `MagazynyStany[0].Stan` is the total). */
export const ProductParameterSchema = ParameterSchema.extend({ Stan: z.number().int() });
export type ProductParameter = z.infer<typeof ProductParameterSchema>;

export const ProductListItemSchema = z.object({
  Id: z.number().int(),
  Nazwa: z.string(),
  CenaBrutto: z.number(),
  Zdjecie: PhotoRefSchema.nullable(),
});
export type ProductListItem = z.infer<typeof ProductListItemSchema>;

export const ProductSchema = z.object({
  Id: z.number().int(),
  Nazwa: z.string(),
  Opis: z.string(),
  OpisDodatkowy: z.string().nullable(),
  CenaBrutto: z.number(),
  Zdjecie: PhotoRefSchema.nullable(),
  Zalaczniki: z.array(PhotoRefSchema),
  MagazynyStany: z.array(z.object({ Stan: z.number().int() })),
  Parametry: z.array(ProductParameterSchema),
  WymagajWybraniaSklep: z.boolean(),
  SklepWyrobu: z.object({ Id: z.number().int(), Nazwa: z.string() }).nullable(),
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
});

export const CategorySchema = z.object({
  Id: z.number().int(),
  IdParent: z.number().int().nullable(),
  Name: z.string(),
  HasChild: z.boolean(),
});
export type Category = z.infer<typeof CategorySchema>;
export const CategoryCountsSchema = z.record(z.string(), z.number().int());
export type CategoryCounts = z.infer<typeof CategoryCountsSchema>;

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
});
export type CartLine = z.infer<typeof CartLineSchema>;
export const CartSchema = z.object({
  Guid: z.string(),
  Koszt: z.number(),
  Pozycje: z.array(CartLineSchema),
});
export type Cart = z.infer<typeof CartSchema>;

export const ShippingOptionSchema = z.object({
  Id: z.number().int(),
  Tresc: z.string(),
  Meta: z.number().int(),
  PlatnoscPrzyOdbiorze: z.boolean(),
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
  Adres: AddressInputSchema.nullish().transform(
    (a) => a ?? { Nazwa: '', UlicaINumer: '', KodPocztowy: '', Miasto: '', Telefon: '', Email: '' },
  ),
});
export type SaveProfileRequest = z.input<typeof SaveProfileSchema>;

const shippingChoice = z.object(
  {
    Id: idNumber(msg.chooseShipping),
    Tresc: boundedText(200).optional(),
    Meta: z.number().optional(),
  },
  { error: msg.chooseShipping },
);

/** Delivery form (spec 5): no format check on postcode or phone; the e-mail is one valid address. */
export const DeliverySchema = z
  .object({
    Nazwa: requiredText(200),
    UlicaINumer: requiredText(200),
    KodPocztowy: requiredText(20),
    Miasto: requiredText(100),
    Telefon: requiredText(40),
    // One address: the order e-mails go to it (a list would mail strangers).
    Email: requiredEmail(),
    SposobDostawy: shippingChoice,
    Platnosc: z
      .union([z.literal(PaymentMethod.payu), z.literal(PaymentMethod.cashOnDelivery)], {
        error: msg.invalidRequest,
      })
      .default(PaymentMethod.payu),
    DodatkoweInformacjeDostawa: boundedText(200).trim().nullish(),
    Expire: z.number().optional(),
  })
  // The locker number is required for Paczkomat InPost; checked even when other fields fail.
  .refine((v) => !(isLockerShipping(v.SposobDostawy?.Tresc) && !v.DodatkoweInformacjeDostawa?.trim()), {
    path: ['DodatkoweInformacjeDostawa'],
    message: msg.required,
    when: (p) => {
      const v = p.value as { SposobDostawy?: { Tresc?: unknown } } | undefined;
      return typeof v?.SposobDostawy?.Tresc === 'string';
    },
  });
export type DeliveryData = z.input<typeof DeliverySchema>;

export const PlaceOrderSchema = DeliverySchema.and(z.object({ Guid: requiredText(100) }));
export type PlaceOrderRequest = z.input<typeof PlaceOrderSchema>;

export const HistoryOrderSchema = z.object({
  Id: z.number().int(),
  NrZamowienia: z.string(),
  Status: z.number().int(),
  DataZamowienia: z.string(),
  Koszt: z.number(),
  IloscPozycji: z.number().int(),
  Pozycje: z.array(
    z.object({
      Wyrob: z
        .object({ Id: z.number().int(), Nazwa: z.string(), Zdjecie: PhotoRefSchema.nullable() })
        .nullable(),
      Produkt: z.string(),
      Ilosc: z.number().int(),
      CenaJednBrutto: z.number(),
    }),
  ),
});
export type HistoryOrder = z.infer<typeof HistoryOrderSchema>;
