import { normaliseGiftCardCode } from '@club/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { cartLines, carts, giftCards, products } from '../../db/schema.ts';
import { hashToken } from '../../lib/crypto.ts';

const cardColumns = {
  id: giftCards.id,
  codeEnd: giftCards.codeEnd,
  amount: giftCards.amount,
  balance: giftCards.balance,
  expiresAt: giftCards.expiresAt,
  disabledAt: giftCards.disabledAt,
};
export type CardRow = { [K in keyof typeof cardColumns]: (typeof giftCards.$inferSelect)[K] };

/** The club's card of a typed code; undefined for anything else (malformed, unknown, another club's). */
export const findCardByCode = async (
  db: Db | Tx,
  orgId: number,
  typed: string,
): Promise<CardRow | undefined> => {
  const code = normaliseGiftCardCode(typed);
  if (!code) return undefined;
  const [row] = await db
    .select(cardColumns)
    .from(giftCards)
    .where(and(eq(giftCards.codeHash, hashToken(code)), eq(giftCards.organisationId, orgId)))
    .limit(1);
  return row;
};

export const findCard = async (db: Db | Tx, orgId: number, id: number): Promise<CardRow | undefined> => {
  const [row] = await db
    .select(cardColumns)
    .from(giftCards)
    .where(and(eq(giftCards.id, id), eq(giftCards.organisationId, orgId)))
    .limit(1);
  return row;
};

/** Whether the open cart holds gift cards and nothing else (then it is delivered by e-mail). */
export const cartOfGiftCardsOnly = async (db: Db | Tx, orgId: number, guid: string): Promise<boolean> => {
  const [row] = await db
    .select({
      lines: sql<number>`count(*)`.mapWith(Number),
      cards: sql<number>`count(*) FILTER (WHERE ${products.giftCard})`.mapWith(Number),
    })
    .from(cartLines)
    .innerJoin(carts, eq(carts.id, cartLines.cartId))
    .innerJoin(products, eq(products.id, cartLines.productId))
    .where(and(eq(carts.guid, guid), eq(carts.organisationId, orgId), isNull(carts.orderedAt)));
  return row !== undefined && row.lines > 0 && row.lines === row.cards;
};
