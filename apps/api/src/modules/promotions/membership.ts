import { buyerGroups, type GroupCandidate } from '@club/contract';
import { and, eq, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { customerGroupDomains, customerGroupMembers, customerGroups, users } from '../../db/schema.ts';

export type BuyerGroup = { id: number; name: string };

/**
 * The logged-in buyer's customer groups now (decision 153), for the cart, the order and the member
 * prices alike. Only the account behind the session counts, never an e-mail typed at checkout: a
 * guest has none. One query reads the account and the club's groups naming it or its e-mail's
 * domain (both indexed); the rule itself (confirmed customer, dates) is the contract's `buyerGroups`.
 */
export const customerGroupsOf = async (
  db: Db | Tx,
  orgId: number,
  userId: number | null,
  now = new Date(),
): Promise<BuyerGroup[]> => {
  if (userId === null) return [];
  const domain = sql`lower(split_part(${users.email}, '@', 2))`;
  const rows = await db
    .select({
      email: users.email,
      confirmed: sql<boolean>`${users.confirmedAt} IS NOT NULL`,
      customer: sql<boolean>`${users.role} = 'customer' AND ${users.anonymisedAt} IS NULL`,
      id: customerGroups.id,
      name: customerGroups.name,
      validFrom: customerGroups.validFrom,
      validTo: customerGroups.validTo,
      named: sql<boolean>`EXISTS (SELECT 1 FROM ${customerGroupMembers} m
        WHERE m.group_id = ${customerGroups.id} AND m.organisation_id = ${orgId} AND m.user_id = ${users.id})`,
      domainListed: sql<boolean>`EXISTS (SELECT 1 FROM ${customerGroupDomains} d
        WHERE d.group_id = ${customerGroups.id} AND d.organisation_id = ${orgId} AND d.domain = ${domain})`,
    })
    .from(users)
    .innerJoin(
      customerGroups,
      and(
        eq(customerGroups.organisationId, orgId),
        or(
          sql`${customerGroups.id} IN (SELECT group_id FROM ${customerGroupMembers}
            WHERE organisation_id = ${orgId} AND user_id = ${users.id})`,
          sql`${customerGroups.id} IN (SELECT group_id FROM ${customerGroupDomains}
            WHERE organisation_id = ${orgId} AND domain = ${domain})`,
        ),
      ),
    )
    .where(and(eq(users.id, userId), eq(users.organisationId, orgId)))
    .orderBy(customerGroups.id);
  const first = rows[0];
  if (!first) return [];
  const account = { id: userId, email: first.email, confirmed: first.confirmed, customer: first.customer };
  const candidates: GroupCandidate[] = rows.map((r) => ({
    id: r.id,
    name: r.name,
    validFrom: r.validFrom,
    validTo: r.validTo,
    named: r.named,
    // The domain the database matched, which the rule checks again against the e-mail.
    domains: r.domainListed ? [first.email.slice(first.email.lastIndexOf('@') + 1).toLowerCase()] : [],
  }));
  return buyerGroups(account, candidates, now).map((g) => ({ id: g.id, name: g.name }));
};
