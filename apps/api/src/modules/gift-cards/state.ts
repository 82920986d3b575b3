import { type GiftCardBalance, msg } from '@club/contract';

export type CardFacts = { balance: number; expiresAt: Date; disabledAt: Date | null };

/** What a card can do now: the one reading for the cart, the order, the holder and the panel. */
export const cardState = (card: CardFacts, now = new Date()): GiftCardBalance['Stan'] => {
  if (card.disabledAt) return 'zablokowana';
  if (card.expiresAt.getTime() <= now.getTime()) return 'wygasla';
  if (card.balance <= 0) return 'wykorzystana';
  return 'aktywna';
};

/** Why a card pays nothing, in Polish; null for an active card. */
export const refusalOf = (state: GiftCardBalance['Stan']): string | null =>
  state === 'aktywna'
    ? null
    : state === 'zablokowana'
      ? msg.giftCardDisabled
      : state === 'wygasla'
        ? msg.giftCardExpired
        : msg.giftCardUsedUp;
