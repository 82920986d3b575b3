/**
 * A stored promotion (the `promotions` row, decision 150) as the pricing engine's `Promotion`
 * (decision 149): one mapping for the panel, the cart and order placement.
 */
import type { Promotion, PromotionScope } from './promotions.ts';

export type StoredScopeType = PromotionScope['type'];

/** The columns of a `promotions` row the engine needs (drizzle's row type fits it). */
export type StoredPromotion = {
  id: number;
  name: string;
  kind: Promotion['kind'];
  /** Basis points: 1000 = 10 %. */
  percentBp: number | null;
  amount: number | null;
  buy: number | null;
  get: number | null;
  bundleComponents: { type: StoredScopeType; ids: number[] }[] | null;
  bundlePrice: number | null;
  scopeType: StoredScopeType;
  scopeIds: number[];
  includesPrinting: boolean;
  minimum: number;
  startsAt: Date | null;
  endsAt: Date | null;
  paused: boolean;
  stackable: boolean;
  endedAt: Date | null;
  /** Without a code: an amount off products, categories or variants is then per piece (a shelf price). */
  automatic?: boolean;
  /** The customer groups it is limited to (member prices); empty or absent: everyone. */
  customerGroupIds?: number[];
};

export const scopeOf = (type: StoredScopeType, ids: readonly number[]): PromotionScope =>
  type === 'cart' ? { type } : { type, ids: [...ids] };

/**
 * The engine's promotion for a row: `code` is the code the buyer typed and the server found among
 * the promotion's codes (null for an automatic one); `limitReached` comes from the usage counters.
 * An ended promotion is priced as expired at its end: the engine refuses it with the same message.
 */
export const promotionOfRow = (
  row: StoredPromotion,
  code: string | null = null,
  limitReached = false,
): Promotion => {
  const endsAt =
    row.endedAt && (row.endsAt === null || row.endedAt.getTime() < row.endsAt.getTime())
      ? row.endedAt
      : row.endsAt;
  const base = {
    id: row.id,
    name: row.name,
    code,
    scope: scopeOf(row.scopeType, row.scopeIds),
    includesPrinting: row.includesPrinting,
    minimum: row.minimum,
    startsAt: row.startsAt,
    endsAt,
    paused: row.paused,
    stackable: row.stackable,
    // Empty is everyone: the engine reads any list, even an empty one, as "only these groups".
    ...(row.customerGroupIds?.length && { customerGroupIds: [...row.customerGroupIds] }),
    ...(limitReached && { limitReached }),
  };
  const need = (n: number | null, what: string): number => {
    if (n === null) throw new RangeError(`promotion ${row.id}: ${row.kind} without ${what}`);
    return n;
  };
  switch (row.kind) {
    case 'percent':
      return { ...base, kind: 'percent', percent: need(row.percentBp, 'percent') / 100 };
    case 'amount':
      return {
        ...base,
        kind: 'amount',
        amount: need(row.amount, 'amount'),
        ...(row.automatic && row.scopeType !== 'cart' && { perPiece: true }),
      };
    case 'freeShipping':
      return { ...base, kind: 'freeShipping' };
    case 'buyXGetY':
      return { ...base, kind: 'buyXGetY', buy: need(row.buy, 'buy'), get: need(row.get, 'get') };
    case 'bundle':
      return {
        ...base,
        kind: 'bundle',
        components: (row.bundleComponents ?? []).map((c) => scopeOf(c.type, c.ids)),
        price: need(row.bundlePrice, 'bundle price'),
      };
  }
};
