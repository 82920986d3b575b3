import { LRUCache } from 'lru-cache';

/**
 * The panel list's `Total` per club and filter, kept a few seconds: counting 100,000 live products
 * on every page was most of the list's cost under load. A product change in this process forgets
 * the club's totals at once (`forgetProductTotals`, after the change commits); other processes'
 * changes, and stock moved by orders, show within TOTAL_TTL_MS. A change bus can call
 * `forgetProductTotals` too.
 */
export const TOTAL_TTL_MS = 5_000;

const totals = new LRUCache<string, Promise<number>>({ max: 2_000, ttl: TOTAL_TTL_MS });
/** Bumped on every change, so a count begun before the change is stored under a key no one asks for. */
const generations = new Map<number, number>();

export const forgetProductTotals = (orgId: number): void => {
  generations.set(orgId, (generations.get(orgId) ?? 0) + 1);
};

/** The cached total for `filterKey`, or `count()` once however many requests ask at the same time. */
export const productTotal = (
  orgId: number,
  filterKey: string,
  count: () => Promise<number>,
): Promise<number> => {
  const key = `${orgId}:${generations.get(orgId) ?? 0}:${filterKey}`;
  const known = totals.get(key);
  if (known) return known;
  const counting = count();
  totals.set(key, counting);
  // A failed count is not remembered: the next request counts again.
  counting.catch(() => totals.delete(key));
  return counting;
};
