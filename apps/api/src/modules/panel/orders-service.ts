import {
  fillMessage,
  giftCardStateLabel,
  groszeToZl,
  msg,
  OrderStatus,
  orderTransitions,
  type PanelOrderDetail,
  type PanelOrderNote,
  type PanelOrderShipment,
  type PanelOrderStatusChange,
  type PanelOrdersQuery,
  type PanelOrdersSummary,
  PaymentMethod,
  paymentMethodLabel,
  paymentStateLabel,
  statusLabel,
} from '@club/contract';
import type { Db, Tx } from '../../db/client.ts';
import type { orders } from '../../db/schema.ts';
import { transactionWithRetry } from '../../db/transactions.ts';
import { exchangeOriginOf } from '../../lib/exchange-origin.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import type { PanelActor } from '../../plugins/panel-auth.ts';
import type { Organisation } from '../../plugins/tenancy.ts';
import { cardState } from '../gift-cards/state.ts';
import { orderShippedMail } from '../mail/order-shipped-template.ts';
import { orderStatusMail } from '../mail/order-status-templates.ts';
import { enqueueMail } from '../mail/queue.ts';
import { heldUntil } from '../orders/held-orders.ts';
import { promotionsOfOrder } from '../orders/order-lines.ts';
import { returnStockOnce } from '../orders/place-stock.ts';
import { shipmentView } from '../orders/shipment.ts';
import { recordStatusChange } from '../orders/status-history.ts';
import { auditActor, recordAudit } from './audit.ts';
import * as cardsRepo from './gift-cards-repository.ts';
import { addressOf, correctionsOf, hasInvoice, optionsOf } from './order-correction-rules.ts';
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

/**
 * Gift cards in an order (decision 154): what a card paid of it and what is left to pay, and the
 * cards its gift card lines issued. Absent fields when there are none, so other orders read as before.
 */
const giftCardsOfOrder = async (db: Db, orgId: number, o: repo.OrderRow) => {
  const [paid, issued] = await Promise.all([
    o.giftCardPaid > 0 ? cardsRepo.paidByCards(db, orgId, o.id) : [],
    cardsRepo.issuedBy(db, orgId, o.id),
  ]);
  const now = new Date();
  return {
    ...(o.giftCardPaid > 0 && {
      KartaPodarunkowa: {
        Kwota: groszeToZl(o.giftCardPaid),
        Karty: paid.map((c) => ({ Id: c.id, Koncowka: c.codeEnd, Kwota: groszeToZl(c.amount) })),
      },
      DoZaplaty: groszeToZl(o.total - o.giftCardPaid),
    }),
    ...(issued.length > 0 && {
      WydaneKarty: issued.map((c) => {
        const state = cardState(c, now);
        return {
          Id: c.id,
          IdPozycji: c.lineId,
          Koncowka: c.codeEnd,
          Kwota: groszeToZl(c.amount),
          Saldo: groszeToZl(c.balance),
          WaznaDo: c.expiresAt.toISOString(),
          Stan: state,
          StanNazwa: giftCardStateLabel[state],
        };
      }),
    }),
  };
};

export const allowedNext = (status: number) => orderTransitions[status] ?? [];

export const orderDetail = async (db: Db, org: Organisation, id: number): Promise<PanelOrderDetail> => {
  const o = await repo.findOrder(db, org.id, id);
  if (!o) throw notFound(msg.orderNotFound);
  const [lines, history, notes, invoiced, exchangeOf, promotions, cards] = await Promise.all([
    repo.findLines(db, org.id, id),
    repo.findHistory(db, org.id, id),
    repo.findNotes(db, org.id, id),
    hasInvoice(db, org.id, id),
    exchangeOriginOf(db, org.id, id),
    promotionsOfOrder(db, org.id, id),
    giftCardsOfOrder(db, org.id, o),
  ]);
  const options = await optionsOf(db, org.id, [
    ...new Set(lines.flatMap((l) => (l.productId === null ? [] : [l.productId]))),
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
      Wartosc: groszeToZl(l.unitPrice * l.quantity - l.discount),
      ...(l.discount > 0 && { Rabat: groszeToZl(l.discount) }),
      Rozmiary: l.productId === null ? [] : (options.get(l.productId) ?? []),
      NumeryEdycji:
        l.editionFrom !== null && l.editionTo !== null ? { Od: l.editionFrom, Do: l.editionTo } : null,
      ...(l.preorderRelease && { Przedsprzedaz: { DataWysylki: l.preorderRelease } }),
      ...(l.giftCard && { KartaPodarunkowa: true as const }),
    })),
    Poprawki: correctionsOf(o, invoiced),
    Adres: addressOf(o),
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
    Rabaty: promotions.map((p) => ({
      Nazwa: p.name,
      Kod: p.code,
      Kwota: groszeToZl(p.itemsAmount),
      Dostawa: groszeToZl(p.shippingAmount),
    })),
    Kwota: groszeToZl(o.total),
    ...cards,
    StanZwroconyNaMagazyn: o.stockReturnedAt !== null,
    WymianaDo: exchangeOf,
    Przesylka: shipmentView(o),
    NotatkiWewnetrzne: notes.map((n) => ({
      Data: n.createdAt.toISOString(),
      Autor: n.userEmail,
      Tresc: n.body,
    })),
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
 * One panel change of an order: a transaction with the order row locked (another club's or a
 * missing order: 404), then the order's detail as it is after the commit.
 */
export const changeOrder = async (
  db: Db,
  actor: PanelActor,
  id: number,
  change: (tx: Tx, o: repo.OrderRow) => Promise<void>,
): Promise<PanelOrderDetail> => {
  await transactionWithRetry(db, async (tx) => {
    const o = await repo.findOrder(tx, actor.org.id, id, true);
    if (!o) throw notFound(msg.orderNotFound);
    await change(tx, o);
  });
  return orderDetail(db, actor.org, id);
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
  return changeOrder(db, actor, id, async (tx, o) => {
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
};

/** Statuses whose order may be given (or corrected to) a parcel number: not cancelled, not new or on hold. */
const SHIPPABLE: number[] = [OrderStatus.toFulfil, OrderStatus.inProgress, OrderStatus.done];

/**
 * Records the parcel (carrier and number) of an order and e-mails the buyer 'Zamówienie wysłane'
 * with the tracking link, in one transaction with the order locked: the row, the durable mail and
 * the audit entry commit together. The same parcel again changes nothing and sends nothing, so a
 * double click does not mail twice; a corrected number is sent again.
 */
export const setShipment = async (
  db: Db,
  actor: PanelActor,
  id: number,
  input: PanelOrderShipment,
  withdrawUrlOf?: (o: { id: number; email: string; status: number }) => Promise<string>,
): Promise<PanelOrderDetail> => {
  const { org } = actor;
  return changeOrder(db, actor, id, async (tx, o) => {
    if (!SHIPPABLE.includes(o.status))
      throw conflict(fillMessage(msg.panelShipmentRefused, { status: statusLabel(o.status) }));
    if (o.trackingCarrier === input.Przewoznik && o.trackingNumber === input.NumerPrzesylki) return;
    await repo.setShipment(tx, org.id, id, input.Przewoznik, input.NumerPrzesylki);
    await enqueueMail(
      tx,
      orderShippedMail({
        to: o.email,
        shopName: org.name,
        number: o.number,
        carrier: input.Przewoznik,
        trackingNumber: input.NumerPrzesylki,
        withdrawUrl: await withdrawUrlOf?.({ id, email: o.email, status: o.status }),
      }),
      org.id,
    );
    await recordAudit(tx, {
      ...auditActor(actor),
      action: 'shipment',
      entity: 'order',
      entityId: id,
      before: { Numer: o.number, Przewoznik: o.trackingCarrier, NumerPrzesylki: o.trackingNumber },
      after: { Numer: o.number, Przewoznik: input.Przewoznik, NumerPrzesylki: input.NumerPrzesylki },
    });
  });
};

/**
 * The courier handed over the cash: a cash-on-delivery order's payment becomes COMPLETED. Money,
 * so owners only (decision 050, checked by the route); audited; nothing is e-mailed.
 */
export const markCodPaid = async (db: Db, actor: PanelActor, id: number): Promise<PanelOrderDetail> => {
  const { org } = actor;
  return changeOrder(db, actor, id, async (tx, o) => {
    if (
      o.paymentMethod !== PaymentMethod.cashOnDelivery ||
      o.paymentStatus === 'COMPLETED' ||
      o.status === OrderStatus.cancelled
    )
      throw conflict(msg.panelMarkPaidRefused);
    await repo.setPaymentStatus(tx, org.id, id, 'COMPLETED');
    await recordAudit(tx, {
      ...auditActor(actor),
      action: 'paid',
      entity: 'order',
      entityId: id,
      before: { Numer: o.number, StatusPlatnosci: o.paymentStatus },
      after: { Numer: o.number, StatusPlatnosci: 'COMPLETED' },
    });
  });
};

/** A staff-only note on the order, with its author and time; audited like every panel change. */
export const addNote = async (
  db: Db,
  actor: PanelActor,
  id: number,
  input: PanelOrderNote,
): Promise<PanelOrderDetail> => {
  const { org, user } = actor;
  return changeOrder(db, actor, id, async (tx, o) => {
    await repo.insertNote(tx, {
      organisationId: org.id,
      orderId: id,
      userId: user.id,
      userEmail: user.email,
      body: input.Tresc,
    });
    await recordAudit(tx, {
      ...auditActor(actor),
      action: 'note',
      entity: 'order',
      entityId: id,
      after: { Numer: o.number, Notatka: input.Tresc },
    });
  });
};

/** The navigation's badge: how many orders are still 'Nowe'. */
export const ordersSummary = async (db: Db, orgId: number): Promise<PanelOrdersSummary> => ({
  Nowe: await repo.countOrders(db, orgId, { status: [OrderStatus.new] } as PanelOrdersQuery),
});
