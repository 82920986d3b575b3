import { randomBytes } from 'node:crypto';
import {
  msg,
  PANEL_ROLES,
  type PanelRoleName,
  type PanelStaffCreate,
  type PanelStaffMember,
} from '@club/contract';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client.ts';
import { users, userTokens } from '../../db/schema.ts';
import { hashPassword } from '../../lib/crypto.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-error.ts';
import type { PanelActor } from '../../plugins/panel-auth.ts';
import { isUniqueViolation } from '../accounts/repository.ts';
import { mailNewLink } from '../accounts/service.ts';
import { notifyChange } from '../changes/notify.ts';
import { type AuditAction, type AuditEntry, auditActor, recordAudit } from './audit.ts';
import { INVITE_TTL_MS } from './auth-service.ts';
import { staffInviteMail } from './staff-mail.ts';

/** What the staff services use of the app. */
export type StaffDeps = Pick<FastifyInstance, 'db' | 'config' | 'tenants' | 'panelSessions'>;

type UserRow = typeof users.$inferSelect;
const STAFF_ROLES = [...PANEL_ROLES];

const toMember = (u: UserRow): PanelStaffMember => ({
  Id: u.id,
  Email: u.email,
  Imie: u.firstName,
  Nazwisko: u.lastName,
  Rola: u.role === 'owner' ? 'owner' : 'manager',
  Aktywny: u.confirmedAt !== null,
});

const snapshot = (u: Pick<UserRow, 'email' | 'firstName' | 'lastName' | 'role'>) => ({
  Email: u.email,
  Imie: u.firstName,
  Nazwisko: u.lastName,
  Rola: u.role,
});

/** Records a change to a staff account; `change` holds its snapshots before and after. */
const auditStaff = (
  tx: Tx,
  actor: PanelActor,
  action: AuditAction,
  id: number,
  change: Pick<AuditEntry, 'before' | 'after'>,
) => recordAudit(tx, { ...auditActor(actor), action, entity: 'staff', entityId: id, ...change });

/** The club's owners and managers; locked when read inside a change, so owner checks cannot race. */
const staffOf = async (db: FastifyInstance['db'] | Tx, orgId: number, lock = false) => {
  const q = db
    .select()
    .from(users)
    .where(and(eq(users.organisationId, orgId), inArray(users.role, STAFF_ROLES)))
    .orderBy(asc(users.role), asc(users.email), asc(users.id));
  return lock ? q.for('update') : q;
};

export const listStaff = async (app: StaffDeps, orgId: number) => {
  const rows = await staffOf(app.db, orgId);
  // Owners first ('manager' < 'owner' alphabetically, so sort here).
  const items = rows.map(toMember).sort((a, b) => Number(b.Rola === 'owner') - Number(a.Rola === 'owner'));
  return { Items: items, Total: items.length };
};

/** Queues an invitation (72 h, single use) to the panel's set-password screen, in `tx`. */
const sendInvite = async (tx: Tx, org: PanelActor['org'], storefront: string, user: UserRow) => {
  await mailNewLink(
    tx,
    org,
    user.id,
    'invite',
    (token) =>
      staffInviteMail({
        to: user.email,
        shopName: org.name,
        firstName: user.firstName,
        link: `${storefront}/panel/zaproszenie/${token}`,
        role: user.role === 'owner' ? 'owner' : 'manager',
      }),
    { ttlMs: INVITE_TTL_MS },
  );
};

/**
 * Adds an owner or manager: an account that cannot log in anywhere (no known password, not
 * confirmed) until the invited person sets a password through the e-mailed invitation, which is
 * queued in the same transaction. An address that already has an account in this club (a customer
 * too) is refused: a customer account never becomes staff, nor staff a customer.
 */
export const addStaff = async (
  app: StaffDeps,
  actor: PanelActor,
  body: PanelStaffCreate,
): Promise<PanelStaffMember> => {
  const { org } = actor;
  const email = body.Email.trim().toLowerCase();
  // Nobody knows this password: the invited person sets their own through the link.
  const passwordHash = await hashPassword(
    randomBytes(32).toString('base64url'),
    app.config.passwordHashCost,
    'staff',
  );
  const storefront = await app.tenants.siteUrl(org);
  try {
    return await app.db.transaction(async (tx) => {
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.organisationId, org.id), eq(users.email, email)))
        .limit(1);
      if (taken) throw conflict(msg.staffEmailTaken);
      const [user] = await tx
        .insert(users)
        .values({
          organisationId: org.id,
          email,
          firstName: body.Imie,
          lastName: body.Nazwisko,
          role: body.Rola,
          passwordHash,
        })
        .returning();
      await sendInvite(tx, org, storefront, user!);
      await auditStaff(tx, actor, 'create', user!.id, { after: snapshot(user!) });
      return toMember(user!);
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(msg.staffEmailTaken);
    throw e;
  }
};

/** A new invitation for someone who has not accepted theirs; the earlier links stop working. */
export const reinviteStaff = async (app: StaffDeps, actor: PanelActor, id: number) => {
  const storefront = await app.tenants.siteUrl(actor.org);
  await app.db.transaction(async (tx) => {
    const staff = await staffOf(tx, actor.org.id, true);
    const target = staff.find((u) => u.id === id);
    if (!target) throw notFound(msg.staffNotFound);
    if (target.confirmedAt) throw conflict(msg.staffAlreadyActive);
    await tx
      .update(userTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(userTokens.userId, id), eq(userTokens.kind, 'invite'), isNull(userTokens.usedAt)));
    await sendInvite(tx, actor.org, storefront, target);
    await auditStaff(tx, actor, 'update', id, {
      before: snapshot(target),
      after: { ...snapshot(target), Zaproszenie: 'wysłane ponownie' },
    });
  });
  return { Message: msg.staffInviteResent };
};

/**
 * Checks of a change to another staff member, under the staff rows' lock: not yourself, the actor
 * still an owner, and at least one owner left afterwards.
 */
const lockedTarget = async (tx: Tx, actor: PanelActor, id: number, ownerAfter: boolean) => {
  if (id === actor.user.id) throw badRequest(msg.staffNotYourself);
  const staff = await staffOf(tx, actor.org.id, true);
  if (staff.find((u) => u.id === actor.user.id)?.role !== 'owner') throw forbidden(msg.panelOwnerOnly);
  const target = staff.find((u) => u.id === id);
  if (!target) throw notFound(msg.staffNotFound);
  const ownersLeft = staff.filter((u) => u.role === 'owner' && (u.id !== id || ownerAfter)).length;
  if (ownersLeft < 1) throw conflict(msg.staffLastOwner);
  return target;
};

/**
 * A change to the club's staff in one transaction with its notice: every process drops the panel
 * sessions it remembers (this one at once, after the commit; the others when the notice arrives).
 */
const staffChange = async <T>(app: StaffDeps, actor: PanelActor, work: (tx: Tx) => Promise<T>) => {
  const result = await app.db.transaction(async (tx) => {
    const done = await work(tx);
    await notifyChange(tx, { organisationId: actor.org.id, topic: 'staff' });
    return done;
  });
  app.panelSessions.forget(actor.org.id);
  return result;
};

export const changeStaffRole = async (
  app: StaffDeps,
  actor: PanelActor,
  id: number,
  role: PanelRoleName,
): Promise<PanelStaffMember> =>
  staffChange(app, actor, async (tx) => {
    const target = await lockedTarget(tx, actor, id, role === 'owner');
    if (target.role === role) return toMember(target);
    const [updated] = await tx
      .update(users)
      .set({ role })
      .where(and(eq(users.organisationId, actor.org.id), eq(users.id, id)))
      .returning();
    await auditStaff(tx, actor, 'update', id, { before: snapshot(target), after: snapshot(updated!) });
    return toMember(updated!);
  });

/** Removes a staff account; its panel sessions go with it (cascade), the audit log keeps its e-mail. */
export const removeStaff = async (app: StaffDeps, actor: PanelActor, id: number): Promise<void> =>
  staffChange(app, actor, async (tx) => {
    const target = await lockedTarget(tx, actor, id, false);
    await tx.delete(users).where(and(eq(users.organisationId, actor.org.id), eq(users.id, id)));
    await auditStaff(tx, actor, 'delete', id, { before: snapshot(target) });
  });
