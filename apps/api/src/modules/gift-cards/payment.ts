import { msg } from '@club/contract';
import { type CardFacts, cardState, refusalOf } from './state.ts';

/**
 * What a card pays of `due` grosze: all it has up to the amount due, or nothing and why. A card
 * never pays for other gift cards: it would extend its own expiry and turn a prepayment into cash.
 */
export const cardPayment = (
  card: CardFacts,
  due: number,
  buysGiftCards: boolean,
  now = new Date(),
): { amount: number; refusal: string | null } => {
  const refusal = buysGiftCards ? msg.giftCardForGiftCards : refusalOf(cardState(card, now));
  return refusal
    ? { amount: 0, refusal }
    : { amount: Math.max(0, Math.min(card.balance, due)), refusal: null };
};
