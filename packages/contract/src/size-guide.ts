import { z } from 'zod';
import { isCleanText } from './common.ts';
import { msg } from './messages.ts';

export const SIZE_GUIDE_MAX_COLUMNS = 6;
export const SIZE_GUIDE_MAX_ROWS = 20;
export const SIZE_GUIDE_CELL_MAX = 40;

const cell = (empty?: string) => {
  const text = z
    .string({ error: msg.sizeGuideCell })
    .trim()
    .max(SIZE_GUIDE_CELL_MAX, { error: msg.sizeGuideCellTooLong, abort: true })
    .refine(isCleanText, { error: msg.invalidCharacters, abort: true });
  return empty ? text.refine((v) => v.length > 0, { error: empty, abort: true }) : text;
};

/**
 * A size guide the club writes: column headings ("Rozmiar", "Obwód klatki (cm)", "Wiek") and rows of
 * as many cells. Small on purpose: it has to read on a phone.
 */
export const SizeGuideSchema = z
  .object({
    Kolumny: z
      .array(cell(msg.sizeGuideHeading), { error: msg.sizeGuideColumns })
      .min(2, { error: msg.sizeGuideColumns })
      .max(SIZE_GUIDE_MAX_COLUMNS, { error: msg.sizeGuideColumns }),
    Wiersze: z
      .array(z.array(cell(), { error: msg.sizeGuideRowWidth }), { error: msg.sizeGuideRows })
      .min(1, { error: msg.sizeGuideRows })
      .max(SIZE_GUIDE_MAX_ROWS, { error: msg.sizeGuideRows }),
  })
  .superRefine((guide, ctx) => {
    guide.Wiersze.forEach((row, i) => {
      if (row.length !== guide.Kolumny.length) {
        ctx.addIssue({ code: 'custom', path: ['Wiersze', i], message: msg.sizeGuideRowWidth });
      } else if (row.every((c) => c === '')) {
        ctx.addIssue({ code: 'custom', path: ['Wiersze', i], message: msg.sizeGuideRowEmpty });
      }
    });
  });
export type SizeGuide = z.infer<typeof SizeGuideSchema>;

/** The panel's size guide of a category or a product: null when it has none of its own. */
export const PanelSizeGuideSchema = z.object({
  /** The category's or product's name, for the editor's heading. */
  Nazwa: z.string(),
  TabelaRozmiarow: SizeGuideSchema.nullable(),
});
export type PanelSizeGuide = z.infer<typeof PanelSizeGuideSchema>;

/** Saving a size guide; null removes it (a product then uses its category's). */
export const PanelSizeGuideSaveSchema = z.object({ TabelaRozmiarow: SizeGuideSchema.nullable() });
export type PanelSizeGuideSave = z.infer<typeof PanelSizeGuideSaveSchema>;
