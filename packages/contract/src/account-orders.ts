import { z } from 'zod';
import { EXCHANGE_PAYMENT_METHOD, GIFT_CARD_PAYMENT_METHOD, PaymentMethod } from './constants.ts';
import { OrderShipmentSchema } from './panel-shipment.ts';
import { RefundSchema } from './refunds.ts';

/**
 * One of the customer's orders in full, as the account's order history opens it: what the spec's
 * history list (HistoryOrderSchema) does not carry — delivery, address, payment state.
 */
export const AccountOrderDetailSchema = z.object({
  Id: z.number().int(),
  NrZamowienia: z.string(),
  /** The shipping option as bought, its cost and what the buyer added (a parcel locker's code). */
  Dostawa: z.object({ Nazwa: z.string(), Koszt: z.number(), Informacje: z.string().nullable() }),
  WartoscProduktow: z.number(),
  /** The discounts the order got, each its own line as in the cart (zł off the items). */
  Rabaty: z.array(z.object({ Nazwa: z.string(), Kod: z.string().nullable(), Kwota: z.number() })),
  Platnosc: z.object({ Metoda: z.string(), Stan: z.string(), Oplacone: z.boolean() }),
  /** Zł a gift card paid of the order (decision 154); absent: none. */
  KartaPodarunkowa: z.number().optional(),
  Adres: z.object({
    ImieNazwisko: z.string(),
    Ulica: z.string(),
    KodPocztowy: z.string(),
    Miasto: z.string(),
    Telefon: z.string(),
    Email: z.string(),
  }),
  /** 'Faktura na firmę': the company and its NIP, as given at checkout. */
  Firma: z.object({ Nazwa: z.string(), Nip: z.string() }).nullable(),
  /** The parcel once the shop sent it: carrier, number and its tracking link. */
  Przesylka: OrderShipmentSchema,
  /** Money the shop gave back: how much, for what, which way and how far it got. */
  Zwroty: z.array(RefundSchema),
  /** A size exchange's order: the number of the order it replaces goods of; null otherwise. */
  WymianaDo: z.string().nullable(),
});
export type AccountOrderDetail = z.infer<typeof AccountOrderDetailSchema>;

/** The payment state in the buyer's words: a cash-on-delivery order is not "unpaid", it is paid on delivery. */
export const buyerPaymentState = (method: number, paymentStatus: string): string => {
  if (method === EXCHANGE_PAYMENT_METHOD) return 'Bez płatności (wymiana)';
  if (method === GIFT_CARD_PAYMENT_METHOD) return 'Opłacone kartą podarunkową';
  if (paymentStatus === 'COMPLETED') return 'Opłacone';
  if (method === PaymentMethod.cashOnDelivery) return 'Płatne przy odbiorze';
  if (paymentStatus === 'WAITING_FOR_CONFIRMATION') return 'Płatność w trakcie potwierdzania';
  if (paymentStatus === 'CANCELED' || paymentStatus === 'ERROR') return 'Płatność nieudana';
  return 'Oczekuje na płatność';
};
