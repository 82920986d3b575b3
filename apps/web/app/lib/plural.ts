/**
 * Polish plural form: 1 → one ('pozycja'), 2–4 except 12–14 → few ('pozycje'), else many ('pozycji').
 */
export const plPlural = (n: number, one: string, few: string, many: string): string => {
  const abs = Math.abs(Math.trunc(n));
  if (abs === 1) return one;
  const last = abs % 10;
  const lastTwo = abs % 100;
  return last >= 2 && last <= 4 && !(lastTwo >= 12 && lastTwo <= 14) ? few : many;
};
