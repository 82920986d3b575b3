import { and, asc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { organisationDomains, users, userTokens } from '../../db/schema.ts';

type Q = Db | Tx;
export type UserRow = typeof users.$inferSelect;
export type TokenKind = 'confirm' | 'reset' | 'email';
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
  >
>;

/** Postgres 23505, as node-postgres and PGlite report it (Drizzle wraps it in `cause`). */
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
