/**
 * A price reduction (obniżenie ceny) spread over an invoice's lines for its correction: first over
 * the VAT rates by their gross, then over each rate's lines by theirs, so the reduction per rate is
 * the buyer's share of what was taxed at it. Integer grosze; the shares add up to the amount exactly.
 */
import { splitByWeight } from '@club/contract';
import { type InvoiceLine, VAT_RATES } from './invoice-data.ts';
import { lineGross } from './vat.ts';

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
