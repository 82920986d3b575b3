import type { PanelPromotion, PanelPromotionScope, PROMOTION_KINDS, PROMOTION_SCOPES } from '@club/contract';
import { ui } from '../texts.ts';

/** Plain rules of the promotion form: what is typed, what is sent, and what the list shows. */

const t = ui.promotions;

export type PromotionKind = (typeof PROMOTION_KINDS)[number];
export type ScopeType = (typeof PROMOTION_SCOPES)[number];
export type CodeMode = 'automatic' | 'code' | 'batch';

/** The form as typed: numbers stay text until sent (a comma is a decimal point), dates as `datetime-local`. */
export type PromotionDraft = {
  Nazwa: string;
  Rodzaj: PromotionKind;
  Procent: string;
  Kwota: string;
  Kup: string;
  Gratis: string;
  Zakres: PanelPromotionScope;
  Skladniki: PanelPromotionScope[];
  CenaZestawu: string;
  ZNadrukiem: boolean;
  Minimum: string;
  Od: string;
  Do: string;
  LaczySie: boolean;
  LimitUzyc: string;
  LimitNaKlienta: string;
  /** Ids of the club's customer groups it is limited to; none: everyone. */
  GrupyKlientow: number[];
  Kody: CodeMode;
  Kod: string;
  Liczba: string;
  Prefiks: string;
};

/** A name shown for a category, product or variant id, keyed `type:id`. */
export type ScopeNames = Record<string, string>;
export const nameKey = (type: ScopeType, id: number) => `${type}:${id}`;

/** `12,5` or `12.5` -> 12.5; empty -> null; anything else NaN, which the schema refuses with its message. */
export const parseDecimal = (s: string): number | null => {
  const v = s.trim().replace(/\s/g, '').replace(',', '.');
  if (v === '') return null;
  return /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : Number.NaN;
};

/** A number the API needs: empty is NaN too (null after JSON), refused with the field's message. */
const required = (s: string): number => parseDecimal(s) ?? Number.NaN;

const text = (n: number | null) => (n === null ? '' : String(n).replace('.', ','));
const zl = (n: number | null) => (n === null ? '' : n.toFixed(2).replace('.', ','));

/** The form's values of a stored promotion, or of a new one. */
export const draftOf = (p?: PanelPromotion | null): PromotionDraft => ({
  Nazwa: p?.Nazwa ?? '',
  Rodzaj: p?.Rodzaj ?? 'percent',
  Procent: text(p?.Procent ?? null),
  Kwota: zl(p?.Kwota ?? null),
  Kup: text(p?.Kup ?? null),
  Gratis: text(p?.Gratis ?? null),
  Zakres: p?.Zakres ?? { Typ: 'cart', Id: [] },
  Skladniki: p?.Zestaw?.Skladniki ?? [
    { Typ: 'products', Id: [] },
    { Typ: 'products', Id: [] },
  ],
  CenaZestawu: zl(p?.Zestaw?.Cena ?? null),
  ZNadrukiem: p?.ZNadrukiem ?? false,
  Minimum: p && p.Minimum > 0 ? zl(p.Minimum) : '',
  Od: p?.Od ?? '',
  Do: p?.Do ?? '',
  LaczySie: p?.LaczySie ?? false,
  LimitUzyc: text(p?.LimitUzyc ?? null),
  LimitNaKlienta: text(p?.LimitNaKlienta ?? null),
  GrupyKlientow: p?.GrupyKlientow ?? [],
  Kody: p ? (p.Automatyczna ? 'automatic' : p.Kod ? 'code' : 'batch') : 'automatic',
  Kod: p?.Kod ?? '',
  Liczba: '',
  Prefiks: '',
});

/** The names a stored promotion gives for its scope and bundle. */
export const namesOf = (p?: PanelPromotion | null): ScopeNames =>
  Object.fromEntries((p?.Nazwy ?? []).map((n) => [nameKey(n.Typ, n.Id), n.Nazwa]));

/** The promotion's own fields as the API takes them; only the chosen kind's value is sent. */
export const fieldsOf = (d: PromotionDraft) => {
  const is = (kind: PromotionKind) => d.Rodzaj === kind;
  const bundle = is('bundle');
  return {
    Nazwa: d.Nazwa,
    Rodzaj: d.Rodzaj,
    Procent: is('percent') ? parseDecimal(d.Procent) : null,
    Kwota: is('amount') ? parseDecimal(d.Kwota) : null,
    Kup: is('buyXGetY') ? parseDecimal(d.Kup) : null,
    Gratis: is('buyXGetY') ? parseDecimal(d.Gratis) : null,
    Zestaw: bundle ? { Skladniki: d.Skladniki, Cena: required(d.CenaZestawu) } : null,
    // A bundle's components say what it takes; its own scope is the whole cart.
    Zakres: bundle
      ? { Typ: 'cart' as const, Id: [] }
      : d.Zakres.Typ === 'cart'
        ? { Typ: 'cart' as const, Id: [] }
        : d.Zakres,
    ZNadrukiem: d.ZNadrukiem,
    Minimum: parseDecimal(d.Minimum) ?? 0,
    Od: d.Od || null,
    Do: d.Do || null,
    LaczySie: d.LaczySie,
    LimitUzyc: parseDecimal(d.LimitUzyc),
    LimitNaKlienta: parseDecimal(d.LimitNaKlienta),
    GrupyKlientow: d.GrupyKlientow,
  };
};

/** A new promotion: automatic, with one code, or with a batch of single-use codes. */
export const createBodyOf = (d: PromotionDraft) => ({
  ...fieldsOf(d),
  ...(d.Kody === 'code' && { Kod: d.Kod }),
  ...(d.Kody === 'batch' && { Kody: { Liczba: required(d.Liczba), Prefiks: d.Prefiks } }),
});

// The groups are a set: ticking them in another order changes nothing.
const comparable = (k: string, v: unknown) =>
  JSON.stringify(k === 'GrupyKlientow' && Array.isArray(v) ? [...v].sort((a, b) => a - b) : v);

/** Only what differs from the stored promotion (the audit log then lists just that). */
export const changesOf = (current: PanelPromotion, d: PromotionDraft) =>
  Object.fromEntries(
    Object.entries(fieldsOf(d)).filter(
      ([k, v]) => comparable(k, v) !== comparable(k, current[k as keyof PanelPromotion]),
    ),
  ) as Partial<ReturnType<typeof fieldsOf>>;

/** The groups ticked after one is ticked or cleared. */
export const toggleGroup = (ids: readonly number[], id: number, on: boolean): number[] =>
  on ? (ids.includes(id) ? [...ids] : [...ids, id]) : ids.filter((x) => x !== id);

/**
 * The form's field for a message's path (`Zakres.Id.2` -> `Zakres`, `Zestaw.Skladniki` ->
 * `Zestaw`, `Kody` -> `Kody.Liczba`): the first message of a field wins.
 */
export const formFields = (fields: Record<string, string>): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields)) {
    const [head, next] = path.split('.');
    const key =
      head === 'Zestaw' && next === 'Cena'
        ? 'Zestaw.Cena'
        : head === 'Kody'
          ? `Kody.${next === 'Prefiks' ? 'Prefiks' : 'Liczba'}`
          : (head ?? path);
    out[key] ??= message;
  }
  return out;
};

/** `2026-12-01T00:00` (the Warsaw wall clock the API gives) -> `01.12.2026, 00:00`. */
export const formatWarsaw = (local: string): string => {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2})$/.exec(local);
  return m ? `${m[3]}.${m[2]}.${m[1]}, ${m[4]}` : local;
};

/** How buyers get it: its code, "automatyczna", or "5 kodów jednorazowych". */
export const codeSummary = (p: Pick<PanelPromotion, 'Automatyczna' | 'Kod' | 'LiczbaKodow'>): string =>
  p.Automatyczna ? t.automatic : (p.Kod ?? t.batch(p.LiczbaKodow));

/** Its period: "od 01.12.2026, 00:00 do 01.01.2027, 00:00", one end, or none. */
export const periodSummary = (p: Pick<PanelPromotion, 'Od' | 'Do'>): string =>
  [p.Od && t.from(formatWarsaw(p.Od)), p.Do && t.until(formatWarsaw(p.Do))].filter(Boolean).join(' ') ||
  t.always;

/** Uses so far over the limit: "3 / 100", "0 / bez limitu". */
export const usesSummary = (p: Pick<PanelPromotion, 'Uzycia' | 'LimitUzyc'>): string =>
  `${p.Uzycia} / ${p.LimitUzyc === null ? t.noLimit : p.LimitUzyc}`;

const pct = new Intl.NumberFormat('pl-PL', { maximumFractionDigits: 2 });
const money = new Intl.NumberFormat('pl-PL', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The kind's value in a few words: "10 %", "20,00 zł", "kup 2, 1 gratis", "zestaw za 99,00 zł". */
export const valueSummary = (
  p: Pick<PanelPromotion, 'Rodzaj' | 'Procent' | 'Kwota' | 'Kup' | 'Gratis' | 'Zestaw'>,
): string => {
  switch (p.Rodzaj) {
    case 'percent':
      return `${pct.format(p.Procent ?? 0)} %`;
    case 'amount':
      return `${money.format(p.Kwota ?? 0)} zł`;
    case 'buyXGetY':
      return `kup ${p.Kup}, ${p.Gratis} gratis`;
    case 'bundle':
      return `zestaw za ${money.format(p.Zestaw?.Cena ?? 0)} zł`;
    default:
      return '';
  }
};

/** What it applies to, by name: "cały koszyk", "kategorie: Szaliki". */
export const scopeSummary = (scope: PanelPromotionScope, names: ScopeNames): string =>
  scope.Typ === 'cart'
    ? t.scopeShort.cart!
    : `${t.scopeShort[scope.Typ]}: ${scope.Id.map((id) => names[nameKey(scope.Typ, id)] ?? t.numbered(scope.Typ, id)).join(', ')}`;
