import {
  fillMessage,
  groszeToZl,
  type LinePrinting,
  msg,
  type PrintingInput,
  type PrintingSettings,
  printingPrice,
  printingText,
} from '@club/contract';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { squadPlayers } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';

/** A cart line's printing as stored (decision 143); all null: not printed. */
export type LinePrintingRow = {
  printingName: string | null;
  printingNumber: number | null;
  printingPlayerId: number | null;
};

export const noPrinting: LinePrintingRow = {
  printingName: null,
  printingNumber: null,
  printingPlayerId: null,
};

export const isPrinted = (r: LinePrintingRow) => r.printingName !== null || r.printingNumber !== null;

/** Two lines are one when product, variant and printing are the same. */
export const samePrinting = (a: LinePrintingRow, b: LinePrintingRow) =>
  a.printingName === b.printingName && a.printingNumber === b.printingNumber;

/**
 * What a cart line will print, checked against the product's settings: its letter limit, and a
 * preset only from this club's squad when the product offers presets. A preset prints the
 * player's own name and number, whatever else was sent.
 */
export const resolvePrinting = async (
  db: Db | Tx,
  orgId: number,
  settings: PrintingSettings | null,
  input: PrintingInput | null,
): Promise<LinePrintingRow> => {
  if (!input) return noPrinting;
  if (!settings) throw badRequest(msg.printingNotOffered);
  if (input.IdZawodnika !== null) {
    if (!settings.presets) throw notFound(msg.printingPlayerNotFound);
    const [player] = await db
      .select({ name: squadPlayers.name, number: squadPlayers.number })
      .from(squadPlayers)
      .where(and(eq(squadPlayers.id, input.IdZawodnika), eq(squadPlayers.organisationId, orgId)))
      .limit(1);
    if (!player) throw notFound(msg.printingPlayerNotFound);
    return { printingName: player.name, printingNumber: player.number, printingPlayerId: input.IdZawodnika };
  }
  if (input.Nazwisko && input.Nazwisko.length > settings.maxLetters)
    throw badRequest(fillMessage(msg.printingTooLong, { liczba: String(settings.maxLetters) }));
  return { printingName: input.Nazwisko, printingNumber: input.Numer, printingPlayerId: null };
};

/**
 * One piece's printing price (grosze) from the product's current settings; null when the line is
 * printed but the product no longer offers printing (such a line cannot be ordered).
 */
export const linePrintingPrice = (settings: PrintingSettings | null, r: LinePrintingRow): number | null => {
  if (!isPrinted(r)) return 0;
  if (!settings) return null;
  return printingPrice(settings, {
    name: r.printingName,
    number: r.printingNumber,
    preset: r.printingPlayerId !== null && settings.presets,
  });
};

/** The cart's view of a line's printing; null when not printed. */
export const linePrintingView = (r: LinePrintingRow, priceGrosze: number): LinePrinting | null =>
  isPrinted(r)
    ? {
        Nazwisko: r.printingName,
        Numer: r.printingNumber,
        IdZawodnika: r.printingPlayerId,
        Tekst: printingText(r.printingName, r.printingNumber),
        Cena: groszeToZl(priceGrosze),
      }
    : null;
