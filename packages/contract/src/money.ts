/** Money is integer grosze inside; the API shows zł numbers with two decimals. */
export const groszeToZl = (grosze: number): number => Math.round(grosze) / 100;
export const zlToGrosze = (zl: number): number => Math.round(zl * 100);

const plFormat = new Intl.NumberFormat('pl-PL', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: true,
});

/** `1 299,99 zł`. Polish grouping (Intl skips it for 4 digits), with a no-break space. */
export const formatPrice = (zl: number): string => {
  const [int, frac] = plFormat.format(zl).replace(/\s/g, '').split(',');
  const grouped = (int ?? '0').replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
  return `${grouped},${frac ?? '00'}\u00a0zł`;
};
export const formatGrosze = (grosze: number): string => formatPrice(groszeToZl(grosze));
