import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { productParameters, productPrices, products } from '../../db/schema.ts';

/**
 * Omnibus (ustawa o informowaniu o cenach, art. 4 ust. 2): a price cut is shown with the lowest
 * price of the 30 days BEFORE the cut, not of the 30 days before today. That figure depends only
 * on prices older than the cut, so it is worked out once, when the price changes, and kept on the
 * product (`lowest_price_30d`): the storefront's lists read it for free.
 */
export const OMNIBUS_DAYS = 30;

type PriceChange = {
  organisationId: number;
  productId: number;
  /** A variant's own price (its own history and figure); absent: the product's price. */
  parameterId?: number;
  /** The price until now in grosze; null for a new product. */
  previous: number | null;
  price: number;
  /** When the new price applies (the seed back-dates; default: the transaction's time). */
  at?: Date;
};

/**
 * The lowest price in effect during the 30 days before `at`: the prices set in that window and the
 * one that was in effect when it opened. `previous` counts too, so a product with no history rows
 * (inserted by another path) still gets a figure.
 */
const lowestBefore = async (tx: Db | Tx, c: PriceChange & { previous: number }): Promise<number> => {
  const at = c.at ? sql`${c.at.toISOString()}::timestamptz` : sql`now()`;
  const since = sql`(${at} - make_interval(days => ${OMNIBUS_DAYS}))`;
  const parameter = c.parameterId ?? null;
  const [row] = await tx
    .select({ lowest: sql<number | null>`min(${productPrices.priceGross})` })
    .from(productPrices)
    .where(
      and(
        eq(productPrices.organisationId, c.organisationId),
        eq(productPrices.productId, c.productId),
        sql`${productPrices.parameterId} is not distinct from ${parameter}::int`,
        sql`${productPrices.validFrom} < ${at}`,
        sql`(${productPrices.validFrom} >= ${since} or ${productPrices.id} = (
          select p.id from ${productPrices} p
          where p.organisation_id = ${c.organisationId} and p.product_id = ${c.productId}
            and p.parameter_id is not distinct from ${parameter}::int and p.valid_from <= ${since}
          order by p.valid_from desc, p.id desc limit 1))`,
      ),
    );
  const fromHistory = row?.lowest == null ? null : Number(row.lowest);
  return fromHistory === null ? c.previous : Math.min(fromHistory, c.previous);
};

/**
 * Records a product's price in its history, in the caller's transaction, and sets what the
 * storefront shows: after a cut, the lowest price of the 30 days before it; after a rise (or for a
 * new product), nothing. An unchanged price records nothing.
 */
export const recordPriceChange = async (tx: Db | Tx, c: PriceChange): Promise<void> => {
  if (c.previous === c.price) return;
  const lowest =
    c.previous !== null && c.price < c.previous
      ? await lowestBefore(tx, { ...c, previous: c.previous })
      : null;
  await tx.insert(productPrices).values({
    organisationId: c.organisationId,
    productId: c.productId,
    parameterId: c.parameterId ?? null,
    priceGross: c.price,
    ...(c.at && { validFrom: c.at }),
  });
  if (c.parameterId !== undefined) {
    await tx
      .update(productParameters)
      .set({ lowestPrice30d: lowest })
      .where(
        and(eq(productParameters.id, c.parameterId), eq(productParameters.organisationId, c.organisationId)),
      );
    return;
  }
  await tx
    .update(products)
    .set({ lowestPrice30d: lowest })
    .where(and(eq(products.id, c.productId), eq(products.organisationId, c.organisationId)));
};

/**
 * The seed's history: earlier prices back-dated (days ago, oldest first), then the current price
 * applied as a change, so a demo product that was cut shows its Omnibus figure from the start.
 */
export const seedPriceHistory = async (
  tx: Db | Tx,
  organisationId: number,
  productId: number,
  price: number,
  earlier: { daysAgo: number; price: number }[] = [],
): Promise<void> => {
  const day = 24 * 60 * 60 * 1000;
  let previous: number | null = null;
  for (const e of earlier) {
    await recordPriceChange(tx, {
      organisationId,
      productId,
      previous,
      price: e.price,
      at: new Date(Date.now() - e.daysAgo * day),
    });
    previous = e.price;
  }
  await recordPriceChange(tx, { organisationId, productId, previous, price });
};
