import type { PanelAuditEntry } from '@club/contract';
import { and, asc, count, desc, eq, ilike, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';

export type AuditAction =
  | 'create'
  | 'update'
  | 'delete'
  | 'status'
  | 'move'
  | 'reorder'
  | 'archive'
  | 'publish'
  | (string & {});
export type AuditEntity = 'product' | 'category' | 'order' | 'customer' | 'photo' | 'staff' | (string & {});

export type AuditEntry = {
  organisationId: number;
  /** Who made the change; null for the system (e.g. a payment notification). */
  userId: number | null;
  /** Kept as text, so the entry still says who it was after the account is removed. */
  userEmail: string;
  action: AuditAction;
  entity: AuditEntity;
  entityId: string | number | null;
  /** The changed object before and after, as plain JSON (null for a create / a delete). */
  before?: unknown;
  after?: unknown;
};

/** A panel actor's identity for an audit entry: `auditActor(await request.panelUser())`. */
export const auditActor = (actor: { org: { id: number }; user: { id: number; email: string } }) => ({
  organisationId: actor.org.id,
  userId: actor.user.id,
  userEmail: actor.user.email,
});

/** Normalises a value for jsonb: Dates become ISO text, undefined becomes null. */
const toJson = (value: unknown): unknown => (value === undefined ? null : JSON.parse(JSON.stringify(value)));

/**
 * Records one change in the audit log. Call it with the transaction that makes the change, so the
 * entry exists exactly when the change does.
 */
export const recordAudit = async (db: Db | Tx, entry: AuditEntry): Promise<void> => {
  await db.insert(auditLog).values({
    organisationId: entry.organisationId,
    userId: entry.userId,
    userEmail: entry.userEmail,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === null ? null : String(entry.entityId),
    before: toJson(entry.before),
    after: toJson(entry.after),
  });
};

/** The audit log of one club, newest first unless `sort` says 'kiedy': `q` matches who, what and which. */
export const listAudit = async (
  db: Db,
  organisationId: number,
  query: { offset: number; count: number; q?: string; sort?: 'kiedy' | '-kiedy' },
): Promise<{ Items: PanelAuditEntry[]; Total: number }> => {
  const q = query.q?.trim();
  const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where = and(
    eq(auditLog.organisationId, organisationId),
    pattern
      ? or(
          ilike(auditLog.userEmail, pattern),
          ilike(auditLog.action, pattern),
          ilike(auditLog.entity, pattern),
          ilike(auditLog.entityId, pattern),
        )
      : undefined,
  );
  const order =
    query.sort === 'kiedy'
      ? [asc(auditLog.createdAt), asc(auditLog.id)]
      : [desc(auditLog.createdAt), desc(auditLog.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(...order)
      .limit(query.count)
      .offset(query.offset),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return {
    Items: rows.map((r) => ({
      Id: r.id,
      Kiedy: r.createdAt.toISOString(),
      Kto: r.userEmail,
      Akcja: r.action,
      Obiekt: r.entity,
      IdObiektu: r.entityId,
      Przed: r.before,
      Po: r.after,
    })),
    Total: total?.n ?? 0,
  };
};
