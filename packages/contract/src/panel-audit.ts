import { z } from 'zod';
import { panelListQuery } from './panel-orders.ts';

export const PANEL_AUDIT_SORTS = ['kiedy', '-kiedy'] as const;

/** `?offset&count&q&sort`: q searches who, the action, the object and its id. Newest first by default. */
export const PanelAuditQuerySchema = panelListQuery(PANEL_AUDIT_SORTS);
export type PanelAuditQuery = z.infer<typeof PanelAuditQuerySchema>;

export const PanelAuditEntrySchema = z.object({
  Id: z.number().int(),
  /** ISO 8601 time of the change. */
  Kiedy: z.string(),
  /** The e-mail of who made it ('' for the system). */
  Kto: z.string(),
  Akcja: z.string(),
  Obiekt: z.string(),
  IdObiektu: z.string().nullable(),
  Przed: z.unknown(),
  Po: z.unknown(),
});
export type PanelAuditEntry = z.infer<typeof PanelAuditEntrySchema>;

export const PanelAuditListSchema = z.object({
  Items: z.array(PanelAuditEntrySchema),
  Total: z.number().int(),
});
