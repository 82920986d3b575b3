import { randomBytes } from 'node:crypto';
import {
  COMPLAINT_REQUEST_LABELS,
  COMPLAINT_STATE_LABELS,
  type Complaint,
  type ComplaintForm,
  type ComplaintRequest,
  type ComplaintState,
  type ComplaintStep,
  checkComplaintTransition,
  complaintClock,
  complaintDeadline,
  complaintNextStates,
  fillMessage,
  msg,
  OPEN_COMPLAINT_STATES,
  type PanelComplaint,
  PaymentMethod,
} from '@club/contract';
import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { complaintPhotos, complaints, orderLines, orders } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import type { PanelActor } from '../../plugins/panel-auth.ts';
import type { Organisation } from '../../plugins/tenancy.ts';
import { enqueueMail } from '../mail/queue.ts';
import { type MediaStorage, removeWritten } from '../media/storage.ts';
import { takeProductStock } from '../orders/place-stock.ts';
import { auditActor, recordAudit } from '../panel/audit.ts';
import {
  type RefundActor,
  type RefundDeps,
  type RefundSourceCompleter,
  refundOrder,
} from '../refunds/service.ts';
import { type ComplaintMail, complaintReceivedMail, complaintStepMail } from './mail.ts';

type Row = typeof complaints.$inferSelect;
type Log = { warn(obj: object, msg: string): void };

/**
 * Complaint photos live under this prefix: `/static` refuses it (media/routes.ts), so they are
 * served only through the owner's and the staff's authorised endpoints below.
 */
export const PRIVATE_MEDIA_PREFIX = '_reklamacje/';

const S = '/api/centauri/sklepyonline';
const buyerPhotoUrl = (complaintId: number, photoId: number) =>
  `${S}/reklamacje/${complaintId}/zdjecia/${photoId}`;
const panelPhotoUrl = (complaintId: number, photoId: number) =>
  `/api/panel/complaints/${complaintId}/photos/${photoId}`;

const view = (
  c: Row,
  orderNumber: string,
  photos: { id: number }[],
  url: (complaintId: number, photoId: number) => string,
): Complaint => ({
  Id: c.id,
  ZamowienieId: c.orderId,
  NumerZamowienia: orderNumber,
  Data: c.createdAt.toISOString(),
  Termin: complaintDeadline(c.createdAt).toISOString(),
  Stan: c.state as ComplaintState,
  StanNazwa: COMPLAINT_STATE_LABELS[c.state as ComplaintState],
  Zadanie: c.request as ComplaintRequest,
  ZadanieNazwa: COMPLAINT_REQUEST_LABELS[c.request as ComplaintRequest],
  Opis: c.description,
  Pozycje: c.lines,
  Zdjecia: photos.map((p) => ({ Id: p.id, Url: url(c.id, p.id) })),
  Historia: c.history as Complaint['Historia'],
});

const photosOf = async (db: Db, ids: number[]) => {
  const by = new Map<number, { id: number }[]>(ids.map((id) => [id, []]));
  if (!ids.length) return by;
  const rows = await db
    .select({ id: complaintPhotos.id, complaintId: complaintPhotos.complaintId })
    .from(complaintPhotos)
    .where(inArray(complaintPhotos.complaintId, ids))
    .orderBy(complaintPhotos.id);
  for (const r of rows) by.get(r.complaintId)?.push({ id: r.id });
  return by;
};

const mailOf = (c: Row, orderNumber: string, to: string, shopName: string): ComplaintMail => ({
  to,
  shopName,
  orderNumber,
  complaintId: c.id,
  request: c.request as ComplaintRequest,
  lines: c.lines.map((l) => `${l.Nazwa} × ${l.Ilosc}`),
  receivedAt: c.createdAt,
  deadline: complaintDeadline(c.createdAt),
});

/**
 * Files a complaint about lines of the buyer's own order (another's order: 404), stores its
 * photos (already checked and re-encoded as JPEG) and queues the acknowledgement, all or nothing.
 */
export const fileComplaint = async (
  db: Db,
  media: MediaStorage,
  log: Log,
  org: Organisation,
  userId: number,
  orderId: number,
  form: ComplaintForm,
  photos: Buffer[],
): Promise<Complaint> => {
  const [order] = await db
    .select({ id: orders.id, number: orders.number, email: orders.email })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.organisationId, org.id), eq(orders.userId, userId)));
  if (!order) throw notFound(msg.orderNotFound);
  const wanted = [...new Set(form.Linie)];
  const lines = await db
    .select({
      id: orderLines.id,
      name: orderLines.productName,
      parameterName: orderLines.parameterName,
      quantity: orderLines.quantity,
    })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, order.id), inArray(orderLines.id, wanted)))
    .orderBy(orderLines.id);
  if (lines.length !== wanted.length)
    throw badRequest(msg.complaintLineNotInOrder, { Linie: msg.complaintLineNotInOrder });

  const written: string[] = [];
  try {
    const { row, photoIds } = await db.transaction(async (tx) => {
      const now = new Date();
      const [row] = await tx
        .insert(complaints)
        .values({
          organisationId: org.id,
          orderId: order.id,
          userId,
          lines: lines.map((l) => ({
            Id: l.id,
            Nazwa: l.parameterName ? `${l.name} - ${l.parameterName}` : l.name,
            Ilosc: l.quantity,
          })),
          description: form.Opis,
          request: form.Zadanie,
          state: 'przyjeta',
          history: [{ Stan: 'przyjeta', Data: now.toISOString(), Powod: '' }],
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      const photoIds: number[] = [];
      for (const bytes of photos) {
        // A random part: a guessed key names nothing even if a storage were ever exposed.
        const key = `${PRIVATE_MEDIA_PREFIX}${org.id}/${row!.id}/${randomBytes(12).toString('hex')}.jpg`;
        written.push(key);
        await media.put(key, bytes, 'image/jpeg');
        const [p] = await tx
          .insert(complaintPhotos)
          .values({ organisationId: org.id, complaintId: row!.id, key })
          .returning({ id: complaintPhotos.id });
        photoIds.push(p!.id);
      }
      await enqueueMail(tx, complaintReceivedMail(mailOf(row!, order.number, order.email, org.name)), org.id);
      return { row: row!, photoIds };
    });
    return view(
      row,
      order.number,
      photoIds.map((id) => ({ id })),
      buyerPhotoUrl,
    );
  } catch (err) {
    await removeWritten(err, () => Promise.all(written.map((k) => media.delete(k))), log);
    throw err;
  }
};

/** The buyer's complaints in this club, newest first. */
export const buyerComplaints = async (db: Db, org: Organisation, userId: number): Promise<Complaint[]> => {
  const rows = await db
    .select({ c: complaints, number: orders.number })
    .from(complaints)
    .innerJoin(orders, eq(orders.id, complaints.orderId))
    .where(and(eq(complaints.organisationId, org.id), eq(complaints.userId, userId)))
    .orderBy(desc(complaints.createdAt), desc(complaints.id));
  const photos = await photosOf(
    db,
    rows.map((r) => r.c.id),
  );
  return rows.map((r) => view(r.c, r.number, photos.get(r.c.id) ?? [], buyerPhotoUrl));
};

/** The buyer's own order's lines (another's order: 404) and the complaints filed about it. */
export const orderComplaints = async (db: Db, org: Organisation, userId: number, orderId: number) => {
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.organisationId, org.id), eq(orders.userId, userId)));
  if (!order) throw notFound(msg.orderNotFound);
  const lines = await db
    .select({
      id: orderLines.id,
      name: orderLines.productName,
      parameterName: orderLines.parameterName,
      quantity: orderLines.quantity,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(orderLines.id);
  return {
    Pozycje: lines.map((l) => ({
      Id: l.id,
      Nazwa: l.parameterName ? `${l.name} - ${l.parameterName}` : l.name,
      Ilosc: l.quantity,
    })),
    Reklamacje: (await buyerComplaints(db, org, userId)).filter((c) => c.ZamowienieId === order.id),
  };
};

/** One photo's media key, if it belongs to this club's complaint (and to this buyer, when given). */
export const complaintPhotoKey = async (
  db: Db,
  orgId: number,
  complaintId: number,
  photoId: number,
  userId?: number,
): Promise<string> => {
  const [row] = await db
    .select({ key: complaintPhotos.key })
    .from(complaintPhotos)
    .innerJoin(complaints, eq(complaints.id, complaintPhotos.complaintId))
    .where(
      and(
        eq(complaintPhotos.id, photoId),
        eq(complaintPhotos.complaintId, complaintId),
        eq(complaints.organisationId, orgId),
        ...(userId === undefined ? [] : [eq(complaints.userId, userId)]),
      ),
    );
  if (!row) throw notFound(msg.notFound);
  return row.key;
};

const panelView = (
  c: Row,
  order: { number: string; name: string; email: string; paymentMethod: number },
  photos: { id: number }[],
  now: Date,
): PanelComplaint => {
  const clock = complaintClock(c.state as ComplaintState, c.createdAt, now);
  return {
    ...view(c, order.number, photos, panelPhotoUrl),
    Kupujacy: order.name,
    Email: order.email,
    Zegar: clock.kind,
    DniDoTerminu: clock.kind === 'running' ? clock.daysLeft : null,
    Ostrzezenie: clock.kind === 'overdue' || (clock.kind === 'running' && clock.warn),
    Kroki: complaintNextStates(c.state as ComplaintState, c.request as ComplaintRequest),
    ZwrotPrzelewem: order.paymentMethod === PaymentMethod.cashOnDelivery,
  };
};

/** The panel's complaints of a club, with their order's buyer and payment, matching `where`. */
const panelRows = (db: Db, orgId: number, where?: SQL) =>
  db
    .select({
      c: complaints,
      number: orders.number,
      name: orders.name,
      email: orders.email,
      paymentMethod: orders.paymentMethod,
    })
    .from(complaints)
    .innerJoin(orders, eq(orders.id, complaints.orderId))
    .where(and(eq(complaints.organisationId, orgId), where));

/** The club's complaints (newest first), filtered by state or 'otwarte', and the count of urgent ones. */
export const panelComplaints = async (
  db: Db,
  actor: PanelActor,
  filter: string | undefined,
  now = new Date(),
) => {
  const rows = await panelRows(
    db,
    actor.org.id,
    filter === 'otwarte'
      ? inArray(complaints.state, [...OPEN_COMPLAINT_STATES])
      : filter
        ? eq(complaints.state, filter)
        : undefined,
  )
    .orderBy(desc(complaints.createdAt), desc(complaints.id))
    .limit(500);
  const photos = await photosOf(
    db,
    rows.map((r) => r.c.id),
  );
  return {
    Reklamacje: rows.map((r) => panelView(r.c, r, photos.get(r.c.id) ?? [], now)),
    Pilne: await urgentComplaints(db, actor.org.id, now),
  };
};

/** Unanswered complaints with 3 days or fewer left, or already overdue: the nav badge. */
export const urgentComplaints = async (db: Db, orgId: number, now = new Date()) => {
  const open = await db
    .select({ state: complaints.state, createdAt: complaints.createdAt })
    .from(complaints)
    .where(and(eq(complaints.organisationId, orgId), eq(complaints.state, 'przyjeta')));
  return open.filter((c) => {
    const clock = complaintClock('przyjeta', c.createdAt, now);
    return clock.kind === 'overdue' || (clock.kind === 'running' && clock.warn);
  }).length;
};

export const panelComplaint = async (db: Db, actor: PanelActor, id: number, now = new Date()) => {
  const [r] = await panelRows(db, actor.org.id, eq(complaints.id, id));
  if (!r) throw notFound(msg.complaintNotFound);
  const photos = await photosOf(db, [id]);
  return panelView(r.c, r, photos.get(id) ?? [], now);
};

/**
 * Takes the next step of a complaint in `tx`: checked against the state machine under a row lock
 * (two managers clicking at once make one step), audited, and the buyer e-mailed.
 */
const applyStep = async (
  tx: Tx,
  actor: RefundActor,
  id: number,
  step: Pick<ComplaintStep, 'Stan' | 'Powod'>,
) => {
  const [r] = await tx
    .select({ c: complaints, number: orders.number, email: orders.email })
    .from(complaints)
    .innerJoin(orders, eq(orders.id, complaints.orderId))
    .where(and(eq(complaints.organisationId, actor.org.id), eq(complaints.id, id)))
    .for('update', { of: complaints });
  if (!r) throw notFound(msg.complaintNotFound);
  const from = r.c.state as ComplaintState;
  const check = checkComplaintTransition(from, step.Stan, r.c.request as ComplaintRequest, step.Powod);
  if (!check.ok) {
    if (check.error === msg.complaintReasonRequired) throw badRequest(check.error, { Powod: check.error });
    throw conflict(check.error);
  }
  // A replacement is a new unit from stock (decision 139); the complained one never goes back.
  const replaced = step.Stan === 'wymieniona' ? await takeReplacementStock(tx, actor.org.id, r.c.lines) : [];
  const now = new Date();
  const history = [...r.c.history, { Stan: step.Stan, Data: now.toISOString(), Powod: step.Powod }];
  const [row] = await tx
    .update(complaints)
    .set({ state: step.Stan, history, updatedAt: now })
    .where(eq(complaints.id, id))
    .returning();
  await recordAudit(tx, {
    ...auditActor(actor),
    action: 'status',
    entity: 'complaint',
    entityId: id,
    before: { Stan: from },
    after: { Stan: step.Stan, Powod: step.Powod, ...(replaced.length && { ZMagazynu: replaced }) },
  });
  await enqueueMail(
    tx,
    complaintStepMail({
      ...mailOf(row!, r.number, r.email, actor.org.name),
      state: step.Stan,
      reason: step.Powod,
    }),
    actor.org.id,
  );
  return { row: row!, from };
};

/**
 * Takes from stock the new pieces a replacement sends: the complained lines' product and size, as
 * many as the complaint names. Refused (409, nothing taken) when too few are left or the product
 * is gone; the complaint then stays where it was.
 */
const takeReplacementStock = async (tx: Tx, orgId: number, lines: Row['lines']): Promise<string[]> => {
  const rows = await tx
    .select({
      id: orderLines.id,
      productId: orderLines.productId,
      productName: orderLines.productName,
      parameterId: orderLines.parameterId,
      parameterName: orderLines.parameterName,
    })
    .from(orderLines)
    .where(
      and(
        eq(orderLines.organisationId, orgId),
        inArray(
          orderLines.id,
          lines.map((l) => l.Id),
        ),
      ),
    );
  const taken: string[] = [];
  // Products in id order, as placement locks them, so the two cannot deadlock.
  const byProduct = lines
    .map((l) => ({ l, row: rows.find((r) => r.id === l.Id) }))
    .sort((a, b) => (a.row?.productId ?? 0) - (b.row?.productId ?? 0));
  for (const { l, row } of byProduct) {
    if (!row?.productId) throw conflict(fillMessage(msg.complaintReplacementGone, { produkt: l.Nazwa }));
    const ok = await takeProductStock(tx, orgId, row.productId, row.parameterId, l.Ilosc);
    if (ok === 'gone') throw conflict(fillMessage(msg.complaintReplacementGone, { produkt: l.Nazwa }));
    if (!ok) throw conflict(fillMessage(msg.complaintReplacementSoldOut, { produkt: l.Nazwa }));
    taken.push(`${l.Nazwa} × ${l.Ilosc}`);
  }
  return taken;
};

/** A refund of a complaint sent again and accepted: the complaint moves to 'zwrot_pieniedzy'. */
export const complaintRefunded: RefundSourceCompleter = async (tx, actor, id, reason) => {
  await applyStep(tx, actor, id, { Stan: 'zwrot_pieniedzy', Powod: reason });
};

export const complaintStep = async (db: Db, actor: PanelActor, id: number, step: ComplaintStep) => {
  await db.transaction((tx) => applyStep(tx, actor, id, step));
  return panelComplaint(db, actor, id);
};

/**
 * The refund step: the money goes back through the refunds service (the complained lines in full,
 * or the amount of a price reduction), and the complaint moves to 'zwrot_pieniedzy' in the
 * transaction that records the refund as made.
 */
export const refundComplaint = async (
  deps: RefundDeps,
  actor: PanelActor,
  id: number,
  step: ComplaintStep,
) => {
  const [c] = await deps.db
    .select()
    .from(complaints)
    .where(and(eq(complaints.organisationId, actor.org.id), eq(complaints.id, id)));
  if (!c) throw notFound(msg.complaintNotFound);
  const check = checkComplaintTransition(
    c.state as ComplaintState,
    'zwrot_pieniedzy',
    c.request as ComplaintRequest,
    step.Powod,
  );
  if (!check.ok) throw conflict(check.error);
  const reduction = c.request === 'obnizenie';
  if (reduction && step.Kwota === undefined)
    throw badRequest(msg.complaintReductionAmountRequired, { Kwota: msg.complaintReductionAmountRequired });
  await refundOrder(
    deps,
    actor,
    c.orderId,
    {
      Pozycje: reduction ? [] : c.lines.map((l) => ({ Id: l.Id, Ilosc: l.Ilosc })),
      Dostawa: false,
      NrKonta: step.NrKonta,
      Powod: step.Powod,
      ...(reduction && { Kwota: step.Kwota }),
    },
    { kind: 'complaint', id, complete: async (tx) => void (await applyStep(tx, actor, id, step)) },
  );
  return panelComplaint(deps.db, actor, id);
};
