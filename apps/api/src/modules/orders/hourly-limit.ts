import { createHash } from 'node:crypto';
import { msg } from '@club/contract';
import { and, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { orders, users } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';

/**
 * Who places an order, as the hourly limits count them. An address counts the orders naming it,
 * those of the club's account with that address, and a logged-in customer's own.
 */
export type OrderSource = {
  /** The order's e-mail and, for a logged-in customer, the account's. */
  emails: string[];
  userId: number | null;
  ip: string;
};
export type HourlyLimits = { ordersPerEmailHour: number; ordersPerIpHour: number };

/** A transaction-scoped advisory lock's key for one counted name of one club. */
const lockKey = (orgId: number, name: string) =>
  createHash('sha256').update(`orders-per-hour:${orgId}:${name}`).digest().readBigInt64BE(0);

/**
 * Refuses (429) an order beyond the club's orders per e-mail address or per IP in the last hour.
 * Counted in the database, so every process sees the same orders. Concurrent placements from one
 * address would each count the others as not there yet: the address's advisory lock (held to
 * the commit, taken in key order so two placements never wait on each other crosswise) makes
 * them count one after another. Runs inside the placement, after the cart's lock and before any
 * stock is taken.
 */
export const checkOrdersPerHour = async (
  tx: Tx,
  orgId: number,
  who: OrderSource,
  limits: HourlyLimits,
): Promise<void> => {
  const emails = [...new Set(who.emails.map((e) => e.trim().toLowerCase()).filter(Boolean))];
  const keys = [...emails.map((e) => `e:${e}`), `i:${who.ip}`].map((n) => lockKey(orgId, n));
  for (const key of [...new Set(keys)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${key.toString()}::bigint)`);
  }
  // The address's orders, the customer's own, and those of the club's account with that address.
  const accounts = tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.organisationId, orgId), inArray(sql`lower(${users.email})`, emails)));
  const byEmail = or(
    inArray(sql`lower(${orders.email})`, emails),
    inArray(orders.userId, accounts),
    who.userId !== null ? eq(orders.userId, who.userId) : undefined,
  )!;
  const byIp = eq(orders.customerIp, who.ip);
  const [row] = await tx
    .select({
      email: sql<number>`count(*) filter (where ${byEmail})`.mapWith(Number),
      ip: sql<number>`count(*) filter (where ${byIp})`.mapWith(Number),
    })
    .from(orders)
    .where(
      and(
        eq(orders.organisationId, orgId),
        gt(orders.createdAt, sql`now() - interval '1 hour'`),
        or(byEmail, byIp),
      ),
    );
  if ((row?.email ?? 0) >= limits.ordersPerEmailHour) throw new HttpError(429, msg.tooManyOrdersFromEmail);
  if ((row?.ip ?? 0) >= limits.ordersPerIpHour) throw new HttpError(429, msg.tooManyOrdersFromIp);
};
