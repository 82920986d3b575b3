import { groszeToZl, type HistoryOrder } from '@club/contract';
import type { Db } from '../../db/client.ts';
import { photoRef } from '../catalogue/photos.ts';
import * as repo from './history-repository.ts';

/** The user's orders in this org, newest first; two queries whatever the number of orders. */
export const orderHistory = async (
  db: Db,
  orgId: number,
  userId: number,
  // The payment token of an order that can be paid again now ('Ponów płatność'), else null.
  retryToken: (o: {
    id: number;
    status: number;
    paymentMethod: number;
    paymentStatus: string;
    expiresAt: Date | null;
  }) => string | null = () => null,
): Promise<HistoryOrder[]> => {
  const list = await repo.findUserOrders(db, orgId, userId);
  if (!list.length) return [];
  const byOrder = new Map<number, HistoryOrder['Pozycje']>(list.map((o) => [o.id, []]));
  for (const l of await repo.findLinesOf(
    db,
    orgId,
    list.map((o) => o.id),
  )) {
    byOrder.get(l.orderId)?.push({
      Wyrob:
        l.productId != null && l.currentName != null
          ? { Id: l.productId, Nazwa: l.currentName, Zdjecie: photoRef(l.photoId, l.photoName) }
          : null,
      // The name as bought: later renames of the product do not rewrite the history.
      Produkt: l.parameterName ? `${l.productName} - ${l.parameterName}` : l.productName,
      Ilosc: l.quantity,
      CenaJednBrutto: groszeToZl(l.unitPrice),
    });
  }
  return list.map((o) => {
    const Pozycje = byOrder.get(o.id) ?? [];
    return {
      Id: o.id,
      NrZamowienia: o.number,
      Status: o.status,
      DataZamowienia: o.createdAt.toISOString(),
      Koszt: groszeToZl(o.total),
      IloscPozycji: Pozycje.length,
      PonowPlatnosc: retryToken(o),
      Pozycje,
    };
  });
};
