import type { PanelInboxQuery } from '@club/contract';
import { and, asc, count, desc, eq, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { accreditationRequests, contactMessages } from '../../db/schema.ts';
import { likePattern } from './orders-repository.ts';

/** The inbox's two kinds: contact-form messages and press accreditation requests. */
export type InboxKind = 'message' | 'accreditation';
export type MessageRow = typeof contactMessages.$inferSelect;
export type AccreditationRow = typeof accreditationRequests.$inferSelect;
export type InboxRow<K extends InboxKind> = K extends 'message' ? MessageRow : AccreditationRow;
export type InboxStateColumns = { readAt: Date | null; handledAt: Date | null; handledBy: string | null };

const tables = { message: contactMessages, accreditation: accreditationRequests } as const;

/** The columns `q` searches in each kind. */
const searched = {
  message: [
    contactMessages.firstName,
    contactMessages.lastName,
    contactMessages.email,
    contactMessages.phone,
    contactMessages.message,
  ],
  accreditation: [
    accreditationRequests.firstName,
    accreditationRequests.lastName,
    accreditationRequests.email,
    accreditationRequests.outlet,
    accreditationRequests.event,
  ],
};

const whereOf = (kind: InboxKind, orgId: number, f: Pick<PanelInboxQuery, 'q' | 'stan'>) => {
  const t = tables[kind];
  const q = f.q?.trim();
  const p = q ? likePattern(q) : '';
  return and(
    eq(t.organisationId, orgId),
    f.stan === 'nieprzeczytane' ? isNull(t.readAt) : undefined,
    f.stan === 'niezalatwione' ? isNull(t.handledAt) : undefined,
    f.stan === 'zalatwione' ? isNotNull(t.handledAt) : undefined,
    q ? or(...searched[kind].map((c) => sql`${c} ILIKE ${p}`)) : undefined,
  );
};

const sortOf = (kind: InboxKind, sort: PanelInboxQuery['sort']): SQL[] => {
  const t = tables[kind];
  switch (sort) {
    case 'data':
      return [asc(t.createdAt), asc(t.id)];
    case 'nazwisko':
      return [asc(t.lastName), asc(t.firstName), asc(t.id)];
    case '-nazwisko':
      return [desc(t.lastName), desc(t.firstName), desc(t.id)];
    default:
      return [desc(t.createdAt), desc(t.id)];
  }
};

export const inboxRepository = {
  async list<K extends InboxKind>(db: Db, kind: K, orgId: number, f: PanelInboxQuery) {
    const t = tables[kind] as typeof contactMessages;
    const where = whereOf(kind, orgId, f);
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(t)
        .where(where)
        .orderBy(...sortOf(kind, f.sort))
        .offset(f.offset)
        .limit(f.count),
      db.select({ n: count() }).from(t).where(where),
    ]);
    return { rows: rows as unknown as InboxRow<K>[], total: Number(total?.n ?? 0) };
  },

  /** One item of the club; `lock` takes the row for a state change. */
  async find<K extends InboxKind>(
    db: Db | Tx,
    kind: K,
    orgId: number,
    id: number,
    lock = false,
  ): Promise<InboxRow<K> | undefined> {
    const t = tables[kind] as typeof contactMessages;
    const query = db
      .select()
      .from(t)
      .where(and(eq(t.organisationId, orgId), eq(t.id, id)))
      .limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row as unknown as InboxRow<K> | undefined;
  },

  async setState(tx: Tx, kind: InboxKind, id: number, state: InboxStateColumns) {
    const t = tables[kind] as typeof contactMessages;
    await tx.update(t).set(state).where(eq(t.id, id));
  },

  /** Unread and unhandled counts of one kind. */
  async counts(db: Db, kind: InboxKind, orgId: number) {
    const t = tables[kind] as typeof contactMessages;
    const [row] = await db
      .select({
        unread: sql<number>`count(*) filter (where ${t.readAt} is null)::int`,
        unhandled: sql<number>`count(*) filter (where ${t.handledAt} is null)::int`,
      })
      .from(t)
      .where(eq(t.organisationId, orgId));
    return { Nieprzeczytane: Number(row?.unread ?? 0), Niezalatwione: Number(row?.unhandled ?? 0) };
  },
};
