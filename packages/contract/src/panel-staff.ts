import { z } from 'zod';
import { requiredEmail, requiredText } from './common.ts';
import { msg } from './messages.ts';
import { PANEL_ROLES } from './panel-auth.ts';

const role = () => z.enum(PANEL_ROLES, { error: msg.invalidRole });

export const PanelStaffMemberSchema = z.object({
  Id: z.number().int(),
  Email: z.string(),
  Imie: z.string(),
  Nazwisko: z.string(),
  Rola: z.enum(PANEL_ROLES),
  /** False until the invited person has set a password through the e-mailed link. */
  Aktywny: z.boolean(),
});
export type PanelStaffMember = z.infer<typeof PanelStaffMemberSchema>;
export const PanelStaffListSchema = z.object({
  Items: z.array(PanelStaffMemberSchema),
  Total: z.number().int(),
});

/** A new staff member: e-mailed a link to set their password. */
export const PanelStaffCreateSchema = z.object({
  Email: requiredEmail(),
  Imie: requiredText(100),
  Nazwisko: requiredText(100),
  Rola: role().optional().default('manager'),
});
export type PanelStaffCreate = z.infer<typeof PanelStaffCreateSchema>;

export const PanelStaffRoleSchema = z.object({ Rola: role() });
