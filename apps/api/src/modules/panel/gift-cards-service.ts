import {
  giftCardStateLabel,
  giftCardUseLabel,
  groszeToZl,
  msg,
  type PanelGiftCard,
  type PanelGiftCardList,
  type PanelGiftCardListItem,
  type PanelGiftCardsQuery,
} from '@club/contract';
import type { Db, Tx } from '../../db/client.ts';
import { notFound } from '../../lib/http-error.ts';
import { cardState } from '../gift-cards/state.ts';
import { recordAudit } from './audit.ts';
import * as repo from './gift-cards-repository.ts';
import type { Actor } from './settings-service.ts';

const orderLink = (id: number | null, number: string | null) =>
  id !== null && number !== null ? { Id: id, Numer: number } : null;

const listItem = (r: repo.CardRow, now: Date): PanelGiftCardListItem => {
  const state = cardState(r, now);
  return {
    Id: r.id,
    Koncowka: r.codeEnd,
    Kwota: groszeToZl(r.amount),
    Saldo: groszeToZl(r.balance),
    WaznaDo: r.expiresAt.toISOString(),
    Utworzono: r.createdAt.toISOString(),
    Stan: state,
    StanNazwa: giftCardStateLabel[state],
    Email: r.email,
    Zamowienie: orderLink(r.orderId, r.orderNumber),
  };
};

export const listGiftCards = async (
  db: Db,
  orgId: number,
  query: PanelGiftCardsQuery,
): Promise<PanelGiftCardList> => {
  const [rows, total] = await Promise.all([
    repo.findCards(db, orgId, query),
    repo.countCards(db, orgId, query),
  ]);
  const now = new Date();
  return { Items: rows.map((r) => listItem(r, now)), Total: total };
};

/** Another club's card is not found here, as one that does not exist. */
export const getGiftCard = async (db: Db | Tx, orgId: number, id: number): Promise<PanelGiftCard> => {
  const card = await repo.findCard(db, orgId, id);
  if (!card) throw notFound(msg.panelGiftCardNotFound);
  const uses = await repo.findUses(db, orgId, id);
  return {
    ...listItem(card, new Date()),
    Zablokowana: card.disabledAt?.toISOString() ?? null,
    Ruchy: uses.map((u) => ({
      Id: u.id,
      Data: u.createdAt.toISOString(),
      Rodzaj: u.kind,
      RodzajNazwa: giftCardUseLabel[u.kind] ?? u.kind,
      Kwota: groszeToZl(u.amount),
      Zamowienie: orderLink(u.orderId, u.orderNumber),
    })),
  };
};

/**
 * Blocks a card (a refunded purchase, a reported theft): checkout refuses it from then on. What
 * is left on it stays recorded. Blocking a blocked card changes nothing and records nothing.
 */
export const disableGiftCard = async (db: Db, actor: Actor, id: number): Promise<PanelGiftCard> =>
  db.transaction(async (tx) => {
    const orgId = actor.organisationId;
    const card = await repo.findCard(tx, orgId, id, true);
    if (!card) throw notFound(msg.panelGiftCardNotFound);
    if (!card.disabledAt) {
      await repo.disableCard(tx, orgId, id);
      const named = { Koncowka: card.codeEnd, Saldo: groszeToZl(card.balance) };
      await recordAudit(tx, {
        ...actor,
        action: 'disable',
        entity: 'giftCard',
        entityId: id,
        before: { ...named, Zablokowana: false },
        after: { ...named, Zablokowana: true },
      });
    }
    return getGiftCard(tx, orgId, id);
  });
