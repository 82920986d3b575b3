import { fillMessage, msg } from '@club/contract';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { giftCards, giftCardUses } from '../../db/schema.ts';
import { conflict } from '../../lib/http-error.ts';
import { cardPayment } from './payment.ts';

const refused = (reason: string) => conflict(fillMessage(msg.orderGiftCardRefused, { powod: reason }));

/**
 * Locks the cart's card for the order: two orders spending one card queue here, and the second
 * sees what the first left. `pay` answers what it pays of the total, or refuses the order (409)
 * when it can pay nothing any more, rather than placing it without the payment the buyer saw.
 */
export const lockCardForOrder = async (tx: Tx, orgId: number, cardId: number) => {
  const [card] = await tx
    .select({
      id: giftCards.id,
      balance: giftCards.balance,
      expiresAt: giftCards.expiresAt,
      disabledAt: giftCards.disabledAt,
    })
    .from(giftCards)
    .where(and(eq(giftCards.id, cardId), eq(giftCards.organisationId, orgId)))
    .limit(1)
    .for('update');
  if (!card) throw refused(msg.giftCardUnknown);
  return {
    id: card.id,
    pay: (due: number, buysGiftCards: boolean): number => {
      const pays = cardPayment(card, due, buysGiftCards);
      if (pays.refusal) throw refused(pays.refusal);
      return pays.amount;
    },
  };
};

/** Takes what the card paid off its balance, and names the order in its history. */
export const recordCardPayment = async (
  tx: Tx,
  orgId: number,
  cardId: number,
  orderId: number,
  amount: number,
) => {
  await tx
    .update(giftCards)
    .set({ balance: sql`${giftCards.balance} - ${amount}` })
    .where(and(eq(giftCards.id, cardId), eq(giftCards.organisationId, orgId)));
  await tx
    .insert(giftCardUses)
    .values({ organisationId: orgId, giftCardId: cardId, orderId, amount, kind: 'order' });
};

/**
 * Puts back on its card what an order still holds of it (paid less given back already): a
 * cancelled order (`cancelled`) or a refund of what the card paid (`refund`, at most `limit`).
 * Answers what was given back. The caller holds the order's lock, so it runs once per change.
 */
export const giveBackToCards = async (
  tx: Tx,
  orgId: number,
  orderId: number,
  kind: 'cancelled' | 'refund',
  limit = Number.POSITIVE_INFINITY,
): Promise<number> => {
  const held = await tx
    .select({
      cardId: giftCardUses.giftCardId,
      amount: sql<number>`sum(${giftCardUses.amount})`.mapWith(Number),
    })
    .from(giftCardUses)
    .where(and(eq(giftCardUses.orderId, orderId), eq(giftCardUses.organisationId, orgId)))
    .groupBy(giftCardUses.giftCardId);
  let given = 0;
  for (const h of held) {
    const back = Math.min(h.amount, limit - given);
    if (back <= 0) continue;
    await tx
      .update(giftCards)
      .set({ balance: sql`${giftCards.balance} + ${back}` })
      .where(and(eq(giftCards.id, h.cardId), eq(giftCards.organisationId, orgId)));
    await tx
      .insert(giftCardUses)
      .values({ organisationId: orgId, giftCardId: h.cardId, orderId, amount: -back, kind });
    given += back;
  }
  return given;
};

/**
 * Blocks `pieces` cards a refunded gift card line issued: a card given back as money must not be
 * spent too. Only cards untouched (their whole amount, not blocked) qualify; fewer than asked
 * refuses the refund. A line of an order never paid issued none: nothing to block, nothing paid.
 */
export const blockRefundedCards = async (tx: Tx, orgId: number, orderLineId: number, pieces: number) => {
  const cards = await tx
    .select({ id: giftCards.id })
    .from(giftCards)
    .where(
      and(
        eq(giftCards.orderLineId, orderLineId),
        eq(giftCards.organisationId, orgId),
        isNull(giftCards.disabledAt),
        sql`${giftCards.balance} = ${giftCards.amount}`,
      ),
    )
    .orderBy(desc(giftCards.piece))
    .limit(pieces)
    .for('update');
  if (cards.length < pieces) throw conflict(msg.refundGiftCardSpent);
  await tx
    .update(giftCards)
    .set({ disabledAt: sql`now()` })
    .where(
      inArray(
        giftCards.id,
        cards.map((c) => c.id),
      ),
    );
};
