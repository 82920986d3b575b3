import { z } from 'zod';
import { idNumber, intParam, MAX_ID, optionalText, plIbanText } from './common.ts';
import { msg } from './messages.ts';

/** A guest's withdrawal link: `{orderId}.{expiry, unix seconds}.{hmac}` (order, e-mail, expiry, club). */
export const WithdrawalTokenSchema = z
  .string({ error: msg.withdrawalLinkInvalid })
  .regex(/^\d{1,10}\.\d{1,12}\.[A-Za-z0-9_-]{32}$/, msg.withdrawalLinkInvalid);

export const WithdrawalOfferLineSchema = z.object({
  Id: z.number().int(),
  Nazwa: z.string(),
  Parametr: z.string().nullable(),
  Ilosc: z.number().int(),
  /** Pieces that may still be withdrawn (0 when exempt or all withdrawn). */
  Dostepne: z.number().int(),
  /** Why the line cannot be withdrawn (the law's exemption); null when it can. */
  Wylaczenie: z.string().nullable(),
  /** Other sizes of the same product with stock and the line's price, offered instead of the money. */
  Rozmiary: z.array(z.object({ Id: z.number().int(), Nazwa: z.string() })),
  /** Why no size is offered (a line with a size but none other in stock at that price); null otherwise. */
  BrakWymiany: z.string().nullable(),
});

/** What the withdrawal form shows: the order, its lines, and whether the period is open. */
export const WithdrawalOfferSchema = z.object({
  NrZamowienia: z.string(),
  Sklep: z.string(),
  Otwarte: z.boolean(),
  /** ISO end of the period; null until the order is delivered. */
  Do: z.string().nullable(),
  Pozycje: z.array(WithdrawalOfferLineSchema),
});
export type WithdrawalOffer = z.infer<typeof WithdrawalOfferSchema>;

export const WithdrawalRequestSchema = z.object({
  Pozycje: z
    .array(
      z.object({
        Id: idNumber(msg.withdrawalLineInvalid),
        Ilosc: z
          .number({ error: msg.withdrawalQuantityInvalid })
          .int({ error: msg.withdrawalQuantityInvalid })
          .min(1, msg.withdrawalQuantityInvalid)
          .max(10_000, msg.withdrawalQuantityInvalid),
        /** A size exchange: the size (product parameter id) wanted instead of the money. */
        WymianaNa: idNumber(msg.exchangeSizeInvalid).nullish(),
      }),
      { error: msg.withdrawalNoLines },
    )
    .min(1, msg.withdrawalNoLines)
    .max(200, msg.withdrawalNoLines),
  Powod: optionalText(1000),
});
export type WithdrawalRequest = z.infer<typeof WithdrawalRequestSchema>;

/** The acknowledgement shown at once (and e-mailed): when the statement was received and what it covers. */
export const WithdrawalReceiptSchema = z.object({
  Id: z.number().int(),
  NrZamowienia: z.string(),
  /** ISO time of receipt. */
  Otrzymano: z.string(),
  Pozycje: z.array(
    z.object({
      Nazwa: z.string(),
      Parametr: z.string().nullable(),
      Ilosc: z.number().int(),
      /** The size asked for instead of the money; null: a refund. */
      WymianaNa: z.string().nullable(),
    }),
  ),
});
export type WithdrawalReceipt = z.infer<typeof WithdrawalReceiptSchema>;

// panel: returns
export const RETURN_STATES = [
  'zgloszony',
  'przyjety',
  'odrzucony',
  'towar_otrzymany',
  'zwrot_pieniedzy',
  'wymieniony',
] as const;
export const PanelReturnsQuerySchema = z.object({
  stan: z.enum(RETURN_STATES, { error: msg.panelReturnStateInvalid }).optional(),
});
export const PanelReturnSchema = z.object({
  Id: z.number().int(),
  ZamowienieId: z.number().int(),
  NrZamowienia: z.string(),
  Email: z.string(),
  Stan: z.enum(RETURN_STATES),
  NazwaStanu: z.string(),
  Powod: z.string(),
  Uwagi: z.string(),
  Utworzono: z.string(),
  Pozycje: z.array(
    z.object({
      /** The return's line (for turning it into an exchange). */
      Id: z.number().int(),
      Nazwa: z.string(),
      Parametr: z.string().nullable(),
      Ilosc: z.number().int(),
      /** The size asked for instead of the money; null: a refund. */
      WymianaNa: z.string().nullable(),
      /** Sizes this line may be exchanged for now (same product, same price, in stock). */
      Rozmiary: z.array(z.object({ Id: z.number().int(), Nazwa: z.string() })),
    }),
  ),
  /** The order sent as the exchange; null until 'Wyślij wymianę'. */
  Wymiana: z.object({ Id: z.number().int(), Numer: z.string() }).nullable(),
  /** Cash on delivery: its refund is a bank transfer, to the account the buyer gives. */
  ZwrotPrzelewem: z.boolean(),
  /** States the return may move to now. */
  Dozwolone: z.array(z.object({ Stan: z.enum(RETURN_STATES), Nazwa: z.string() })),
});
export type PanelReturn = z.infer<typeof PanelReturnSchema>;
export const PanelReturnListSchema = z.array(PanelReturnSchema);
export const PanelReturnStateChangeSchema = z
  .object({
    Stan: z.enum(RETURN_STATES, { error: msg.panelReturnStateInvalid }),
    Uwagi: optionalText(1000),
    /** The refund step: give the shipping cost back too (the whole order withdrawn: art. 32 ust. 1). */
    Dostawa: z.boolean({ error: msg.refundLineInvalid }).default(false),
    /** The refund step of a cash-on-delivery order: the buyer's account for the transfer. */
    NrKonta: plIbanText(),
  })
  .refine((v) => v.Stan !== 'odrzucony' || (v.Uwagi ?? '').trim() !== '', {
    error: msg.panelReturnRejectReasonRequired,
    path: ['Uwagi'],
  });
export type PanelReturnStateChange = z.infer<typeof PanelReturnStateChangeSchema>;

/** The panel turns a return line into a size exchange (the buyer asked by phone), or back into a refund (null). */
export const PanelReturnExchangeSchema = z.object({
  WymianaNa: idNumber(msg.exchangeSizeInvalid).nullable(),
});
export type PanelReturnExchange = z.infer<typeof PanelReturnExchangeSchema>;

export const withdrawalIdParam = () => intParam(1, MAX_ID, msg.orderNotFound);
