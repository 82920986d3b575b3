/**
 * A gift card as PDF bytes, one card a page, for the buyer to print or pass on. Drawn like the
 * invoices (pdfkit, the embedded DejaVu Sans with every Polish letter), and the same card always
 * gives the same bytes.
 */
import { formatGiftCardCode, formatGrosze } from '@club/contract';
import PDFDocument from 'pdfkit';
import { pdfBytes } from '../invoices/pdf.ts';
import { GIFT_CARD_CODE_NOTE, GIFT_CARD_RULES, giftCardHowToUse, giftCardValidUntil } from './card-text.ts';

export type GiftCardPdf = {
  clubName: string;
  /** Normalised: 16 characters, no dashes. */
  code: string;
  /** Grosze. */
  amount: number;
  expiresAt: Date;
  storefrontUrl: string;
  orderNumber: string;
};

const MARGIN = 40;
const WIDTH = 595.28 - 2 * MARGIN; // A4 in points
const CARD_HEIGHT = 230;
const PAD = 24;
const INK = '#1f2933';
const MUTED = '#616e7c';
const ACCENT = '#0b5394';

/**
 * pdfkit writes a creation date into the file (and hashes it into the file's ID): a fixed one, so
 * the bytes depend on the card alone and a card sent again is the same file.
 */
const CREATION_DATE = new Date('2026-01-01T00:00:00Z');

export const giftCardPdf = (card: GiftCardPdf): Promise<Buffer> => {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: {
      Title: `Karta podarunkowa – ${card.clubName}`,
      Author: card.clubName,
      CreationDate: CREATION_DATE,
    },
  });
  const done = pdfBytes(doc);
  const inner = WIDTH - 2 * PAD;
  const x = MARGIN + PAD;

  doc.roundedRect(MARGIN, MARGIN, WIDTH, CARD_HEIGHT, 12).lineWidth(1.5).fillAndStroke('#f5f7fa', ACCENT);
  doc
    .fillColor(MUTED)
    .font('bold')
    .fontSize(12)
    .text(card.clubName, x, MARGIN + PAD, { width: inner, height: 32, ellipsis: true });
  doc.moveDown(0.4).fillColor(INK).fontSize(26).text('Karta podarunkowa', x, doc.y, { width: inner });
  doc.moveDown(0.2).fillColor(ACCENT).fontSize(36).text(formatGrosze(card.amount), { width: inner });
  doc.moveDown(0.5).fillColor(MUTED).font('regular').fontSize(9).text('Kod karty', { width: inner });
  doc
    .fillColor(INK)
    .font('bold')
    .fontSize(22)
    .text(formatGiftCardCode(card.code), { width: inner, characterSpacing: 1.5 });
  doc
    .moveDown(0.4)
    .font('regular')
    .fontSize(11)
    .text(`Ważna do: ${giftCardValidUntil(card.expiresAt)}`, { width: inner });

  doc.x = MARGIN;
  doc.y = MARGIN + CARD_HEIGHT + PAD;
  doc.fillColor(INK).font('bold').fontSize(12).text('Jak wykorzystać kartę', { width: WIDTH });
  doc.moveDown(0.4).font('regular').fontSize(10);
  for (const paragraph of [giftCardHowToUse(card.storefrontUrl), GIFT_CARD_RULES, GIFT_CARD_CODE_NOTE]) {
    doc.text(paragraph, { width: WIDTH, lineGap: 2 }).moveDown(0.5);
  }
  doc.moveDown(0.5).fillColor(MUTED).fontSize(9).text(`Zamówienie nr ${card.orderNumber}`, { width: WIDTH });
  doc.end();
  return done;
};
