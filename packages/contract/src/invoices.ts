import { z } from 'zod';
import { msg } from './messages.ts';

/** An issued invoice as the account and the panel list it. */
export const InvoiceRefSchema = z.object({
  Id: z.number().int(),
  Numer: z.string(),
  Rodzaj: z.enum(['VAT', 'KOR']),
  DataWystawienia: z.string(),
  /** Gross in grosze; a correction's is the (usually negative) difference. */
  Brutto: z.number().int(),
});
export type InvoiceRef = z.output<typeof InvoiceRefSchema>;

const day = z
  .string({ error: msg.panelInvalidDate })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: msg.panelInvalidDate, abort: true })
  .refine((v) => new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), msg.panelInvalidDate);

/** The accounting export's period: issue dates from `od` to `do`, both included. */
export const InvoiceExportQuerySchema = z
  .object({ od: day, do: day }, { error: msg.invoicePeriodRequired })
  .refine((q) => q.od <= q.do, { message: msg.invoicePeriodRequired, path: ['do'] });
export type InvoiceExportQuery = z.output<typeof InvoiceExportQuerySchema>;

/** Where the invoice's PDF is, for the account's and the panel's links. */
export const invoiceFileName = (number: string) => `faktura-${number.replace(/[^A-Za-z0-9]+/g, '-')}.pdf`;
