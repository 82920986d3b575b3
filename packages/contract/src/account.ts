import { z } from 'zod';
import { boundedText, isCleanText, newPassword, requiredEmail, requiredText } from './common.ts';
import { msg } from './messages.ts';

/** The repeat must equal the password; checked even when other fields fail, so all errors show at once. */
export const repeatMatches = <T extends Record<string, unknown>>(
  a: keyof T & string,
  b: keyof T & string,
): [
  (v: T) => boolean,
  { path: PropertyKey[]; message: string; when: (p: { value: unknown }) => boolean },
] => [
  (v: T) => !(typeof v[b] === 'string' && v[b] !== '' && v[a] !== v[b]),
  {
    path: [b],
    message: msg.passwordsMismatch,
    when: (p: { value: unknown }) => {
      const v = p.value as Partial<T> | undefined;
      return typeof v?.[a] === 'string' && typeof v?.[b] === 'string';
    },
  },
];

/** Any password typed in (login, current, repeat): length first, then no U+0000. */
const typedPassword = (message: string) =>
  z
    .string({ error: message })
    .min(1, { error: message, abort: true })
    .max(200, { error: msg.tooLong, abort: true })
    .refine(isCleanText, { error: msg.invalidCharacters, abort: true });
export const repeatPassword = () => typedPassword(msg.required);

export const RegisterSchema = z
  .object({
    Imie: requiredText(100),
    Nazwisko: requiredText(100),
    Email: requiredEmail(),
    Haslo: newPassword(),
    PowtorzHaslo: repeatPassword(),
    AkceptacjaRegulaminu: z.literal(true, { error: msg.consentRequired }),
  })
  .refine(...repeatMatches('Haslo', 'PowtorzHaslo'));
export type RegisterRequest = z.infer<typeof RegisterSchema>;

export const LoginSchema = z.object({
  Login: requiredEmail(),
  Password: typedPassword(msg.required),
});
export type LoginRequest = z.infer<typeof LoginSchema>;

export const TicketSchema = z.object({ Ticket: z.string() });
export type TicketResponse = z.infer<typeof TicketSchema>;

export const ChangePasswordSchema = z
  .object({
    ObecneHaslo: typedPassword(msg.passwordRequired),
    NoweHaslo: newPassword(),
    PowtorzNoweHaslo: repeatPassword(),
  })
  .refine(...repeatMatches('NoweHaslo', 'PowtorzNoweHaslo'));
export type ChangePasswordRequest = z.infer<typeof ChangePasswordSchema>;

export const RemindPasswordSchema = z.object({ Email: requiredEmail() });
export type RemindPasswordRequest = z.infer<typeof RemindPasswordSchema>;

/** "Wyślij ponownie link aktywacyjny": the address the account was registered with. */
export const ResendConfirmationSchema = z.object({ Email: requiredEmail() });
export type ResendConfirmationRequest = z.infer<typeof ResendConfirmationSchema>;

export const RemindPasswordSetNewSchema = z
  .object({
    Haslo: newPassword(),
    PowtorzHaslo: repeatPassword(),
    Guid: requiredText(200),
  })
  .refine(...repeatMatches('Haslo', 'PowtorzHaslo'));
export type RemindPasswordSetNewRequest = z.infer<typeof RemindPasswordSetNewSchema>;

/** The current password too: a ticket alone (left in a shared browser) must not move the account. */
export const ChangeEmailSchema = z.object({
  staryEmail: boundedText(254).trim().optional(),
  NowyEmail: requiredEmail(),
  ObecneHaslo: typedPassword(msg.passwordRequired),
});
export type ChangeEmailRequest = z.infer<typeof ChangeEmailSchema>;

export const ProfileInfoSchema = z.object({ Imie: z.string(), Nazwisko: z.string(), Email: z.string() });
export type ProfileInfo = z.infer<typeof ProfileInfoSchema>;

export const UserInfoSchema = z.object({
  Id: z.number().int(),
  Imie: z.string(),
  Nazwisko: z.string(),
  Email: z.string(),
});
export type UserInfo = z.infer<typeof UserInfoSchema>;
