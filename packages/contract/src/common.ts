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

/** A new order of siblings: every sibling's id, each once (checked against the parent where it is stored). */
export const reorderSchema = <P extends z.ZodType>(
  parent: P,
  notFound: string,
  mismatch: string,
  max: number,
) =>
  z.object({
    IdParent: parent,
    Kolejnosc: z.array(idNumber(notFound), { error: mismatch }).min(1, mismatch).max(max, mismatch),
  });

export const OffsetCountParams = z.object({
  offset: intParam(0, 1_000_000, msg.offsetRange),
  count: intParam(1, MAX_PAGE_COUNT, msg.offsetRange),
});

export const PhotoRefSchema = z.object({ Id: z.number().int(), Nazwa: z.string() });
export type PhotoRef = z.infer<typeof PhotoRefSchema>;

// Polish business identifiers (seller data, invoices): digits only after removing spaces and
// dashes, checked by their official checksums, so a typo is caught before it reaches a document.

/** The digits of an identifier as typed: spaces and dashes dropped (`123-456-32-18`). */
export const identifierDigits = (v: string) => v.replace(/[\s-]/g, '');

const weightedSum = (digits: string, weights: readonly number[]) =>
  weights.reduce((sum, w, i) => sum + w * Number(digits[i]), 0);

/** NIP: 10 digits, the last = (6,5,7,2,3,4,5,6,7 · first nine) mod 11, which may not be 10. */
export const isValidNip = (v: string): boolean => {
  const d = identifierDigits(v);
  if (!/^\d{10}$/.test(d)) return false;
  const check = weightedSum(d, [6, 5, 7, 2, 3, 4, 5, 6, 7]) % 11;
  return check !== 10 && check === Number(d[9]);
};

/** REGON: 9 or 14 digits; the last is the weighted sum mod 11 (10 counts as 0). */
export const isValidRegon = (v: string): boolean => {
  const d = identifierDigits(v);
  const weights =
    d.length === 9
      ? [8, 9, 2, 3, 4, 5, 6, 7]
      : d.length === 14
        ? [2, 4, 8, 5, 0, 9, 7, 3, 6, 1, 2, 4, 8]
        : null;
  if (!weights || !/^\d+$/.test(d)) return false;
  return (weightedSum(d, weights) % 11) % 10 === Number(d[d.length - 1]);
};

/** KRS: 10 digits (no checksum). */
export const isValidKrs = (v: string): boolean => /^\d{10}$/.test(identifierDigits(v));

/** A Polish bank account (NRB, 26 digits, or the IBAN `PL` + 26 digits), checked by IBAN's mod 97. */
export const isValidPlIban = (v: string): boolean => {
  const compact = v.replace(/\s/g, '').toUpperCase();
  const digits = compact.startsWith('PL') ? compact.slice(2) : compact;
  if (!/^\d{26}$/.test(digits)) return false;
  // IBAN: country code and check digits move to the end, letters become numbers (P=25, L=21).
  const rearranged = `${digits.slice(2)}2521${digits.slice(0, 2)}`;
  let rest = 0;
  for (const c of rearranged) rest = (rest * 10 + Number(c)) % 97;
  return rest === 1;
};

/** `PL61 1090 1014 0000 0712 1981 2874`: the stored and shown form of a valid account. */
export const formatPlIban = (v: string): string => {
  const compact = v.replace(/\s/g, '').toUpperCase();
  const digits = compact.startsWith('PL') ? compact.slice(2) : compact;
  return `PL${digits}`.replace(/(.{4})(?=.)/g, '$1 ');
};

/** Optional text that, when filled, must pass `check`; as the user typed it, trimmed ('' when absent). */
const checkedIdentifier = (max: number, check: (v: string) => boolean, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, { error: message, abort: true })
    .refine(isCleanText, clean)
    .refine((v) => v === '' || check(v), { error: message })
    .nullish()
    .transform((v) => v ?? '');

/** Reusable refinements: NIP (seller data now, invoices in), REGON, KRS, a PL account. */
export const nipText = (message: string = msg.invalidNip) => checkedIdentifier(20, isValidNip, message);
export const regonText = (message: string = msg.invalidRegon) => checkedIdentifier(20, isValidRegon, message);
export const krsText = (message: string = msg.invalidKrs) => checkedIdentifier(20, isValidKrs, message);
export const plIbanText = (message: string = msg.invalidBankAccount) =>
  checkedIdentifier(40, isValidPlIban, message);

/**
 * A host name as a club's domain: lower-case letters, digits and hyphens in dot-separated labels
 * (IDN as punycode, `xn--`), at least two labels, the last not all digits (no IP addresses), no
 * port, scheme or path. Labels up to 63 characters, the whole up to 253.
 */
const HOST_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
export const isHostName = (v: string): boolean => {
  if (v.length > 253) return false;
  const labels = v.split('.');
  return (
    labels.length >= 2 && labels.every((l) => HOST_LABEL.test(l)) && !/^\d+$/.test(labels[labels.length - 1]!)
  );
};
