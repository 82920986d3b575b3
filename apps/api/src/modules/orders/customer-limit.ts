import { fillMessage, msg, OrderStatus } from '@club/contract';
import { and, eq, inArray, ne, or, sql, sum } from 'drizzle-orm';
import { addressKey, emailKey } from '../../db/buyer-keys.ts';
import type { Tx } from '../../db/client.ts';
import { orderLines, orders, users } from '../../db/schema.ts';
import { conflict } from '../../lib/http-error.ts';

/** One buyer as a per-customer limit recognises them: any of these matches an earlier order. */
export type Buyer = {
  userId: number | null;
  /** The delivery address's e-mail and the account's, when logged in. */
  emails: string[];
  street: string;
  postcode: string;
};

/**
 * Pieces of a product the buyer has in orders not cancelled: by account (also the account whose
 * e-mail a guest gives), by e-mail (db/buyer-keys: trimmed, any case, Gmail's dots and +tags
 * ignored) or by delivery address. Each of the three is an index on orders (user, e-mail key,
 * address key), so this reads only the buyer's orders.
 */
export const piecesBought = async (tx: Tx, orgId: number, productId: number, b: Buyer): Promise<number> => {
  // Read first, as plain ids: a subquery inside the OR would stop PostgreSQL combining the indexes.
  const accounts = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.organisationId, orgId),
        inArray(
          users.email,
          b.emails.map((e) => e.trim().toLowerCase()),
        ),
      ),
    );
  const userIds = [...new Set([...(b.userId !== null ? [b.userId] : []), ...accounts.map((a) => a.id)])];
  const [row] = await tx
    .select({ pieces: sum(orderLines.quantity).mapWith(Number) })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(
      and(
        eq(orders.organisationId, orgId),
        ne(orders.status, OrderStatus.cancelled),
        eq(orderLines.productId, productId),
        eq(orderLines.organisationId, orgId),
        or(
          // A guest with an account's e-mail is that account: its orders sent anywhere count too.
          userIds.length ? inArray(orders.userId, userIds) : undefined,
          ...b.emails.map((e) => sql`${emailKey(orders.email)} = ${emailKey(e)}`),
          sql`${addressKey(orders.street, orders.postcode)} = ${addressKey(b.street, b.postcode)}`,
        ),
      ),
    );
  return row?.pieces ?? 0;
};

/**
 * Makes the buyer's orders pass one at a time, whoever else is ordering: a transaction lock on
 * each of the buyer's keys (account, e-mail key, address key), taken in one order so two orders
 * never wait on each other crosswise. Two orders that share any key wait for each other; the
 * second then counts the first's pieces. Taken before any product row is locked: the limit's
 * queries stay out of the time a launch's product row is held (decision 147).
 */
export const lockBuyer = async (tx: Tx, orgId: number, b: Buyer): Promise<void> => {
  const keys = [
    ...(b.userId !== null ? [sql`${`user:${b.userId}`}`] : []),
    ...b.emails.map((e) => sql`'email:' || ${emailKey(e)}`),
    sql`'address:' || ${addressKey(b.street, b.postcode)}`,
  ];
  await tx.execute(sql`
    SELECT pg_advisory_xact_lock(hashtext(${`buyer:${orgId}:`} || k))
    FROM (SELECT DISTINCT k FROM unnest(ARRAY[${sql.join(keys, sql`, `)}]::text[]) AS k) AS keys
    ORDER BY k`);
};

/**
 * Refuses (409) an order that would take the buyer above the product's per-customer limit, naming
 * the product and how many they may still buy. Must run after `lockBuyer`: the buyer's orders
 * then pass here one at a time, each seeing the ones committed before it, so two orders at the
 * same moment cannot both pass.
 */
export const checkCustomerLimit = async (
  tx: Tx,
  orgId: number,
  product: { id: number; name: string; limit: number },
  quantity: number,
  buyer: Buyer,
): Promise<void> => {
  const bought = await piecesBought(tx, orgId, product.id, buyer);
  if (bought + quantity <= product.limit) return;
  const left = Math.max(0, product.limit - bought);
  const values = { produkt: product.name, limit: String(product.limit), ile: String(left) };
  throw conflict(fillMessage(left ? msg.quantityAboveCustomerLimit : msg.customerLimitReached, values));
};
