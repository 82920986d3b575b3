import {
  msg,
  OrderStatus,
  type PanelPreorderSettings,
  type PanelPreorders,
  type PanelPreorderVariant,
} from '@club/contract';
import { and, asc, eq, inArray, isNotNull, notInArray, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { orderLines, orders, productParameters, products } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import { type AuditEntry, recordAudit } from './audit.ts';

type Actor = Pick<AuditEntry, 'organisationId' | 'userId' | 'userEmail'>;

/** Orders whose pre-ordered pieces still wait to be sent: not done, not cancelled. */
const OPEN = and(
  isNotNull(orderLines.preorderRelease),
  notInArray(orders.status, [OrderStatus.done, OrderStatus.cancelled]),
);

/**
 * The club's variants on pre-order and those whose pre-ordered pieces still wait to be sent (a
 * pre-order that ended when stock came stays listed until its orders are sent), with the orders.
 */
export const listPreorders = async (db: Db | Tx, orgId: number): Promise<PanelPreorders> => {
  const lines = await db
    .select({
      parameterId: orderLines.parameterId,
      orderId: orders.id,
      number: orders.number,
      quantity: orderLines.quantity,
    })
    .from(orderLines)
    .innerJoin(orders, and(eq(orders.id, orderLines.orderId), eq(orders.organisationId, orgId)))
    .where(and(eq(orderLines.organisationId, orgId), OPEN))
    .orderBy(asc(orders.id));
  const waiting = [...new Set(lines.flatMap((l) => (l.parameterId === null ? [] : [l.parameterId])))];
  const variants = await db
    .select({
      productId: products.id,
      product: products.name,
      id: productParameters.id,
      name: productParameters.name,
      stock: productParameters.stock,
      release: productParameters.preorderRelease,
      cap: productParameters.preorderCap,
      sold: productParameters.preorderSold,
    })
    .from(productParameters)
    .innerJoin(
      products,
      and(eq(products.id, productParameters.productId), eq(products.organisationId, orgId)),
    )
    .where(
      and(
        eq(productParameters.organisationId, orgId),
        or(
          isNotNull(productParameters.preorderRelease),
          ...(waiting.length ? [inArray(productParameters.id, waiting)] : []),
        ),
      ),
    )
    .orderBy(asc(products.name), asc(productParameters.position), asc(productParameters.id));
  return {
    Warianty: variants.map((v): PanelPreorderVariant => {
      const own = lines.filter((l) => l.parameterId === v.id);
      const byOrder = new Map<number, { Id: number; Numer: string; Ilosc: number }>();
      for (const l of own) {
        const o = byOrder.get(l.orderId) ?? { Id: l.orderId, Numer: l.number, Ilosc: 0 };
        o.Ilosc += l.quantity;
        byOrder.set(l.orderId, o);
      }
      return {
        IdWyrob: v.productId,
        Produkt: v.product,
        IdParametr: v.id,
        Wariant: v.name,
        Stan: v.stock,
        DataWysylki: v.release,
        Limit: v.release ? v.cap : null,
        Sprzedane: v.sold,
        DoWyslania: own.reduce((s, l) => s + l.quantity, 0),
        Zamowienia: [...byOrder.values()],
      };
    }),
  };
};

/**
 * Puts a variant on pre-order or ends it (null). The pieces pre-ordered so far are kept either
 * way: they are the orders still to send, and the cap counts them if the pre-order starts again.
 * The product row is locked first, as placement locks it, so a save waits for orders being placed.
 */
export const savePreorder = (
  db: Db,
  actor: Actor,
  productId: number,
  parameterId: number,
  input: PanelPreorderSettings,
) =>
  db.transaction(async (tx) => {
    const orgId = actor.organisationId;
    const [product] = await tx
      .select({ giftCard: products.giftCard })
      .from(products)
      .where(and(eq(products.id, productId), eq(products.organisationId, orgId)))
      .for('update');
    const where = and(
      eq(productParameters.id, parameterId),
      eq(productParameters.productId, productId),
      eq(productParameters.organisationId, orgId),
    );
    const [before] = await tx
      .select({ release: productParameters.preorderRelease, cap: productParameters.preorderCap })
      .from(productParameters)
      .where(where)
      .for('update');
    if (!before) throw notFound(msg.preorderVariantNotFound);
    const p = input.Przedsprzedaz;
    // A gift card is sent by e-mail once paid (decision 154): there is nothing to wait for.
    if (p && product?.giftCard) throw badRequest(msg.panelProductGiftCardExtras);
    await tx
      .update(productParameters)
      .set({ preorderRelease: p?.DataWysylki ?? null, preorderCap: p?.Limit ?? null })
      .where(where);
    await recordAudit(tx, {
      ...actor,
      action: 'preorder',
      entity: 'product_parameter',
      entityId: parameterId,
      before,
      after: p ? { release: p.DataWysylki, cap: p.Limit } : null,
    });
    return listPreorders(tx, orgId);
  });
