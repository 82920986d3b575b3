import { fillMessage, msg } from '@club/contract';
import { and, asc, eq, gt, gte, isNotNull, isNull, sql, sum } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  orderLines,
  orderPromotions,
  orders,
  productParameters,
  products,
  promotionCodes,
  promotions,
} from '../../db/schema.ts';
import { conflict } from '../../lib/http-error.ts';
import { giveBackToCards } from '../gift-cards/redeem.ts';
import { returnPreorder } from '../preorders/take.ts';

export type StockLine = {
  productId: number;
  parameterId: number | null;
  parameterName: string | null;
  quantity: number;
};
/** `variantPrice`: the option's own price (grosze), read from its locked row; null: the product's price. */
export type AllocatedLine = StockLine & {
  index: number;
  variantPrice?: number | null;
  /** A pre-order line's expected shipping date (decision 144). */
  preorderRelease?: string | null;
};

/**
 * Takes `quantity` pieces of one option if it has them: condition and decrement in one statement.
 * Returns the option's own price (null: the product's), or undefined when it has too few pieces.
 */
export const takeParameter = async (
  tx: Tx,
  orgId: number,
  productId: number,
  parameterId: number,
  quantity: number,
) => {
  const rows = await tx
    .update(productParameters)
    .set({ stock: sql`${productParameters.stock} - ${quantity}` })
    .where(
      and(
        eq(productParameters.id, parameterId),
        eq(productParameters.productId, productId),
        eq(productParameters.organisationId, orgId),
        gte(productParameters.stock, quantity),
      ),
    )
    .returning({ priceGross: productParameters.priceGross });
  return rows[0]?.priceGross;
};

const lockParameters = (tx: Tx, orgId: number, productId: number) =>
  tx
    .select({ id: productParameters.id, name: productParameters.name, stock: productParameters.stock })
    .from(productParameters)
    .where(and(eq(productParameters.productId, productId), eq(productParameters.organisationId, orgId)))
    .orderBy(asc(productParameters.position), asc(productParameters.id))
    .for('update');

/**
 * Takes the per-option stock of one product's cart lines. Must run after the product's total was
 * taken (`takeStock` locks the product row, so everything here is serialised per product and the
 * total stays the sum of its options). A line with an option takes from that option; a line
 * without one (options not required) is served from the options in their order, split into one
 * order line per option it takes from, so packing and returning stock know the options.
 * `index` is the cart line's position, for keeping the order's lines in the cart's order.
 * Throws 409 naming the product and option when an option has too few pieces.
 */
export const takeOptionStock = async (
  tx: Tx,
  orgId: number,
  productName: string,
  lines: (StockLine & { index: number })[],
): Promise<AllocatedLine[]> => {
  const productId = lines[0]!.productId;
  const out: AllocatedLine[] = [];
  const chosen = new Map<number, { name: string; quantity: number }>();
  for (const l of lines) {
    if (l.parameterId === null || l.parameterName === null) continue;
    const c = chosen.get(l.parameterId) ?? { name: l.parameterName, quantity: 0 };
    c.quantity += l.quantity;
    chosen.set(l.parameterId, c);
  }
  const prices = new Map<number, number | null>();
  for (const [parameterId, c] of [...chosen].sort((a, b) => a[0] - b[0])) {
    const price = await takeParameter(tx, orgId, productId, parameterId, c.quantity);
    if (price === undefined) {
      throw conflict(fillMessage(msg.orderNotEnoughStock, { produkt: `${productName} - ${c.name}` }));
    }
    prices.set(parameterId, price);
  }
  const open = lines.filter((l) => l.parameterId === null || l.parameterName === null);
  for (const l of lines)
    if (!open.includes(l)) out.push({ ...l, variantPrice: prices.get(l.parameterId!) ?? null });
  if (!open.length) return out;

  const options = await lockParameters(tx, orgId, productId);
  for (const l of open) {
    // No options: the product's own stock, already taken.
    if (!options.length) {
      out.push({ ...l, parameterId: null, parameterName: null });
      continue;
    }
    let need = l.quantity;
    for (const o of options) {
      if (need === 0) break;
      const take = Math.min(need, o.stock);
      if (take === 0) continue;
      const price = await takeParameter(tx, orgId, productId, o.id, take);
      if (price === undefined) break;
      o.stock -= take;
      need -= take;
      out.push({ ...l, parameterId: o.id, parameterName: o.name, quantity: take, variantPrice: price });
    }
    if (need > 0) throw conflict(fillMessage(msg.orderNotEnoughStock, { produkt: productName }));
  }
  return out;
};

/**
 * Gives pieces of one product back (a cancelled or expired order): to each option still there, and
 * the product's total recomputed as their sum; a product without options gets them on its own
 * stock. The product row is locked first, as placement does, so the two cannot deadlock.
 */
export const returnProductStock = async (
  tx: Tx,
  orgId: number,
  productId: number,
  pieces: { parameterId: number | null; quantity: number; preorder?: boolean }[],
) => {
  const [product] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.organisationId, orgId)))
    .for('update');
  if (!product) return;
  // Pre-ordered pieces never left stock: they go back to the pre-order's cap instead.
  for (const p of pieces)
    if (p.preorder && p.parameterId !== null)
      await returnPreorder(tx, orgId, productId, p.parameterId, p.quantity);
  pieces = pieces.filter((p) => !p.preorder);
  if (!pieces.length) return;
  for (const p of pieces) {
    if (p.parameterId === null) continue;
    await tx
      .update(productParameters)
      .set({ stock: sql`${productParameters.stock} + ${p.quantity}` })
      .where(
        and(
          eq(productParameters.id, p.parameterId),
          eq(productParameters.productId, productId),
          eq(productParameters.organisationId, orgId),
        ),
      );
  }
  const total = pieces.reduce((s, p) => s + p.quantity, 0);
  const options = sql`(select count(*) from ${productParameters} where ${productParameters.productId} = ${productId})`;
  const optionSum = sql`(select coalesce(sum(${productParameters.stock}), 0) from ${productParameters} where ${productParameters.productId} = ${productId})`;
  await tx
    .update(products)
    .set({ stock: sql`case when ${options} > 0 then ${optionSum} else ${products.stock} + ${total} end` })
    .where(and(eq(products.id, productId), eq(products.organisationId, orgId)));
};

/**
 * Gives a cancelled order's pieces back to stock, exactly once: whoever sets `stock_returned_at`
 * first does it; a second cancel (replayed notification, panel, payment error) finds it set.
 * Products are updated in id order, the order placement locks them in, so the two cannot deadlock.
 */
export const returnStockOnce = async (tx: Tx, orgId: number, orderId: number): Promise<boolean> => {
  const claimed = await tx
    .update(orders)
    .set({ stockReturnedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), eq(orders.organisationId, orgId), isNull(orders.stockReturnedAt)))
    .returning({ giftCardPaid: orders.giftCardPaid });
  if (!claimed.length) return false;
  // The card first, as placement locks it before the products (decision 154); most orders have none.
  if (claimed[0]!.giftCardPaid > 0) await giveBackToCards(tx, orgId, orderId, 'cancelled');
  const perLine = await tx
    .select({
      productId: orderLines.productId,
      parameterId: orderLines.parameterId,
      preorder: sql<boolean>`${orderLines.preorderRelease} is not null`,
      quantity: sum(orderLines.quantity).mapWith(Number),
    })
    .from(orderLines)
    .where(
      and(
        eq(orderLines.orderId, orderId),
        eq(orderLines.organisationId, orgId),
        isNotNull(orderLines.productId),
      ),
    )
    .groupBy(orderLines.productId, orderLines.parameterId, sql`${orderLines.preorderRelease} is not null`)
    .orderBy(asc(orderLines.productId));
  const perProduct = new Map<number, { parameterId: number | null; quantity: number; preorder: boolean }[]>();
  for (const l of perLine) {
    const list = perProduct.get(l.productId!) ?? [];
    list.push({ parameterId: l.parameterId, quantity: l.quantity, preorder: l.preorder });
    perProduct.set(l.productId!, list);
  }
  // Per option too (stock is kept per parameter), products in id order.
  for (const [productId, pieces] of perProduct) await returnProductStock(tx, orgId, productId, pieces);
  await givePromotionUsesBack(tx, orgId, orderId);
  return true;
};

/**
 * A cancelled order gives back the uses it took of its promotions and codes, once, with its
 * stock: a fan whose unpaid order expired may use their single-use code again. Promotions in id
 * order after the products, as placement takes them.
 */
const givePromotionUsesBack = async (tx: Tx, orgId: number, orderId: number) => {
  const used = await tx
    .select({ promotionId: orderPromotions.promotionId, codeId: orderPromotions.codeId })
    .from(orderPromotions)
    .where(and(eq(orderPromotions.orderId, orderId), eq(orderPromotions.organisationId, orgId)))
    .orderBy(asc(orderPromotions.promotionId));
  for (const u of used) {
    await tx
      .update(promotions)
      .set({ used: sql`${promotions.used} - 1` })
      .where(
        and(eq(promotions.id, u.promotionId), eq(promotions.organisationId, orgId), gt(promotions.used, 0)),
      );
    if (u.codeId !== null)
      await tx
        .update(promotionCodes)
        .set({ used: sql`${promotionCodes.used} - 1` })
        .where(
          and(
            eq(promotionCodes.id, u.codeId),
            eq(promotionCodes.organisationId, orgId),
            gt(promotionCodes.used, 0),
          ),
        );
  }
};

/**
 * A line changes size before it is sent: its pieces go back to the old option and as many as it
 * now has are taken from the new one (409 naming it when it has too few). The product row is
 * locked first, as placement does; its total stays the sum of its options.
 */
export const moveOptionStock = async (
  tx: Tx,
  orgId: number,
  productId: number,
  productName: string,
  from: { parameterId: number | null; quantity: number },
  to: { parameterId: number; parameterName: string; quantity: number },
) => {
  await returnProductStock(tx, orgId, productId, [from]);
  if ((await takeParameter(tx, orgId, productId, to.parameterId, to.quantity)) === undefined)
    throw conflict(fillMessage(msg.orderNotEnoughStock, { produkt: `${productName} - ${to.parameterName}` }));
  const optionSum = sql`(select coalesce(sum(${productParameters.stock}), 0) from ${productParameters} where ${productParameters.productId} = ${productId})`;
  await tx
    .update(products)
    .set({ stock: optionSum })
    .where(and(eq(products.id, productId), eq(products.organisationId, orgId)));
};

/**
 * Takes pieces of one product outside an order (a complaint's replacement): from its option when it
 * has one, else from the product's own stock; the product row locked first, as placement does, and
 * its total kept the sum of its options. False when too few are left; 'gone' when the product or
 * the option no longer exists.
 */
export const takeProductStock = async (
  tx: Tx,
  orgId: number,
  productId: number,
  parameterId: number | null,
  quantity: number,
): Promise<boolean | 'gone'> => {
  const [product] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.organisationId, orgId)))
    .for('update');
  if (!product) return 'gone';
  const options = await lockParameters(tx, orgId, productId);
  if (parameterId !== null) {
    if (!options.some((o) => o.id === parameterId)) return 'gone';
    if ((await takeParameter(tx, orgId, productId, parameterId, quantity)) === undefined) return false;
  } else if (options.length) {
    // A line without a size while the product now has sizes: there is no telling which to send.
    return 'gone';
  }
  const optionSum = sql`(select coalesce(sum(${productParameters.stock}), 0) from ${productParameters} where ${productParameters.productId} = ${productId})`;
  const updated = await tx
    .update(products)
    .set({ stock: options.length ? optionSum : sql`${products.stock} - ${quantity}` })
    .where(
      and(
        eq(products.id, productId),
        eq(products.organisationId, orgId),
        ...(options.length ? [] : [gte(products.stock, quantity)]),
      ),
    )
    .returning({ id: products.id });
  return updated.length > 0;
};
