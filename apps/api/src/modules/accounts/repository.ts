import { PANEL_ROLES } from '@club/contract';
import { and, asc, eq, gt, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { organisationDomains, users, userTokens } from '../../db/schema.ts';

type Q = Db | Tx;
export type UserRow = typeof users.$inferSelect;
export type TokenKind = 'confirm' | 'reset' | 'email' | 'invite' | 'panel-reset';

/** Owners and managers (the panel); everyone else is a customer of the storefront. */
export const isStaff = (user: Pick<UserRow, 'role'>) =>
  (PANEL_ROLES as readonly string[]).includes(user.role);
export type TokenRow = typeof userTokens.$inferSelect;
export type UserPatch = Partial<
  Pick<
    UserRow,
    | 'email'
    | 'firstName'
    | 'lastName'
    | 'passwordHash'
    | 'confirmedAt'
    | 'addressName'
    | 'addressStreet'
    | 'addressPostcode'
    | 'addressCity'
    | 'addressPhone'
    | 'addressEmail'
    | 'failedLogins'
    | 'loginLockedUntil'
    | 'panelFailedLogins'
    | 'panelLoginLockedUntil'
  >
>;

/** Postgres 23505, as node-postgres reports it (Drizzle wraps it in `cause`). */
export const isUniqueViolation = (e: unknown): boolean => {
  for (let err = e as { code?: unknown; cause?: unknown } | undefined, i = 0; err && i < 4; i++) {
    if (err.code === '23505') return true;
    err = err.cause as typeof err;
  }
  return false;
};

export const findUserByEmail = async (db: Q, orgId: number, email: string): Promise<UserRow | undefined> => {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.organisationId, orgId), eq(users.email, email)))
    .limit(1);
  return row;
};

export const findUserById = async (db: Q, orgId: number, id: number): Promise<UserRow | undefined> => {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.organisationId, orgId), eq(users.id, id)))
    .limit(1);
  return row;
};

export const emailTaken = async (
  db: Q,
  orgId: number,
  email: string,
  exceptUserId?: number,
): Promise<boolean> => {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.organisationId, orgId),
        eq(users.email, email),
        exceptUserId ? ne(users.id, exceptUserId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
};

export const insertUser = async (
  db: Q,
  values: {
    organisationId: number;
    email: string;
    firstName: string;
    lastName: string;
    passwordHash: string;
  },
): Promise<UserRow> => {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
};

export const deleteUser = async (db: Q, orgId: number, id: number) => {
  await db.delete(users).where(and(eq(users.organisationId, orgId), eq(users.id, id)));
};

export const updateUser = async (db: Q, orgId: number, id: number, patch: UserPatch) => {
  await db
    .update(users)
    .set(patch)
    .where(and(eq(users.organisationId, orgId), eq(users.id, id)));
};

/**
 * A new registration for a customer address nobody has confirmed takes the account over (password,
 * names, a clean login record); false when the address got confirmed in the meantime. Never a staff
 * account: those are claimed only through their invitation.
 */
export const replaceUnconfirmed = async (
  db: Q,
  orgId: number,
  id: number,
  values: { firstName: string; lastName: string; passwordHash: string },
): Promise<boolean> => {
  const rows = await db
    .update(users)
    .set({ ...values, failedLogins: 0, loginLockedUntil: null })
    .where(
      and(
        eq(users.organisationId, orgId),
        eq(users.id, id),
        eq(users.role, 'customer'),
        isNull(users.confirmedAt),
      ),
    )
    .returning({ id: users.id });
  return rows.length === 1;
};

/**
 * Where a login is counted: the storefront's (customers) or the panel's (staff). Each has its own
 * count and lock, so guesses at one never lock the other.
 */
export type LoginRealm = 'shop' | 'panel';
const lockColumns = (realm: LoginRealm) =>
  realm === 'shop'
    ? {
        failed: users.failedLogins,
        until: users.loginLockedUntil,
        failedKey: 'failedLogins',
        untilKey: 'loginLockedUntil',
      }
    : {
        failed: users.panelFailedLogins,
        until: users.panelLoginLockedUntil,
        failedKey: 'panelFailedLogins',
        untilKey: 'panelLoginLockedUntil',
      };

/** The account's lock in a realm, as read with the row. */
export const lockedUntil = (user: UserRow, realm: LoginRealm): Date | null =>
  realm === 'shop' ? user.loginLockedUntil : user.panelLoginLockedUntil;

/** Counts one more failed login in a row, atomically; returns the new count. */
export const recordFailedLogin = async (db: Q, id: number, realm: LoginRealm): Promise<number> => {
  const c = lockColumns(realm);
  const [row] = await db
    .update(users)
    .set({ [c.failedKey]: sql`${c.failed} + 1` })
    .where(eq(users.id, id))
    .returning({ failedLogins: c.failed });
  return row?.failedLogins ?? 0;
};

export const lockLogin = async (db: Q, id: number, until: Date, realm: LoginRealm) => {
  await db
    .update(users)
    .set({ [lockColumns(realm).untilKey]: until })
    .where(eq(users.id, id));
};

/**
 * A successful login starts the count again; false when concurrent failures locked the account
 * while this password was being checked, so a burst of parallel guesses gains nothing.
 */
export const clearFailedLogins = async (
  db: Q,
  id: number,
  now: Date,
  realm: LoginRealm,
): Promise<boolean> => {
  const c = lockColumns(realm);
  const rows = await db
    .update(users)
    .set({ [c.failedKey]: 0, [c.untilKey]: null })
    .where(and(eq(users.id, id), or(isNull(c.until), lte(c.until, now))))
    .returning({ id: users.id });
  return rows.length === 1;
};

/** Stores a stronger hash of the same password, unless the password changed meanwhile. */
export const upgradePasswordHash = async (db: Q, id: number, oldHash: string, newHash: string) => {
  await db
    .update(users)
    .set({ passwordHash: newHash })
    .where(and(eq(users.id, id), eq(users.passwordHash, oldHash)));
};

export const insertToken = async (
  db: Q,
  values: {
    organisationId: number;
    userId: number;
    kind: TokenKind;
    tokenHash: string;
    expiresAt: Date;
    newEmail?: string;
  },
) => {
  await db.insert(userTokens).values(values);
};

/** A link token that is still usable: this tenant, this kind, not used, not expired. */
export const findUsableToken = async (
  db: Q,
  orgId: number,
  kind: TokenKind,
  tokenHash: string,
): Promise<TokenRow | undefined> => {
  const [row] = await db
    .select()
    .from(userTokens)
    .where(
      and(
        eq(userTokens.organisationId, orgId),
        eq(userTokens.kind, kind),
        eq(userTokens.tokenHash, tokenHash),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row;
};

/**
 * Marks a token used; false when another request used it first. The conditional update is what
 * makes a link work once even when it is clicked twice at the same moment.
 */
export const consumeToken = async (db: Q, id: number): Promise<boolean> => {
  const rows = await db
    .update(userTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(userTokens.id, id), isNull(userTokens.usedAt)))
    .returning({ id: userTokens.id });
  return rows.length === 1;
};

/** Retires the user's other outstanding links of a kind once one of them has done its job. */
export const consumeAllOfKind = async (db: Q, userId: number, kind: TokenKind) => {
  await db
    .update(userTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(userTokens.userId, userId), eq(userTokens.kind, kind), isNull(userTokens.usedAt)));
};

export const organisationHosts = async (db: Q, orgId: number): Promise<string[]> => {
  const rows = await db
    .select({ host: organisationDomains.host })
    .from(organisationDomains)
    .where(eq(organisationDomains.organisationId, orgId))
    .orderBy(asc(organisationDomains.id));
  return rows.map((r) => r.host);
};
