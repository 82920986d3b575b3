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

// zod's own messages are English: any issue without a message of ours reads in Polish instead.
z.config({
  customError: (issue) => {
    if (issue.code === 'too_big' && issue.origin === 'string') return msg.tooLong;
    if ((issue.code === 'too_big' || issue.code === 'too_small') && issue.origin === 'number')
      return msg.numberOutOfRange;
    if (issue.code === 'invalid_type' && (issue.expected === 'number' || issue.expected === 'int'))
      return msg.invalidNumber;
    return msg.invalidRequest;
  },
});

/** PostgreSQL cannot store U+0000 in text, and no form types it: refused in every text field. */
export const hasNul = (v: string) => v.includes('\u0000');
/** Half of a UTF-16 pair without its other half: not Unicode text, no keyboard types it. */
const LONE_SURROGATE = /\p{Cs}/u;
/** Text a form can produce: no U+0000, no lone surrogate. */
export const isCleanText = (v: string) => !hasNul(v) && !LONE_SURROGATE.test(v);
const clean = { error: msg.invalidCharacters, abort: true } as const;

/**
 * Text of at most `max` characters without U+0000. The length check comes first and `abort`s, so
 * no later check (a regex, a refinement) ever runs on an oversized string: zod runs every check
 * of a schema unless one aborts.
 */
export const boundedText = (max = 200, message: string = msg.invalidRequest) =>
  z.string({ error: message }).max(max, { error: msg.tooLong, abort: true }).refine(isCleanText, clean);

/** Required text: 'Pole wymagane' when missing or blank. */
export const requiredText = (max = 200, message: string = msg.required) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .max(max, { error: msg.tooLong, abort: true })
    .refine(isCleanText, clean);

export const optionalText = (max = 200) =>
  z
    .string({ error: msg.invalidRequest })
    .trim()
    .max(max, { error: msg.tooLong, abort: true })
    .refine(isCleanText, clean)
    .nullish()
    .transform((v) => v ?? '');

export const EMAIL_MAX_LENGTH = 254;
const LOCAL_MAX_LENGTH = 64;
const LABEL_MAX_LENGTH = 63;
/** RFC 5322 dot-atom characters (no quotes, commas, spaces, brackets), plus letters of any script. */
const ATEXT = /^[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+$/u;
const LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?$/u;

/**
 * One plain address (`jan.kowalski@klub.example.pl`), checked in linear time. Written by hand
 * instead of one regex: the old `^[^\s@]+@[^\s@]+\.[^\s@]+$` backtracked quadratically and
 * `'a@' + '.'.repeat(80000) + '@'` blocked the process for 19 s. Here the length is checked first,
 * the text is split on `@` and `.` once, and each piece is matched by a regex with no nested or
 * adjacent overlapping repetition. One address only: a list (`a@x.pl, b@y.pl`), a display name
 * (`Jan <a@x.pl>`) or a quoted local part are refused, so a mail can never go to extra recipients.
 */
export const isEmail = (v: string): boolean => {
  if (v.length > EMAIL_MAX_LENGTH) return false;
  const at = v.indexOf('@');
  if (at < 1 || at !== v.lastIndexOf('@')) return false;
  const local = v.slice(0, at);
  const labels = v.slice(at + 1).split('.');
  return (
    local.length <= LOCAL_MAX_LENGTH &&
    local.split('.').every((part) => ATEXT.test(part)) &&
    labels.length >= 2 &&
    labels.every((label) => label.length <= LABEL_MAX_LENGTH && LABEL.test(label)) &&
    !/^\d+$/.test(labels[labels.length - 1]!)
  );
};

/** A required e-mail address: the length check aborts first, then the linear `isEmail`. */
export const requiredEmail = (message: string = msg.required) =>
  requiredText(EMAIL_MAX_LENGTH, message).refine(isEmail, { error: msg.invalidEmail, abort: true });

/** Lower-case, upper-case and a digit, at least 8 characters (spec section 5). */
export const PASSWORD_RE = /^(?=.*\p{Ll})(?=.*\p{Lu})(?=.*\d).{8,}$/u;
export const newPassword = () =>
  z
    .string({ error: msg.passwordRequired })
    .min(1, { error: msg.passwordRequired, abort: true })
    .max(200, { error: msg.tooLong, abort: true })
    .refine(isCleanText, clean)
    .regex(PASSWORD_RE, msg.passwordRules);

/** Database ids are PostgreSQL `integer`s: a larger number can name nothing. */
export const MAX_ID = 2_147_483_647;

/** Path/query integer: digits only, within range. */
export const intParam = (min = 0, max = MAX_ID, message: string = msg.invalidNumber) =>
  z
    .string({ error: message })
    .regex(/^\d{1,10}$/, { error: message, abort: true })
    .transform(Number)
    .refine((n) => n >= min && n <= max, message);

export const idParam = () => intParam(1, MAX_ID, msg.notFound);

/** A JSON id: a whole number within PostgreSQL's `integer` (int4); a larger one can name nothing. */
export const idNumber = (message: string = msg.invalidNumber, notFoundMessage: string = message) =>
  z
    .number({ error: message })
    .int({ error: message, abort: true })
    .min(1, { error: notFoundMessage, abort: true })
    .max(MAX_ID, notFoundMessage);

export const OffsetCountParams = z.object({
  offset: intParam(0, 1_000_000, msg.offsetRange),
  count: intParam(1, MAX_PAGE_COUNT, msg.offsetRange),
});

export const PhotoRefSchema = z.object({ Id: z.number().int(), Nazwa: z.string() });
export type PhotoRef = z.infer<typeof PhotoRefSchema>;
