export type EditionRange = { editionFrom: number; editionTo: number };

/**
 * Gives `lines` (one product's, in the order's order) the numbers of its numbered edition up to
 * `last`, consecutive per line: `last` is the product row's counter as the placement's `takeStock`
 * advanced it by these lines' pieces on the locked row, so no two pieces ever get one number; a
 * cancelled order's numbers are not given again (gaps).
 */
export const numberEditionLines = <L extends { quantity: number }>(
  lines: L[],
  last: number,
): (L & EditionRange)[] => {
  let next = last - lines.reduce((s, l) => s + l.quantity, 0) + 1;
  return lines.map((l) => {
    const range = { editionFrom: next, editionTo: next + l.quantity - 1 };
    next += l.quantity;
    return { ...l, ...range };
  });
};
