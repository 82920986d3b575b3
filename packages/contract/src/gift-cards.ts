import { z } from 'zod';
import { msg } from './messages.ts';

/**
 * Gift cards (decision 154): a code of 16 characters from an alphabet without look-alikes
 * (no 0/O, 1/I/L), written in groups of four. 31 symbols: 79 random bits, never guessed.
 */
export const GIFT_CARD_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const GIFT_CARD_CODE_LENGTH = 16;

/** What a holder typed, as the code is kept: upper case, without spaces and dashes; null: cannot be a code. */
export const normaliseGiftCardCode = (typed: string): string | null => {
  const code = typed.toUpperCase().replace(/[\s-]/g, '');
  if (code.length !== GIFT_CARD_CODE_LENGTH) return null;
  for (const ch of code) if (!GIFT_CARD_ALPHABET.includes(ch)) return null;
  return code;
};

/** `ABCD-EFGH-JKMN-PQRS`: how the e-mail and the PDF print a code. */
export const formatGiftCardCode = (code: string): string => code.match(/.{1,4}/g)!.join('-');

/** `••••-••••-••••-PQRS`: how the shop names a card it knows only by its end. */
export const maskedGiftCardCode = (end: string): string => `••••-••••-••••-${end}`;

/** `POST koszyk/{guid}/karta` and `POST kartapodarunkowa/saldo`: the code typed. */
export const GiftCardCodeInputSchema = z.object({
  Kod: z
    .string({ error: msg.giftCardCodeRequired })
    .trim()
    .min(1, { error: msg.giftCardCodeRequired, abort: true })
    .max(40, { error: msg.giftCardUnknown, abort: true }),
});

/** The gift card kept in the cart: what it has and what it pays of this cart now. */
export const CartGiftCardSchema = z.object({
  /** The code's last four characters (the code itself is only in the holder's e-mail). */
  Koncowka: z.string(),
  /** Zł left on the card. */
  Saldo: z.number(),
  /** ISO time the card expires. */
  WaznaDo: z.string(),
  /**
   * Zł the card pays of this cart: of `DoZaplaty` with `?dostawa`, otherwise of the items after
   * discounts (the delivery is added at checkout). 0 with `Komunikat` when it cannot pay.
   */
  Kwota: z.number(),
  Komunikat: z.string().nullable(),
});
export type CartGiftCard = z.infer<typeof CartGiftCardSchema>;

/** `POST kartapodarunkowa/saldo`: the holder's view of their card. */
export const GiftCardBalanceSchema = z.object({
  Koncowka: z.string(),
  /** Zł the card was bought for. */
  Kwota: z.number(),
  Saldo: z.number(),
  WaznaDo: z.string(),
  /** 'aktywna', 'wykorzystana', 'wygasla', 'zablokowana'. */
  Stan: z.enum(['aktywna', 'wykorzystana', 'wygasla', 'zablokowana']),
});
export type GiftCardBalance = z.infer<typeof GiftCardBalanceSchema>;

export const giftCardStateLabel: Record<GiftCardBalance['Stan'], string> = {
  aktywna: 'Aktywna',
  wykorzystana: 'Wykorzystana',
  wygasla: 'Wygasła',
  zablokowana: 'Zablokowana',
};
