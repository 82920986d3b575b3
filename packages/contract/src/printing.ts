import { z } from 'zod';
import { idNumber, requiredText } from './common.ts';
import { msg } from './messages.ts';
import { formatGrosze } from './money.ts';

/** Name-and-number printing on a shirt's back (decision 143). */
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

const zl = z
  .number({ error: msg.printingPriceInvalid })
  .min(0, { error: msg.printingPriceInvalid, abort: true })
  .max(PRINTING_MAX_PRICE_ZL, { error: msg.printingPriceInvalid, abort: true })
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, msg.printingPriceInvalid);

const printingNumber = z
  .number({ error: msg.printingNumber })
  .int({ error: msg.printingNumber, abort: true })
  .min(PRINTING_NUMBER_MIN, { error: msg.printingNumber, abort: true })
  .max(PRINTING_NUMBER_MAX, msg.printingNumber);

const printingName = z
  .string({ error: msg.printingCharacters })
  .max(100, { error: msg.printingCharacters, abort: true })
  .transform(normalisePrintingName)
  .refine((v) => v === '' || isPrintingName(v), { error: msg.printingCharacters, abort: true })
  .refine((v) => v.length <= PRINTING_MAX_LETTERS, {
    error: msg.printingTooLong.replace('{liczba}', String(PRINTING_MAX_LETTERS)),
  });

/** Printing asked for in a cart line: a name and/or a number, or a player of the squad. A price sent is ignored. */
export const PrintingInputSchema = z
  .object(
    {
      Nazwisko: printingName.nullish().transform((v) => v || null),
      Numer: printingNumber.nullish().transform((v) => v ?? null),
      IdZawodnika: idNumber(msg.printingPlayerNotFound)
        .nullish()
        .transform((v) => v ?? null),
    },
    { error: msg.printingEmpty },
  )
  .refine((v) => v.IdZawodnika !== null || v.Nazwisko !== null || v.Numer !== null, msg.printingEmpty);
export type PrintingInput = z.output<typeof PrintingInputSchema>;

/** A cart line's printing: the text and its price (zł, per piece, included in `CenaJednBrutto`). */
export const LinePrintingSchema = z.object({
  Nazwisko: z.string().nullable(),
  Numer: z.number().int().nullable(),
  IdZawodnika: z.number().int().nullable(),
  Tekst: z.string(),
  Cena: z.number(),
});
export type LinePrinting = z.infer<typeof LinePrintingSchema>;

export const SquadPlayerSchema = z.object({
  Id: z.number().int(),
  Nazwisko: z.string(),
  Numer: z.number().int(),
});
export type SquadPlayer = z.infer<typeof SquadPlayerSchema>;

/** What the product page offers (absent: no printing). Prices in zł. */
export const ProductPrintingSchema = z.object({
  CenaZaLitere: z.number(),
  CenaZaCyfre: z.number(),
  CenaStala: z.number().nullable(),
  MaksZnakow: z.number().int(),
  /** The squad as presets at `CenaZawodnika`; empty when the product offers none. */
  Zawodnicy: z.array(SquadPlayerSchema),
  CenaZawodnika: z.number().nullable(),
});
export type ProductPrinting = z.infer<typeof ProductPrintingSchema>;

/** The panel's printing settings of one product. */
export const PanelPrintingSchema = z.object({
  Wlaczony: z.boolean({ error: msg.invalidRequest }),
  CenaZaLitere: zl,
  CenaZaCyfre: zl,
  CenaStala: zl.nullish().transform((v) => v ?? null),
  MaksZnakow: z
    .number({ error: msg.printingMaxLetters })
    .int({ error: msg.printingMaxLetters, abort: true })
    .min(1, { error: msg.printingMaxLetters, abort: true })
    .max(PRINTING_MAX_LETTERS, msg.printingMaxLetters),
  ZawodnicyWlaczeni: z.boolean({ error: msg.invalidRequest }),
  CenaZawodnika: zl,
});
export type PanelPrinting = z.output<typeof PanelPrintingSchema>;

export const SquadSaveSchema = z.object({
  Zawodnicy: z
    .array(
      z.object({
        Nazwisko: printingName.pipe(requiredText(PRINTING_MAX_LETTERS, msg.printingEmpty)),
        Numer: printingNumber,
      }),
      { error: msg.invalidRequest },
    )
    .max(SQUAD_MAX_PLAYERS, msg.squadTooMany),
});
export type SquadSave = z.output<typeof SquadSaveSchema>;
export const SquadSchema = z.object({ Zawodnicy: z.array(SquadPlayerSchema) });

export const PRINT_QUEUE_STATES = ['do-zrobienia', 'zrobione'] as const;
export const PrintQueueQuerySchema = z.object({
  stan: z.enum(PRINT_QUEUE_STATES, { error: msg.invalidRequest }).optional().default('do-zrobienia'),
});
export const PrintQueueLineSchema = z.object({
  Id: z.number().int(),
  ZamowienieId: z.number().int(),
  NumerZamowienia: z.string(),
  /** The order's status as the panel names it (an unpaid one is "Nowe"). */
  Status: z.string(),
  Data: z.string(),
  Produkt: z.string(),
  Wariant: z.string().nullable(),
  Tekst: z.string(),
  Ilosc: z.number().int(),
  /** When it was marked printed (ISO); null: still to do. */
  Wydrukowano: z.string().nullable(),
});
export type PrintQueueLine = z.infer<typeof PrintQueueLineSchema>;
export const PrintQueueSchema = z.object({ Pozycje: z.array(PrintQueueLineSchema) });
export type PrintQueue = z.infer<typeof PrintQueueSchema>;
export const PrintQueueMarkSchema = z.object({ Wydrukowano: z.boolean({ error: msg.invalidRequest }) });
