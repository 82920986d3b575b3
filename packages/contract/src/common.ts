import { z } from 'zod';
import { MAX_PAGE_COUNT } from './constants.ts';
import { msg } from './messages.ts';

/** Error body of every 4xx/5xx: a Polish message, optionally per field. */
export const ApiErrorSchema = z.object({
  Message: z.string(),
  Fields: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

export const MessageSchema = z.object({ Message: z.string() });

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Required text: 'Pole wymagane' when missing or blank. */
export const requiredText = (max = 200, message: string = msg.required) =>
  z.string({ error: message }).trim().min(1, { error: message, abort: true }).max(max, msg.tooLong);

export const optionalText = (max = 200) =>
  z
    .string({ error: msg.invalidRequest })
    .trim()
    .max(max, msg.tooLong)
    .nullish()
    .transform((v) => v ?? '');

export const requiredEmail = (message: string = msg.required) =>
  requiredText(254, message).regex(EMAIL_RE, msg.invalidEmail);

export const isEmail = (v: string) => EMAIL_RE.test(v);

/** Lower-case, upper-case and a digit, at least 8 characters (spec section 5). */
export const PASSWORD_RE = /^(?=.*\p{Ll})(?=.*\p{Lu})(?=.*\d).{8,}$/u;
export const newPassword = () =>
  z
    .string({ error: msg.passwordRequired })
    .min(1, { error: msg.passwordRequired, abort: true })
    .max(200, msg.tooLong)
    .regex(PASSWORD_RE, msg.passwordRules);

/** Path/query integer: digits only, within range. */
export const intParam = (min = 0, max = 2_147_483_647, message: string = msg.invalidNumber) =>
  z
    .string({ error: message })
    .regex(/^\d{1,10}$/, message)
    .transform(Number)
    .refine((n) => n >= min && n <= max, message);

export const idParam = () => intParam(1, 2_147_483_647, msg.notFound);

export const OffsetCountParams = z.object({
  offset: intParam(0, 1_000_000, msg.offsetRange),
  count: intParam(1, MAX_PAGE_COUNT, msg.offsetRange),
});

export const PhotoRefSchema = z.object({ Id: z.number().int(), Nazwa: z.string() });
export type PhotoRef = z.infer<typeof PhotoRefSchema>;
