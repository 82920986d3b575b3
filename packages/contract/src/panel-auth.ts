import { z } from 'zod';
import { repeatMatches, repeatPassword } from './account.ts';
import { isCleanText, newPassword, requiredEmail, requiredText } from './common.ts';
import { msg } from './messages.ts';

/** Panel roles: 'owner' (everything, manages staff) and 'manager'. */
export const PANEL_ROLES = ['owner', 'manager'] as const;
export type PanelRoleName = (typeof PANEL_ROLES)[number];

export const PanelLoginSchema = z.object({
  Email: requiredEmail(),
  Haslo: z
    .string({ error: msg.passwordRequired })
    .min(1, { error: msg.passwordRequired, abort: true })
    .max(200, { error: msg.tooLong, abort: true })
    .refine(isCleanText, { error: msg.invalidCharacters, abort: true }),
});
export type PanelLoginRequest = z.infer<typeof PanelLoginSchema>;

/** The panel's logged-in account (login and `me`). */
export const PanelUserSchema = z.object({
  Id: z.number().int(),
  Email: z.string(),
  Imie: z.string(),
  Nazwisko: z.string(),
  Rola: z.enum(PANEL_ROLES),
});
export type PanelUser = z.infer<typeof PanelUserSchema>;

/**
 * A password set through an e-mailed panel link: the invitation (72 h) or a reset (2 h). Both are
 * single-use tokens; the account logs in to the panel only after this.
 */
export const PanelSetPasswordSchema = z
  .object({
    Token: requiredText(200),
    Haslo: newPassword(),
    PowtorzHaslo: repeatPassword(),
  })
  .refine(...repeatMatches('Haslo', 'PowtorzHaslo'));
export type PanelSetPasswordRequest = z.infer<typeof PanelSetPasswordSchema>;

/** "Nie pamiętasz hasła?" on the panel's login screen. */
export const PanelRemindSchema = z.object({ Email: requiredEmail() });
export type PanelRemindRequest = z.infer<typeof PanelRemindSchema>;
