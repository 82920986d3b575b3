import { z } from 'zod';
import { plIbanText } from './common.ts';
import { msg } from './messages.ts';

/**
 * Complaints (reklamacje) about goods not in conformity with the contract (ustawa o prawach
 * konsumenta, rozdział 5a). Shared by the API (which enforces it), the panel and the storefront
 * (which show it), so the clock and the allowed steps cannot disagree between them.
 */

/** What the buyer asks for (art. 43d, 43e UPK). */
export const COMPLAINT_REQUESTS = ['naprawa', 'wymiana', 'obnizenie', 'odstapienie'] as const;
export type ComplaintRequest = (typeof COMPLAINT_REQUESTS)[number];
export const COMPLAINT_REQUEST_LABELS: Record<ComplaintRequest, string> = {
  naprawa: 'Naprawa',
  wymiana: 'Wymiana na nowy',
  obnizenie: 'Obniżenie ceny',
  odstapienie: 'Odstąpienie od umowy i zwrot pieniędzy',
};

export const COMPLAINT_STATES = [
  'przyjeta',
  'uznana',
  'odrzucona',
  'towar_otrzymany',
  'wymieniona',
  'naprawiona',
  'zwrot_pieniedzy',
] as const;
export type ComplaintState = (typeof COMPLAINT_STATES)[number];
export const COMPLAINT_STATE_LABELS: Record<ComplaintState, string> = {
  przyjeta: 'Przyjęta do rozpatrzenia',
  uznana: 'Uznana',
  odrzucona: 'Odrzucona',
  towar_otrzymany: 'Towar otrzymany',
  wymieniona: 'Wymieniona',
  naprawiona: 'Naprawiona',
  zwrot_pieniedzy: 'Zwrócono pieniądze',
};

/** Steps the club may take from each state; the last three and a rejection end the complaint. */
const NEXT: Record<ComplaintState, readonly ComplaintState[]> = {
  przyjeta: ['uznana', 'odrzucona'],
  uznana: ['towar_otrzymany', 'zwrot_pieniedzy'],
  odrzucona: [],
  towar_otrzymany: ['wymieniona', 'naprawiona', 'zwrot_pieniedzy'],
  wymieniona: [],
  naprawiona: [],
  zwrot_pieniedzy: [],
};

/** States the club still has to answer (the 14-day clock only runs in the first). */
export const OPEN_COMPLAINT_STATES: readonly ComplaintState[] = ['przyjeta', 'uznana', 'towar_otrzymany'];

/**
 * The steps open from `state` for a complaint asking for `request`. Refunding straight after
 * acceptance (without the goods coming back) only fits a price reduction; repairing or
 * replacing needs the goods first.
 */
export const complaintNextStates = (state: ComplaintState, request: ComplaintRequest): ComplaintState[] =>
  NEXT[state].filter((to) => !(state === 'uznana' && to === 'zwrot_pieniedzy' && request !== 'obnizenie'));

export type ComplaintTransition = { ok: true } | { ok: false; error: string };

/** Whether the club may move a complaint on; a rejection must say why (art. 7a: a reasoned answer). */
export const checkComplaintTransition = (
  from: ComplaintState,
  to: ComplaintState,
  request: ComplaintRequest,
  reason: string,
): ComplaintTransition => {
  if (!complaintNextStates(from, request).includes(to)) return { ok: false, error: msg.complaintIllegalStep };
  if (to === 'odrzucona' && !reason.trim()) return { ok: false, error: msg.complaintReasonRequired };
  return { ok: true };
};

export const COMPLAINT_ANSWER_DAYS = 14;
/** The panel warns when this many days or fewer are left to answer. */
export const COMPLAINT_WARN_DAYS = 3;
const TZ = 'Europe/Warsaw';

/** The Europe/Warsaw calendar day of an instant, as yyyy-mm-dd. */
export const warsawDay = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: TZ,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);

/** The instant a Warsaw wall-clock time happens (handles both DST offsets). */
const warsawInstant = (day: string, time: string) => {
  const guess = new Date(`${day}T${time}Z`);
  for (const offsetHours of [1, 2]) {
    const at = new Date(guess.getTime() - offsetHours * 3_600_000);
    const wall = new Intl.DateTimeFormat('en-GB', {
      timeZone: TZ,
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    }).format(at);
    if (warsawDay(at) === day && wall === time) return at;
  }
  return new Date(guess.getTime() - 3_600_000);
};

const addDays = (day: string, days: number) => {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/**
 * The last moment to answer a complaint received at `receivedAt`: the end of the 14th Warsaw
 * calendar day after the day of receipt (art. 111 § 2 KC: the day of receipt is not counted).
 * Not moved off weekends or holidays: answering earlier is always safe.
 */
export const complaintDeadline = (receivedAt: Date): Date =>
  new Date(
    warsawInstant(addDays(warsawDay(receivedAt), COMPLAINT_ANSWER_DAYS + 1), '00:00:00').getTime() - 1,
  );

export type ComplaintClock =
  /** Answered (accepted or rejected): the clock has stopped. */
  | { kind: 'answered' }
  | { kind: 'running'; daysLeft: number; warn: boolean }
  /** Not answered in time: by law the complaint counts as accepted (art. 7a ust. 2 UPK). */
  | { kind: 'overdue' };

/** Where the 14-day clock stands at `now`; `daysLeft` counts Warsaw calendar days, 0 = the last day. */
export const complaintClock = (state: ComplaintState, receivedAt: Date, now: Date): ComplaintClock => {
  if (state !== 'przyjeta') return { kind: 'answered' };
  const deadline = complaintDeadline(receivedAt);
  if (now > deadline) return { kind: 'overdue' };
  const daysLeft = Math.round(
    (Date.parse(`${warsawDay(deadline)}T12:00:00Z`) - Date.parse(`${warsawDay(now)}T12:00:00Z`)) / 86_400_000,
  );
  return { kind: 'running', daysLeft, warn: daysLeft <= COMPLAINT_WARN_DAYS };
};

export const COMPLAINT_DESCRIPTION_MAX = 2000;
export const COMPLAINT_DESCRIPTION_MIN = 10;
export const MAX_COMPLAINT_PHOTOS = 4;
export const COMPLAINT_PHOTO_FIELD = 'Zdjecia';

/** The form's text fields (the photos come as files of the same multipart request). */
export const ComplaintFormSchema = z.object({
  Linie: z
    .array(z.coerce.number({ error: msg.complaintLinesRequired }).int().positive())
    .min(1, msg.complaintLinesRequired)
    .max(100, msg.complaintLinesRequired),
  Opis: z
    .string({ error: msg.complaintDescriptionRequired })
    .trim()
    .min(COMPLAINT_DESCRIPTION_MIN, msg.complaintDescriptionTooShort)
    .max(COMPLAINT_DESCRIPTION_MAX, msg.complaintDescriptionTooLong),
  Zadanie: z.enum(COMPLAINT_REQUESTS, { error: msg.complaintRequestRequired }),
});
export type ComplaintForm = z.output<typeof ComplaintFormSchema>;

export const ComplaintStepSchema = z.object({
  Stan: z.enum(COMPLAINT_STATES, { error: msg.complaintIllegalStep }),
  Powod: z.string().trim().max(COMPLAINT_DESCRIPTION_MAX, msg.complaintReasonTooLong).default(''),
  /** The refund step of a cash-on-delivery order: the buyer's account for the transfer. */
  NrKonta: plIbanText(),
  /** The refund step of a price reduction ('obnizenie'): how many złoty go back. */
  Kwota: z
    .number({ error: msg.refundAmountInvalid })
    .positive({ error: msg.refundAmountInvalid })
    .max(1_000_000, { error: msg.refundAmountInvalid })
    .optional(),
});
export type ComplaintStep = z.output<typeof ComplaintStepSchema>;

/** One photo of a complaint: served only to its buyer and the club's staff, never under /static. */
export const ComplaintPhotoSchema = z.object({ Id: z.number().int(), Url: z.string() });

export const ComplaintHistoryEntrySchema = z.object({
  Stan: z.enum(COMPLAINT_STATES),
  Data: z.string(),
  Powod: z.string(),
});

/** A complaint as its buyer sees it in the account. */
export const ComplaintSchema = z.object({
  Id: z.number().int(),
  ZamowienieId: z.number().int(),
  NumerZamowienia: z.string(),
  Data: z.string(),
  /** The last moment the club may answer (ISO); after it, unanswered means accepted. */
  Termin: z.string(),
  Stan: z.enum(COMPLAINT_STATES),
  StanNazwa: z.string(),
  Zadanie: z.enum(COMPLAINT_REQUESTS),
  ZadanieNazwa: z.string(),
  Opis: z.string(),
  Pozycje: z.array(z.object({ Id: z.number().int(), Nazwa: z.string(), Ilosc: z.number().int() })),
  Zdjecia: z.array(ComplaintPhotoSchema),
  Historia: z.array(ComplaintHistoryEntrySchema),
});
export type Complaint = z.output<typeof ComplaintSchema>;

/** What the account's order needs for complaints: its lines to choose from and its complaints so far. */
export const OrderComplaintsSchema = z.object({
  Pozycje: z.array(z.object({ Id: z.number().int(), Nazwa: z.string(), Ilosc: z.number().int() })),
  Reklamacje: z.array(ComplaintSchema),
});
export type OrderComplaints = z.output<typeof OrderComplaintsSchema>;
export const ComplaintListSchema = z.array(ComplaintSchema);

/** The panel's view adds the buyer, the clock and the steps open now. */
export const PanelComplaintSchema = ComplaintSchema.extend({
  Kupujacy: z.string(),
  Email: z.string(),
  /** Where the 14-day clock stands ('answered' once accepted or rejected). */
  Zegar: z.enum(['answered', 'running', 'overdue']),
  DniDoTerminu: z.number().int().nullable(),
  Ostrzezenie: z.boolean(),
  Kroki: z.array(z.enum(COMPLAINT_STATES)),
  /** Cash on delivery: a refund is a bank transfer, to the account the buyer gives. */
  ZwrotPrzelewem: z.boolean(),
});
export type PanelComplaint = z.output<typeof PanelComplaintSchema>;

export const COMPLAINT_FILTERS = ['otwarte', ...COMPLAINT_STATES] as const;
export const PanelComplaintsQuerySchema = z.object({
  stan: z.enum(COMPLAINT_FILTERS, { error: msg.complaintIllegalStep }).optional(),
});
export const PanelComplaintListSchema = z.object({
  Reklamacje: z.array(PanelComplaintSchema),
  /** Open complaints with 3 days or fewer left, or overdue: the nav badge. */
  Pilne: z.number().int(),
});

/** The nav badge's count alone: complaints whose answer clock is close to running out or has run out. */
export const PanelComplaintsSummarySchema = z.object({ Pilne: z.number().int() });
export type PanelComplaintsSummary = z.infer<typeof PanelComplaintsSummarySchema>;
