/** Money is integer grosze inside; the API shows zł numbers with two decimals. */
export const groszeToZl = (grosze: number): number => Math.round(grosze) / 100;
export const zlToGrosze = (zl: number): number => Math.round(zl * 100);

/** Polish money: `1 299,99 zł`, grouped also at 4 digits as shops write prices (pl-PL's own rule skips them). */
const PLN = new Intl.NumberFormat('pl-PL', { style: 'currency', currency: 'PLN', useGrouping: 'always' });

/** Rounded to whole grosze first (float arithmetic leaves 2.675 as 2.67499…); never `-0,00 zł`. */
export const formatPrice = (zl: number): string => PLN.format((Math.round(zl * 100) || 0) / 100);
export const formatGrosze = (grosze: number): string => formatPrice(groszeToZl(grosze));

/**
 * `amount` split in proportion to `weights` by the largest-remainder method: each share the exact
 * one rounded down, the grosze left over to the largest remainders (earlier first on a tie), so
 * the shares add up to `amount` exactly and none exceeds its weight. BigInt: amount × weight may
 * pass 2^53.
 */
export const splitByWeight = (amount: number, weights: readonly number[]): number[] => {
  const total = weights.reduce((a, b) => a + b, 0);
  if (!Number.isSafeInteger(amount) || amount < 0 || amount > total)
    throw new RangeError(`splitByWeight(${amount}) over ${total}`);
  if (total === 0) return weights.map(() => 0);
  const t = BigInt(total);
  const exact = weights.map((w) => BigInt(amount) * BigInt(w));
  const shares = exact.map((e) => Number(e / t));
  let left = amount - shares.reduce((a, b) => a + b, 0);
  const order = exact
    .map((e, i) => ({ i, remainder: e % t }))
    .sort((a, b) => (a.remainder === b.remainder ? a.i - b.i : a.remainder > b.remainder ? -1 : 1));
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
};
