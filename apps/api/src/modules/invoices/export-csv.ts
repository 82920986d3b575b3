import { VAT_RATES } from '@club/contract';
import { csvCell } from '../../lib/csv.ts';
import type { Invoice } from './invoice-data.ts';
import { rateLabel } from './pdf.ts';
import { type Amounts, summarise, summariseCorrection } from './vat.ts';

const SEP = ';';

/** Grosze as a Polish spreadsheet reads a number: `1234,50`, `-12,30`. Ours, never the buyer's text. */
export const csvAmount = (grosze: number): string => {
  const sign = grosze < 0 ? '-' : '';
  const abs = Math.abs(grosze);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
};

const HEAD = [
  'Numer',
  'Rodzaj',
  'Data wystawienia',
  'Data sprzedaży',
  'Faktura korygowana',
  'Nabywca',
  'NIP nabywcy',
  ...VAT_RATES.flatMap((r) => [`Netto ${rateLabel(r)}`, `VAT ${rateLabel(r)}`, `Brutto ${rateLabel(r)}`]),
  'Netto razem',
  'VAT razem',
  'Brutto razem',
];

/** Per rate and in total: an invoice's own amounts, a correction's difference (negative: returned). */
export const invoiceBreakdown = (inv: Invoice): { rates: Map<string, Amounts>; total: Amounts } => {
  if (inv.kind === 'VAT') {
    const s = summarise(inv.lines);
    return { rates: new Map(s.rates.map((r) => [r.rate, r])), total: s.total };
  }
  const c = summariseCorrection(inv.before, inv.after);
  return { rates: new Map(c.rates.map((r) => [r.rate, r.difference])), total: c.difference };
};

/**
 * The accounting export: one row per invoice with the VAT breakdown per rate (23, 8, 5, 0 %, zw.).
 * Text cells pass csvCell (formula injection, quoting); amounts are numbers the shop wrote.
 */
export const invoicesCsv = (list: Invoice[]): string => {
  const rows = list.map((inv) => {
    const { rates, total } = invoiceBreakdown(inv);
    const text = [
      inv.number,
      inv.kind === 'VAT' ? 'Faktura VAT' : 'Faktura korygująca',
      inv.issueDate,
      inv.saleDate,
      inv.kind === 'KOR' ? inv.corrects.number : '',
      inv.buyer.name,
      inv.buyer.nip ?? '',
    ].map(csvCell);
    const amounts = VAT_RATES.flatMap((r) => {
      const a = rates.get(r);
      return a ? [a.net, a.vat, a.gross].map(csvAmount) : ['', '', ''];
    });
    return [...text, ...amounts, csvAmount(total.net), csvAmount(total.vat), csvAmount(total.gross)].join(
      SEP,
    );
  });
  // A BOM: Excel reads the file as UTF-8 (Polish letters) only with one.
  return `\uFEFF${[HEAD.map(csvCell).join(SEP), ...rows].join('\r\n')}\r\n`;
};
