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
 * A gift card's money in the period (decision 154). A card sold is a prepayment, not revenue (a
 * multi-purpose voucher is taxed when it is spent, on that order's invoice); a refunded purchase
 * takes it back (negative). A use settles it: the card paying for an order (positive) or getting
 * its part back (negative); so does the balance a card still had when it expired. Gross only: no
 * VAT on any of them. What the club still owes on its cards: prepayments less settlements.
 */
export type GiftCardMovement = {
  kind: keyof typeof GIFT_CARD_ROW_KIND;
  /** The order that bought the card (sale, refund, expiry) or that the card paid (use); '' once it is gone. */
  orderNumber: string;
  /** The Polish day it happened (YYYY-MM-DD). */
  day: string;
  buyer: string;
  nip: string | null;
  /** Grosze. */
  amount: number;
};

export const GIFT_CARD_ROW_KIND = {
  sale: 'Karta podarunkowa – przedpłata',
  refund: 'Karta podarunkowa – zwrot przedpłaty',
  use: 'Karta podarunkowa – wykorzystanie',
  expiry: 'Karta podarunkowa – wygaśnięcie',
} as const;

const movementRow = (m: GiftCardMovement): string =>
  [
    ...[m.orderNumber, GIFT_CARD_ROW_KIND[m.kind], m.day, '', '', m.buyer, m.nip ?? ''].map(csvCell),
    // No net or VAT per rate nor in total: only the gross.
    ...VAT_RATES.flatMap(() => ['', '', '']),
    '',
    '',
    csvAmount(m.amount),
  ].join(SEP);

/**
 * The accounting export: one row per invoice with the VAT breakdown per rate (23, 8, 5, 0 %, zw.),
 * then the gift cards' prepayments and their uses, so the accountant can settle them.
 * Text cells pass csvCell (formula injection, quoting); amounts are numbers the shop wrote.
 */
export const invoicesCsv = (list: Invoice[], giftCards: readonly GiftCardMovement[] = []): string => {
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
  return `\uFEFF${[HEAD.map(csvCell).join(SEP), ...rows, ...giftCards.map(movementRow)].join('\r\n')}\r\n`;
};
