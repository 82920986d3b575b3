import { type GiftCardBalance, groszeToZl, msg } from '@club/contract';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/http-error.ts';
import { findCardByCode } from './repository.ts';
import { cardState } from './state.ts';

/**
 * The holder's view of a card of this club, found by the code's hash only (the code itself is
 * never stored). A code that cannot be one, an unknown one and another club's answer the same 404,
 * so the answer tells a guesser nothing about other clubs' cards.
 */
export const giftCardBalance = async (
  db: Db,
  orgId: number,
  typed: string,
  now: Date = new Date(),
): Promise<GiftCardBalance> => {
  const card = await findCardByCode(db, orgId, typed);
  if (!card) throw notFound(msg.giftCardUnknown);
  return {
    Koncowka: card.codeEnd,
    Kwota: groszeToZl(card.amount),
    Saldo: groszeToZl(card.balance),
    WaznaDo: card.expiresAt.toISOString(),
    Stan: cardState(card, now),
  };
};
