import { z } from 'zod';
import { idNumber, requiredText } from './common.ts';
import { msg } from './messages.ts';
import {
  isPrintingName,
  normalisePrintingName,
  PRINTING_MAX_LETTERS,
  PRINTING_MAX_PRICE_ZL,
  PRINTING_NUMBER_MAX,
  PRINTING_NUMBER_MIN,
  SQUAD_MAX_PLAYERS,
} from './printing-rules.ts';

export * from './printing-rules.ts';

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
