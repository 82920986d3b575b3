import { z } from 'zod';
import { MessageSchema, requiredEmail } from './common.ts';
import { msg } from './messages.ts';

/** Most a club may set as the back-in-stock batch factor (addresses told per piece that returns). */
export const MAX_STOCK_ALERT_FACTOR = 20;
export const DEFAULT_STOCK_ALERT_FACTOR = 3;

/** The panel's batch factor: a whole number from 1 to MAX_STOCK_ALERT_FACTOR. */
export const stockAlertFactor = () =>
  z
    .number({ error: msg.settingsStockAlertFactorInvalid })
    .int({ error: msg.settingsStockAlertFactorInvalid, abort: true })
    .min(1, { error: msg.settingsStockAlertFactorInvalid, abort: true })
    .max(MAX_STOCK_ALERT_FACTOR, msg.settingsStockAlertFactorInvalid);

/**
 * "Powiadom mnie" on a sold-out variant (IdParametru) or product without variants (no IdParametru).
 * `Zgoda` is the consent to one e-mail about this product.
 */
export const StockAlertRequestSchema = z.object({
  IdProduktu: z.coerce.number({ error: msg.productNotFound }).int({ error: msg.productNotFound }).positive({
    error: msg.productNotFound,
  }),
  IdParametru: z.coerce
    .number({ error: msg.productNotFound })
    .int({ error: msg.productNotFound })
    .positive({ error: msg.productNotFound })
    .nullish(),
  Email: requiredEmail(msg.invalidEmail),
  Zgoda: z.literal(true, { error: msg.stockAlertConsentRequired }),
});
export type StockAlertRequest = z.output<typeof StockAlertRequestSchema>;

/** The same answer for a new and a repeated request, so it tells nobody whether an address was on the list. */
export const StockAlertReceiptSchema = MessageSchema.extend({
  /** The unsubscribe link's token (…/powiadomienie/:token). */
  Token: z.string(),
});
export type StockAlertReceipt = z.infer<typeof StockAlertReceiptSchema>;

export const StockAlertTokenParams = z.object({ token: z.string().min(1).max(100) });

/** What the unsubscribe page shows before its button is pressed. */
export const StockAlertSchema = z.object({
  Produkt: z.string(),
  /** The variant's name; null for a product without variants. */
  Parametr: z.string().nullable(),
  /** 'czeka' (waiting), 'wyslane' (told already), 'wypisane' (withdrawn). */
  Stan: z.enum(['czeka', 'wyslane', 'wypisane']),
});
export type StockAlert = z.infer<typeof StockAlertSchema>;

/** The panel's count of waiting addresses per variant of one product (`Produkt`: without variants). */
export const PanelStockAlertCountsSchema = z.object({
  Produkt: z.number().int(),
  Parametry: z.array(z.object({ Id: z.number().int(), Oczekujacy: z.number().int() })),
});
export type PanelStockAlertCounts = z.infer<typeof PanelStockAlertCountsSchema>;

/** Sold out, so "Powiadom mnie" is offered. One place, so pre-orders etc. can extend it. */
export const isSoldOut = (item: { Stan: number }): boolean => item.Stan <= 0;
