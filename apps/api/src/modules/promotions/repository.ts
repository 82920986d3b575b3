import {
  FREE_SHIPPING_OPTION,
  freeShippingThreshold,
  normaliseCode,
  OrderStatus,
  type StoredPromotion,
} from '@club/contract';
import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { emailKey } from '../../db/buyer-keys.ts';
import type { Db, Tx } from '../../db/client.ts';
import { orderPromotions, orders, promotionCodes, promotions, siteOptions } from '../../db/schema.ts';

/** A promotion as priced for a cart: the stored row, its version and, for the typed code, the code's row. */
export type PricingPromotion = StoredPromotion & {
  automatic: boolean;
  usageLimit: number | null;
  customerLimit: number | null;
  used: number;
  /** `promotions_version`: `take_promotion_uses` refuses the use if the pricing changed since. */
  version: string;
  codeId: number | null;
  code: string | null;
  codeUsed: number | null;
  codeLimit: number | null;
};

/**
 * The club's automatic promotions still running or to come, and the promotion of the code typed
 * (whatever its state, so an expired code is told as expired, not as unknown). One query.
 */
export const promotionsForPricing = async (
  db: Db | Tx,
  orgId: number,
  typedCode: string | null,
): Promise<PricingPromotion[]> => {
  const code = typedCode === null ? null : normaliseCode(typedCode);
  const rows = await db
    .select({
      p: promotions,
      version: sql<string>`promotions_version(${promotions})`,
      codeId: promotionCodes.id,
      code: promotionCodes.code,
      codeUsed: promotionCodes.used,
      codeLimit: promotionCodes.usageLimit,
    })
    .from(promotions)
    .leftJoin(
      promotionCodes,
      code === null
        ? sql`false`
        : and(
            eq(promotionCodes.promotionId, promotions.id),
            eq(promotionCodes.organisationId, orgId),
            sql`upper(${promotionCodes.code}) = ${code}`,
          ),
    )
    .where(
      and(
        eq(promotions.organisationId, orgId),
        or(
          and(
            eq(promotions.automatic, true),
            isNull(promotions.endedAt),
            sql`(${promotions.endsAt} IS NULL OR ${promotions.endsAt} > now())`,
          ),
          sql`${promotionCodes.id} IS NOT NULL`,
        ),
      ),
    )
    .orderBy(promotions.id);
  return rows.map((r) => ({
    ...r.p,
    version: r.version,
    codeId: r.codeId,
    code: r.code,
    codeUsed: r.codeUsed,
    codeLimit: r.codeLimit,
  }));
};

/**
 * How many of the buyer's orders (not cancelled) used each promotion: by account or by e-mail, as
 * a per-product limit counts them. The caller holds the buyer's lock (orders/customer-limit.ts).
 */
export const buyerUses = async (
  tx: Tx,
  orgId: number,
  promotionIds: number[],
  buyer: { userId: number | null; emails: string[] },
): Promise<Map<number, number>> => {
  const out = new Map<number, number>();
  if (!promotionIds.length) return out;
  const rows = await tx
    .select({ id: orderPromotions.promotionId, n: sql<number>`count(DISTINCT ${orders.id})`.mapWith(Number) })
    .from(orderPromotions)
    .innerJoin(orders, and(eq(orders.id, orderPromotions.orderId), eq(orders.organisationId, orgId)))
    .where(
      and(
        eq(orderPromotions.organisationId, orgId),
        inArray(orderPromotions.promotionId, promotionIds),
        ne(orders.status, OrderStatus.cancelled),
        or(
          buyer.userId === null ? sql`false` : eq(orders.userId, buyer.userId),
          ...buyer.emails.map((e) => sql`${emailKey(orders.email)} = ${emailKey(e)}`),
        ),
      ),
    )
    .groupBy(orderPromotions.promotionId);
  for (const r of rows) out.set(r.id, r.n);
  return out;
};

/** The club's free-shipping threshold in grosze (site option `darmowa-dostawa-od`), or null: none. */
export const freeShippingThresholdOf = async (db: Db | Tx, orgId: number): Promise<number | null> => {
  const rows = await db
    .select({ Klucz: siteOptions.key, Wartosc: siteOptions.value })
    .from(siteOptions)
    .where(and(eq(siteOptions.organisationId, orgId), eq(siteOptions.key, FREE_SHIPPING_OPTION)))
    .limit(1);
  return freeShippingThreshold(rows);
};
