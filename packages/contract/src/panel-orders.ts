import { z } from 'zod';
import { boundedText, idNumber, intParam, isCleanText } from './common.ts';
import { MAX_PAGE_COUNT } from './constants.ts';
import { msg } from './messages.ts';
import { OrderShipmentSchema } from './panel-shipment.ts';
import { PreorderSchema } from './preorders.ts';
import { AddressSchema, DeliveryAddressShape } from './shop.ts';

/** Payment states an order can be in (PayU's names; ERROR: the payment could not be started). */
export const PAYMENT_STATES = [
  'NEW',
  'PENDING',
  'WAITING_FOR_CONFIRMATION',
  'COMPLETED',
  'CANCELED',
  'ERROR',
] as const;
export const paymentStateLabel: Record<string, string> = {
  NEW: 'Nowa',
  PENDING: 'Oczekuje',
  WAITING_FOR_CONFIRMATION: 'Czeka na potwierdzenie',
  COMPLETED: 'Opłacona',
  CANCELED: 'Anulowana',
  ERROR: 'Błąd',
};

export const PANEL_ORDER_SORTS = [
  'data',
  '-data',
  'numer',
  '-numer',
  'kwota',
  '-kwota',
  'status',
  '-status',
] as const;

export const PANEL_ORDER_CONFIRMATION_FILTERS = ['czeka'] as const;

const date = z
  .string({ error: msg.panelInvalidDate })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: msg.panelInvalidDate, abort: true })
  .refine(
    (v) =>
      !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    msg.panelInvalidDate,
  );

/** Paging and search of every panel list: `?offset&count&q&sort`. */
export const panelListQuery = <S extends readonly [string, ...string[]]>(sorts: S) =>
  z.object({
    offset: intParam(0, 1_000_000, msg.offsetRange).optional().default(0),
    count: intParam(1, MAX_PAGE_COUNT, msg.offsetRange).optional().default(20),
    q: boundedText(100).optional(),
    sort: z.enum(sorts, { error: msg.invalidSort }).optional(),
  });

/** Filters of the order list, shared by the list and its CSV export. */
export const PanelOrdersQuerySchema = panelListQuery(PANEL_ORDER_SORTS).extend({
  status: z
    .string({ error: msg.panelInvalidStatus })
    .regex(/^(10|20|30|40|50|60)(,(10|20|30|40|50|60)){0,5}$/, msg.panelInvalidStatus)
    .transform((v) => v.split(',').map(Number))
    .optional(),
  platnosc: z.enum(PAYMENT_STATES, { error: msg.panelInvalidPaymentState }).optional(),
  /** `czeka`: only orders held until the buyer confirms them from the e-mail (not to be shipped). */
  potwierdzenie: z.enum(PANEL_ORDER_CONFIRMATION_FILTERS, { error: msg.invalidRequest }).optional(),
  od: date.optional(),
  do: date.optional(),
});
export type PanelOrdersQuery = z.output<typeof PanelOrdersQuerySchema>;

const money = z.number();

/** An order as every panel list names it: the order's list, a customer's orders, the dashboard. */
export const PanelOrderRefSchema = z.object({
  Id: z.number().int(),
  Numer: z.string(),
  Data: z.string(),
  Status: z.number().int(),
  StatusNazwa: z.string(),
});

export const PanelOrderListItemSchema = PanelOrderRefSchema.extend({
  Klient: z.string(),
  Email: z.string(),
  /** zł, two decimals */
  Kwota: money,
  MetodaPlatnosci: z.number().int(),
  StatusPlatnosci: z.string(),
  /** Held until the buyer confirms it from the e-mail: the deadline (ISO), after which it is cancelled; null otherwise. */
  CzekaNaPotwierdzenieDo: z.string().nullable(),
});
export type PanelOrderListItem = z.infer<typeof PanelOrderListItemSchema>;
export const PanelOrderListSchema = z.object({
  Items: z.array(PanelOrderListItemSchema),
  Total: z.number().int(),
});

export const PanelOrderStatusOptionSchema = z.object({ Status: z.number().int(), Nazwa: z.string() });

export const PanelOrderDetailSchema = z.object({
  Id: z.number().int(),
  Numer: z.string(),
  Data: z.string(),
  Status: z.number().int(),
  StatusNazwa: z.string(),
  /** Held until the buyer confirms it from the e-mail (do not ship it yet): the deadline (ISO); null otherwise. */
  CzekaNaPotwierdzenieDo: z.string().nullable(),
  /** When the buyer confirmed a held order from the e-mail; null for an order never held or not confirmed. */
  PotwierdzonePrzezKupujacego: z.string().nullable(),
  /** One button per allowed next status. */
  DozwoloneStatusy: z.array(PanelOrderStatusOptionSchema),
  IdUzytkownika: z.number().int().nullable(),
  Pozycje: z.array(
    z.object({
      Id: z.number().int(),
      IdWyrob: z.number().int().nullable(),
      Nazwa: z.string(),
      Parametr: z.string().nullable(),
      Ilosc: z.number().int(),
      Cena: money,
      /** Price × quantity less the line's discount. */
      Wartosc: money,
      /** What promotions took off the line; absent: nothing. */
      Rabat: money.optional(),
      /** The product's other sizes with their stock, for a size correction; empty without options. */
      Rozmiary: z.array(z.object({ Id: z.number().int(), Nazwa: z.string(), Stan: z.number().int() })),
      /** A numbered edition's numbers of this line's pieces, first and last; null: not numbered. */
      NumeryEdycji: z.object({ Od: z.number().int(), Do: z.number().int() }).nullable().optional(),
      /** A pre-order line: its expected shipping date (decision 144). */
      Przedsprzedaz: PreorderSchema.optional(),
      /** A gift card sold (decision 154): its cards are issued once the order is paid (`WydaneKarty`). */
      KartaPodarunkowa: z.literal(true).optional(),
    }),
  ),
  /** What may be corrected now: the address, fewer pieces (unpaid cash on delivery), sizes. */
  Poprawki: z.object({ Adres: z.boolean(), Ilosci: z.boolean(), Rozmiary: z.boolean() }),
  Adres: AddressSchema,
  Dostawa: z.object({ Nazwa: z.string(), Koszt: money, DodatkoweInformacje: z.string().nullable() }),
  /** 'Chcę fakturę na firmę': the buyer's company and NIP (10 digits); null without an invoice. */
  Faktura: z.object({ Nazwa: z.string(), NIP: z.string() }).nullable(),
  Platnosc: z.object({
    Metoda: z.number().int(),
    MetodaNazwa: z.string(),
    Dostawca: z.string(),
    Status: z.string(),
    StatusNazwa: z.string(),
    IdZewnetrzne: z.string().nullable(),
  }),
  WartoscProduktow: money,
  /** The promotions the order used: what each took off the items and the delivery (zł). */
  Rabaty: z.array(z.object({ Nazwa: z.string(), Kod: z.string().nullable(), Kwota: money, Dostawa: money })),
  Kwota: money,
  /**
   * Gift cards (decision 154): what they paid of `Kwota` (each card by its code's last four
   * characters) and what is left to pay online or on delivery; both absent when no card paid.
   */
  KartaPodarunkowa: z
    .object({
      Kwota: money,
      Karty: z.array(z.object({ Id: z.number().int(), Koncowka: z.string(), Kwota: money })),
    })
    .optional(),
  DoZaplaty: money.optional(),
  /** The gift cards the order's gift card lines issued (never their codes); absent: none. */
  WydaneKarty: z
    .array(
      z.object({
        Id: z.number().int(),
        IdPozycji: z.number().int().nullable(),
        Koncowka: z.string(),
        Kwota: money,
        Saldo: money,
        WaznaDo: z.string(),
        Stan: z.enum(['aktywna', 'wykorzystana', 'wygasla', 'zablokowana']),
        StanNazwa: z.string(),
      }),
    )
    .optional(),
  StanZwroconyNaMagazyn: z.boolean(),
  /** A size exchange's order: the order (id, number) whose return it replaces; null otherwise. */
  WymianaDo: z.object({ Id: z.number().int(), Numer: z.string() }).nullable(),
  /** Staff-only notes, oldest first: never shown to the buyer. */
  NotatkiWewnetrzne: z.array(z.object({ Data: z.string(), Autor: z.string(), Tresc: z.string() })),
  /** The parcel's carrier, number and tracking link once the order is sent; null before. */
  Przesylka: OrderShipmentSchema,
  Historia: z.array(
    z.object({
      Data: z.string(),
      ZStatusu: z.number().int().nullable(),
      NaStatus: z.number().int(),
      NaStatusNazwa: z.string(),
      Uzytkownik: z.string().nullable(),
      Notatka: z.string(),
    }),
  ),
});
export type PanelOrderDetail = z.infer<typeof PanelOrderDetailSchema>;

export const PanelOrderStatusChangeSchema = z.object({
  Status: z
    .number({ error: msg.panelInvalidStatus })
    .int({ error: msg.panelInvalidStatus })
    .refine((v) => [10, 20, 30, 40, 50, 60].includes(v), msg.panelInvalidStatus),
  Notatka: z
    .string({ error: msg.invalidRequest })
    .max(500, { error: msg.tooLong, abort: true })
    .refine(isCleanText, msg.invalidCharacters)
    .optional(),
});
export type PanelOrderStatusChange = z.infer<typeof PanelOrderStatusChangeSchema>;

/** A staff-only note on an order. */
export const PanelOrderNoteSchema = z.object({
  Tresc: z
    .string({ error: msg.invalidRequest })
    .trim()
    .min(1, { error: msg.panelNoteRequired })
    .max(2000, { error: msg.tooLong, abort: true })
    .refine(isCleanText, msg.invalidCharacters),
});
export type PanelOrderNote = z.output<typeof PanelOrderNoteSchema>;

/** The navigation's badge: orders still 'Nowe' (placed, not yet taken into fulfilment). */
export const PanelOrdersSummarySchema = z.object({ Nowe: z.number().int() });
export type PanelOrdersSummary = z.infer<typeof PanelOrdersSummarySchema>;

/** The panel's correction of an order's delivery address before it is sent. */
export const PanelOrderAddressSchema = z.object(DeliveryAddressShape);
export type PanelOrderAddress = z.output<typeof PanelOrderAddressSchema>;

/**
 * The panel's correction of an order's lines before it is sent: a line's pieces (fewer, or 0 to
 * remove it: cash on delivery not yet paid only) or its size (another option of the same product).
 */
export const PanelOrderLinesSchema = z.object({
  Pozycje: z
    .array(
      z.object({
        Id: idNumber(msg.panelOrderLineInvalid),
        Ilosc: z
          .number({ error: msg.panelOrderLineInvalid })
          .int({ error: msg.panelOrderLineInvalid })
          .min(0, msg.panelOrderLineInvalid)
          .max(10_000, msg.panelOrderLineInvalid),
        /** Another size (option) of the line's product; absent: the size stays. */
        ParametrId: idNumber(msg.panelOrderLineInvalid).optional(),
      }),
      { error: msg.panelOrderLineInvalid },
    )
    .min(1, msg.panelOrderLineInvalid)
    .max(200, msg.panelOrderLineInvalid),
});
export type PanelOrderLines = z.output<typeof PanelOrderLinesSchema>;
