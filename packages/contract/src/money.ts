/** Money is integer grosze inside; the API shows zł numbers with two decimals. */
export const groszeToZl = (grosze: number): number => Math.round(grosze) / 100;
export const zlToGrosze = (zl: number): number => Math.round(zl * 100);

/** Polish money: `1 299,99 zł`, grouped also at 4 digits as shops write prices (pl-PL's own rule skips them). */
const PLN = new Intl.NumberFormat('pl-PL', { style: 'currency', currency: 'PLN', useGrouping: 'always' });

/** Rounded to whole grosze first (float arithmetic leaves 2.675 as 2.67499…); never `-0,00 zł`. */
export const formatPrice = (zl: number): string => PLN.format((Math.round(zl * 100) || 0) / 100);
export const formatGrosze = (grosze: number): string => formatPrice(groszeToZl(grosze));
