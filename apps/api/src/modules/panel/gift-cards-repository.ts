import { normaliseGiftCardCode, type PanelGiftCardsQuery } from '@club/contract';
import { and, asc, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { giftCards, giftCardUses, orders } from '../../db/schema.ts';
import { hashToken } from '../../lib/crypto.ts';
import { likePattern } from './orders-repository.ts';

/** As `cardState` reads a card: blocked first, then expired, then spent. */
const byState: Record<NonNullable<PanelGiftCardsQuery['stan']>, SQL> = {
  zablokowana: sql`${giftCards.disabledAt} IS NOT NULL`,
  wygasla: sql`${giftCards.disabledAt} IS NULL AND ${giftCards.expiresAt} <= now()`,
  wykorzystana: sql`${giftCards.disabledAt} IS NULL AND ${giftCards.expiresAt} > now() AND ${giftCards.balance} = 0`,
  aktywna: sql`${giftCards.disabledAt} IS NULL AND ${giftCards.balance} > 0 AND ${giftCards.expiresAt} > now()`,
};

/**
 * What a manager types to find a card: its end as printed (`••••-PQRS`, `pqrs`), the whole code
 * a holder reads out (found by its hash), the e-mail it went to or the buying order's number.
 */
const searchOf = (q: string) => {
  const end = q.replace(/[•*\s-]/g, '').toUpperCase();
  const code = normaliseGiftCardCode(q);
  const p = likePattern(q);
  return or(
    end.length === 4 ? eq(giftCards.codeEnd, end) : undefined,
    code ? eq(giftCards.codeHash, hashToken(code)) : undefined,
    ilike(giftCards.email, p),
    ilike(orders.number, p),
  );
};

const listWhere = (orgId: number, f: PanelGiftCardsQuery) =>
  and(
    eq(giftCards.organisationId, orgId),
    f.stan ? byState[f.stan] : undefined,
    f.q?.trim() ? searchOf(f.q.trim()) : undefined,
  );

const SORTS: Record<string, SQL[]> = {
  data: [asc(giftCards.createdAt), asc(giftCards.id)],
  '-data': [desc(giftCards.createdAt), desc(giftCards.id)],
  saldo: [asc(giftCards.balance), desc(giftCards.id)],
  '-saldo': [desc(giftCards.balance), desc(giftCards.id)],
  waznosc: [asc(giftCards.expiresAt), desc(giftCards.id)],
  '-waznosc': [desc(giftCards.expiresAt), desc(giftCards.id)],
};

const cardColumns = {
  id: giftCards.id,
  codeEnd: giftCards.codeEnd,
  amount: giftCards.amount,
  balance: giftCards.balance,
  expiresAt: giftCards.expiresAt,
  createdAt: giftCards.createdAt,
  disabledAt: giftCards.disabledAt,
  email: giftCards.email,
  orderId: orders.id,
  orderNumber: orders.number,
};
/** The buying order, of the same club (an order id of another club is never joined). */
const buyingOrder = and(
  eq(orders.id, giftCards.orderId),
  eq(orders.organisationId, giftCards.organisationId),
);

export const findCards = (db: Db, orgId: number, q: PanelGiftCardsQuery) =>
  db
    .select(cardColumns)
    .from(giftCards)
    .leftJoin(orders, buyingOrder)
    .where(listWhere(orgId, q))
    .orderBy(...(SORTS[q.sort ?? '-data'] ?? SORTS['-data']!))
    .offset(q.offset)
    .limit(q.count);

export const countCards = async (db: Db, orgId: number, q: PanelGiftCardsQuery): Promise<number> => {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(giftCards)
    .leftJoin(orders, buyingOrder)
    .where(listWhere(orgId, q));
  return Number(row?.n ?? 0);
};

export const findCard = async (db: Db | Tx, orgId: number, id: number, lock = false) => {
  const query = db
    .select(cardColumns)
    .from(giftCards)
    .leftJoin(orders, buyingOrder)
    .where(and(eq(giftCards.id, id), eq(giftCards.organisationId, orgId)))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: giftCards }) : await query;
  return row;
};
export type CardRow = NonNullable<Awaited<ReturnType<typeof findCard>>>;

/** The card's movements, oldest first, with their orders' numbers. */
export const findUses = (db: Db | Tx, orgId: number, cardId: number) =>
  db
    .select({
      id: giftCardUses.id,
      createdAt: giftCardUses.createdAt,
      kind: giftCardUses.kind,
      amount: giftCardUses.amount,
      orderId: orders.id,
      orderNumber: orders.number,
    })
    .from(giftCardUses)
    .leftJoin(orders, and(eq(orders.id, giftCardUses.orderId), eq(orders.organisationId, orgId)))
    .where(and(eq(giftCardUses.giftCardId, cardId), eq(giftCardUses.organisationId, orgId)))
    .orderBy(asc(giftCardUses.createdAt), asc(giftCardUses.id));

export const disableCard = (tx: Tx, orgId: number, id: number) =>
  tx
    .update(giftCards)
    .set({ disabledAt: sql`now()` })
    .where(and(eq(giftCards.id, id), eq(giftCards.organisationId, orgId)));

/** What gift cards paid of an order (kind 'order'), each card by its end (the panel's order detail). */
export const paidByCards = (db: Db | Tx, orgId: number, orderId: number) =>
  db
    .select({
      id: giftCards.id,
      codeEnd: giftCards.codeEnd,
      amount: sql<number>`sum(${giftCardUses.amount})::int`,
    })
    .from(giftCardUses)
    .innerJoin(giftCards, eq(giftCards.id, giftCardUses.giftCardId))
    .where(
      and(
        eq(giftCardUses.orderId, orderId),
        eq(giftCardUses.organisationId, orgId),
        eq(giftCardUses.kind, 'order'),
      ),
    )
    .groupBy(giftCards.id, giftCards.codeEnd)
    .orderBy(asc(giftCards.id));

/** The cards an order's gift card lines issued, in the lines' and pieces' order. */
export const issuedBy = (db: Db | Tx, orgId: number, orderId: number) =>
  db
    .select({
      id: giftCards.id,
      lineId: giftCards.orderLineId,
      codeEnd: giftCards.codeEnd,
      amount: giftCards.amount,
      balance: giftCards.balance,
      expiresAt: giftCards.expiresAt,
      disabledAt: giftCards.disabledAt,
    })
    .from(giftCards)
    .where(and(eq(giftCards.orderId, orderId), eq(giftCards.organisationId, orgId)))
    .orderBy(asc(giftCards.orderLineId), asc(giftCards.piece), asc(giftCards.id));
