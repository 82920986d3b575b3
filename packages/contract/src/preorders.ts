import { z } from 'zod';
import { msg } from './messages.ts';
import { warsawToday } from './preorder-text.ts';

/** The most pieces one variant may be pre-ordered in all (a whole season's launch fits). */
export const MAX_PREORDER_CAP = 100_000;

/**
 * A line or variant sold as a pre-order: its expected shipping date (YYYY-MM-DD). An optional
 * addition to the spec's shapes (variant, cart line, order line); absent: sold from stock.
 */
export const PreorderSchema = z.object({ DataWysylki: z.string() });
export type Preorder = z.infer<typeof PreorderSchema>;

const releaseDate = z
  .string({ error: msg.panelInvalidDate })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: msg.panelInvalidDate, abort: true })
  .refine(
    (v) =>
      !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    { error: msg.panelInvalidDate, abort: true },
  )
  .refine((v) => v > warsawToday(), msg.preorderDateFuture);

/** The panel's pre-order settings of one variant: a future date and a cap; null ends the pre-order. */
export const PanelPreorderSettingsSchema = z.object({
  Przedsprzedaz: z
    .object({
      DataWysylki: releaseDate,
      Limit: z
        .number({ error: msg.preorderCapRange })
        .int(msg.preorderCapRange)
        .min(1, msg.preorderCapRange)
        .max(MAX_PREORDER_CAP, msg.preorderCapRange),
    })
    .nullable(),
});
export type PanelPreorderSettings = z.infer<typeof PanelPreorderSettingsSchema>;

/** One variant in the panel's pre-order list: its settings, pieces ordered and the orders to send. */
export const PanelPreorderVariantSchema = z.object({
  IdWyrob: z.number().int(),
  Produkt: z.string(),
  IdParametr: z.number().int(),
  Wariant: z.string(),
  Stan: z.number().int(),
  /** The current settings; null when the pre-order has ended (orders may still wait for sending). */
  DataWysylki: z.string().nullable(),
  Limit: z.number().int().nullable(),
  Sprzedane: z.number().int(),
  /** Pieces in orders not yet sent nor cancelled. */
  DoWyslania: z.number().int(),
  Zamowienia: z.array(z.object({ Id: z.number().int(), Numer: z.string(), Ilosc: z.number().int() })),
});
export const PanelPreordersSchema = z.object({ Warianty: z.array(PanelPreorderVariantSchema) });
export type PanelPreorders = z.infer<typeof PanelPreordersSchema>;
export type PanelPreorderVariant = z.infer<typeof PanelPreorderVariantSchema>;
