import { fillMessage, msg, type PrintingSettings, printedLineName, printingText } from '@club/contract';
import { conflict } from '../../lib/http-error.ts';
import { isPrinted, type LinePrintingRow, linePrintingPrice } from '../printing/lines.ts';

/**
 * An order line's printing (decision 143): its text, its price per piece and the line's name with
 * both, so every place that shows the line (e-mails, account, panel, packing slip, invoice) shows
 * the printing without knowing of it. The printing is part of one supply with the shirt, so the
 * line's price includes it and its VAT rate is the shirt's.
 */
export const printedLine = (
  productName: string,
  settings: PrintingSettings | null,
  row: LinePrintingRow,
): { name: string; text: string | null; price: number | null } => {
  if (!isPrinted(row)) return { name: productName, text: null, price: null };
  const price = linePrintingPrice(settings, row);
  if (price === null) throw conflict(fillMessage(msg.printingGone, { produkt: productName }));
  const text = printingText(row.printingName, row.printingNumber);
  return { name: printedLineName(productName, text, price), text, price };
};
