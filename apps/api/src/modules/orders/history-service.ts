import {
  type AccountOrderDetail,
  buyerPaymentState,
  groszeToZl,
  type HistoryOrder,
  msg,
  paymentMethodLabel,
  withEditionNumbers,
} from '@club/contract';
import type { Db } from '../../db/client.ts';
import { exchangeOriginOf } from '../../lib/exchange-origin.ts';
import { notFound } from '../../lib/http-error.ts';
import { refundsOf } from '../../lib/refund-list.ts';
import { photoRef } from '../catalogue/photos.ts';
import * as repo from './history-repository.ts';
import { promotionsOfOrder } from './order-lines.ts';
import { shipmentView } from './shipment.ts';

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
      Produkt: withEditionNumbers(l.parameterName ? `${l.productName} - ${l.parameterName}` : l.productName, {
        from: l.editionFrom,
        to: l.editionTo,
      }),
      Ilosc: l.quantity,
      CenaJednBrutto: groszeToZl(l.unitPrice),
      ...(l.preorderRelease && { Przedsprzedaz: { DataWysylki: l.preorderRelease } }),
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

/** The detail of one of the user's orders; another user's order or another club's is not found. */
export const orderDetails = async (
  db: Db,
  orgId: number,
  userId: number,
  orderId: number,
): Promise<AccountOrderDetail> => {
  const o = await repo.findUserOrder(db, orgId, userId, orderId);
  if (!o) throw notFound(msg.orderNotFound);
  return {
    Id: o.id,
    NrZamowienia: o.number,
    Dostawa: { Nazwa: o.shippingName, Koszt: groszeToZl(o.shippingCost), Informacje: o.deliveryInfo },
    WartoscProduktow: groszeToZl(o.itemsTotal),
    Rabaty: (await promotionsOfOrder(db, orgId, o.id))
      .filter((p) => p.itemsAmount > 0)
      .map((p) => ({ Nazwa: p.name, Kod: p.code, Kwota: groszeToZl(p.itemsAmount) })),
    Platnosc: {
      Metoda: paymentMethodLabel[o.paymentMethod] ?? '',
      Stan: buyerPaymentState(o.paymentMethod, o.paymentStatus),
      Oplacone: o.paymentStatus === 'COMPLETED',
    },
    ...(o.giftCardPaid > 0 && { KartaPodarunkowa: groszeToZl(o.giftCardPaid) }),
    Adres: {
      ImieNazwisko: o.name,
      Ulica: o.street,
      KodPocztowy: o.postcode,
      Miasto: o.city,
      Telefon: o.phone,
      Email: o.email,
    },
    Firma: o.invoiceCompany && o.invoiceNip ? { Nazwa: o.invoiceCompany, Nip: o.invoiceNip } : null,
    Przesylka: shipmentView(o),
    Zwroty: (await refundsOf(db, orgId, o.id)).map((r) => r.view),
    WymianaDo: (await exchangeOriginOf(db, orgId, o.id))?.Numer ?? null,
  };
};
