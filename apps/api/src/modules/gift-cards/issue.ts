import { randomInt } from 'node:crypto';
import { GIFT_CARD_ALPHABET, GIFT_CARD_CODE_LENGTH, OrderStatus } from '@club/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { giftCards, orderLines, orders } from '../../db/schema.ts';
import { hashToken } from '../../lib/crypto.ts';
import { enqueueMail } from '../mail/queue.ts';
import { giftCardMail } from './mail.ts';

/** A new code: uniform over the alphabet (randomInt rejects biased draws). */
export const newGiftCardCode = (): string =>
  Array.from(
    { length: GIFT_CARD_CODE_LENGTH },
    () => GIFT_CARD_ALPHABET[randomInt(GIFT_CARD_ALPHABET.length)],
  ).join('');

export type IssuingClub = { id: number; name: string; giftCardMonths: number };

/**
 * Issues the cards an order bought, once it is paid: one per piece of each gift card line, valid
 * the club's months from now, and queues their e-mail (codes and PDFs) in the same transaction.
 * Only the codes' hashes are kept; the e-mail is where the codes live. A piece already issued
 * (a replayed or second notice) is skipped by its unique (line, piece), so nothing is issued twice.
 */
export const issueCardsOfOrder = async (
  tx: Tx,
  club: IssuingClub,
  orderId: number,
  /** Asked only when the order bought cards: most paid orders did not. */
  storefrontUrl: () => Promise<string>,
): Promise<number> => {
  const lines = await tx
    .select({ id: orderLines.id, quantity: orderLines.quantity, unitPrice: orderLines.unitPrice })
    .from(orderLines)
    .where(
      and(
        eq(orderLines.orderId, orderId),
        eq(orderLines.organisationId, club.id),
        eq(orderLines.giftCard, true),
      ),
    )
    .orderBy(asc(orderLines.id));
  if (!lines.length) return 0;
  const [order] = await tx
    .select({ number: orders.number, email: orders.email, status: orders.status })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.organisationId, club.id)));
  // A payment completed for an order cancelled meanwhile is refunded, not turned into cards.
  if (!order || order.status === OrderStatus.cancelled) return 0;
  const issued: { code: string; amount: number; expiresAt: Date }[] = [];
  for (const line of lines) {
    for (let piece = 1; piece <= line.quantity; piece++) {
      const code = newGiftCardCode();
      const [row] = await tx
        .insert(giftCards)
        .values({
          organisationId: club.id,
          codeHash: hashToken(code),
          codeEnd: code.slice(-4),
          amount: line.unitPrice,
          balance: line.unitPrice,
          expiresAt: sql`now() + make_interval(months => ${club.giftCardMonths}::int)`,
          orderId,
          orderLineId: line.id,
          piece,
          email: order.email,
        })
        .onConflictDoNothing({ target: [giftCards.orderLineId, giftCards.piece] })
        .returning({ expiresAt: giftCards.expiresAt });
      if (row) issued.push({ code, amount: line.unitPrice, expiresAt: row.expiresAt });
    }
  }
  if (issued.length) {
    const message = await giftCardMail({
      to: order.email,
      clubName: club.name,
      storefrontUrl: await storefrontUrl(),
      orderNumber: order.number,
      cards: issued,
    });
    await enqueueMail(tx, message, club.id);
  }
  return issued.length;
};
