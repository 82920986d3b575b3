/**
 * An invoice or a correction as PDF bytes. The font (DejaVu Sans, with every Polish letter) comes
 * from an npm package and is embedded, so nothing is fetched at run time; the creation date is the
 * issue date, so the same invoice always gives the same bytes.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { formatGrosze } from '@club/contract';
import PDFDocument from 'pdfkit';
import type { CorrectionInvoice, Invoice, InvoiceParty, VatInvoice, VatRate } from './invoice-data.ts';
import { type Amounts, type RateTotal, summarise, summariseCorrection, type VatSummary } from './vat.ts';
import { amountInWords } from './words.ts';

let fonts: { regular: Buffer; bold: Buffer } | undefined;
/** DejaVu Sans, regular and bold, read once; the gift card's PDF draws with them too. */
export const loadFonts = () => {
  if (!fonts) {
    const require = createRequire(import.meta.url);
    const read = (file: string) => readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`));
    fonts = { regular: read('DejaVuSans.ttf'), bold: read('DejaVuSans-Bold.ttf') };
  }
  return fonts;
};

const MARGIN = 40;
const PAGE_WIDTH = 595.28; // A4 in points
const WIDTH = PAGE_WIDTH - 2 * MARGIN;
const PAGE_BOTTOM = 841.89 - MARGIN;

export const rateLabel = (rate: VatRate): string => (rate === 'zw' ? 'zw' : `${rate}%`);

type Column = { title: string; width: number; align: 'left' | 'right' };
type Doc = InstanceType<typeof PDFDocument>;

/** The document's fonts as 'regular' and 'bold', and its bytes once `doc.end()` is called. */
export const pdfBytes = (doc: Doc): Promise<Buffer> => {
  const { regular, bold } = loadFonts();
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
};

/** Draws a row of cells from the current y; a row that would cross the page's foot starts a new page. */
const row = (doc: Doc, columns: Column[], cells: string[], bold = false) => {
  doc.font(bold ? 'bold' : 'regular').fontSize(8);
  const height =
    Math.max(...cells.map((c, i) => doc.heightOfString(c, { width: columns[i]!.width - 4 }))) + 4;
  if (doc.y + height > PAGE_BOTTOM) doc.addPage();
  const y = doc.y;
  let x = MARGIN;
  cells.forEach((cell, i) => {
    const col = columns[i]!;
    doc.text(cell, x + 2, y + 2, { width: col.width - 4, align: col.align });
    x += col.width;
  });
  doc
    .moveTo(MARGIN, y + height)
    .lineTo(MARGIN + WIDTH, y + height)
    .lineWidth(0.5)
    .stroke('#999999');
  doc.x = MARGIN;
  doc.y = y + height;
};

const heading = (doc: Doc, text: string) => {
  if (doc.y + 40 > PAGE_BOTTOM) doc.addPage();
  doc.moveDown(0.8).font('bold').fontSize(10).text(text, MARGIN, doc.y);
  doc.moveDown(0.3);
};

const LINE_COLUMNS: Column[] = [
  { title: 'Lp.', width: 22, align: 'right' },
  { title: 'Nazwa', width: 127, align: 'left' },
  { title: 'Ilość', width: 32, align: 'right' },
  { title: 'J.m.', width: 30, align: 'left' },
  { title: 'Cena brutto', width: 58, align: 'right' },
  { title: 'Wartość netto', width: 72, align: 'right' },
  { title: 'Stawka', width: 38, align: 'right' },
  { title: 'Kwota VAT', width: 58, align: 'right' },
  { title: 'Wartość brutto', width: 78.28, align: 'right' },
];

const linesTable = (doc: Doc, summary: VatSummary) => {
  row(
    doc,
    LINE_COLUMNS,
    LINE_COLUMNS.map((c) => c.title),
    true,
  );
  summary.lines.forEach((l, i) => {
    row(doc, LINE_COLUMNS, [
      `${i + 1}`,
      l.line.name,
      `${l.line.quantity}`,
      l.line.unit,
      formatGrosze(l.line.unitGross),
      formatGrosze(l.net),
      rateLabel(l.line.vatRate),
      formatGrosze(l.vat),
      formatGrosze(l.gross),
    ]);
  });
};

const RATE_COLUMNS: Column[] = [
  { title: 'Stawka VAT', width: 100, align: 'left' },
  { title: 'Wartość netto', width: 100, align: 'right' },
  { title: 'Kwota VAT', width: 100, align: 'right' },
  { title: 'Wartość brutto', width: WIDTH - 300, align: 'right' },
];

const ratesTable = (doc: Doc, rates: readonly RateTotal[], total: Amounts) => {
  row(
    doc,
    RATE_COLUMNS,
    RATE_COLUMNS.map((c) => c.title),
    true,
  );
  for (const r of rates) {
    row(doc, RATE_COLUMNS, [
      rateLabel(r.rate),
      formatGrosze(r.net),
      formatGrosze(r.vat),
      formatGrosze(r.gross),
    ]);
  }
  row(
    doc,
    RATE_COLUMNS,
    ['Razem', formatGrosze(total.net), formatGrosze(total.vat), formatGrosze(total.gross)],
    true,
  );
};

const partyLines = (party: InvoiceParty): string[] => [
  party.name,
  party.street,
  `${party.postcode} ${party.city}`,
  ...(party.nip ? [`NIP: ${party.nip}`] : []),
];

const header = (doc: Doc, invoice: Invoice) => {
  const title = invoice.kind === 'VAT' ? 'Faktura VAT' : 'Faktura korygująca';
  doc.font('bold').fontSize(16).text(`${title} nr ${invoice.number}`, MARGIN, MARGIN);
  doc.moveDown(0.5).font('regular').fontSize(9);
  doc.text(`Data wystawienia: ${invoice.issueDate}`);
  doc.text(`Data sprzedaży: ${invoice.saleDate}`);
  doc.text(`Miejsce wystawienia: ${invoice.place}`);
  if (invoice.kind === 'KOR') {
    doc.text(`Dotyczy faktury nr ${invoice.corrects.number} z dnia ${invoice.corrects.issueDate}`);
    doc.text(`Przyczyna korekty: ${invoice.reason}`);
  }
  doc.moveDown(1);
  const top = doc.y;
  const half = WIDTH / 2;
  doc.font('bold').fontSize(10).text('Sprzedawca', MARGIN, top);
  doc
    .font('regular')
    .fontSize(9)
    .text(partyLines(invoice.seller).join('\n'), { width: half - 10 });
  const sellerBottom = doc.y;
  doc
    .font('bold')
    .fontSize(10)
    .text('Nabywca', MARGIN + half, top);
  doc
    .font('regular')
    .fontSize(9)
    .text(partyLines(invoice.buyer).join('\n'), { width: half - 10 });
  doc.x = MARGIN;
  doc.y = Math.max(sellerBottom, doc.y);
};

const paymentBlock = (doc: Doc, invoice: Invoice, due: number) => {
  doc.moveDown(1).font('bold').fontSize(11);
  // A correction that lowers the total is money back to the buyer: `paid` then means refunded.
  const refund = due < 0;
  const { paid, paidOn } = invoice.payment;
  const label = refund ? (paid ? 'Zwrócono' : 'Do zwrotu') : paid ? 'Zapłacono' : 'Do zapłaty';
  // What a gift card paid, then the rest (paid or due the other way): the words name the last amount.
  const byCard = refund ? 0 : Math.min(invoice.payment.giftCard ?? 0, due);
  const rest = Math.abs(due) - byCard;
  if (byCard > 0) doc.text(`Zapłacono kartą podarunkową: ${formatGrosze(byCard)}`, MARGIN, doc.y);
  if (rest > 0 || byCard === 0) doc.text(`${label}: ${formatGrosze(rest)}`, MARGIN, doc.y);
  doc.font('regular').fontSize(9).moveDown(0.3);
  doc.text(`Słownie: ${amountInWords(rest > 0 ? rest : byCard)}`);
  doc.text(`Sposób płatności: ${invoice.payment.label}`);
  if (paid && paidOn) doc.text(`${refund ? 'Data zwrotu' : 'Data płatności'}: ${paidOn}`);
  if (!invoice.payment.paid && invoice.payment.dueOn) doc.text(`Termin płatności: ${invoice.payment.dueOn}`);
  if (invoice.seller.bankAccount) doc.text(`Rachunek sprzedawcy: ${invoice.seller.bankAccount}`);
};

const invoiceBody = (doc: Doc, invoice: VatInvoice) => {
  const summary = summarise(invoice.lines);
  heading(doc, 'Pozycje');
  linesTable(doc, summary);
  heading(doc, 'Podsumowanie według stawek VAT');
  ratesTable(doc, summary.rates, summary.total);
  paymentBlock(doc, invoice, summary.total.gross);
};

const correctionBody = (doc: Doc, invoice: CorrectionInvoice) => {
  const c = summariseCorrection(invoice.before, invoice.after);
  heading(doc, 'Przed korektą');
  linesTable(doc, c.before);
  heading(doc, 'Po korekcie');
  linesTable(doc, c.after);
  heading(doc, 'Różnica według stawek VAT');
  ratesTable(
    doc,
    c.rates.map((r) => ({ rate: r.rate, ...r.difference })),
    c.difference,
  );
  paymentBlock(doc, invoice, c.difference.gross);
};

/** The PDF of an invoice or a correction, A4, Polish. */
export const renderInvoicePdf = (invoice: Invoice): Promise<Buffer> => {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: {
      Title: `${invoice.kind === 'VAT' ? 'Faktura VAT' : 'Faktura korygująca'} ${invoice.number}`,
      Author: invoice.seller.name,
      CreationDate: new Date(`${invoice.issueDate}T00:00:00Z`),
    },
  });
  const done = pdfBytes(doc);
  header(doc, invoice);
  if (invoice.kind === 'VAT') invoiceBody(doc, invoice);
  else correctionBody(doc, invoice);
  doc.end();
  return done;
};
