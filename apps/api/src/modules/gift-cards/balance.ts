import { type GiftCardBalance, groszeToZl, msg, normaliseGiftCardCode } from '@club/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { giftCards } from '../../db/schema.ts';
import { hashToken } from '../../lib/crypto.ts';
import { notFound } from '../../lib/http-error.ts';

type CardRow = {
  codeEnd: string;
  amount: number;
  balance: number;
  expiresAt: Date;
  disabledAt: Date | null;
};

/** A block by the club says more than the date or the balance, and a lapsed card spends nothing. */
export const giftCardState = (card: CardRow, now: Date): GiftCardBalance['Stan'] => {
  if (card.disabledAt) return 'zablokowana';
  if (card.expiresAt.getTime() <= now.getTime()) return 'wygasla';
  if (card.balance === 0) return 'wykorzystana';
  return 'aktywna';
};

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
  const code = normaliseGiftCardCode(typed);
  if (!code) throw notFound(msg.giftCardUnknown);
  const [card] = await db
    .select({
      codeEnd: giftCards.codeEnd,
      amount: giftCards.amount,
      balance: giftCards.balance,
      expiresAt: giftCards.expiresAt,
      disabledAt: giftCards.disabledAt,
    })
    .from(giftCards)
    .where(and(eq(giftCards.codeHash, hashToken(code)), eq(giftCards.organisationId, orgId)))
    .limit(1);
  if (!card) throw notFound(msg.giftCardUnknown);
  return {
    Koncowka: card.codeEnd,
    Kwota: groszeToZl(card.amount),
    Saldo: groszeToZl(card.balance),
    WaznaDo: card.expiresAt.toISOString(),
    Stan: giftCardState(card, now),
  };
};
