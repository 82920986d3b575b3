import { EXCHANGE_PAYMENT_METHOD, fillMessage, msg, OrderStatus, type VatRate } from '@club/contract';
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { orders, productParameters, products, withdrawals } from '../../db/schema.ts';
import { conflict } from '../../lib/http-error.ts';
import type { Organisation } from '../../plugins/tenancy.ts';
import { enqueueMail } from '../mail/queue.ts';
import { buyerOf } from '../orders/buyer-columns.ts';
import { insertNumberedOrder, takeStock } from '../orders/place-repository.ts';
import { takeParameter } from '../orders/place-stock.ts';
import { polishYear } from '../orders/place-transaction.ts';
import { recordStatusChange } from '../orders/status-history.ts';
import { auditActor, recordAudit } from '../panel/audit.ts';
import { PaymentStatus } from '../payments/provider.ts';
import { exchangeSentMail } from './mail.ts';

/** An order line as an exchange needs it: the product, its size and the price paid. */
export type ExchangeableLine = {
  id: number;
  productId: number | null;
  parameterId: number | null;
  unitPrice: number;
};
export type SizeOption = { Id: number; Nazwa: string };

/**
 * Sizes each line may be exchanged for: other options of the same product, in stock, while the
 * product is on sale at the price the buyer paid (an exchange is never for a different price).
 * A line without a size gets no entry.
 */
export const exchangeOptions = async (
  db: Db | Tx,
  orgId: number,
  lines: ExchangeableLine[],
): Promise<Map<number, SizeOption[]>> => {
  const sized = lines.filter((l) => l.productId !== null && l.parameterId !== null);
  const out = new Map<number, SizeOption[]>();
  if (!sized.length) return out;
  const productIds = [...new Set(sized.map((l) => l.productId!))];
  const rows = await db
    .select({
      id: productParameters.id,
      name: productParameters.name,
      productId: productParameters.productId,
      // A variant's own price, else the product's: an exchange is only for what was paid.
      price: sql<number>`coalesce(${productParameters.priceGross}, ${products.priceGross})`.mapWith(Number),
    })
    .from(productParameters)
    .innerJoin(
      products,
      and(
        eq(products.id, productParameters.productId),
        eq(products.organisationId, orgId),
        eq(products.active, true),
        isNull(products.archivedAt),
      ),
    )
    .where(
      and(
        eq(productParameters.organisationId, orgId),
        inArray(productParameters.productId, productIds),
        gt(productParameters.stock, 0),
      ),
    )
    .orderBy(asc(productParameters.position), asc(productParameters.id));
  for (const l of sized)
    out.set(
      l.id,
      rows
        .filter((r) => r.productId === l.productId && r.id !== l.parameterId && r.price === l.unitPrice)
        .map((r) => ({ Id: r.id, Nazwa: r.name })),
    );
  return out;
};

type Actor = { org: Organisation; user: { id: number; email: string } };

/** A return as the exchange step reads it (withdrawals/service.ts `returnRows`). */
export type ExchangeReturn = {
  id: number;
  orderId: number;
  number: string;
  email: string;
  state: string;
  exchangeOrderId: number | null;
  lines: {
    orderLineId: number;
    name: string;
    parameter: string | null;
    quantity: number;
    productId: number | null;
    unitPrice: number;
    exchangeParameterId: number | null;
    exchangeParameterName: string | null;
  }[];
};

/**
 * "Wyślij wymianę": a new order for the same buyer, address and delivery with the sizes asked for
 * at the prices paid, nothing to pay and no shipping charged, its stock taken here. Runs in the
 * caller's transaction with the return's row locked, so a second press finds the exchange made.
 * Returns the new order's id and number, and whether the return is done (no line left to refund).
 */
export const sendExchange = async (tx: Tx, actor: Actor, r: ExchangeReturn) => {
  const { org } = actor;
  const wanted = r.lines.filter((l) => l.exchangeParameterId !== null);
  const [o] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, r.orderId), eq(orders.organisationId, org.id)));
  if (!o) throw conflict(msg.orderNotFound);

  // Products in id order, as placement locks them: no deadlock with a checkout.
  const byProduct = new Map<number, typeof wanted>();
  for (const l of wanted) {
    if (l.productId === null)
      throw conflict(
        fillMessage(msg.exchangeSizeSoldOut, { produkt: l.name, rozmiar: l.exchangeParameterName! }),
      );
    byProduct.set(l.productId, [...(byProduct.get(l.productId) ?? []), l]);
  }
  const vat = new Map<number, VatRate>();
  for (const [productId, lines] of [...byProduct].sort((a, b) => a[0] - b[0])) {
    const first = lines[0]!;
    const soldOut = (l: (typeof lines)[number]) =>
      conflict(fillMessage(msg.exchangeSizeSoldOut, { produkt: l.name, rozmiar: l.exchangeParameterName! }));
    // An exchange numbers no new pieces (0): the edition's counter stays where it is.
    const taken = await takeStock(
      tx,
      org.id,
      productId,
      lines.reduce((s, l) => s + l.quantity, 0),
      0,
    );
    if (!taken) throw soldOut(first);
    vat.set(productId, taken.vatRate);
    for (const l of [...lines].sort((a, b) => a.exchangeParameterId! - b.exchangeParameterId!)) {
      const own = await takeParameter(tx, org.id, productId, l.exchangeParameterId!, l.quantity);
      if (own === undefined) throw soldOut(l);
      // The price is read from the locked rows (the variant's own, else the product's): whatever
      // the buyer's form or the panel sent.
      if ((own ?? taken.priceGross) !== l.unitPrice)
        throw conflict(fillMessage(msg.exchangePriceChanged, { produkt: l.name }));
    }
  }

  const itemsTotal = wanted.reduce((s, l) => s + l.unitPrice * l.quantity, 0);
  const created = await insertNumberedOrder(
    tx,
    {
      organisationId: org.id,
      userId: o.userId,
      // One exchange per return: the unique cart key refuses a second order even past the lock.
      cartGuid: `wymiana-${r.id}`,
      paymentMethod: EXCHANGE_PAYMENT_METHOD,
      paymentProvider: 'wymiana',
      paymentUrl: null,
      paymentTimeoutMs: null,
      itemsTotal,
      shippingCost: 0,
      // Nothing to pay: the returned pieces paid for these. A refund of this order finds 0 paid,
      // so money for these goods can only come back from the original order.
      total: 0,
      shippingOptionId: o.shippingOptionId,
      shippingName: o.shippingName,
      deliveryInfo: o.deliveryInfo,
      ...buyerOf(o),
      customerIp: null,
      invoiceCompany: o.invoiceCompany,
      invoiceNip: o.invoiceNip,
      confirmTimeoutMs: null,
      confirmTokenHash: null,
    },
    wanted.map((l) => ({
      productId: l.productId!,
      parameterId: l.exchangeParameterId,
      productName: l.name,
      parameterName: l.exchangeParameterName,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      vatRate: vat.get(l.productId!)!,
    })),
    null,
    org.orderPrefix,
    polishYear(),
  );
  await tx
    .update(orders)
    .set({ paymentStatus: PaymentStatus.completed, status: OrderStatus.toFulfil })
    .where(eq(orders.id, created.id));
  await recordStatusChange(tx, {
    organisationId: org.id,
    orderId: created.id,
    from: OrderStatus.new,
    to: OrderStatus.toFulfil,
    userId: actor.user.id,
    note: `Wymiana do zamówienia ${r.number}`,
  });
  const done = wanted.length === r.lines.length;
  const moved = await tx
    .update(withdrawals)
    .set({ exchangeOrderId: created.id, ...(done && { state: 'wymieniony' }), updatedAt: new Date() })
    .where(
      and(
        eq(withdrawals.id, r.id),
        eq(withdrawals.organisationId, org.id),
        eq(withdrawals.state, 'towar_otrzymany'),
        isNull(withdrawals.exchangeOrderId),
      ),
    )
    .returning({ id: withdrawals.id });
  if (!moved.length) throw conflict(fillMessage(msg.exchangeAlreadyDone, { numer: '' }));

  await enqueueMail(
    tx,
    exchangeSentMail({
      to: o.email,
      shopName: org.name,
      number: r.number,
      newNumber: created.number,
      lines: wanted.map((l) => ({
        name: l.name,
        from: l.parameter,
        to: l.exchangeParameterName!,
        quantity: l.quantity,
      })),
    }),
    org.id,
  );
  await recordAudit(tx, {
    ...auditActor(actor),
    action: 'exchange',
    entity: 'return',
    entityId: r.id,
    before: { Zamowienie: r.number, Stan: r.state },
    after: {
      Zamowienie: r.number,
      Stan: done ? 'wymieniony' : r.state,
      ZamowienieWymiany: created.number,
      Pozycje: wanted.map((l) => ({
        Produkt: l.name,
        Z: l.parameter,
        Na: l.exchangeParameterName,
        Ilosc: l.quantity,
      })),
    },
  });
  return { id: created.id, number: created.number, done };
};
