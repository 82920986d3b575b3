import { z } from 'zod';
import { fillMessage, msg } from './messages.ts';

/** The most pieces one variant may be pre-ordered in all (a whole season's launch fits). */
export const MAX_PREORDER_CAP = 100_000;

/** Today's date in Poland (YYYY-MM-DD), where the clubs are: a pre-order ends when its day comes. */
export const warsawToday = (now: Date = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw' }).format(now);

/** Whether a variant with this release date is sold as a pre-order today (decision 144). */
export const onPreorder = (release: string | null | undefined, today: string = warsawToday()) =>
  release != null && release > today;

/**
 * A line or variant sold as a pre-order: its expected shipping date (YYYY-MM-DD). An optional
 * addition to the spec's shapes (variant, cart line, order line); absent: sold from stock.
 */
export const PreorderSchema = z.object({ DataWysylki: z.string() });
export type Preorder = z.infer<typeof PreorderSchema>;

/** 2026-12-15 -> 15.12.2026, as Polish texts write dates. */
export const polishDate = (iso: string) => {
  const [y, m, d] = iso.split('-');
  return `${d}.${m}.${y}`;
};

/** The label everywhere a pre-order line or variant is shown. */
export const preorderLabel = (release: string) =>
  fillMessage(msg.preorderLabel, { data: polishDate(release) });

/**
 * How an order with pre-order lines ships, said before paying and in the e-mail: in one parcel
 * when the last pre-ordered piece arrives (decision 144). Null without pre-orders.
 */
export const preorderShippingNote = (releases: (string | null | undefined)[], mixed: boolean) => {
  const dates = releases.filter((r): r is string => r != null).sort();
  const last = dates.at(-1);
  if (!last) return null;
  return fillMessage(mixed ? msg.preorderMixedShipping : msg.preorderShipping, { data: polishDate(last) });
};

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
