import { OrderStatus, PaymentMethod } from '@club/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { invoices, productParameters } from '../../db/schema.ts';
import type { OrderRow } from './orders-repository.ts';

export type Corrections = { Adres: boolean; Ilosci: boolean; Rozmiary: boolean };

/**
 * What may be corrected: nothing once the order is sent, done or cancelled; the address until then;
 * sizes unless an invoice names them; fewer pieces only for cash on delivery not yet paid (a paid
 * or online order's amount is fixed: fewer pieces there is a refund).
 */
export const correctionsOf = (
  o: Pick<OrderRow, 'status' | 'shippedAt' | 'paymentMethod' | 'paymentStatus'>,
  invoiced: boolean,
): Corrections => {
  const open = o.shippedAt === null && o.status !== OrderStatus.done && o.status !== OrderStatus.cancelled;
  return {
    Adres: open,
    Rozmiary: open && !invoiced,
    Ilosci:
      open &&
      !invoiced &&
      o.paymentMethod === PaymentMethod.cashOnDelivery &&
      o.paymentStatus !== 'COMPLETED',
  };
};

export const hasInvoice = async (db: Db | Tx, orgId: number, orderId: number) =>
  (
    await db
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.orderId, orderId), eq(invoices.organisationId, orgId)))
      .limit(1)
  ).length > 0;

/** Each product's options with their stock, for the lines' size choice. */
export const optionsOf = async (db: Db, orgId: number, productIds: number[]) => {
  const rows = productIds.length
    ? await db
        .select({
          id: productParameters.id,
          productId: productParameters.productId,
          name: productParameters.name,
          stock: productParameters.stock,
        })
        .from(productParameters)
        .where(
          and(eq(productParameters.organisationId, orgId), inArray(productParameters.productId, productIds)),
        )
        .orderBy(asc(productParameters.position), asc(productParameters.id))
    : [];
  const byProduct = new Map<number, { Id: number; Nazwa: string; Stan: number }[]>();
  for (const r of rows) {
    const list = byProduct.get(r.productId) ?? [];
    list.push({ Id: r.id, Nazwa: r.name, Stan: r.stock });
    byProduct.set(r.productId, list);
  }
  return byProduct;
};

/** The delivery address as the panel shows and corrects it. */
export const addressOf = (
  o: Pick<OrderRow, 'name' | 'street' | 'postcode' | 'city' | 'phone' | 'email'>,
) => ({
  Nazwa: o.name,
  UlicaINumer: o.street,
  KodPocztowy: o.postcode,
  Miasto: o.city,
  Telefon: o.phone,
  Email: o.email,
});
