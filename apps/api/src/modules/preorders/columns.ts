import { sql } from 'drizzle-orm';
import { productParameters } from '../../db/schema.ts';

/** Today in Poland, as `warsawToday` in the contract: a pre-order ends when its day comes. */
const warsawToday = sql`(now() at time zone 'Europe/Warsaw')::date`;

/** The variant's release date while it is on pre-order, else null (decision 144). */
export const preorderReleaseNow = sql<
  string | null
>`case when ${productParameters.preorderRelease} > ${warsawToday} then ${productParameters.preorderRelease}::text end`;

/**
 * What a variant can sell now: its pre-order's pieces left while on pre-order, else its stock.
 * Null when the row is absent (a left join), so callers can fall back to the product's stock.
 */
export const sellableOfVariant = sql<
  number | null
>`case when ${productParameters.preorderRelease} > ${warsawToday}
  then greatest(coalesce(${productParameters.preorderCap}, 0) - ${productParameters.preorderSold}, 0)
  else ${productParameters.stock} end`;
