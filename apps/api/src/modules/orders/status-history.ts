import type { Db, Tx } from '../../db/client.ts';
import { orderStatusHistory } from '../../db/schema.ts';

/**
 * Records one status change of an order for its history in the panel. Called in the transaction
 * of the change by every path that moves an order: the panel, payment notifications, expiry and
 * the cancellation of an order whose payment could not start.
 */
export const recordStatusChange = async (
  db: Db | Tx,
  change: {
    organisationId: number;
    orderId: number;
    from: number | null;
    to: number;
    /** The panel user; null for the shop's own changes (payments, expiry). */
    userId?: number | null;
    note?: string;
  },
): Promise<void> => {
  await db.insert(orderStatusHistory).values({
    organisationId: change.organisationId,
    orderId: change.orderId,
    fromStatus: change.from,
    toStatus: change.to,
    userId: change.userId ?? null,
    note: change.note ?? '',
  });
};
