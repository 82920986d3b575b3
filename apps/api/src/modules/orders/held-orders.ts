import { fillMessage, msg, type OrderConfirmed, OrderStatus } from '@club/contract';
import { and, eq, gt, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import { transactionWithRetry } from '../../db/transactions.ts';
import { hashToken } from '../../lib/crypto.ts';
import { badRequest, conflict, HttpError } from '../../lib/http-error.ts';
import type { Organisation } from '../../plugins/tenancy.ts';
import { issueIfQualifies } from '../invoices/issue.ts';
import { orderMailOfRow } from './order-mails.ts';
import { enqueueShopNotification } from './place-mail.ts';
import { recordStatusChange } from './status-history.ts';

/**
 * Cash-on-delivery orders held until the buyer confirms them from the e-mail (decided at
 * placement, place-transaction.ts): the order keeps the spec's status 10 'Nowe' and carries its
 * deadline (`confirm_by`); the buyer's link sets `buyer_confirmed_at`. Unconfirmed, the order
 * maintenance cancels it at the deadline and returns its stock (maintenance.ts).
 */

/** The storefront page the e-mailed link opens (apps/web/app/routes/confirm-order.tsx). */
export const confirmationUrl = (storefront: string, token: string) =>
  `${storefront}/potwierdz-zamowienie/${token}`;

/** Orders the club accepted (paid online, or moved on in the panel): their address is known. */
const ACCEPTED = [OrderStatus.toFulfil, OrderStatus.inProgress, OrderStatus.done];

/**
 * Whether an e-mail address already has an order of this club that its buyer confirmed from the
 * e-mail or the club accepted: a guest ordering to such an address is not held for being new.
 */
export const isKnownBuyer = async (tx: Tx, orgId: number, email: string): Promise<boolean> => {
  const [row] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.organisationId, orgId),
        eq(sql`lower(${orders.email})`, email.trim().toLowerCase()),
        or(isNotNull(orders.buyerConfirmedAt), inArray(orders.status, ACCEPTED)),
      ),
    )
    .limit(1);
  return row !== undefined;
};

/** A held order of the club waiting for its buyer now (the panel's filter and label). */
export const heldCondition = () =>
  and(isNotNull(orders.confirmBy), isNull(orders.buyerConfirmedAt), eq(orders.status, OrderStatus.new));

/** The deadline a held order shows while it waits; null for any other order. */
export const heldUntil = (o: {
  confirmBy: Date | null;
  buyerConfirmedAt: Date | null;
  status: number;
}): Date | null => (o.confirmBy && !o.buyerConfirmedAt && o.status === OrderStatus.new ? o.confirmBy : null);

/**
 * The buyer's link: confirms the held order once, before its deadline, in one conditional update
 * (two clicks, or a click racing the expiry, change it once). The order's history records it and
 * the club gets its usual notice of a new order. A used link is a 409, an expired one (or an
 * order cancelled meanwhile) a 410, an unknown one a 400.
 */
export const confirmHeldOrder = (db: Db, org: Organisation, token: string): Promise<OrderConfirmed> =>
  transactionWithRetry(db, async (tx) => {
    const hash = hashToken(token);
    const [row] = await tx
      .update(orders)
      .set({ buyerConfirmedAt: sql`now()`, updatedAt: sql`now()` })
      .where(
        and(
          eq(orders.organisationId, org.id),
          eq(orders.confirmTokenHash, hash),
          heldCondition(),
          gt(orders.confirmBy, sql`now()`),
        ),
      )
      .returning({ id: orders.id, number: orders.number });
    if (!row) {
      const [found] = await tx
        .select({ number: orders.number, confirmedAt: orders.buyerConfirmedAt, status: orders.status })
        .from(orders)
        .where(and(eq(orders.organisationId, org.id), eq(orders.confirmTokenHash, hash)))
        .limit(1);
      if (!found) throw badRequest(msg.orderConfirmLinkInvalid);
      if (found.confirmedAt || (found.status !== OrderStatus.cancelled && found.status !== OrderStatus.new)) {
        throw conflict(fillMessage(msg.orderConfirmLinkUsed, { numer: found.number }));
      }
      throw new HttpError(410, fillMessage(msg.orderConfirmLinkExpired, { numer: found.number }));
    }
    await recordStatusChange(tx, {
      organisationId: org.id,
      orderId: row.id,
      from: OrderStatus.new,
      to: OrderStatus.new,
      note: msg.historyBuyerConfirmed,
    });
    await enqueueShopNotification(tx, org, await orderMailOfRow(tx, org, row.id));
    // Confirmed, the held cash-on-delivery order of a company gets its invoice.
    await issueIfQualifies(tx, org, row.id);
    return { Message: fillMessage(msg.orderConfirmed, { numer: row.number }), NrZamowienia: row.number };
  });
