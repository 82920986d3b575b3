import { z } from 'zod';
import type { GiftCardBalance } from './gift-cards.ts';
import { msg } from './messages.ts';
import { panelListQuery } from './panel-orders.ts';

/** A gift card's state (decision 154), as the holder's balance and the panel's list name it. */
export type GiftCardState = GiftCardBalance['Stan'];
export const GIFT_CARD_STATES = ['aktywna', 'wykorzystana', 'wygasla', 'zablokowana'] as const;

/** Each kind of movement of a card's balance (`gift_card_uses.kind`), in the panel's words. */
export const giftCardUseLabel: Record<string, string> = {
  order: 'Zapłata za zamówienie',
  cancelled: 'Zwrot na kartę po anulowaniu zamówienia',
  refund: 'Zwrot pieniędzy na kartę',
};

export const PANEL_GIFT_CARD_SORTS = ['-data', 'data', '-saldo', 'saldo', 'waznosc', '-waznosc'] as const;

/**
 * `?stan&q&sort&offset&count`: `q` is the code's last four characters, the whole code (read out by
 * its holder), the e-mail it was sent to or the number of the order that bought it.
 */
export const PanelGiftCardsQuerySchema = panelListQuery(PANEL_GIFT_CARD_SORTS).extend({
  stan: z.enum(GIFT_CARD_STATES, { error: msg.panelGiftCardStateInvalid }).optional(),
});
export type PanelGiftCardsQuery = z.output<typeof PanelGiftCardsQuerySchema>;

const OrderLinkSchema = z.object({ Id: z.number().int(), Numer: z.string() });

/** A card as the panel lists it: never its code (only its hash is stored), its last four characters. */
export const PanelGiftCardListItemSchema = z.object({
  Id: z.number().int(),
  /** The code's last four characters (`maskedGiftCardCode` shows them). */
  Koncowka: z.string(),
  /** Zł the card was bought for, and zł left on it. */
  Kwota: z.number(),
  Saldo: z.number(),
  /** ISO times. */
  WaznaDo: z.string(),
  Utworzono: z.string(),
  Stan: z.enum(GIFT_CARD_STATES),
  StanNazwa: z.string(),
  /** Where the code was sent. */
  Email: z.string(),
  /** The order that bought it; null: made otherwise (or the order was deleted). */
  Zamowienie: OrderLinkSchema.nullable(),
});
export type PanelGiftCardListItem = z.infer<typeof PanelGiftCardListItemSchema>;

export const PanelGiftCardListSchema = z.object({
  Items: z.array(PanelGiftCardListItemSchema),
  Total: z.number().int(),
});
export type PanelGiftCardList = z.infer<typeof PanelGiftCardListSchema>;

export const PanelGiftCardSchema = PanelGiftCardListItemSchema.extend({
  /** When the club blocked it (ISO); null: not blocked. */
  Zablokowana: z.string().nullable(),
  /** Its balance's movements, oldest first: paid for an order (positive zł), given back (negative). */
  Ruchy: z.array(
    z.object({
      Id: z.number().int(),
      Data: z.string(),
      Rodzaj: z.string(),
      RodzajNazwa: z.string(),
      Kwota: z.number(),
      Zamowienie: OrderLinkSchema.nullable(),
    }),
  ),
});
export type PanelGiftCard = z.infer<typeof PanelGiftCardSchema>;
