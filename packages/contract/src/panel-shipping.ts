import { z } from 'zod';
import { idNumber, requiredText } from './common.ts';
import { msg } from './messages.ts';
import { zlAmount } from './panel-settings.ts';

export const MAX_SHIPPING_PRICE_ZL = 10_000;
export const MAX_SHIPPING_OPTIONS = 100;

/** One shipping option as the panel lists it; inactive ones are neither offered nor accepted. */
export const PanelShippingOptionSchema = z.object({
  Id: z.number().int(),
  /** The name the storefront shows (`Tresc` of getwysylki). */
  Tresc: z.string(),
  /** Gross price in zł. */
  Cena: z.number(),
  /** Cash on delivery may be chosen with it (if the club takes cash on delivery at all). */
  PlatnoscPrzyOdbiorze: z.boolean(),
  /** A parcel-locker option: the buyer must give a locker number. */
  Paczkomat: z.boolean(),
  /** Delivered by e-mail (decision 154): offered only to carts of gift cards alone; never cash on delivery. */
  Elektroniczna: z.boolean(),
  Pozycja: z.number().int(),
  Aktywna: z.boolean(),
  /** Orders placed with it: such an option can be deactivated, not deleted. */
  LiczbaZamowien: z.number().int(),
});
export type PanelShippingOption = z.infer<typeof PanelShippingOptionSchema>;
export const PanelShippingListSchema = z.object({
  Items: z.array(PanelShippingOptionSchema),
  Total: z.number().int(),
});
export type PanelShippingList = z.infer<typeof PanelShippingListSchema>;

const fields = {
  Tresc: requiredText(100, msg.shippingNameRequired),
  Cena: zlAmount(MAX_SHIPPING_PRICE_ZL, msg.shippingPriceInvalid),
  PlatnoscPrzyOdbiorze: z.boolean({ error: msg.invalidRequest }),
  Paczkomat: z.boolean({ error: msg.invalidRequest }),
  Elektroniczna: z.boolean({ error: msg.invalidRequest }),
  Aktywna: z.boolean({ error: msg.invalidRequest }),
};

/** Nothing is handed over at a door for an e-mail: no cash on delivery with it. */
const noCodByEmail = {
  when: (v: { PlatnoscPrzyOdbiorze?: boolean; Elektroniczna?: boolean }) =>
    !(v.PlatnoscPrzyOdbiorze && v.Elektroniczna),
  issue: { error: msg.shippingElectronicCod, path: ['PlatnoscPrzyOdbiorze'] },
};

/** A new option, last in the order; `Paczkomat` absent: decided by the name ('Paczkomat InPost'). */
export const PanelShippingCreateSchema = z
  .object({
    Tresc: fields.Tresc,
    Cena: fields.Cena,
    PlatnoscPrzyOdbiorze: fields.PlatnoscPrzyOdbiorze.optional().default(false),
    Paczkomat: fields.Paczkomat.optional(),
    Elektroniczna: fields.Elektroniczna.optional().default(false),
    Aktywna: fields.Aktywna.optional().default(true),
  })
  .refine(noCodByEmail.when, noCodByEmail.issue);
export type PanelShippingCreate = z.output<typeof PanelShippingCreateSchema>;

/** A change: only the fields present change. */
export const PanelShippingUpdateSchema = z
  .object(fields)
  .partial()
  .refine(noCodByEmail.when, noCodByEmail.issue);
export type PanelShippingUpdate = z.output<typeof PanelShippingUpdateSchema>;

/** The new order of all the club's options: every id once. */
export const PanelShippingReorderSchema = z.object({
  Kolejnosc: z
    .array(idNumber(msg.shippingNotFound), { error: msg.shippingOrderMismatch })
    .min(1, msg.shippingOrderMismatch)
    .max(MAX_SHIPPING_OPTIONS, msg.shippingOrderMismatch),
});
export type PanelShippingReorder = z.output<typeof PanelShippingReorderSchema>;
