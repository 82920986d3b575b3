import {
  formatPlIban,
  groszeToZl,
  msg,
  type PanelOrderRefunds,
  PaymentMethod,
  piecesRefund,
  type RefundSelection,
  type RefundState,
  zlToGrosze,
} from '@club/contract';
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import { orderLines, orders, refundLines, refunds } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/transactions.ts';
import { exchangedPieces } from '../../lib/exchange-origin.ts';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-error.ts';
import { maskAccount, refundsOf } from '../../lib/refund-list.ts';
import type { Organisation } from '../../plugins/tenancy.ts';
import { blockRefundedCards, giveBackToCards } from '../gift-cards/redeem.ts';
import { enqueueMail } from '../mail/queue.ts';
import { auditActor, recordAudit } from '../panel/audit.ts';
import {
  type PaymentProvider,
  PaymentStatus,
  RefundError,
  type RefundNotification,
} from '../payments/provider.ts';
import type { Payments } from '../payments/registry.ts';
import { correctInvoiceAfterRefund } from './correction.ts';
import { refundMail } from './mail.ts';

export type RefundDeps = { db: Db; payments: Payments; log: FastifyBaseLogger };
/** Who makes the refund: a panel owner, or the step of a return or complaint they took. */
export type RefundActor = { org: Organisation; user: { id: number; email: string } };

/**
 * A return or complaint whose refund step this is. `complete` runs in the transaction that records
 * the money as given back (after the provider accepted it), to move the return or complaint on.
 */
export type RefundSource = {
  kind: 'return' | 'complaint';
  id: number;
  complete: (tx: Tx) => Promise<void>;
};

type OrderRow = typeof orders.$inferSelect;
type LineRow = typeof orderLines.$inferSelect;
type RefundRow = typeof refunds.$inferSelect;

const LIVE = ne(refunds.state, 'odrzucony');

/** What the order has given back so far, per line and in all, counting every refund not failed. */
const refundedSoFar = async (db: Db | Tx, order: OrderRow) => {
  const live = await db
    .select({
      id: refunds.id,
      amount: refunds.amount,
      shipping: refunds.shipping,
      giftCard: refunds.giftCardAmount,
    })
    .from(refunds)
    .where(and(eq(refunds.orderId, order.id), eq(refunds.organisationId, order.organisationId), LIVE));
  const perLine = new Map<number, number>();
  if (live.length) {
    const rows = await db
      .select({ orderLineId: refundLines.orderLineId, quantity: refundLines.quantity })
      .from(refundLines)
      .where(
        and(
          eq(refundLines.organisationId, order.organisationId),
          inArray(
            refundLines.refundId,
            live.map((r) => r.id),
          ),
        ),
      );
    for (const r of rows) perLine.set(r.orderLineId, (perLine.get(r.orderLineId) ?? 0) + r.quantity);
  }
  return {
    amount: live.reduce((s, r) => s + r.amount, 0),
    giftCard: live.reduce((s, r) => s + r.giftCard, 0),
    shipping: live.some((r) => r.shipping > 0),
    perLine,
    exchanged: await exchangedPieces(db, order.organisationId, order.id),
  };
};
/** Pieces of a line no refund may take: given back already, or swapped for another size and kept. */
const takenOf = (done: { perLine: Map<number, number>; exchanged?: Map<number, number> }, id: number) =>
  (done.perLine.get(id) ?? 0) + (done.exchanged?.get(id) ?? 0);

const linesOf = (db: Db | Tx, order: OrderRow) =>
  db
    .select()
    .from(orderLines)
    .where(and(eq(orderLines.orderId, order.id), eq(orderLines.organisationId, order.organisationId)))
    .orderBy(asc(orderLines.id));

/** Paid: what the buyer paid (the provider reported it, or the club marked cash on delivery paid). */
const paidOf = (o: OrderRow) => (o.paymentStatus === PaymentStatus.completed ? o.total : 0);
const methodOf = (o: OrderRow) =>
  o.paymentMethod === PaymentMethod.cashOnDelivery ? 'transfer' : 'provider';

/** The provider the order was paid through; refused when the club has since moved to another. */
const providerOf = (payments: Payments, org: Organisation, o: OrderRow): PaymentProvider => {
  if (o.paymentProvider === 'demo') return payments.demo(org);
  let provider: PaymentProvider;
  try {
    provider = payments.providerFor(org);
  } catch {
    throw new RefundError('not-refundable', `no provider for ${o.paymentProvider}`);
  }
  if (provider.name !== o.paymentProvider || !o.paymentExternalId)
    throw new RefundError(
      'not-refundable',
      `paid through ${o.paymentProvider}, club now on ${provider.name}`,
    );
  return provider;
};

type Planned = {
  amount: number;
  shipping: number;
  lines: { line: LineRow; quantity: number; amount: number }[];
};

/** Checks a selection against what is left of the order; the amount it gives back, in grosze. */
export const planRefund = (
  order: Pick<OrderRow, 'shippingCost' | 'total'> & { paid: number },
  lines: LineRow[],
  done: {
    amount: number;
    shipping: boolean;
    perLine: Map<number, number>;
    exchanged?: Map<number, number>;
  },
  selection: Pick<RefundSelection, 'Pozycje' | 'Dostawa' | 'Kwota'>,
): Planned => {
  if (selection.Kwota !== undefined) {
    // A price reduction: money only, the goods stay with the buyer.
    const amount = zlToGrosze(selection.Kwota);
    if (amount <= 0) throw badRequest(msg.refundAmountInvalid, { Kwota: msg.refundAmountInvalid });
    if (amount > order.paid - done.amount) throw conflict(msg.refundAmountTooHigh);
    return { amount, shipping: 0, lines: [] };
  }
  const wanted = new Map<number, number>();
  for (const p of selection.Pozycje) wanted.set(p.Id, (wanted.get(p.Id) ?? 0) + p.Ilosc);
  const planned: Planned['lines'] = [];
  for (const [id, quantity] of wanted) {
    const line = lines.find((l) => l.id === id);
    if (!line) throw badRequest(msg.refundLineInvalid, { Pozycje: msg.refundLineInvalid });
    if (quantity > line.quantity - takenOf(done, id)) throw conflict(msg.refundLineTooMany);
    planned.push({ line, quantity, amount: piecesRefund(line, quantity, takenOf(done, id)) });
  }
  let shipping = 0;
  if (selection.Dostawa && order.shippingCost > 0) {
    if (done.shipping) throw conflict(msg.refundShippingDone);
    shipping = order.shippingCost;
  }
  const amount = planned.reduce((s, l) => s + l.amount, 0) + shipping;
  if (amount <= 0) throw badRequest(msg.refundNothingChosen, { Pozycje: msg.refundNothingChosen });
  if (amount > order.paid - done.amount) throw conflict(msg.refundAmountTooHigh);
  return { amount, shipping, lines: planned };
};

const lockOrder = async (tx: Tx, orgId: number, orderId: number) => {
  const [o] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.organisationId, orgId)))
    .for('update');
  if (!o) throw notFound(msg.orderNotFound);
  return o;
};

const setState = (db: Db | Tx, id: number, set: Partial<typeof refunds.$inferInsert>) =>
  db
    .update(refunds)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(refunds.id, id));

/**
 * Gives money back for lines and shipping of an order (decision 134). The order's row lock makes
 * the check against what was paid and what was already given back hold under concurrency; a refund
 * through the provider is recorded first ('wysylany'), then asked of the provider outside any
 * transaction, then marked by the answer, so a crash or a refusal never counts money twice or loses it.
 */
export const refundOrder = async (
  deps: RefundDeps,
  actor: RefundActor,
  orderId: number,
  selection: RefundSelection,
  source?: RefundSource,
): Promise<void> => {
  const { org } = actor;
  const { db } = deps;
  const recorded = await db
    .transaction(async (tx) => {
      const order = await lockOrder(tx, org.id, orderId);
      const paid = paidOf(order);
      if (paid === 0) throw conflict(msg.refundNotPaid);
      const method = methodOf(order);
      const lines = await linesOf(tx, order);
      const done = await refundedSoFar(tx, order);
      const plan = planRefund({ ...order, paid }, lines, done, selection);
      for (const l of plan.lines)
        if (l.line.giftCard) await blockRefundedCards(tx, org.id, l.line.id, l.quantity);
      // What a gift card paid goes back onto it, once what was paid the other way is given back
      // (decision 154): the buyer gets money first, and the card keeps its own expiry.
      const otherRoom = paid - order.giftCardPaid - (done.amount - done.giftCard);
      const toCard = Math.max(0, plan.amount - Math.max(0, otherRoom));
      if (toCard > 0) await giveBackToCards(tx, org.id, order.id, 'refund', toCard);
      const other = plan.amount - toCard;
      if (method === 'transfer' && other > 0 && !selection.NrKonta)
        throw badRequest(msg.refundBankAccountRequired, { NrKonta: msg.refundBankAccountRequired });
      const [row] = await tx
        .insert(refunds)
        .values({
          organisationId: org.id,
          orderId,
          source: source?.kind ?? 'order',
          sourceId: source?.id ?? null,
          method,
          provider: method === 'provider' ? order.paymentProvider : null,
          state: method === 'transfer' || other === 0 ? 'zakonczony' : 'wysylany',
          amount: plan.amount,
          shipping: plan.shipping,
          giftCardAmount: toCard,
          extRefundId: `${org.id}-${orderId}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
          bankAccount: method === 'transfer' && other > 0 ? formatPlIban(selection.NrKonta) : null,
          reason: selection.Powod,
          userId: actor.user.id,
        })
        .returning();
      if (plan.lines.length)
        await tx.insert(refundLines).values(
          plan.lines.map((l) => ({
            organisationId: org.id,
            refundId: row!.id,
            orderLineId: l.line.id,
            quantity: l.quantity,
            amount: l.amount,
          })),
        );
      await recordAudit(tx, {
        ...auditActor(actor),
        action: 'refund',
        entity: 'order',
        entityId: orderId,
        before: { Numer: order.number },
        after: {
          Numer: order.number,
          Zwrot: groszeToZl(plan.amount),
          Sposob: method === 'transfer' ? 'przelew' : order.paymentProvider,
          Pozycje: plan.lines.map(
            (l) =>
              `${l.line.productName}${l.line.parameterName ? ` (${l.line.parameterName})` : ''} × ${l.quantity}`,
          ),
          ...(plan.shipping > 0 && { Dostawa: groszeToZl(plan.shipping) }),
          ...(source && { Zrodlo: `${source.kind} ${source.id}` }),
        },
      });
      if (method === 'transfer' || other === 0) await madeGood(tx, org, order, row!, plan, source);
      return { order, row: row!, plan, method, other };
    })
    .catch((err) => {
      if (isUniqueViolation(err, 'refunds_source_live')) throw conflict(msg.refundInProgress);
      throw err;
    });

  const { order, row, plan } = recorded;
  if (recorded.method === 'provider' && recorded.other > 0)
    await sendToProvider(deps, actor, order, row, plan, source);
  await correctAfter(deps, org, order, plan, row);
};

/** A reduction's correction names its complaint; one of pieces or shipping says so. */
const correctionReason = (plan: Planned, row: RefundRow) =>
  plan.lines.length || plan.shipping
    ? 'Zwrot towaru i pieniędzy kupującemu'
    : row.source === 'complaint'
      ? `Obniżenie ceny — reklamacja nr ${row.sourceId}`
      : 'Obniżenie ceny';

const correctAfter = (deps: RefundDeps, org: Organisation, order: OrderRow, plan: Planned, row: RefundRow) =>
  correctInvoiceAfterRefund(deps.db, org, order, correctionReason(plan, row)).catch((err) =>
    deps.log.error({ err, order: order.number }, 'correction invoice after a refund failed: issue it again'),
  );

/**
 * Asks the provider for a recorded refund, outside any transaction, and keeps its answer. A clear
 * refusal marks the row 'odrzucony' (its amount is free again). No answer, or one that says to try
 * again ('failed'), leaves it 'wysylany' holding its amount: PayU may have it, and only sending the
 * same extRefundId again (resendRefund) can tell without paying twice. Whoever records the answer
 * first (the provider's id still empty) tells the buyer and moves the source on, so a resend racing
 * the first request never does that twice.
 */
const sendToProvider = async (
  deps: RefundDeps,
  actor: RefundActor,
  order: OrderRow,
  row: RefundRow,
  plan: Planned,
  source?: RefundSource,
) => {
  const { org } = actor;
  const { db } = deps;
  let answer: Awaited<ReturnType<PaymentProvider['refund']>>;
  try {
    answer = await providerOf(deps.payments, org, order).refund(
      { externalId: order.paymentExternalId ?? '', total: order.total - order.giftCardPaid },
      {
        amount: plan.amount - row.giftCardAmount,
        description: `Zwrot do zamówienia ${order.number}`,
        extRefundId: row.extRefundId,
      },
      { org },
    );
  } catch (err) {
    const refused = err instanceof RefundError ? err : new RefundError('failed', (err as Error).message);
    const error = refused.detail || refused.message;
    if (refused.reason === 'failed') {
      deps.log.warn(
        { order: order.number, refund: row.id, detail: error },
        'refund unanswered: awaits a resend',
      );
      await setState(db, row.id, { error });
      throw new HttpError(502, msg.refundAwaitsResend);
    }
    deps.log.warn({ order: order.number, refund: row.id, detail: error }, 'refund refused');
    await setState(db, row.id, { state: 'odrzucony', error });
    throw refused;
  }
  // The provider's answer is kept first, on its own: whatever happens next, the money is accounted for.
  const next: RefundState =
    answer.status === 'FINALIZED' ? 'zakonczony' : answer.status === 'CANCELED' ? 'odrzucony' : 'w_toku';
  const first = await db
    .update(refunds)
    .set({
      // A notification may have moved it on already: only 'wysylany' takes the answer's state.
      state: sql`case when ${refunds.state} = 'wysylany' then ${next} else ${refunds.state} end`,
      externalId: answer.refundId,
      error: null,
      updatedAt: new Date(),
    })
    .where(and(eq(refunds.id, row.id), isNull(refunds.externalId)))
    .returning({ id: refunds.id });
  if (first.length && answer.status !== 'CANCELED')
    await db.transaction((tx) => madeGood(tx, org, order, row, plan, source));
};

/** A provider refund with no answer yet: 'wysylany' and not already being sent (decision 134). */
const IN_FLIGHT_MS = 60_000;
const awaitsResend = (
  r: Pick<RefundRow, 'method' | 'state' | 'externalId' | 'error' | 'updatedAt'>,
  now = Date.now(),
) =>
  r.method === 'provider' &&
  r.state === 'wysylany' &&
  r.externalId === null &&
  // No error yet: its request may still be on its way (the provider's timeout is shorter than this).
  (r.error !== null || r.updatedAt.getTime() < now - IN_FLIGHT_MS);

/** What moves a return or a complaint on when its refund, sent again, is accepted. */
export type RefundSourceCompleter = (
  tx: Tx,
  actor: RefundActor,
  sourceId: number,
  reason: string,
) => Promise<void>;
export type RefundSources = Partial<Record<'return' | 'complaint', RefundSourceCompleter>>;

/**
 * Sends a refund stuck in 'wysylany' again, with the same extRefundId (PayU answers a repeat with
 * the refund it has, never a second one). The owner's, for the club's own order; a transfer is
 * never sent. The claim (error cleared, time stamped, under the order's lock) lets one resend go at
 * a time; a second within IN_FLIGHT_MS is refused. Audited before it is sent.
 */
export const resendRefund = async (
  deps: RefundDeps & { sources?: RefundSources },
  actor: RefundActor,
  orderId: number,
  refundId: number,
): Promise<void> => {
  const { org } = actor;
  const { order, row } = await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, org.id, orderId);
    const [row] = await tx
      .select()
      .from(refunds)
      .where(and(eq(refunds.id, refundId), eq(refunds.orderId, order.id), eq(refunds.organisationId, org.id)))
      .for('update');
    if (!row) throw notFound(msg.refundNotFound);
    if (row.method !== 'provider' || row.state !== 'wysylany' || row.externalId !== null)
      throw conflict(msg.refundNotStuck);
    if (!awaitsResend(row)) throw conflict(msg.refundResendBusy);
    await setState(tx, row.id, { error: null });
    await recordAudit(tx, {
      ...auditActor(actor),
      action: 'refund-resend',
      entity: 'order',
      entityId: orderId,
      before: { Numer: order.number, Zwrot: groszeToZl(row.amount), Blad: row.error },
      after: { Numer: order.number, Zwrot: groszeToZl(row.amount), Sposob: order.paymentProvider },
    });
    return { order, row };
  });
  const lines = await deps.db
    .select({ line: orderLines, quantity: refundLines.quantity, amount: refundLines.amount })
    .from(refundLines)
    .innerJoin(orderLines, eq(orderLines.id, refundLines.orderLineId))
    .where(and(eq(refundLines.refundId, row.id), eq(refundLines.organisationId, org.id)))
    .orderBy(asc(refundLines.id));
  const plan: Planned = { amount: row.amount, shipping: row.shipping, lines };
  const complete = row.sourceId !== null && row.source !== 'order' ? deps.sources?.[row.source] : undefined;
  const source: RefundSource | undefined = complete && {
    kind: row.source as RefundSource['kind'],
    id: row.sourceId!,
    // A savepoint: a return or complaint that moved on meanwhile never undoes the buyer's e-mail.
    complete: (tx) =>
      tx
        .transaction((sp) => complete(sp, actor, row.sourceId!, row.reason))
        .catch((err) => deps.log.warn({ err, refund: row.id }, 'refund resent: its source did not move on')),
  };
  await sendToProvider(deps, actor, order, row, plan, source);
  await correctAfter(deps, org, order, plan, row);
};

/** The refund is made (or on its way): the buyer is told, and the return or complaint moves on. */
const madeGood = async (
  tx: Tx,
  org: Organisation,
  order: OrderRow,
  row: RefundRow,
  plan: Planned,
  source?: RefundSource,
) => {
  await source?.complete(tx);
  await enqueueMail(
    tx,
    refundMail({
      to: order.email,
      shopName: org.name,
      number: order.number,
      amount: plan.amount,
      shipping: plan.shipping,
      lines: plan.lines.map((l) => ({
        name: l.line.productName,
        parameter: l.line.parameterName,
        quantity: l.quantity,
        amount: l.amount,
      })),
      bankAccount: row.bankAccount && maskAccount(row.bankAccount),
      reason: row.reason,
    }),
    org.id,
  );
};

/** PayU's later word on a refund (FINALIZED or CANCELED): a cancelled one frees its amount again. */
export const applyRefundNotification = async (
  deps: RefundDeps,
  org: Organisation,
  n: RefundNotification,
): Promise<'applied' | 'unchanged'> => {
  if (!n.extRefundId) return 'unchanged';
  const next: RefundState | null =
    n.status === 'FINALIZED' ? 'zakonczony' : n.status === 'CANCELED' ? 'odrzucony' : null;
  if (!next) return 'unchanged';
  const moved = await deps.db
    .update(refunds)
    .set({ state: next, updatedAt: new Date(), ...(next === 'odrzucony' && { error: 'PayU: CANCELED' }) })
    .where(
      and(
        eq(refunds.organisationId, org.id),
        eq(refunds.extRefundId, n.extRefundId),
        eq(refunds.amount, n.amount),
        inArray(refunds.state, ['wysylany', 'w_toku']),
      ),
    )
    .returning({ id: refunds.id });
  if (moved.length && next === 'odrzucony')
    deps.log.error({ refund: moved[0]!.id }, 'PayU cancelled a refund: the money was not given back');
  return moved.length ? 'applied' : 'unchanged';
};

/** The panel's view of an order's refunds and of what may still be given back. */
export const panelOrderRefunds = async (
  db: Db,
  orgId: number,
  orderId: number,
): Promise<PanelOrderRefunds> => {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.organisationId, orgId)));
  if (!order) throw notFound(msg.orderNotFound);
  const [list, lines, done] = await Promise.all([
    refundsOf(db, orgId, orderId),
    linesOf(db, order),
    refundedSoFar(db, order),
  ]);
  const paid = paidOf(order);
  const left = paid - done.amount;
  const shippingLeft = order.shippingCost > 0 && !done.shipping ? order.shippingCost : 0;
  const refundable = lines
    .map((l) => ({ l, left: l.quantity - takenOf(done, l.id) }))
    .filter((x) => x.left > 0);
  return {
    Zwroty: list.map((r) => ({
      ...r.view,
      Blad: r.error,
      Uzytkownik: r.user,
      Ponow: awaitsResend(r.row),
    })),
    Sposob: methodOf(order),
    Niedostepny:
      paid === 0
        ? msg.refundNotPaid
        : left <= 0 || (refundable.length === 0 && shippingLeft === 0)
          ? // A refund still waiting for PayU holds the rest: not "all refunded" yet.
            list.some((r) => r.row.state === 'wysylany')
            ? msg.refundAllPending
            : msg.refundAllDone
          : null,
    Zaplacono: groszeToZl(paid),
    Zwrocono: groszeToZl(done.amount),
    Pozostalo: groszeToZl(Math.max(0, left)),
    DoZwrotu: {
      Pozycje: refundable.map(({ l, left: n }) => ({
        Id: l.id,
        Nazwa: l.productName,
        Parametr: l.parameterName,
        Ilosc: n,
        Cena: groszeToZl(l.unitPrice),
        ...(l.discount > 0 && {
          Rabat: { Kwota: groszeToZl(l.discount), Zamowiono: l.quantity, Wczesniej: l.quantity - n },
        }),
      })),
      Dostawa: groszeToZl(shippingLeft),
    },
  };
};
