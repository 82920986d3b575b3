import { msg } from './messages.ts';
import { formatGrosze } from './money.ts';

/**
 * Name-and-number printing on a shirt's back (decision 143): the rules the product page checks
 * as the fan types and the server checks again. No zod here: the product page loads this.
 */
export const PRINTING_MAX_LETTERS = 16;
export const PRINTING_NUMBER_MIN = 1;
export const PRINTING_NUMBER_MAX = 99;
export const PRINTING_MAX_PRICE_ZL = 500;
export const SQUAD_MAX_PLAYERS = 60;

/**
 * Latin and Polish capitals; a space ("DE JONG") or a hyphen ("KOWALSKA-NOWAK") only between
 * letters. A dot or an apostrophe is refused: initials are not printed on a back, and the print
 * shop's letter sets have neither.
 */
const NAME = /^[A-ZĄĆĘŁŃÓŚŹŻ]+(?:[ -][A-ZĄĆĘŁŃÓŚŹŻ]+)*$/u;
const LETTER = /[A-ZĄĆĘŁŃÓŚŹŻ]/gu;

/** What the fan typed as printed: trimmed, spaces single, Polish capitals. */
export const normalisePrintingName = (s: string): string =>
  s.trim().replace(/\s+/g, ' ').toLocaleUpperCase('pl');

export const isPrintingName = (s: string): boolean => NAME.test(s);
/** Letters that are charged (a space or a hyphen is free). */
export const printingLetters = (s: string): number => s.match(LETTER)?.length ?? 0;

/** A product's printing settings, in grosze, as stored with the product. */
export type PrintingSettings = {
  perLetter: number;
  perDigit: number;
  /** A flat price for any name and number; null: per letter and per digit. */
  flat: number | null;
  maxLetters: number;
  /** Whether the club's squad is offered as presets, and at what price. */
  presets: boolean;
  presetPrice: number;
};

export type PrintingChoice = { name: string | null; number: number | null; preset: boolean };

/** The price of one piece's printing (grosze); the server computes it, whatever a client sent. */
export const printingPrice = (s: PrintingSettings, c: PrintingChoice): number => {
  if (c.preset) return s.presetPrice;
  if (!c.name && c.number === null) return 0;
  if (s.flat !== null) return s.flat;
  return (
    (c.name ? printingLetters(c.name) : 0) * s.perLetter +
    (c.number !== null ? String(c.number).length : 0) * s.perDigit
  );
};

/** "NOWAK 9", as cart, e-mails, packing slip and invoice show it. */
export const printingText = (name: string | null, number: number | null): string =>
  [name, number].filter((v) => v !== null && v !== '').join(' ');

/** An order line's name with its printing: the line's price includes the printing. */
export const printedLineName = (productName: string, text: string, priceGrosze: number): string =>
  `${productName}, nadruk „${text}” (w cenie ${formatGrosze(priceGrosze)})`;

/** The first refusal of a name or number, or null (client and server share it). */
export const printingError = (name: string, number: string, maxLetters: number): string | null => {
  const n = normalisePrintingName(name);
  if (n && !isPrintingName(n)) return msg.printingCharacters;
  if (n.length > maxLetters) return msg.printingTooLong.replace('{liczba}', String(maxLetters));
  const t = number.trim();
  if (t && !(/^\d{1,2}$/.test(t) && Number(t) >= PRINTING_NUMBER_MIN)) return msg.printingNumber;
  return null;
};
