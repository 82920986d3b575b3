import { randomBytes } from 'node:crypto';
import {
  msg,
  type PanelStockAlertCounts,
  type StockAlert,
  type StockAlertReceipt,
  type StockAlertRequest,
} from '@club/contract';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { productParameters, products, stockAlerts } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import { isSoldOutRow } from './sold-out.ts';

type Club = { id: number };

const waiting = () => and(isNull(stockAlerts.notifiedAt), isNull(stockAlerts.unsubscribedAt));

/** What a sign-up names: an active product of this club and, when it has variants, one of them. */
const findTarget = async (db: Db, org: Club, productId: number, parameterId: number | null | undefined) => {
  const [product] = await db
    .select({ id: products.id, stock: products.stock })
    .from(products)
    .where(
      and(
        eq(products.id, productId),
        eq(products.organisationId, org.id),
        eq(products.active, true),
        isNull(products.archivedAt),
      ),
    );
  // Another club's product is as unknown as a missing one.
  if (!product) throw notFound(msg.productNotFound);
  const variants = await db
    .select({ id: productParameters.id, stock: productParameters.stock })
    .from(productParameters)
    .where(eq(productParameters.productId, product.id));
  if (!variants.length) {
    if (parameterId != null) throw notFound(msg.productNotFound);
    return { productId: product.id, parameterId: null, soldOut: isSoldOutRow(product) };
  }
  if (parameterId == null)
    throw badRequest(msg.stockAlertChooseVariant, { IdParametru: msg.stockAlertChooseVariant });
  const variant = variants.find((v) => v.id === parameterId);
  if (!variant) throw notFound(msg.productNotFound);
  return { productId: product.id, parameterId: variant.id, soldOut: isSoldOutRow(variant) };
};

/**
 * Puts an address on a sold-out variant's waiting list. No e-mail now (decision 146): a stranger
 * could type anyone's address, and the one mail we send later says how it got there. A repeat
 * gets the same answer and the same row's token, so the answer never tells whether an address
 * was on the list.
 */
export const subscribe = async (db: Db, org: Club, input: StockAlertRequest): Promise<StockAlertReceipt> => {
  const target = await findTarget(db, org, input.IdProduktu, input.IdParametru);
  if (!target.soldOut) throw conflict(msg.stockAlertNotSoldOut);
  const email = input.Email.trim();
  const [row] = await db
    .insert(stockAlerts)
    .values({
      organisationId: org.id,
      productId: target.productId,
      parameterId: target.parameterId,
      email,
      token: randomBytes(24).toString('base64url'),
    })
    .onConflictDoNothing()
    .returning({ token: stockAlerts.token });
  const token =
    row?.token ??
    (
      await db
        .select({ token: stockAlerts.token })
        .from(stockAlerts)
        .where(
          and(
            eq(stockAlerts.productId, target.productId),
            sql`coalesce(${stockAlerts.parameterId}, 0) = ${target.parameterId ?? 0}`,
            sql`lower(${stockAlerts.email}) = lower(${email})`,
            waiting(),
          ),
        )
    )[0]?.token;
  // Only a race with an unsubscribe or a send between the two statements leaves none.
  if (!token) throw conflict(msg.tooManyRequests);
  return { Message: msg.stockAlertSaved, Token: token };
};

const byToken = (org: Club, token: string) =>
  and(eq(stockAlerts.organisationId, org.id), eq(stockAlerts.token, token));

/** The unsubscribe page's view of one alert. */
export const view = async (db: Db, org: Club, token: string): Promise<StockAlert> => {
  const [row] = await db
    .select({
      product: products.name,
      variant: productParameters.name,
      notifiedAt: stockAlerts.notifiedAt,
      unsubscribedAt: stockAlerts.unsubscribedAt,
    })
    .from(stockAlerts)
    .innerJoin(products, eq(products.id, stockAlerts.productId))
    .leftJoin(productParameters, eq(productParameters.id, stockAlerts.parameterId))
    .where(byToken(org, token));
  if (!row) throw notFound(msg.stockAlertNotFound);
  return {
    Produkt: row.product,
    Parametr: row.variant,
    Stan: row.unsubscribedAt ? 'wypisane' : row.notifiedAt ? 'wyslane' : 'czeka',
  };
};

/** Withdraws one alert (idempotent: a second press, or one after the mail went, answers the same). */
export const unsubscribe = async (db: Db, org: Club, token: string): Promise<{ Message: string }> => {
  const [row] = await db.select({ id: stockAlerts.id }).from(stockAlerts).where(byToken(org, token));
  if (!row) throw notFound(msg.stockAlertNotFound);
  await db
    .update(stockAlerts)
    .set({ unsubscribedAt: sql`now()` })
    .where(and(eq(stockAlerts.id, row.id), waiting()));
  return { Message: msg.stockAlertUnsubscribed };
};

/** How many addresses wait for each variant of one of the club's products. */
export const counts = async (db: Db, org: Club, productId: number): Promise<PanelStockAlertCounts> => {
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.organisationId, org.id)));
  if (!product) throw notFound(msg.productNotFound);
  const rows = await db
    .select({ parameterId: stockAlerts.parameterId, n: count() })
    .from(stockAlerts)
    .where(and(eq(stockAlerts.productId, product.id), waiting()))
    .groupBy(stockAlerts.parameterId);
  return {
    Produkt: rows.find((r) => r.parameterId === null)?.n ?? 0,
    Parametry: rows.flatMap((r) => (r.parameterId === null ? [] : [{ Id: r.parameterId, Oczekujacy: r.n }])),
  };
};
