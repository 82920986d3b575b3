import {
  fillMessage,
  isEmail,
  msg,
  type PanelInboxAccreditation,
  type PanelInboxMessage,
  type PanelInboxQuery,
  type PanelInboxStateChange,
  type PanelInboxSummary,
} from '@club/contract';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/http-error.ts';
import type { PanelActor } from '../../plugins/panel-auth.ts';
import type { Organisation } from '../../plugins/tenancy.ts';
import { auditActor, recordAudit } from './audit.ts';
import {
  type AccreditationRow,
  type InboxKind,
  type InboxRow,
  type InboxStateColumns,
  type MessageRow,
  inboxRepository as repo,
} from './inbox-repository.ts';

const EXCERPT_CHARS = 120;

const excerpt = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT_CHARS ? `${flat.slice(0, EXCERPT_CHARS - 1)}…` : flat;
};

const stateOf = (r: InboxStateColumns) => ({
  Przeczytana: r.readAt !== null,
  Zalatwiona: r.handledAt !== null,
  DataPrzeczytania: r.readAt?.toISOString() ?? null,
  DataZalatwienia: r.handledAt?.toISOString() ?? null,
  ZalatwilEmail: r.handledBy,
});

/** Where a reply goes: only an address that can take one (the contact form may not ask for it). */
const replyAddress = (email: string | null) => (email && isEmail(email) ? email : null);

const messageItem = (r: MessageRow) => ({
  Id: r.id,
  Data: r.createdAt.toISOString(),
  Imie: r.firstName ?? '',
  Nazwisko: r.lastName ?? '',
  Email: r.email ?? '',
  Telefon: r.phone ?? '',
  Zajawka: excerpt(r.message),
  ...stateOf(r),
});

const messageDetail = (org: Organisation, r: MessageRow): PanelInboxMessage => ({
  ...messageItem(r),
  Tresc: r.message,
  Odpowiedz: {
    Email: replyAddress(r.email),
    Temat: fillMessage(msg.panelInboxReplyMessage, { sklep: org.name }),
  },
});

const accreditationItem = (r: AccreditationRow) => ({
  Id: r.id,
  Data: r.createdAt.toISOString(),
  Imie: r.firstName,
  Nazwisko: r.lastName,
  Email: r.email,
  Telefon: r.phone,
  Redakcja: r.outlet,
  Funkcja: r.role,
  Wydarzenie: r.event,
  ...stateOf(r),
});

const accreditationDetail = (org: Organisation, r: AccreditationRow): PanelInboxAccreditation => ({
  ...accreditationItem(r),
  Uwagi: r.notes,
  Odpowiedz: {
    Email: replyAddress(r.email),
    Temat: fillMessage(msg.panelInboxReplyAccreditation, { wydarzenie: r.event.trim() || org.name }),
  },
});

const NOT_FOUND: Record<InboxKind, string> = {
  message: msg.panelInboxMessageNotFound,
  accreditation: msg.panelInboxAccreditationNotFound,
};
const AUDIT_ENTITY: Record<InboxKind, string> = { message: 'contactMessage', accreditation: 'accreditation' };

/**
 * The state after a change: handled implies read, unread implies not handled. Times already set
 * are kept (marking a read message read again does not move its time).
 */
export const nextInboxState = (
  row: InboxStateColumns,
  change: PanelInboxStateChange,
  who: string,
  now: Date,
): InboxStateColumns => {
  let read = change.Przeczytana ?? row.readAt !== null;
  let handled = change.Zalatwiona ?? row.handledAt !== null;
  if (change.Zalatwiona === true) read = true;
  if (change.Przeczytana === false) handled = false;
  return {
    readAt: read ? (row.readAt ?? now) : null,
    handledAt: handled ? (row.handledAt ?? now) : null,
    handledBy: handled ? (row.handledAt ? row.handledBy : who) : null,
  };
};

const changeState = async (
  db: Db,
  actor: PanelActor,
  kind: InboxKind,
  id: number,
  change: PanelInboxStateChange,
) =>
  db.transaction(async (tx) => {
    const row = await repo.find(tx, kind, actor.org.id, id, true);
    if (!row) throw notFound(NOT_FOUND[kind]);
    const next = nextInboxState(row, change, actor.user.email, new Date());
    const before = { Przeczytana: row.readAt !== null, Zalatwiona: row.handledAt !== null };
    const after = { Przeczytana: next.readAt !== null, Zalatwiona: next.handledAt !== null };
    if (before.Przeczytana !== after.Przeczytana || before.Zalatwiona !== after.Zalatwiona) {
      await repo.setState(tx, kind, id, next);
      await recordAudit(tx, {
        ...auditActor(actor),
        action: 'status',
        entity: AUDIT_ENTITY[kind],
        entityId: id,
        before,
        after,
      });
    }
    return { ...row, ...next };
  });

/** List, detail and state change of one kind: the kinds differ only in how a row is shown. */
const inboxKind = <K extends InboxKind, Item, Detail>(
  db: Db,
  kind: K,
  item: (r: InboxRow<K>) => Item,
  detail: (org: Organisation, r: InboxRow<K>) => Detail,
) => ({
  async list(org: Organisation, f: PanelInboxQuery) {
    const { rows, total } = await repo.list(db, kind, org.id, f);
    return { Items: rows.map((r) => item(r)), Total: total };
  },

  async one(org: Organisation, id: number) {
    const row = await repo.find(db, kind, org.id, id);
    if (!row) throw notFound(NOT_FOUND[kind]);
    return detail(org, row);
  },

  async changeState(actor: PanelActor, id: number, change: PanelInboxStateChange) {
    return detail(actor.org, (await changeState(db, actor, kind, id, change)) as InboxRow<K>);
  },
});

export const inboxService = (db: Db) => {
  const messages = inboxKind(db, 'message', messageItem, messageDetail);
  const accreditations = inboxKind(db, 'accreditation', accreditationItem, accreditationDetail);
  return {
    async summary(org: Organisation): Promise<PanelInboxSummary> {
      const [Wiadomosci, Akredytacje] = await Promise.all([
        repo.counts(db, 'message', org.id),
        repo.counts(db, 'accreditation', org.id),
      ]);
      return { Wiadomosci, Akredytacje };
    },
    messages: messages.list,
    message: messages.one,
    messageState: messages.changeState,
    accreditations: accreditations.list,
    accreditation: accreditations.one,
    accreditationState: accreditations.changeState,
  };
};
