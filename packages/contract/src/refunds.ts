import { z } from 'zod';
import { idNumber, optionalText, plIbanText } from './common.ts';
import { msg } from './messages.ts';
import { lineShareForPieces } from './promotions.ts';

/** wysylany: being asked of the provider; w_toku: accepted, on its way; zakonczony: paid back; odrzucony: not paid. */
export const REFUND_STATES = ['wysylany', 'w_toku', 'zakonczony', 'odrzucony'] as const;
export type RefundState = (typeof REFUND_STATES)[number];
export const REFUND_STATE_LABELS: Record<RefundState, string> = {
  wysylany: 'Zlecany',
  w_toku: 'W toku',
  zakonczony: 'Zwrócono',
  odrzucony: 'Nieudany',
};

/** What to give back: order lines (their ids) with quantities, and the shipping cost or not. */
export const RefundSelectionSchema = z.object({
  Pozycje: z
    .array(
      z.object({
        Id: idNumber(msg.refundLineInvalid),
        Ilosc: z
          .number({ error: msg.refundLineInvalid })
          .int({ error: msg.refundLineInvalid })
          .min(1, msg.refundLineInvalid)
          .max(10_000, msg.refundLineInvalid),
      }),
      { error: msg.refundLineInvalid },
    )
    .max(200, msg.refundLineInvalid)
    .default([]),
  Dostawa: z.boolean({ error: msg.refundLineInvalid }).default(false),
  /** The buyer's account, for a cash-on-delivery order (the club refunds by bank transfer). */
  NrKonta: plIbanText(),
  Powod: optionalText(500),
  /**
   * A price reduction (a complaint's 'obniżenie ceny'): this many złoty back while the goods stay
   * with the buyer; no lines or shipping are given back with it.
   */
  Kwota: z
    .number({ error: msg.refundAmountInvalid })
    .positive({ error: msg.refundAmountInvalid })
    .max(1_000_000, { error: msg.refundAmountInvalid })
    .optional(),
});
export type RefundSelection = z.output<typeof RefundSelectionSchema>;

const money = z.number();

export const RefundSchema = z.object({
  Id: z.number().int(),
  Data: z.string(),
  Kwota: money,
  Stan: z.enum(REFUND_STATES),
  NazwaStanu: z.string(),
  /** 'PayU', 'Demo' or 'Przelew na rachunek'. */
  Sposob: z.string(),
  /** Masked but for the last 4 digits; null for a refund through the provider. */
  NrKonta: z.string().nullable(),
  Pozycje: z.array(
    z.object({ Nazwa: z.string(), Parametr: z.string().nullable(), Ilosc: z.number().int(), Kwota: money }),
  ),
  Dostawa: money,
  Powod: z.string(),
  /** Where it came from: 'Zamówienie', 'Zwrot nr 12', 'Reklamacja nr 3'. */
  Zrodlo: z.string(),
});
export type Refund = z.infer<typeof RefundSchema>;

/** The panel's view of an order's refunds: what was given back and what may still be. */
export const PanelOrderRefundsSchema = z.object({
  Zwroty: z.array(
    RefundSchema.extend({
      Blad: z.string().nullable(),
      Uzytkownik: z.string().nullable(),
      /** Stuck in 'wysylany' at the provider (no answer): the owner may send the same refund again. */
      Ponow: z.boolean(),
    }),
  ),
  /** 'provider': through the payment's provider; 'transfer': a bank transfer, the buyer's account needed. */
  Sposob: z.enum(['provider', 'transfer']),
  /** Null when a refund can be made now; the reason in Polish otherwise (not paid, all given back). */
  Niedostepny: z.string().nullable(),
  Zaplacono: money,
  Zwrocono: money,
  Pozostalo: money,
  DoZwrotu: z.object({
    Pozycje: z.array(
      z.object({
        Id: z.number().int(),
        Nazwa: z.string(),
        Parametr: z.string().nullable(),
        Ilosc: z.number().int(),
        Cena: money,
        /**
         * A discounted line: its whole discount (zł), its pieces as ordered and those given back
         * before, so a preview gives back what `piecesRefund` will; absent: no discount.
         */
        Rabat: z
          .object({ Kwota: money, Zamowiono: z.number().int(), Wczesniej: z.number().int() })
          .optional(),
      }),
    ),
    /** The shipping cost still refundable; 0 when there is none or it was given back. */
    Dostawa: money,
  }),
});
export type PanelOrderRefunds = z.infer<typeof PanelOrderRefundsSchema>;

/**
 * What `pieces` of an order line give back (grosze): their price less their share of the line's
 * discount, `before` pieces having been given back already (decisions 149, 152).
 */
export const piecesRefund = (
  line: { unitPrice: number; discount: number; quantity: number },
  pieces: number,
  before = 0,
): number => line.unitPrice * pieces - lineShareForPieces(line.discount, line.quantity, pieces, before);
