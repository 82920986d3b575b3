/**
 * Invoice numbers, one series per club, kind and year: `FV/2026/000123` for invoices and
 * `FK/2026/000004` for corrections. The counter that hands out `sequence` is stored elsewhere;
 * this is only the format, so a number can be printed and read back the same way.
 */

export type InvoiceSeries = 'VAT' | 'KOR';
export type InvoiceNumber = { series: InvoiceSeries; year: number; sequence: number };

const PREFIX: Record<InvoiceSeries, string> = { VAT: 'FV', KOR: 'FK' };
/** Six digits keep numbers sortable as text; a club past 999 999 in a year gets more, not a wrap. */
const DIGITS = 6;
const PATTERN = /^(FV|FK)\/([1-9]\d{3})\/(\d{6,})$/;

export const formatInvoiceNumber = ({ series, year, sequence }: InvoiceNumber): string => {
  if (!Number.isInteger(year) || year < 1000 || year > 9999) throw new RangeError(`year ${year}`);
  if (!Number.isSafeInteger(sequence) || sequence < 1) throw new RangeError(`sequence ${sequence}`);
  return `${PREFIX[series]}/${year}/${String(sequence).padStart(DIGITS, '0')}`;
};

/** The parts of a number made by formatInvoiceNumber; null for anything else. */
export const parseInvoiceNumber = (text: string): InvoiceNumber | null => {
  const m = PATTERN.exec(text);
  if (!m) return null;
  const digits = m[3]!;
  // Longer than six digits only without leading zeros, so each number has one spelling.
  if (digits.length > DIGITS && digits.startsWith('0')) return null;
  const sequence = Number(digits);
  if (sequence < 1 || !Number.isSafeInteger(sequence)) return null;
  return { series: m[1] === 'FV' ? 'VAT' : 'KOR', year: Number(m[2]), sequence };
};
