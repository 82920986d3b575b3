/**
 * Promotions and discount codes as the panel reads and writes them (decision 150). Money in zł like
 * the other panel forms; dates and times as the Warsaw wall clock (`2026-12-01T00:00`), turned into
 * instants here and nowhere else, so a form and the server read the same moment.
 */
import { z } from 'zod';
import { idNumber, requiredText } from './common.ts';
import { fillMessage, msg } from './messages.ts';
import { zlAmount } from './panel-settings.ts';

export const PROMOTION_KINDS = ['percent', 'amount', 'freeShipping', 'buyXGetY', 'bundle'] as const;
export const PROMOTION_SCOPES = ['cart', 'categories', 'products', 'variants'] as const;
export const PROMOTION_STATUSES = ['active', 'scheduled', 'paused', 'expired', 'ended'] as const;
export type PromotionStatus = (typeof PROMOTION_STATUSES)[number];

export const promotionKindLabel: Record<(typeof PROMOTION_KINDS)[number], string> = {
  percent: 'Rabat procentowy',
  amount: 'Rabat kwotowy',
  freeShipping: 'Darmowa dostawa',
  buyXGetY: 'Kup X, Y gratis',
  bundle: 'Cena zestawu',
};
export const promotionStatusLabel: Record<PromotionStatus, string> = {
  active: 'Aktywna',
  scheduled: 'Zaplanowana',
  paused: 'Wstrzymana',
  expired: 'Po terminie',
  ended: 'Zakończona',
};

/** One batch of single-use codes at most; more would be a spreadsheet nobody hands out. */
export const MAX_BATCH_CODES = 5_000;
/** Codes a club may hold in all: batches are cheap to ask for, rows are not. */
export const MAX_CLUB_CODES = 200_000;
export const MAX_SCOPE_IDS = 500;
export const MAX_PROMOTION_ZL = 100_000;
export const MAX_USAGE_LIMIT = 1_000_000;
export const MAX_CUSTOMER_LIMIT = 1_000;
/** Customer groups a promotion may be limited to (decision 153). */
export const MAX_PROMOTION_GROUPS = 50;
export const CODE_PATTERN = /^[A-Z0-9-]{3,32}$/;
const PREFIX_PATTERN = /^[A-Z0-9-]{1,16}$/;

// The Warsaw wall clock <-> instants (both offsets, +01:00 in winter, +02:00 in summer).
const TZ = 'Europe/Warsaw';
let wallClock: Intl.DateTimeFormat | undefined;
/** An instant as the Warsaw wall clock, `2026-12-01T00:00`. */
export const warsawLocal = (at: Date): string => {
  wallClock ??= new Intl.DateTimeFormat('sv-SE', {
    timeZone: TZ,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return wallClock.format(at).replace(' ', 'T');
};
const LOCAL_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;
/**
 * The instant a Warsaw wall-clock time names; null if it is no time at all. Of the hour repeated in
 * October the first; an hour skipped in March (02:30) is read in winter time, i.e. 03:30.
 */
export const warsawInstant = (local: string): Date | null => {
  const m = LOCAL_PATTERN.exec(local);
  if (!m) return null;
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  const check = new Date(asUtc);
  // Years outside 2000-2999 are typing errors (and Date.UTC reads 0-99 as 1900-1999).
  if (y < 2000 || y > 2999 || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59)
    return null;
  for (const hours of [2, 1]) {
    const at = new Date(asUtc - hours * 3_600_000);
    if (warsawLocal(at) === local) return at;
  }
  return new Date(asUtc - 3_600_000);
};

/** A Warsaw wall-clock time as typed in the panel, read as its instant. */
export const localDateTime = () =>
  z
    .string({ error: msg.promoDateInvalid })
    .max(16, { error: msg.promoDateInvalid, abort: true })
    .transform((v, ctx) => {
      const at = warsawInstant(v);
      if (!at) {
        ctx.addIssue({ code: 'custom', message: msg.promoDateInvalid });
        return z.NEVER;
      }
      return at;
    });

/** A code as typed: spaces around and case do not matter; stored in upper case. */
export const promotionCode = () =>
  z
    .string({ error: msg.promoCodeFormat })
    .max(64, { error: msg.promoCodeFormat, abort: true })
    .trim()
    .toUpperCase()
    .regex(CODE_PATTERN, msg.promoCodeFormat);

const positiveZl = (message: string) =>
  zlAmount(MAX_PROMOTION_ZL, message).refine((v) => v > 0, { error: message, abort: true });

const count = (min: number, max: number, message: string) =>
  z
    .number({ error: message })
    .int({ error: message, abort: true })
    .min(min, { error: message, abort: true })
    .max(max, message);

const ScopeSchema = z.object(
  {
    Typ: z.enum(PROMOTION_SCOPES, { error: msg.promoScopeInvalid }),
    Id: z
      .array(idNumber(msg.promoScopeInvalid), { error: msg.promoScopeInvalid })
      .max(MAX_SCOPE_IDS, msg.promoScopeInvalid),
  },
  { error: msg.promoScopeInvalid },
);
export type PanelPromotionScope = z.output<typeof ScopeSchema>;

const BundleSchema = z.object(
  {
    Skladniki: z.array(ScopeSchema, { error: msg.promoBundleInvalid }).max(10, msg.promoBundleInvalid),
    Cena: positiveZl(msg.promoBundlePriceInvalid),
  },
  { error: msg.promoBundleInvalid },
);

/** The promotion's own fields, as both a new promotion and a change give them. */
const fields = {
  Nazwa: requiredText(100, msg.promoNameRequired),
  Rodzaj: z.enum(PROMOTION_KINDS, { error: msg.promoKindInvalid }),
  /** Percent off, 0.01-100. */
  Procent: z
    .number({ error: msg.promoPercentInvalid })
    .min(0.01, { error: msg.promoPercentInvalid, abort: true })
    .max(100, { error: msg.promoPercentInvalid, abort: true })
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, msg.promoPercentInvalid)
    .nullable(),
  /** zł off. */
  Kwota: positiveZl(msg.promoAmountInvalid).nullable(),
  Kup: count(1, 100, msg.promoBuyGetInvalid).nullable(),
  Gratis: count(1, 100, msg.promoBuyGetInvalid).nullable(),
  Zestaw: BundleSchema.nullable(),
  Zakres: ScopeSchema,
  /** The printing price is discounted too (and part of a bundle's price). */
  ZNadrukiem: z.boolean({ error: msg.invalidRequest }),
  /** zł of goods and printing before any discount; 0: none. */
  Minimum: zlAmount(MAX_PROMOTION_ZL, msg.promoMinimumInvalid),
  /** Warsaw time; null: from now on / with no end. */
  Od: localDateTime().nullable(),
  Do: localDateTime().nullable(),
  /** Joins other promotions (else at most one non-stackable applies, the best for the buyer). */
  LaczySie: z.boolean({ error: msg.invalidRequest }),
  /** Uses in all orders; null: unlimited. */
  LimitUzyc: count(1, MAX_USAGE_LIMIT, msg.promoLimitInvalid).nullable(),
  LimitNaKlienta: count(1, MAX_CUSTOMER_LIMIT, msg.promoCustomerLimitInvalid).nullable(),
  /** Only for buyers in one of these customer groups (member prices, decision 153); empty: everyone. */
  GrupyKlientow: z
    .array(idNumber(msg.promoGroupsInvalid), { error: msg.promoGroupsInvalid })
    .max(MAX_PROMOTION_GROUPS, msg.promoGroupsInvalid)
    .refine((ids) => new Set(ids).size === ids.length, msg.promoGroupsInvalid),
};

/** What the cross-field rules see: a new promotion, or the stored one with a change laid over it. */
export type PromotionFields = {
  Rodzaj: (typeof PROMOTION_KINDS)[number];
  Procent: number | null;
  Kwota: number | null;
  Kup: number | null;
  Gratis: number | null;
  Zestaw: { Skladniki: PanelPromotionScope[]; Cena: number } | null;
  Zakres: PanelPromotionScope;
  Od: Date | null;
  Do: Date | null;
};

const scopeProblem = (s: PanelPromotionScope) =>
  (s.Typ === 'cart') !== (s.Id.length === 0) || new Set(s.Id).size !== s.Id.length;

/**
 * The rules across fields, as field -> Polish message (empty: none). The kind's own value must be
 * there; a bundle's components name something each and share nothing of the same type (a piece
 * matching two of them could make the engine miss a set, decision 149).
 */
export const promotionProblems = (p: PromotionFields): Record<string, string> => {
  const out: Record<string, string> = {};
  if (p.Rodzaj === 'percent' && p.Procent === null) out.Procent = msg.promoPercentInvalid;
  if (p.Rodzaj === 'amount' && p.Kwota === null) out.Kwota = msg.promoAmountInvalid;
  if (p.Rodzaj === 'buyXGetY') {
    if (p.Kup === null) out.Kup = msg.promoBuyGetInvalid;
    if (p.Gratis === null) out.Gratis = msg.promoBuyGetInvalid;
  }
  if (p.Rodzaj === 'bundle') {
    const parts = p.Zestaw?.Skladniki ?? [];
    if (parts.length < 2 || parts.length > 10 || parts.some((s) => s.Typ === 'cart' || scopeProblem(s)))
      out.Zestaw = msg.promoBundleInvalid;
    else {
      const seen = new Set<string>();
      const keys = parts.flatMap((s) => s.Id.map((id) => `${s.Typ}:${id}`));
      for (const k of keys) seen.add(k);
      if (seen.size !== keys.length) out.Zestaw = msg.promoBundleOverlap;
    }
  } else if (scopeProblem(p.Zakres)) out.Zakres = msg.promoScopeInvalid;
  if (p.Od && p.Do && p.Do.getTime() <= p.Od.getTime()) out.Do = msg.promoEndsBeforeStart;
  return out;
};

const withProblems = <T extends PromotionFields>(value: T, ctx: z.RefinementCtx) => {
  for (const [field, message] of Object.entries(promotionProblems(value)))
    ctx.addIssue({ code: 'custom', path: [field], message });
};

/**
 * A new promotion: automatic (neither `Kod` nor `Kody`), with one code shared by every buyer
 * (`Kod`, e.g. SOKOL10), or with a batch of single-use codes made by the server (`Kody`).
 */
export const PanelPromotionCreateSchema = z
  .object({
    Nazwa: fields.Nazwa,
    Rodzaj: fields.Rodzaj,
    Procent: fields.Procent.optional().default(null),
    Kwota: fields.Kwota.optional().default(null),
    Kup: fields.Kup.optional().default(null),
    Gratis: fields.Gratis.optional().default(null),
    Zestaw: fields.Zestaw.optional().default(null),
    Zakres: fields.Zakres.optional().default({ Typ: 'cart', Id: [] }),
    ZNadrukiem: fields.ZNadrukiem.optional().default(false),
    Minimum: fields.Minimum.optional().default(0),
    Od: fields.Od.optional().default(null),
    Do: fields.Do.optional().default(null),
    LaczySie: fields.LaczySie.optional().default(false),
    LimitUzyc: fields.LimitUzyc.optional().default(null),
    LimitNaKlienta: fields.LimitNaKlienta.optional().default(null),
    GrupyKlientow: fields.GrupyKlientow.optional().default([]),
    Wstrzymana: z.boolean({ error: msg.invalidRequest }).optional().default(false),
    Kod: promotionCode().optional(),
    Kody: z
      .object(
        {
          Liczba: count(1, MAX_BATCH_CODES, msg.promoBatchSizeInvalid),
          Prefiks: z
            .string({ error: msg.promoBatchPrefixInvalid })
            .max(64, { error: msg.promoBatchPrefixInvalid, abort: true })
            .trim()
            .toUpperCase()
            .regex(PREFIX_PATTERN, msg.promoBatchPrefixInvalid),
        },
        { error: msg.promoBatchSizeInvalid },
      )
      .optional(),
  })
  .superRefine((v, ctx) => {
    withProblems(v, ctx);
    if (v.Kod !== undefined && v.Kody !== undefined)
      ctx.addIssue({ code: 'custom', path: ['Kody'], message: msg.promoCodeOrBatch });
  });
export type PanelPromotionCreate = z.output<typeof PanelPromotionCreateSchema>;

/**
 * A change: only the fields present change (decision 058); the rules across fields are checked by
 * the server on the stored promotion with the change laid over it. Codes, once handed out, and the
 * pause (its own endpoints) are not changed here.
 */
export const PanelPromotionUpdateSchema = z.object(fields).partial();
export type PanelPromotionUpdate = z.output<typeof PanelPromotionUpdateSchema>;

export const PanelPromotionSchema = z.object({
  Id: z.number().int(),
  Nazwa: z.string(),
  Rodzaj: z.enum(PROMOTION_KINDS),
  Status: z.enum(PROMOTION_STATUSES),
  Procent: z.number().nullable(),
  Kwota: z.number().nullable(),
  Kup: z.number().int().nullable(),
  Gratis: z.number().int().nullable(),
  Zestaw: z
    .object({
      Skladniki: z.array(z.object({ Typ: z.enum(PROMOTION_SCOPES), Id: z.array(z.number().int()) })),
      Cena: z.number(),
    })
    .nullable(),
  Zakres: z.object({ Typ: z.enum(PROMOTION_SCOPES), Id: z.array(z.number().int()) }),
  ZNadrukiem: z.boolean(),
  Minimum: z.number(),
  /** Warsaw time, `2026-12-01T00:00`; null: open. */
  Od: z.string().nullable(),
  Do: z.string().nullable(),
  Wstrzymana: z.boolean(),
  LaczySie: z.boolean(),
  /** Without a code: applies by itself in every cart it fits. */
  Automatyczna: z.boolean(),
  /** The shared code; null for an automatic promotion or a batch. */
  Kod: z.string().nullable(),
  /** Codes of the promotion (1 for a shared code, the batch's size) and how many were used at all. */
  LiczbaKodow: z.number().int(),
  UzyteKody: z.number().int(),
  LimitUzyc: z.number().int().nullable(),
  LimitNaKlienta: z.number().int().nullable(),
  /** The customer groups it is limited to; empty: everyone. */
  GrupyKlientow: z.array(z.number().int()),
  /** Orders that used it so far. */
  Uzycia: z.number().int(),
  /** Its orders not cancelled and what it took off them in all (products and delivery, zł). */
  Zamowienia: z.number().int(),
  Rabat: z.number(),
  Utworzono: z.string(),
  Zmieniono: z.string(),
  /** When it was ended (ISO); ended promotions stay, orders refer to them. */
  Zakonczono: z.string().nullable(),
  /**
   * The names of the categories, products and variants its scope and bundle name (a variant as
   * `product – variant`), for the panel to show them; one no longer there is not listed.
   */
  Nazwy: z.array(
    z.object({
      Typ: z.enum(['categories', 'products', 'variants']),
      Id: z.number().int(),
      Nazwa: z.string(),
    }),
  ),
});
export type PanelPromotion = z.infer<typeof PanelPromotionSchema>;

export const PanelPromotionListSchema = z.object({
  Items: z.array(PanelPromotionSchema),
  Total: z.number().int(),
});
export type PanelPromotionList = z.infer<typeof PanelPromotionListSchema>;

/** Where a promotion stands at `now`: ended and paused first, then its dates. */
export const promotionStatus = (
  p: { endedAt: Date | null; paused: boolean; startsAt: Date | null; endsAt: Date | null },
  now: Date,
): PromotionStatus => {
  if (p.endedAt) return 'ended';
  if (p.paused) return 'paused';
  if (p.endsAt && now.getTime() >= p.endsAt.getTime()) return 'expired';
  if (p.startsAt && now.getTime() < p.startsAt.getTime()) return 'scheduled';
  return 'active';
};

/**
 * The longest period of a promotion's figures, in days (3 years and a leap day). The query reads
 * the promotion's own orders by their index whatever the period; the bound only catches a typo
 * such as 2062 for 2026.
 */
export const MAX_PROMOTION_STATS_DAYS = 1_096;

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Days since 1970 of a calendar date `YYYY-MM-DD` (years 2000-2999, as `warsawInstant`); null: none. */
export const calendarDayNumber = (v: string): number | null => {
  const m = DAY_PATTERN.exec(v);
  if (!m) return null;
  const [, y, mo, d] = m.map(Number) as [number, number, number, number];
  const at = new Date(Date.UTC(y, mo - 1, d));
  if (y < 2000 || y > 2999 || at.getUTCMonth() !== mo - 1 || at.getUTCDate() !== d) return null;
  return at.getTime() / 86_400_000;
};

const calendarDay = z
  .string({ error: msg.promoStatsDateInvalid })
  .max(10, { error: msg.promoStatsDateInvalid, abort: true })
  .refine((v) => calendarDayNumber(v) !== null, msg.promoStatsDateInvalid);

/**
 * The period of a promotion's figures: Polish calendar days `od` to `do`, both included, as the
 * order list's filter and the dashboard count them; either may be left out (from its first order,
 * up to now), both: its whole life.
 */
export const PanelPromotionStatsQuerySchema = z
  .object({ od: calendarDay.optional(), do: calendarDay.optional() }, { error: msg.invalidRequest })
  .superRefine((q, ctx) => {
    if (q.od === undefined || q.do === undefined) return;
    const [from, to] = [calendarDayNumber(q.od)!, calendarDayNumber(q.do)!];
    if (to < from) ctx.addIssue({ code: 'custom', path: ['do'], message: msg.promoStatsPeriodOrder });
    else if (to - from + 1 > MAX_PROMOTION_STATS_DAYS)
      ctx.addIssue({
        code: 'custom',
        path: ['do'],
        message: fillMessage(msg.promoStatsPeriodTooLong, { ile: String(MAX_PROMOTION_STATS_DAYS) }),
      });
  });
export type PanelPromotionStatsQuery = z.output<typeof PanelPromotionStatsQuerySchema>;

/**
 * What a promotion brought in a period: its orders (cancelled ones excluded, as on the dashboard),
 * their revenue (the orders' whole totals, in zł) and what this promotion took off them, on the
 * products and on delivery; for a batch of single-use codes, how many of its codes those orders used.
 */
export const PanelPromotionStatsSchema = z.object({
  /** The period asked for (`YYYY-MM-DD`); null: not bounded on that side. */
  Od: z.string().nullable(),
  Do: z.string().nullable(),
  Zamowienia: z.number().int(),
  Przychod: z.number(),
  RabatProdukty: z.number(),
  RabatDostawa: z.number(),
  /** A batch's codes used by the period's orders, of `LiczbaKodow`; both null for another promotion. */
  WykorzystaneKody: z.number().int().nullable(),
  LiczbaKodow: z.number().int().nullable(),
});
export type PanelPromotionStats = z.infer<typeof PanelPromotionStatsSchema>;
