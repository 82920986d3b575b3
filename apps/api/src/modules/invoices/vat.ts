/**
 * VAT for prices given gross, the Polish way (art. 106e ust. 10 ustawy o VAT): per rate, the VAT
 * is computed once from the sum of the gross values, VAT = gross × rate / (100 + rate) rounded to
 * the grosz (half up), net = gross − VAT. Lines get net and VAT shares that add up to exactly
 * those totals, so the invoice's columns and its summary agree. All amounts are integer grosze.
 */
import { type InvoiceLine, VAT_RATES, type VatRate } from './invoice-data.ts';

export type Amounts = { net: number; vat: number; gross: number };
export type RateTotal = Amounts & { rate: VatRate };
export type LineAmounts = Amounts & { line: InvoiceLine };
export type VatSummary = { lines: LineAmounts[]; rates: RateTotal[]; total: Amounts };

/** The rate as a percentage; exempt and zero-rated goods carry no VAT. */
export const ratePercent = (rate: VatRate): number => (rate === 'zw' ? 0 : Number(rate));

/** numerator / denominator rounded half up, for non-negative integers (exact, no floats). */
export const divideHalfUp = (numerator: number, denominator: number): number => {
  if (!Number.isSafeInteger(numerator) || numerator < 0 || !(denominator > 0)) {
    throw new RangeError(`divideHalfUp(${numerator}, ${denominator})`);
  }
  const quotient = Math.floor(numerator / denominator);
  return (numerator - quotient * denominator) * 2 >= denominator ? quotient + 1 : quotient;
};

/** The VAT contained in a gross amount at one rate. */
export const vatFromGross = (gross: number, rate: VatRate): number => {
  const p = ratePercent(rate);
  return p === 0 ? 0 : divideHalfUp(gross * p, 100 + p);
};

export const lineGross = (line: InvoiceLine): number => {
  if (!Number.isInteger(line.quantity) || line.quantity < 0) {
    throw new RangeError(`quantity ${line.quantity} of "${line.name}"`);
  }
  if (!Number.isInteger(line.unitGross) || line.unitGross < 0) {
    throw new RangeError(`unit price ${line.unitGross} of "${line.name}"`);
  }
  return line.quantity * line.unitGross;
};

/**
 * Each line's VAT share of its rate's total: the exact share rounded down, and the grosze left
 * over go to the lines with the largest remainders (earlier lines first on a tie). The leftover
 * is never negative nor more than one grosz a line, since the total is the rounded exact sum.
 */
const shareVat = (grosses: number[], p: number, totalVat: number): number[] => {
  const d = 100 + p;
  const shares = grosses.map((g) => Math.floor((g * p) / d));
  let left = totalVat - shares.reduce((a, b) => a + b, 0);
  const order = grosses
    .map((g, i) => ({ i, remainder: (g * p) % d }))
    .sort((a, b) => b.remainder - a.remainder || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
};

/** Lines in their order with net, VAT and gross; totals per rate (23, 8, 5, 0, zw) and overall. */
export const summarise = (lines: readonly InvoiceLine[]): VatSummary => {
  const amounts: LineAmounts[] = lines.map((line) => ({ line, net: 0, vat: 0, gross: lineGross(line) }));
  const rates: RateTotal[] = [];
  for (const rate of VAT_RATES) {
    const ofRate = amounts.filter((a) => a.line.vatRate === rate);
    if (ofRate.length === 0) continue;
    const gross = ofRate.reduce((sum, a) => sum + a.gross, 0);
    const vat = vatFromGross(gross, rate);
    const shares = shareVat(
      ofRate.map((a) => a.gross),
      ratePercent(rate),
      vat,
    );
    ofRate.forEach((a, i) => {
      a.vat = shares[i]!;
      a.net = a.gross - a.vat;
    });
    rates.push({ rate, net: gross - vat, vat, gross });
  }
  return { lines: amounts, rates, total: sumAmounts(rates) };
};

export const sumAmounts = (parts: readonly Amounts[]): Amounts =>
  parts.reduce((t, a) => ({ net: t.net + a.net, vat: t.vat + a.vat, gross: t.gross + a.gross }), {
    net: 0,
    vat: 0,
    gross: 0,
  });

export type RateDifference = { rate: VatRate; before: Amounts; after: Amounts; difference: Amounts };
export type CorrectionSummary = {
  before: VatSummary;
  after: VatSummary;
  rates: RateDifference[];
  /** Negative: owed back to the buyer. */
  difference: Amounts;
};

const ZERO: Amounts = { net: 0, vat: 0, gross: 0 };
const minus = (a: Amounts, b: Amounts): Amounts => ({
  net: a.net - b.net,
  vat: a.vat - b.vat,
  gross: a.gross - b.gross,
});

/**
 * A correction's difference per rate: each side's totals computed as on an invoice of its own,
 * then subtracted, so the corrected invoice's VAT plus the difference is the new VAT exactly.
 */
export const summariseCorrection = (
  before: readonly InvoiceLine[],
  after: readonly InvoiceLine[],
): CorrectionSummary => {
  const b = summarise(before);
  const a = summarise(after);
  const rates: RateDifference[] = [];
  for (const rate of VAT_RATES) {
    const rb = b.rates.find((r) => r.rate === rate);
    const ra = a.rates.find((r) => r.rate === rate);
    if (!rb && !ra) continue;
    const was = rb ?? { ...ZERO };
    const now = ra ?? { ...ZERO };
    const strip = ({ net, vat, gross }: Amounts): Amounts => ({ net, vat, gross });
    rates.push({ rate, before: strip(was), after: strip(now), difference: minus(now, was) });
  }
  return { before: b, after: a, rates, difference: minus(a.total, b.total) };
};
