/**
 * A price reduction (obniżenie ceny) spread over an invoice's lines for its correction: first over
 * the VAT rates by their gross, then over each rate's lines by theirs, so the reduction per rate is
 * the buyer's share of what was taxed at it. Integer grosze; the shares add up to the amount exactly.
 */
import { type InvoiceLine, VAT_RATES } from './invoice-data.ts';
import { lineGross } from './vat.ts';

/**
 * `amount` split in proportion to `weights`: each share the exact one rounded down, the grosze left
 * going to the largest remainders (earlier first on a tie). With `amount` at most the weights' sum,
 * no share is above its weight. BigInt: amount × weight may pass 2^53.
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

/** Each line's part of `amount`: per VAT rate by gross, then per line of the rate by gross. */
export const splitReduction = (lines: readonly InvoiceLine[], amount: number): number[] => {
  const gross = lines.map(lineGross);
  const rates = VAT_RATES.filter((r) => lines.some((l) => l.vatRate === r));
  const perRate = splitByWeight(
    amount,
    rates.map((r) => lines.reduce((s, l, i) => s + (l.vatRate === r ? gross[i]! : 0), 0)),
  );
  const shares = lines.map(() => 0);
  rates.forEach((rate, k) => {
    const idx = lines.flatMap((l, i) => (l.vatRate === rate ? [i] : []));
    const parts = splitByWeight(
      perRate[k]!,
      idx.map((i) => gross[i]!),
    );
    idx.forEach((i, j) => {
      shares[i] = parts[j]!;
    });
  });
  return shares;
};

/**
 * `quantity` pieces costing `gross` in all, as invoice lines of whole-grosz unit prices: one line,
 * or two when the grosze do not divide (the dearer pieces first), together exactly `gross`.
 */
export const priceLines = (line: InvoiceLine, quantity: number, gross: number): InvoiceLine[] => {
  if (quantity === 0) return [];
  const unit = Math.floor(gross / quantity);
  const dearer = gross - unit * quantity;
  return [
    ...(dearer > 0 ? [{ ...line, quantity: dearer, unitGross: unit + 1 }] : []),
    ...(quantity > dearer ? [{ ...line, quantity: quantity - dearer, unitGross: unit }] : []),
  ];
};
