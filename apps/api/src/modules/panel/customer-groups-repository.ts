import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  customerGroupDomains,
  customerGroupMembers,
  customerGroups,
  promotions,
  users,
} from '../../db/schema.ts';

export type GroupRow = typeof customerGroups.$inferSelect;
export type GroupAccountRow = { id: number; email: string; firstName: string; lastName: string };
export type GroupWithMembers = GroupRow & {
  accounts: GroupAccountRow[];
  domains: string[];
  /** Its promotions not ended, by name. */
  promotions: string[];
};

/** How many of `ids` name the club's own groups (another club's are unknown here). */
export const ownedGroupCount = async (
  db: Db | Tx,
  orgId: number,
  ids: readonly number[],
): Promise<number> => {
  if (!ids.length) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(customerGroups)
    .where(and(eq(customerGroups.organisationId, orgId), inArray(customerGroups.id, [...ids])));
  return row?.n ?? 0;
};

/** The groups with their accounts, domains and promotions: four queries for the whole list. */
const withMembers = async (db: Db | Tx, orgId: number, rows: GroupRow[]): Promise<GroupWithMembers[]> => {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [accounts, domains, promos] = await Promise.all([
    db
      .select({
        groupId: customerGroupMembers.groupId,
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(customerGroupMembers)
      .innerJoin(users, eq(users.id, customerGroupMembers.userId))
      .where(and(eq(customerGroupMembers.organisationId, orgId), inArray(customerGroupMembers.groupId, ids)))
      .orderBy(asc(users.email)),
    db
      .select({ groupId: customerGroupDomains.groupId, domain: customerGroupDomains.domain })
      .from(customerGroupDomains)
      .where(and(eq(customerGroupDomains.organisationId, orgId), inArray(customerGroupDomains.groupId, ids)))
      .orderBy(asc(customerGroupDomains.domain)),
    db
      .select({ name: promotions.name, groups: promotions.customerGroupIds })
      .from(promotions)
      .where(
        and(
          eq(promotions.organisationId, orgId),
          isNull(promotions.endedAt),
          sql`${promotions.customerGroupIds} && ARRAY[${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )}]::int[]`,
        ),
      )
      .orderBy(asc(promotions.id)),
  ]);
  return rows.map((r) => ({
    ...r,
    accounts: accounts.filter((a) => a.groupId === r.id).map(({ groupId: _g, ...a }) => a),
    domains: domains.filter((d) => d.groupId === r.id).map((d) => d.domain),
    promotions: promos.filter((p) => p.groups.includes(r.id)).map((p) => p.name),
  }));
};

export const allGroups = async (db: Db | Tx, orgId: number): Promise<GroupWithMembers[]> =>
  withMembers(
    db,
    orgId,
    await db
      .select()
      .from(customerGroups)
      .where(eq(customerGroups.organisationId, orgId))
      .orderBy(desc(customerGroups.createdAt), desc(customerGroups.id)),
  );

export const oneGroup = async (
  db: Db | Tx,
  orgId: number,
  id: number,
): Promise<GroupWithMembers | undefined> => {
  const rows = await db
    .select()
    .from(customerGroups)
    .where(and(eq(customerGroups.id, id), eq(customerGroups.organisationId, orgId)));
  return (await withMembers(db, orgId, rows))[0];
};

/** The group locked for a change or a deletion (another one waits). */
export const lockGroup = async (tx: Tx, orgId: number, id: number): Promise<GroupRow | undefined> =>
  (
    await tx
      .select()
      .from(customerGroups)
      .where(and(eq(customerGroups.id, id), eq(customerGroups.organisationId, orgId)))
      .for('update')
  )[0];

export const insertGroup = async (
  tx: Tx,
  row: Omit<typeof customerGroups.$inferInsert, 'id'>,
): Promise<GroupRow> => (await tx.insert(customerGroups).values(row).returning())[0]!;

export const updateGroup = async (
  tx: Tx,
  orgId: number,
  id: number,
  patch: Partial<Pick<GroupRow, 'name' | 'validFrom' | 'validTo'>>,
) => {
  await tx
    .update(customerGroups)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(and(eq(customerGroups.id, id), eq(customerGroups.organisationId, orgId)));
};

export const deleteGroup = async (tx: Tx, orgId: number, id: number) => {
  await tx
    .delete(customerGroups)
    .where(and(eq(customerGroups.id, id), eq(customerGroups.organisationId, orgId)));
};

/**
 * The club's customer accounts with these e-mails (lower case): staff and erased accounts are not
 * customers, so a group never names them.
 */
export const customerAccounts = async (
  db: Db | Tx,
  orgId: number,
  emails: readonly string[],
): Promise<{ id: number; email: string }[]> =>
  emails.length
    ? db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(
          and(
            eq(users.organisationId, orgId),
            eq(users.role, 'customer'),
            isNull(users.anonymisedAt),
            inArray(users.email, [...emails]),
          ),
        )
    : [];

export const replaceAccounts = async (tx: Tx, orgId: number, groupId: number, userIds: readonly number[]) => {
  await tx
    .delete(customerGroupMembers)
    .where(and(eq(customerGroupMembers.organisationId, orgId), eq(customerGroupMembers.groupId, groupId)));
  if (userIds.length)
    await tx
      .insert(customerGroupMembers)
      .values(userIds.map((userId) => ({ organisationId: orgId, groupId, userId })));
};

export const replaceDomains = async (tx: Tx, orgId: number, groupId: number, domains: readonly string[]) => {
  await tx
    .delete(customerGroupDomains)
    .where(and(eq(customerGroupDomains.organisationId, orgId), eq(customerGroupDomains.groupId, groupId)));
  if (domains.length)
    await tx
      .insert(customerGroupDomains)
      .values(domains.map((domain) => ({ organisationId: orgId, groupId, domain })));
};
