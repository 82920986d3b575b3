import { z } from 'zod';
import { isCleanText } from './common.ts';
import { msg } from './messages.ts';

const pattern = (re: RegExp, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(200, { error: message, abort: true })
    .refine(isCleanText, { error: message, abort: true })
    .refine((v) => re.test(v), message);

/** Secrets are written here and never read back: absent or '' keeps the stored one. */
const secret = () =>
  z
    .string({ error: msg.payuKeyInvalid })
    .trim()
    .max(200, { error: msg.payuKeyInvalid, abort: true })
    .refine((v) => v === '' || /^[A-Za-z0-9_-]{8,128}$/.test(v), msg.payuKeyInvalid)
    .optional()
    .transform((v) => v || undefined);

/**
 * Which provider takes online payments now: the club's own PayU ('klub'), the server's PAYU_*
 * variables (default club only, 'serwer'), the demo page ('demo', never in production) or none.
 */
export const PAYMENT_SOURCES = ['klub', 'serwer', 'demo', 'brak'] as const;

/**
 * The club's payment settings. PayU's client secret and second key are never returned, by this
 * or any endpoint: only whether they are set.
 */
export const PanelPaymentsSchema = z.object({
  PayU: z.object({
    /** The club has its own PayU configuration. */
    Skonfigurowane: z.boolean(),
    PosId: z.string(),
    ClientId: z.string(),
    Sandbox: z.boolean(),
    ClientSecretUstawiony: z.boolean(),
    DrugiKluczUstawiony: z.boolean(),
  }),
  /** Where online payments go now. */
  Zrodlo: z.enum(PAYMENT_SOURCES),
  /** Cash on delivery offered at all (then per shipping option). */
  PlatnoscPrzyOdbiorze: z.boolean(),
});
export type PanelPayments = z.infer<typeof PanelPaymentsSchema>;

/** The club's PayU (REST API 2.1) credentials; the first save needs both secrets. */
export const PanelPayuInputSchema = z.object({
  PosId: pattern(/^\d{1,20}$/, msg.payuPosIdInvalid),
  ClientId: pattern(/^[A-Za-z0-9._-]{1,64}$/, msg.payuClientIdInvalid),
  ClientSecret: secret(),
  /** The 'second key (MD5)' of PayU's POS: verifies payment notifications. */
  DrugiKlucz: secret(),
  Sandbox: z.boolean({ error: msg.invalidRequest }),
});
export type PanelPayuInput = z.output<typeof PanelPayuInputSchema>;

/** 'Test connection': the saved configuration, with any of these fields tried instead (not saved). */
export const PanelPayuTestSchema = PanelPayuInputSchema.partial();
export type PanelPayuTest = z.output<typeof PanelPayuTestSchema>;

export const PanelPaymentsUpdateSchema = z.object({
  PlatnoscPrzyOdbiorze: z.boolean({ error: msg.invalidRequest }),
});
export type PanelPaymentsUpdate = z.output<typeof PanelPaymentsUpdateSchema>;
