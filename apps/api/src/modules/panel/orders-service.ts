import {
  fillMessage,
  groszeToZl,
  msg,
  OrderStatus,
  orderTransitions,
  type PanelOrderDetail,
  type PanelOrderStatusChange,
  type PanelOrdersQuery,
  paymentMethodLabel,
  paymentStateLabel,
  statusLabel,
} from '@club/contract';
import type { Db } from '../../db/client.ts';
import type { orders } from '../../db/schema.ts';
import { transactionWithRetry } from '../../db/transactions.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import type { PanelActor } from '../../plugins/panel-auth.ts';
import type { Organisation } from '../../plugins/tenancy.ts';
import { orderStatusMail } from '../mail/order-status-templates.ts';
import { enqueueMail } from '../mail/queue.ts';
import { heldUntil } from '../orders/held-orders.ts';
import { returnStockOnce } from '../orders/place-stock.ts';
import { recordStatusChange } from '../orders/status-history.ts';
import { auditActor, recordAudit } from './audit.ts';
import * as repo from './orders-repository.ts';

/** An order's line in the panel's lists (the orders list and the dashboard's orders to handle). */
export const orderHeadline = (
  o: Pick<typeof orders.$inferSelect, 'id' | 'number' | 'createdAt' | 'status' | 'name'>,
) => ({
  Id: o.id,
  Numer: o.number,
  Data: o.createdAt.toISOString(),
  Status: o.status,
  StatusNazwa: statusLabel(o.status),
  Klient: o.name,
});

export const listOrders = async (db: Db, org: Organisation, f: PanelOrdersQuery) => {
  const [rows, total] = await Promise.all([
    repo.findOrders(db, org.id, f, f),
    repo.countOrders(db, org.id, f),
  ]);
  return {
    Items: rows.map((o) => ({
      ...orderHeadline(o),
      Email: o.email,
      Kwota: groszeToZl(o.total),
      MetodaPlatnosci: o.paymentMethod,
      StatusPlatnosci: o.paymentStatus,
      CzekaNaPotwierdzenieDo: heldUntil(o)?.toISOString() ?? null,
    })),
    Total: total,
  };
};

export const allowedNext = (status: number) => orderTransitions[status] ?? [];

export const orderDetail = async (db: Db, org: Organisation, id: number): Promise<PanelOrderDetail> => {
  const o = await repo.findOrder(db, org.id, id);
  if (!o) throw notFound(msg.orderNotFound);
  const [lines, history] = await Promise.all([
    repo.findLines(db, org.id, id),
    repo.findHistory(db, org.id, id),
  ]);
  return {
    Id: o.id,
    Numer: o.number,
    Data: o.createdAt.toISOString(),
    Status: o.status,
    StatusNazwa: statusLabel(o.status),
    CzekaNaPotwierdzenieDo: heldUntil(o)?.toISOString() ?? null,
    PotwierdzonePrzezKupujacego: o.buyerConfirmedAt?.toISOString() ?? null,
    DozwoloneStatusy: allowedNext(o.status).map((s) => ({ Status: s, Nazwa: statusLabel(s) })),
    IdUzytkownika: o.userId,
    Pozycje: lines.map((l) => ({
      Id: l.id,
      IdWyrob: l.productId,
      Nazwa: l.productName,
      Parametr: l.parameterName,
      Ilosc: l.quantity,
      Cena: groszeToZl(l.unitPrice),
      Wartosc: groszeToZl(l.unitPrice * l.quantity),
    })),
    Adres: {
      Nazwa: o.name,
      UlicaINumer: o.street,
      KodPocztowy: o.postcode,
      Miasto: o.city,
      Telefon: o.phone,
      Email: o.email,
    },
    Dostawa: {
      Nazwa: o.shippingName,
      Koszt: groszeToZl(o.shippingCost),
      DodatkoweInformacje: o.deliveryInfo,
    },
    Faktura: o.invoiceCompany && o.invoiceNip ? { Nazwa: o.invoiceCompany, NIP: o.invoiceNip } : null,
    Platnosc: {
      Metoda: o.paymentMethod,
      MetodaNazwa: paymentMethodLabel[o.paymentMethod] ?? String(o.paymentMethod),
      Dostawca: o.paymentProvider,
      Status: o.paymentStatus,
      StatusNazwa: paymentStateLabel[o.paymentStatus] ?? o.paymentStatus,
      IdZewnetrzne: o.paymentExternalId,
    },
    WartoscProduktow: groszeToZl(o.itemsTotal),
    Kwota: groszeToZl(o.total),
    StanZwroconyNaMagazyn: o.stockReturnedAt !== null,
    // The placement itself is the first entry: the order row says when it happened.
    Historia: [
      {
        Data: o.createdAt.toISOString(),
        ZStatusu: null,
        NaStatus: OrderStatus.new,
        NaStatusNazwa: statusLabel(OrderStatus.new),
        Uzytkownik: null,
        Notatka: msg.historyPlaced,
      },
      ...history.map((h) => ({
        Data: h.createdAt.toISOString(),
        ZStatusu: h.from,
        NaStatus: h.to,
        NaStatusNazwa: statusLabel(h.to),
        Uzytkownik: h.userEmail,
        Notatka: h.note,
      })),
    ],
  };
};

/**
 * Moves an order along DESIGN.md's transitions, in one transaction with the order row locked:
 * the history entry, the buyer's e-mail (durable queue) and the audit entry commit with the change.
 * Cancelling returns the stock exactly once (returnStockOnce's claim), however many cancels race.
 */
export const changeOrderStatus = async (
  db: Db,
  actor: PanelActor,
  id: number,
  input: PanelOrderStatusChange,
  /** The buyer's 'Odstąp od umowy' link for the status e-mail (lib/withdrawal-link.ts). */
  withdrawUrlOf?: (o: { id: number; email: string; status: number }) => Promise<string>,
): Promise<PanelOrderDetail> => {
  const { org, user } = actor;
  await transactionWithRetry(db, async (tx) => {
    const o = await repo.findOrder(tx, org.id, id, true);
    if (!o) throw notFound(msg.orderNotFound);
    if (!allowedNext(o.status).includes(input.Status)) {
      throw conflict(
        fillMessage(msg.panelStatusTransitionRefused, {
          z: statusLabel(o.status),
          na: statusLabel(input.Status),
        }),
      );
    }
    await repo.setStatus(tx, org.id, id, input.Status);
    const stockReturned =
      input.Status === OrderStatus.cancelled ? await returnStockOnce(tx, org.id, id) : false;
    const note = input.Notatka?.trim() ?? '';
    await recordStatusChange(tx, {
      organisationId: org.id,
      orderId: id,
      from: o.status,
      to: input.Status,
      userId: user.id,
      note,
    });
    await enqueueMail(
      tx,
      orderStatusMail({
        to: o.email,
        shopName: org.name,
        number: o.number,
        status: input.Status,
        note,
        withdrawUrl: await withdrawUrlOf?.({ id, email: o.email, status: input.Status }),
      }),
      org.id,
    );
    await recordAudit(tx, {
      ...auditActor(actor),
      action: 'status',
      entity: 'order',
      entityId: id,
      before: { Numer: o.number, Status: o.status },
      after: {
        Numer: o.number,
        Status: input.Status,
        ...(note && { Notatka: note }),
        ...(stockReturned && { ZwrotNaMagazyn: true }),
      },
    });
  });
  return orderDetail(db, org, id);
};
