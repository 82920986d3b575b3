import { z } from 'zod';
import { msg } from './messages.ts';
import { panelListQuery } from './panel-orders.ts';

/** Inbox of the panel: contact-form messages and press accreditation requests. */

export const PANEL_INBOX_SORTS = ['data', '-data', 'nazwisko', '-nazwisko'] as const;
/** `nieprzeczytane`: not opened yet; `niezalatwione`: not handled (read or not); `zalatwione`: handled. */
export const PANEL_INBOX_STATES = ['nieprzeczytane', 'niezalatwione', 'zalatwione'] as const;
export type PanelInboxState = (typeof PANEL_INBOX_STATES)[number];

export const PanelInboxQuerySchema = panelListQuery(PANEL_INBOX_SORTS).extend({
  stan: z.enum(PANEL_INBOX_STATES, { error: msg.panelInboxInvalidState }).optional(),
});
export type PanelInboxQuery = z.output<typeof PanelInboxQuerySchema>;

/** Read and handled state shared by both kinds; `ZalatwilEmail`: who marked it handled. */
const InboxStateSchema = z.object({
  Przeczytana: z.boolean(),
  Zalatwiona: z.boolean(),
  DataPrzeczytania: z.string().nullable(),
  DataZalatwienia: z.string().nullable(),
  ZalatwilEmail: z.string().nullable(),
});

/**
 * What the screen needs for its 'reply by e-mail' link (`mailto:`): the sender's address (null
 * when the form did not ask for one) and a subject naming the original.
 */
export const PanelInboxReplySchema = z.object({ Email: z.string().nullable(), Temat: z.string() });

/** Who wrote, and when: the first columns of every inbox list. */
const InboxSenderShape = {
  Id: z.number().int(),
  Data: z.string(),
  Imie: z.string(),
  Nazwisko: z.string(),
  Email: z.string(),
  Telefon: z.string(),
};

export const PanelInboxMessageListItemSchema = z
  .object({
    ...InboxSenderShape,
    /** The message's beginning, for the list. */
    Zajawka: z.string(),
  })
  .extend(InboxStateSchema.shape);
export const PanelInboxMessageListSchema = z.object({
  Items: z.array(PanelInboxMessageListItemSchema),
  Total: z.number().int(),
});
export const PanelInboxMessageSchema = PanelInboxMessageListItemSchema.extend({
  Tresc: z.string(),
  Odpowiedz: PanelInboxReplySchema,
});
export type PanelInboxMessage = z.infer<typeof PanelInboxMessageSchema>;

export const PanelInboxAccreditationListItemSchema = z
  .object({
    ...InboxSenderShape,
    Redakcja: z.string(),
    Funkcja: z.string(),
    Wydarzenie: z.string(),
  })
  .extend(InboxStateSchema.shape);
export const PanelInboxAccreditationListSchema = z.object({
  Items: z.array(PanelInboxAccreditationListItemSchema),
  Total: z.number().int(),
});
export const PanelInboxAccreditationSchema = PanelInboxAccreditationListItemSchema.extend({
  Uwagi: z.string(),
  Odpowiedz: PanelInboxReplySchema,
});
export type PanelInboxAccreditation = z.infer<typeof PanelInboxAccreditationSchema>;

/**
 * Marks an item read/unread and handled/not handled. Handled implies read, unread implies not
 * handled: `{ Zalatwiona: true }` also marks it read, `{ Przeczytana: false }` also not handled.
 */
export const PanelInboxStateChangeSchema = z
  .object({
    Przeczytana: z.boolean({ error: msg.invalidRequest }).optional(),
    Zalatwiona: z.boolean({ error: msg.invalidRequest }).optional(),
  })
  .refine((v) => v.Przeczytana !== undefined || v.Zalatwiona !== undefined, {
    error: msg.panelInboxStateEmpty,
    abort: true,
  })
  .refine((v) => !(v.Przeczytana === false && v.Zalatwiona === true), msg.panelInboxStateConflict);
export type PanelInboxStateChange = z.output<typeof PanelInboxStateChangeSchema>;

/** Counts for the panel's menu badge. */
export const PanelInboxSummarySchema = z.object({
  Wiadomosci: z.object({ Nieprzeczytane: z.number().int(), Niezalatwione: z.number().int() }),
  Akredytacje: z.object({ Nieprzeczytane: z.number().int(), Niezalatwione: z.number().int() }),
});
export type PanelInboxSummary = z.infer<typeof PanelInboxSummarySchema>;
