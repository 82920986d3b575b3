import { msg, OrderStatus, type PRINT_QUEUE_STATES, type PrintQueue, statusLabel } from '@club/contract';
import { and, asc, desc, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { orderLines, orders } from '../../db/schema.ts';
import { notFound } from '../../lib/http-error.ts';
import { type AuditEntry, recordAudit } from './audit.ts';

type Actor = Pick<AuditEntry, 'organisationId' | 'userId' | 'userEmail'>;
type State = (typeof PRINT_QUEUE_STATES)[number];

/** A cancelled order's shirts are not printed; the others show their status (an unpaid one waits). */
const PRINTABLE_STATUSES = ne(orders.status, OrderStatus.cancelled);

/**
 * The print queue (decision 143): printed lines of the club's orders, oldest first while to do,
 * newest first once done (the last 200).
 */
export const printQueue = async (db: Db | Tx, orgId: number, state: State): Promise<PrintQueue> => {
  const done = state === 'zrobione';
  const rows = await db
    .select({
      id: orderLines.id,
      orderId: orders.id,
      number: orders.number,
      status: orders.status,
      createdAt: orders.createdAt,
      product: orderLines.productName,
      variant: orderLines.parameterName,
      text: orderLines.printingText,
      quantity: orderLines.quantity,
      printedAt: orderLines.printedAt,
    })
    .from(orderLines)
    .innerJoin(orders, and(eq(orders.id, orderLines.orderId), eq(orders.organisationId, orgId)))
    .where(
      and(
        eq(orderLines.organisationId, orgId),
        isNotNull(orderLines.printingText),
        done ? isNotNull(orderLines.printedAt) : isNull(orderLines.printedAt),
        PRINTABLE_STATUSES,
      ),
    )
    .orderBy(done ? desc(orderLines.printedAt) : asc(orders.id), asc(orderLines.id))
    .limit(200);
  return {
    Pozycje: rows.map((r) => ({
      Id: r.id,
      ZamowienieId: r.orderId,
      NumerZamowienia: r.number,
      Status: statusLabel(r.status),
      Data: r.createdAt.toISOString(),
      Produkt: r.product,
      Wariant: r.variant,
      Tekst: r.text ?? '',
      Ilosc: r.quantity,
      Wydrukowano: r.printedAt?.toISOString() ?? null,
    })),
  };
};

const mark = (db: Db, actor: Actor, by: 'line' | 'order', id: number, printed: boolean) =>
  db.transaction(async (tx) => {
    const orgId = actor.organisationId;
    const changed = await tx
      .update(orderLines)
      .set({ printedAt: printed ? new Date() : null })
      .where(
        and(
          eq(orderLines.organisationId, orgId),
          isNotNull(orderLines.printingText),
          by === 'line' ? eq(orderLines.id, id) : eq(orderLines.orderId, id),
          printed ? isNull(orderLines.printedAt) : isNotNull(orderLines.printedAt),
        ),
      )
      .returning({ id: orderLines.id, orderId: orderLines.orderId });
    if (!changed.length) {
      // Nothing changed: either it is already so (fine), or it is no printed line of this club.
      const [exists] = await tx
        .select({ id: orderLines.id })
        .from(orderLines)
        .where(
          and(
            eq(orderLines.organisationId, orgId),
            isNotNull(orderLines.printingText),
            by === 'line' ? eq(orderLines.id, id) : eq(orderLines.orderId, id),
          ),
        )
        .limit(1);
      if (!exists) throw notFound(by === 'line' ? msg.printQueueLineNotFound : msg.orderNotFound);
    }
    const orderIds = [...new Set(changed.map((c) => c.orderId))];
    if (orderIds.length) {
      await recordAudit(tx, {
        ...actor,
        action: printed ? 'printed' : 'unprinted',
        entity: 'order',
        entityId: orderIds[0]!,
        after: { pozycje: changed.map((c) => c.id) },
      });
    }
    return printQueue(tx, orgId, 'do-zrobienia');
  });

export const markLinePrinted = (db: Db, actor: Actor, lineId: number, printed: boolean) =>
  mark(db, actor, 'line', lineId, printed);
export const markOrderPrinted = (db: Db, actor: Actor, orderId: number, printed: boolean) =>
  mark(db, actor, 'order', orderId, printed);
