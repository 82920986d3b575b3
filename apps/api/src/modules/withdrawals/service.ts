import {
  fillMessage,
  msg,
  OrderStatus,
  type PanelReturn,
  type PanelReturnExchange,
  type PanelReturnStateChange,
  PaymentMethod,
  type WithdrawalOffer,
  type WithdrawalReceipt,
  type WithdrawalRequest,
} from '@club/contract';
import { and, asc, desc, eq, inArray, isNull, max, sql, sum } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import {
  orderLines,
  orderStatusHistory,
  orders,
  organisations,
  products,
  withdrawalLines,
  withdrawals,
} from '../../db/schema.ts';
import { transactionWithRetry } from '../../db/transactions.ts';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-error.ts';
import {
  canMoveReturn,
  lineAvailability,
  type ReturnStateCode,
  returnStateLabel,
  returnTransitions,
  type WindowInput,
  withdrawalWindow,
} from '../../lib/withdrawal-window.ts';
import type { Organisation } from '../../plugins/tenancy.ts';
import { enqueueBudgetedMail, enqueueMail } from '../mail/queue.ts';
import { returnProductStock } from '../orders/place-stock.ts';
import { auditActor, recordAudit } from '../panel/audit.ts';
import { type RefundDeps, type RefundSourceCompleter, refundOrder } from '../refunds/service.ts';
import { exchangeOptions, sendExchange } from './exchange.ts';
import { returnStepMail, withdrawalReceivedMail } from './mail.ts';

export type OrderFacts = WindowInput & { id: number; number: string; email: string; userId: number | null };

/** The order with what its window needs: delivered = when it last reached 'Zrealizowane'. */
export const loadOrder = async (db: Db | Tx, orgId: number, orderId: number): Promise<OrderFacts | null> => {
  const [o] = await db
    .select({
      id: orders.id,
      number: orders.number,
      email: orders.email,
      userId: orders.userId,
      status: orders.status,
      placedAt: orders.createdAt,
      clubDays: organisations.withdrawalDays,
    })
    .from(orders)
    .innerJoin(organisations, eq(organisations.id, orders.organisationId))
    .where(and(eq(orders.id, orderId), eq(orders.organisationId, orgId)));
  if (!o) return null;
  const [d] = await db
    .select({ at: max(orderStatusHistory.createdAt) })
    .from(orderStatusHistory)
    .where(
      and(
        eq(orderStatusHistory.orderId, orderId),
        eq(orderStatusHistory.organisationId, orgId),
        eq(orderStatusHistory.toStatus, OrderStatus.done),
      ),
    );
  const deliveredAt = o.status === OrderStatus.done ? (d?.at ?? o.placedAt) : null;
  return { ...o, deliveredAt };
};

const linesOf = async (db: Db | Tx, orgId: number, orderId: number) => {
  const withdrawn = db
    .select({ lineId: withdrawalLines.orderLineId, n: sum(withdrawalLines.quantity).mapWith(Number).as('n') })
    .from(withdrawalLines)
    .innerJoin(withdrawals, eq(withdrawals.id, withdrawalLines.withdrawalId))
    // A rejected return leaves the pieces withdrawable no more: the statement was made; the club's
    // rejection does not undo it, so every return counts.
    .where(eq(withdrawalLines.organisationId, orgId))
    .groupBy(withdrawalLines.orderLineId)
    .as('w');
  const rows = await db
    .select({
      id: orderLines.id,
      name: orderLines.productName,
      parameter: orderLines.parameterName,
      productId: orderLines.productId,
      parameterId: orderLines.parameterId,
      unitPrice: orderLines.unitPrice,
      quantity: orderLines.quantity,
      withdrawn: sql<number>`coalesce(${withdrawn.n}, 0)`.mapWith(Number),
      datedEvent: sql<boolean>`coalesce(${products.datedEvent}, false)`,
      personalised: sql<boolean>`coalesce(${products.personalised}, false)`,
      printed: sql<boolean>`${orderLines.printingText} IS NOT NULL`,
    })
    .from(orderLines)
    .leftJoin(products, and(eq(products.id, orderLines.productId), eq(products.organisationId, orgId)))
    .leftJoin(withdrawn, eq(withdrawn.lineId, orderLines.id))
    .where(and(eq(orderLines.orderId, orderId), eq(orderLines.organisationId, orgId)))
    .orderBy(asc(orderLines.id));
  return rows.map((r) => ({ ...r, ...lineAvailability(r) }));
};

export const offerOf = async (
  db: Db,
  org: Organisation,
  o: OrderFacts,
  now: Date,
): Promise<WithdrawalOffer> => {
  const w = withdrawalWindow(o, now);
  const lines = await linesOf(db, org.id, o.id);
  const sizes = await exchangeOptions(
    db,
    org.id,
    lines.filter((l) => !l.exempt && l.available > 0),
  );
  return {
    NrZamowienia: o.number,
    Sklep: org.name,
    Otwarte: w.open,
    Do: w.until?.toISOString() ?? null,
    Pozycje: lines.map((l) => ({
      Id: l.id,
      Nazwa: l.name,
      Parametr: l.parameter,
      Ilosc: l.quantity,
      Dostepne: w.open ? l.available : 0,
      Wylaczenie: l.exempt,
      Rozmiary: w.open ? (sizes.get(l.id) ?? []) : [],
      BrakWymiany: w.open && sizes.get(l.id)?.length === 0 ? msg.exchangeNoSizes : null,
    })),
  };
};

/**
 * Records the buyer's statement and queues its acknowledgement, in one transaction with the order
 * row locked: two submissions at once cannot both take the same pieces.
 */
export const submitWithdrawal = async (
  db: Db,
  org: Organisation,
  orderId: number,
  input: WithdrawalRequest,
  now: Date = new Date(),
): Promise<WithdrawalReceipt> =>
  transactionWithRetry(db, async (tx) => {
    await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.organisationId, org.id)))
      .for('update');
    const o = await loadOrder(tx, org.id, orderId);
    if (!o) throw notFound(msg.orderNotFound);
    const w = withdrawalWindow(o, now);
    if (!w.open) throw conflict(w.reason === 'cancelled' ? msg.withdrawalCancelled : msg.withdrawalClosed);
    const lines = new Map((await linesOf(tx, org.id, orderId)).map((l) => [l.id, l]));
    const wanted = new Map<number, number>();
    const swap = new Map<number, number | null>();
    for (const p of input.Pozycje) {
      wanted.set(p.Id, (wanted.get(p.Id) ?? 0) + p.Ilosc);
      // One line, one wish: the same line asked twice with different sizes is not a statement.
      if (swap.has(p.Id) && swap.get(p.Id) !== (p.WymianaNa ?? null))
        throw new HttpError(400, msg.withdrawalLineInvalid);
      swap.set(p.Id, p.WymianaNa ?? null);
    }
    for (const [id, n] of wanted) {
      const l = lines.get(id);
      if (!l) throw new HttpError(400, msg.withdrawalLineInvalid);
      if (l.exempt)
        throw conflict(fillMessage(msg.withdrawalLineExempt, { produkt: l.name, powod: l.exempt }));
      if (n > l.available)
        throw conflict(fillMessage(msg.withdrawalTooMany, { produkt: l.name, ile: String(l.available) }));
    }
    // Sizes are checked here, not trusted from the form: same product, in stock, the price paid.
    const sizes = await exchangeOptions(
      tx,
      org.id,
      [...swap].filter(([, p]) => p !== null).map(([id]) => lines.get(id)!),
    );
    const sizeOf = new Map<number, { id: number; name: string }>();
    for (const [id, p] of swap) {
      if (p === null) continue;
      const l = lines.get(id)!;
      if (l.parameterId === null) throw conflict(msg.exchangeNoParameter);
      const size = sizes.get(id)?.find((s) => s.Id === p);
      if (!size) throw conflict(msg.exchangeSizeInvalid);
      sizeOf.set(id, { id: size.Id, name: size.Nazwa });
    }
    const [row] = await tx
      .insert(withdrawals)
      .values({ organisationId: org.id, orderId, reason: input.Powod, createdAt: now, updatedAt: now })
      .returning({ id: withdrawals.id, createdAt: withdrawals.createdAt });
    await tx.insert(withdrawalLines).values(
      [...wanted].map(([id, n]) => ({
        organisationId: org.id,
        withdrawalId: row!.id,
        orderLineId: id,
        quantity: n,
        exchangeParameterId: sizeOf.get(id)?.id ?? null,
        exchangeParameterName: sizeOf.get(id)?.name ?? null,
      })),
    );
    const picked = [...wanted].map(([id, n]) => ({
      name: lines.get(id)!.name,
      parameter: lines.get(id)!.parameter,
      quantity: n,
      exchangeTo: sizeOf.get(id)?.name ?? null,
    }));
    // The acknowledgement is the law's durable medium: never dropped by the buyer's mail budget.
    await enqueueMail(
      tx,
      withdrawalReceivedMail({
        to: o.email,
        shopName: org.name,
        number: o.number,
        receivedAt: row!.createdAt,
        lines: picked,
        reason: input.Powod,
      }),
      org.id,
    );
    if (org.shopEmail)
      await enqueueBudgetedMail(
        tx,
        {
          ...withdrawalReceivedMail({
            to: org.shopEmail,
            shopName: org.name,
            number: o.number,
            receivedAt: row!.createdAt,
            lines: picked,
            reason: input.Powod,
          }),
          subject: `Nowe odstąpienie od umowy – zamówienie ${o.number}`,
          replyTo: o.email,
        },
        org.id,
        'order',
      );
    return {
      Id: row!.id,
      NrZamowienia: o.number,
      Otrzymano: row!.createdAt.toISOString(),
      Pozycje: picked.map((p) => ({
        Nazwa: p.name,
        Parametr: p.parameter,
        Ilosc: p.quantity,
        WymianaNa: p.exchangeTo,
      })),
    };
  });

// panel: returns

const exchangeOrders = alias(orders, 'exchange_orders');

const returnRows = async (db: Db | Tx, orgId: number, where: { id?: number; state?: ReturnStateCode }) => {
  const rows = await db
    .select({
      id: withdrawals.id,
      orderId: withdrawals.orderId,
      number: orders.number,
      email: orders.email,
      paymentMethod: orders.paymentMethod,
      state: withdrawals.state,
      reason: withdrawals.reason,
      note: withdrawals.decisionNote,
      createdAt: withdrawals.createdAt,
      stockReturnedAt: withdrawals.stockReturnedAt,
      exchangeOrderId: withdrawals.exchangeOrderId,
      exchangeNumber: exchangeOrders.number,
    })
    .from(withdrawals)
    .innerJoin(orders, and(eq(orders.id, withdrawals.orderId), eq(orders.organisationId, orgId)))
    .leftJoin(
      exchangeOrders,
      and(eq(exchangeOrders.id, withdrawals.exchangeOrderId), eq(exchangeOrders.organisationId, orgId)),
    )
    .where(
      and(
        eq(withdrawals.organisationId, orgId),
        where.id ? eq(withdrawals.id, where.id) : undefined,
        where.state ? eq(withdrawals.state, where.state) : undefined,
      ),
    )
    .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
    .limit(500);
  if (!rows.length) return [];
  const lines = await db
    .select({
      id: withdrawalLines.id,
      withdrawalId: withdrawalLines.withdrawalId,
      orderLineId: withdrawalLines.orderLineId,
      quantity: withdrawalLines.quantity,
      name: orderLines.productName,
      parameter: orderLines.parameterName,
      productId: orderLines.productId,
      parameterId: orderLines.parameterId,
      unitPrice: orderLines.unitPrice,
      exchangeParameterId: withdrawalLines.exchangeParameterId,
      exchangeParameterName: withdrawalLines.exchangeParameterName,
    })
    .from(withdrawalLines)
    .innerJoin(orderLines, eq(orderLines.id, withdrawalLines.orderLineId))
    .where(
      and(
        eq(withdrawalLines.organisationId, orgId),
        inArray(
          withdrawalLines.withdrawalId,
          rows.map((r) => r.id),
        ),
      ),
    )
    .orderBy(asc(withdrawalLines.id));
  return rows.map((r) => ({
    ...r,
    state: r.state as ReturnStateCode,
    lines: lines.filter((l) => l.withdrawalId === r.id),
  }));
};

type ReturnRow = Awaited<ReturnType<typeof returnRows>>[number];

/** Lines to give money for: all of them, less those the exchange already replaced. */
const refundableLines = (r: ReturnRow) =>
  r.exchangeOrderId === null ? r.lines : r.lines.filter((l) => l.exchangeParameterId === null);
const exchangePending = (r: ReturnRow) =>
  r.exchangeOrderId === null && r.lines.some((l) => l.exchangeParameterId !== null);

/** The state machine's moves, less those this return cannot take (no exchange asked; nothing left to refund). */
const allowedMoves = (r: ReturnRow) =>
  returnTransitions[r.state].filter(
    (s) =>
      (s !== 'wymieniony' || exchangePending(r)) &&
      (s !== 'zwrot_pieniedzy' || refundableLines(r).length > 0),
  );

/** Whether a line's exchange may still be changed: before the exchange is sent and before money. */
const exchangeEditable = (r: ReturnRow) =>
  r.exchangeOrderId === null && ['zgloszony', 'przyjety', 'towar_otrzymany'].includes(r.state);

const toPanel = (r: ReturnRow, sizes = new Map<number, { Id: number; Nazwa: string }[]>()): PanelReturn => ({
  Id: r.id,
  ZamowienieId: r.orderId,
  NrZamowienia: r.number,
  Email: r.email,
  Stan: r.state,
  NazwaStanu: returnStateLabel[r.state],
  Powod: r.reason,
  Uwagi: r.note,
  Utworzono: r.createdAt.toISOString(),
  Pozycje: r.lines.map((l) => ({
    Id: l.id,
    Nazwa: l.name,
    Parametr: l.parameter,
    Ilosc: l.quantity,
    WymianaNa: l.exchangeParameterName,
    Rozmiary: sizes.get(l.orderLineId) ?? [],
  })),
  Wymiana:
    r.exchangeOrderId !== null && r.exchangeNumber !== null
      ? { Id: r.exchangeOrderId, Numer: r.exchangeNumber }
      : null,
  ZwrotPrzelewem: r.paymentMethod === PaymentMethod.cashOnDelivery,
  Dozwolone: allowedMoves(r).map((s) => ({ Stan: s, Nazwa: returnStateLabel[s] })),
});

export const listReturns = async (db: Db, orgId: number, state?: ReturnStateCode) =>
  (await returnRows(db, orgId, { state })).map((r) => toPanel(r));

/** One return, with the sizes each line may still be exchanged for (the list leaves them empty). */
export const returnDetail = async (db: Db | Tx, orgId: number, id: number) => {
  const [r] = await returnRows(db, orgId, { id });
  if (!r) throw notFound(msg.panelReturnNotFound);
  const sizes = exchangeEditable(r)
    ? await exchangeOptions(
        db,
        orgId,
        r.lines.map((l) => ({ ...l, id: l.orderLineId })),
      )
    : undefined;
  return toPanel(r, sizes);
};

type Actor = { org: Organisation; user: { id: number; email: string } };

/**
 * Moves a return one step. The move is a compare-and-set on the state, so of two managers pressing
 * 'Towar otrzymany' at once one wins: only its transaction puts the pieces back on stock.
 */
export const changeReturnState = async (db: Db, actor: Actor, id: number, input: PanelReturnStateChange) => {
  const { org } = actor;
  await transactionWithRetry(db, async (tx) => {
    const [r] = await returnRows(tx, org.id, { id });
    if (!r) throw notFound(msg.panelReturnNotFound);
    const refused = () =>
      conflict(
        fillMessage(msg.panelReturnTransitionRefused, {
          z: returnStateLabel[r.state],
          na: returnStateLabel[input.Stan],
        }),
      );
    // The refund step moves money (refundReturn, through the refunds service); the exchange step
    // makes an order (exchangeReturn).
    if (
      !canMoveReturn(r.state, input.Stan) ||
      input.Stan === 'zwrot_pieniedzy' ||
      input.Stan === 'wymieniony'
    )
      throw refused();
    const note = input.Uwagi.trim();
    const moved = await tx
      .update(withdrawals)
      .set({
        state: input.Stan,
        updatedAt: sql`now()`,
        ...(note && { decisionNote: note }),
        ...(input.Stan === 'towar_otrzymany' && { stockReturnedAt: sql`now()` }),
      })
      .where(
        and(
          eq(withdrawals.id, id),
          eq(withdrawals.organisationId, org.id),
          eq(withdrawals.state, r.state),
          input.Stan === 'towar_otrzymany' ? isNull(withdrawals.stockReturnedAt) : undefined,
        ),
      )
      .returning({ id: withdrawals.id });
    if (!moved.length) throw refused();
    let stockReturned = false;
    if (input.Stan === 'towar_otrzymany') {
      const perProduct = new Map<number, { parameterId: number | null; quantity: number }[]>();
      for (const l of r.lines) {
        if (l.productId === null) continue;
        const list = perProduct.get(l.productId) ?? [];
        list.push({ parameterId: l.parameterId, quantity: l.quantity });
        perProduct.set(l.productId, list);
      }
      // Products in id order, as placement locks them: no deadlock with a checkout.
      for (const pid of [...perProduct.keys()].sort((a, b) => a - b))
        await returnProductStock(tx, org.id, pid, perProduct.get(pid)!);
      stockReturned = true;
    }
    await enqueueMail(
      tx,
      returnStepMail({
        to: r.email,
        shopName: org.name,
        number: r.number,
        state: input.Stan as Exclude<ReturnStateCode, 'zgloszony' | 'zwrot_pieniedzy' | 'wymieniony'>,
        note,
        lines: r.lines.map((l) => ({ name: l.name, parameter: l.parameter, quantity: l.quantity })),
      }),
      org.id,
    );
    await recordAudit(tx, {
      ...auditActor(actor),
      action: 'status',
      entity: 'return',
      entityId: id,
      before: { Zamowienie: r.number, Stan: r.state },
      after: {
        Zamowienie: r.number,
        Stan: input.Stan,
        ...(note && { Uwagi: note }),
        ...(stockReturned && { ZwrotNaMagazyn: true }),
      },
    });
  });
  return returnDetail(db, org.id, id);
};

/** The return becomes 'zwrot_pieniedzy', in the transaction that records its refund as made. */
const markReturnRefunded = async (
  tx: Tx,
  actor: Actor,
  id: number,
  r: { number: string; state: ReturnStateCode },
  note: string,
) => {
  await tx
    .update(withdrawals)
    .set({ state: 'zwrot_pieniedzy', updatedAt: sql`now()`, ...(note && { decisionNote: note }) })
    .where(and(eq(withdrawals.id, id), eq(withdrawals.organisationId, actor.org.id)));
  await recordAudit(tx, {
    ...auditActor(actor),
    action: 'status',
    entity: 'return',
    entityId: id,
    before: { Zamowienie: r.number, Stan: r.state },
    after: { Zamowienie: r.number, Stan: 'zwrot_pieniedzy', ...(note && { Uwagi: note }) },
  });
};

/** A return's refund sent again and accepted: the return moves on, if it still may. */
export const returnRefunded: RefundSourceCompleter = async (tx, actor, id, note) => {
  const [r] = await returnRows(tx, actor.org.id, { id });
  if (!r || !canMoveReturn(r.state, 'zwrot_pieniedzy')) throw conflict(msg.panelReturnNotFound);
  await markReturnRefunded(tx, actor, id, r, note);
};

/**
 * The refund step of a return: the returned pieces (and the shipping cost when asked) are refunded
 * through the refunds service; the return becomes 'zwrot_pieniedzy' once the money is on its way.
 * The buyer gets the refund's e-mail, which says what was given back and how.
 */
export const refundReturn = async (
  deps: RefundDeps,
  actor: Actor,
  id: number,
  input: PanelReturnStateChange,
) => {
  const { org } = actor;
  const [r] = await returnRows(deps.db, org.id, { id });
  if (!r) throw notFound(msg.panelReturnNotFound);
  if (!allowedMoves(r).includes('zwrot_pieniedzy'))
    throw conflict(
      fillMessage(msg.panelReturnTransitionRefused, {
        z: returnStateLabel[r.state],
        na: returnStateLabel.zwrot_pieniedzy,
      }),
    );
  const note = input.Uwagi.trim();
  await refundOrder(
    deps,
    actor,
    r.orderId,
    {
      Pozycje: refundableLines(r).map((l) => ({ Id: l.orderLineId, Ilosc: l.quantity })),
      Dostawa: input.Dostawa,
      NrKonta: input.NrKonta,
      Powod: note,
    },
    { kind: 'return', id, complete: (tx) => markReturnRefunded(tx, actor, id, r, note) },
  );
  return returnDetail(deps.db, org.id, id);
};

/** Locks the return's row: its exchange and its line changes happen one at a time. */
const lockReturn = async (tx: Tx, orgId: number, id: number) => {
  const [locked] = await tx
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(and(eq(withdrawals.id, id), eq(withdrawals.organisationId, orgId)))
    .for('update');
  if (!locked) throw notFound(msg.panelReturnNotFound);
  const [r] = await returnRows(tx, orgId, { id });
  if (!r) throw notFound(msg.panelReturnNotFound);
  return r;
};

/**
 * 'Wyślij wymianę': once the goods are back, the sizes asked for go out as a new order with
 * nothing to pay (exchange.ts). The return's row is locked, so two presses make one order; the
 * second reads the first's number. A sold-out size or a changed price refuses it, and the
 * manager refunds instead.
 */
export const exchangeReturn = async (db: Db, actor: Actor, id: number, input: PanelReturnStateChange) => {
  const { org } = actor;
  await transactionWithRetry(db, async (tx) => {
    const r = await lockReturn(tx, org.id, id);
    if (r.exchangeOrderId !== null)
      throw conflict(fillMessage(msg.exchangeAlreadyDone, { numer: r.exchangeNumber ?? '' }));
    if (!r.lines.some((l) => l.exchangeParameterId !== null)) throw conflict(msg.exchangeNothingRequested);
    if (!canMoveReturn(r.state, 'wymieniony'))
      throw conflict(
        fillMessage(msg.panelReturnTransitionRefused, {
          z: returnStateLabel[r.state],
          na: returnStateLabel.wymieniony,
        }),
      );
    const note = input.Uwagi.trim();
    if (note)
      await tx
        .update(withdrawals)
        .set({ decisionNote: note })
        .where(and(eq(withdrawals.id, id), eq(withdrawals.organisationId, org.id)));
    await sendExchange(tx, actor, r);
  });
  return returnDetail(db, org.id, id);
};

/**
 * The panel turns a return line into a size exchange (the buyer asked by phone) or back into a
 * refund. The size is checked as the buyer's form's is: same product, in stock, the price paid.
 */
export const setReturnLineExchange = async (
  db: Db,
  actor: Actor,
  id: number,
  lineId: number,
  input: PanelReturnExchange,
) => {
  const { org } = actor;
  await transactionWithRetry(db, async (tx) => {
    const r = await lockReturn(tx, org.id, id);
    const line = r.lines.find((l) => l.id === lineId);
    if (!line) throw notFound(msg.exchangeLineNotFound);
    if (!exchangeEditable(r)) throw conflict(msg.exchangeLineLocked);
    let size: { Id: number; Nazwa: string } | null = null;
    if (input.WymianaNa !== null) {
      if (line.parameterId === null) throw conflict(msg.exchangeNoParameter);
      const sizes = await exchangeOptions(tx, org.id, [{ ...line, id: line.orderLineId }]);
      size = sizes.get(line.orderLineId)?.find((s) => s.Id === input.WymianaNa) ?? null;
      if (!size) throw badRequest(msg.exchangeSizeInvalid, { WymianaNa: msg.exchangeSizeInvalid });
    }
    await tx
      .update(withdrawalLines)
      .set({ exchangeParameterId: size?.Id ?? null, exchangeParameterName: size?.Nazwa ?? null })
      .where(and(eq(withdrawalLines.id, lineId), eq(withdrawalLines.organisationId, org.id)));
    await recordAudit(tx, {
      ...auditActor(actor),
      action: 'update',
      entity: 'return',
      entityId: id,
      before: {
        Zamowienie: r.number,
        Produkt: line.name,
        Rozmiar: line.parameter,
        WymianaNa: line.exchangeParameterName,
      },
      after: {
        Zamowienie: r.number,
        Produkt: line.name,
        Rozmiar: line.parameter,
        WymianaNa: size?.Nazwa ?? null,
      },
    });
  });
  return returnDetail(db, org.id, id);
};
