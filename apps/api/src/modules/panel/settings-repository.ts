import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { domainClaims, organisationDomains, organisations, siteOptions } from '../../db/schema.ts';

export type OrganisationRow = typeof organisations.$inferSelect;
export type OptionRow = { key: string; value: string; type: number };

/** The club's row as stored now (not the tenant cache), locked (`FOR UPDATE`) inside a change. */
export const findOrganisation = async (
  db: Db | Tx,
  orgId: number,
  lock = false,
): Promise<OrganisationRow> => {
  const q = db.select().from(organisations).where(eq(organisations.id, orgId)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw new Error(`organisation ${orgId} vanished`);
  return row;
};

export const updateOrganisation = async (
  tx: Tx,
  orgId: number,
  patch: Partial<Omit<OrganisationRow, 'id' | 'alias' | 'createdAt'>>,
): Promise<void> => {
  if (Object.keys(patch).length) await tx.update(organisations).set(patch).where(eq(organisations.id, orgId));
};

export const findOptions = async (
  db: Db | Tx,
  orgId: number,
  keys: readonly string[],
): Promise<OptionRow[]> =>
  db
    .select({ key: siteOptions.key, value: siteOptions.value, type: siteOptions.type })
    .from(siteOptions)
    .where(and(eq(siteOptions.organisationId, orgId), inArray(siteOptions.key, [...keys])));

/** Sets one site option (insert or update); null removes it. */
export const setOption = async (tx: Tx, orgId: number, key: string, value: string | null, type = 20) => {
  if (value === null) {
    await tx.delete(siteOptions).where(and(eq(siteOptions.organisationId, orgId), eq(siteOptions.key, key)));
    return;
  }
  await tx
    .insert(siteOptions)
    .values({ organisationId: orgId, key, value, type })
    .onConflictDoUpdate({ target: [siteOptions.organisationId, siteOptions.key], set: { value, type } });
};

export type DomainRow = { id: number; host: string };

export const findDomains = async (db: Db | Tx, orgId: number): Promise<DomainRow[]> =>
  db
    .select({ id: organisationDomains.id, host: organisationDomains.host })
    .from(organisationDomains)
    .where(eq(organisationDomains.organisationId, orgId))
    .orderBy(asc(organisationDomains.id));

/** Whoever holds a host name, any club. */
export const findDomainOwner = async (db: Db | Tx, host: string) => {
  const [row] = await db
    .select({ id: organisationDomains.id, organisationId: organisationDomains.organisationId })
    .from(organisationDomains)
    .where(eq(organisationDomains.host, host))
    .limit(1);
  return row;
};

export const insertDomain = async (tx: Tx, orgId: number, host: string): Promise<DomainRow> => {
  const [row] = await tx
    .insert(organisationDomains)
    .values({ organisationId: orgId, host })
    .returning({ id: organisationDomains.id, host: organisationDomains.host });
  return row!;
};

/** Deletes one of the club's domains; the deleted row, or undefined when the club has no such domain. */
export const deleteDomain = async (tx: Tx, orgId: number, id: number): Promise<DomainRow | undefined> => {
  const [row] = await tx
    .delete(organisationDomains)
    .where(and(eq(organisationDomains.id, id), eq(organisationDomains.organisationId, orgId)))
    .returning({ id: organisationDomains.id, host: organisationDomains.host });
  return row;
};

export type ClaimRow = { id: number; host: string; token: string };
const claimColumns = { id: domainClaims.id, host: domainClaims.host, token: domainClaims.token };

/** The club's domains waiting for proof, oldest first. */
export const findClaims = async (db: Db | Tx, orgId: number): Promise<ClaimRow[]> =>
  db
    .select(claimColumns)
    .from(domainClaims)
    .where(eq(domainClaims.organisationId, orgId))
    .orderBy(asc(domainClaims.id));

export const findClaim = async (db: Db | Tx, orgId: number, id: number): Promise<ClaimRow | undefined> => {
  const [row] = await db
    .select(claimColumns)
    .from(domainClaims)
    .where(and(eq(domainClaims.id, id), eq(domainClaims.organisationId, orgId)))
    .limit(1);
  return row;
};

export const insertClaim = async (tx: Tx, orgId: number, host: string, token: string): Promise<ClaimRow> => {
  const [row] = await tx
    .insert(domainClaims)
    .values({ organisationId: orgId, host, token })
    .returning(claimColumns);
  return row!;
};

/** Deletes one of the club's claims; the deleted row, or undefined when the club has no such claim. */
export const deleteClaim = async (tx: Tx, orgId: number, id: number): Promise<ClaimRow | undefined> => {
  const [row] = await tx
    .delete(domainClaims)
    .where(and(eq(domainClaims.id, id), eq(domainClaims.organisationId, orgId)))
    .returning(claimColumns);
  return row;
};
