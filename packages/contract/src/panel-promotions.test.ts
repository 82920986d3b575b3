import { describe, expect, it } from 'vitest';
import { fillMessage, msg } from './messages.ts';
import {
  calendarDayNumber,
  MAX_PROMOTION_STATS_DAYS,
  PanelPromotionCreateSchema,
  PanelPromotionStatsQuerySchema,
  PanelPromotionUpdateSchema,
  promotionProblems,
  promotionStatus,
  warsawInstant,
  warsawLocal,
} from './panel-promotions.ts';
import { promotionOfRow, type StoredPromotion } from './promotion-rows.ts';

const fieldsOf = (body: unknown) => {
  const r = PanelPromotionCreateSchema.safeParse(body);
  return r.success ? null : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('Warsaw wall clock', () => {
  it('turns local times into instants in winter and summer time, and back', () => {
    expect(warsawInstant('2026-12-01T00:00')?.toISOString()).toBe('2026-11-30T23:00:00.000Z');
    expect(warsawInstant('2026-07-01T00:00')?.toISOString()).toBe('2026-06-30T22:00:00.000Z');
    for (const local of ['2026-01-15T08:30', '2026-06-30T23:59', '2026-03-29T03:00', '2026-10-25T01:59'])
      expect(warsawLocal(warsawInstant(local)!)).toBe(local);
  });

  it('reads the repeated October hour as its first, the skipped March hour in winter time', () => {
    expect(warsawInstant('2026-10-25T02:30')?.toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(warsawInstant('2026-03-29T02:30')?.toISOString()).toBe('2026-03-29T01:30:00.000Z');
  });

  it('refuses what is no time', () => {
    for (const bad of [
      '2026-02-30T10:00',
      '2026-13-01T00:00',
      '2026-12-01T24:00',
      '2026-12-01 10:00',
      '1.12.2026',
      '0099-01-01T00:00',
    ])
      expect(warsawInstant(bad)).toBeNull();
  });
});

describe('the create schema', () => {
  it('normalises codes and fills the defaults', () => {
    const v = PanelPromotionCreateSchema.parse({
      Nazwa: ' Szaliki ',
      Rodzaj: 'percent',
      Procent: 10,
      Kod: ' sokol-10 ',
    });
    expect(v).toMatchObject({
      Nazwa: 'Szaliki',
      Kod: 'SOKOL-10',
      Zakres: { Typ: 'cart', Id: [] },
      Minimum: 0,
      Od: null,
      Do: null,
      LaczySie: false,
      ZNadrukiem: false,
      Wstrzymana: false,
    });
    expect(
      PanelPromotionCreateSchema.parse({
        Nazwa: 'B',
        Rodzaj: 'amount',
        Kwota: 5,
        Kody: { Liczba: 5000, Prefiks: 'kibic' },
      }).Kody,
    ).toEqual({ Liczba: 5000, Prefiks: 'KIBIC' });
  });

  it('gives Polish messages per field', () => {
    expect(fieldsOf({ Nazwa: 'X', Rodzaj: 'percent', Procent: 0.001 })).toEqual({
      Procent: msg.promoPercentInvalid,
    });
    expect(fieldsOf({ Nazwa: 'X', Rodzaj: 'percent', Procent: 100 })).toBeNull();
    expect(fieldsOf({ Nazwa: 'X', Rodzaj: 'amount', Kwota: 0.01 })).toBeNull();
    expect(fieldsOf({ Nazwa: 'X', Rodzaj: 'amount' })).toEqual({ Kwota: msg.promoAmountInvalid });
    expect(fieldsOf({ Nazwa: 'X', Rodzaj: 'amount', Kwota: 1, Kod: 'AB-' })).toBeNull();
    expect(fieldsOf({ Nazwa: 'X', Rodzaj: 'amount', Kwota: 1, Kod: 'A.B' })).toEqual({
      Kod: msg.promoCodeFormat,
    });
    expect(
      fieldsOf({ Nazwa: 'X', Rodzaj: 'amount', Kwota: 1, Od: '2026-12-01T10:00', Do: '2026-12-01T09:00' }),
    ).toEqual({ Do: msg.promoEndsBeforeStart });
  });
});

describe('rules across fields', () => {
  const base = {
    Rodzaj: 'bundle' as const,
    Procent: null,
    Kwota: null,
    Kup: null,
    Gratis: null,
    Zakres: { Typ: 'cart' as const, Id: [] },
    Od: null,
    Do: null,
  };
  const bundle = (...parts: [string, number[]][]) =>
    promotionProblems({
      ...base,
      Zestaw: { Skladniki: parts.map(([Typ, Id]) => ({ Typ: Typ as 'products', Id })), Cena: 100 },
    });

  it('a bundle has 2-10 components, each naming something, none sharing an id of its type', () => {
    expect(bundle(['products', [1]], ['products', [2]])).toEqual({});
    expect(bundle(['products', [1]])).toEqual({ Zestaw: msg.promoBundleInvalid });
    expect(
      bundle(...Array.from({ length: 11 }, (_, i): [string, number[]] => ['products', [i + 1]])),
    ).toEqual({
      Zestaw: msg.promoBundleInvalid,
    });
    expect(bundle(['cart', []], ['products', [2]])).toEqual({ Zestaw: msg.promoBundleInvalid });
    expect(bundle(['categories', [5, 6]], ['categories', [6]])).toEqual({ Zestaw: msg.promoBundleOverlap });
    expect(bundle(['categories', [5]], ['products', [5]])).toEqual({});
  });

  it('the update schema gives no defaults (decision 058)', () => {
    expect(PanelPromotionUpdateSchema.parse({ Procent: 5 })).toEqual({ Procent: 5 });
  });
});

const row: StoredPromotion = {
  id: 7,
  name: 'SOKOL10',
  kind: 'percent',
  percentBp: 1050,
  amount: null,
  buy: null,
  get: null,
  bundleComponents: null,
  bundlePrice: null,
  scopeType: 'categories',
  scopeIds: [3],
  includesPrinting: false,
  minimum: 5000,
  startsAt: new Date('2026-12-01T00:00:00Z'),
  endsAt: null,
  paused: false,
  stackable: true,
  endedAt: null,
};

describe('a stored promotion as the engine’s', () => {
  it('maps every column', () => {
    expect(promotionOfRow(row, 'SOKOL10')).toEqual({
      id: 7,
      name: 'SOKOL10',
      code: 'SOKOL10',
      kind: 'percent',
      percent: 10.5,
      scope: { type: 'categories', ids: [3] },
      includesPrinting: false,
      minimum: 5000,
      startsAt: row.startsAt,
      endsAt: null,
      paused: false,
      stackable: true,
    });
    expect(promotionOfRow({ ...row, scopeType: 'cart', scopeIds: [] }, null, true)).toMatchObject({
      scope: { type: 'cart' },
      code: null,
      limitReached: true,
    });
    expect(
      promotionOfRow({
        ...row,
        kind: 'bundle',
        percentBp: null,
        bundlePrice: 9999,
        bundleComponents: [
          { type: 'products', ids: [1] },
          { type: 'variants', ids: [2] },
        ],
      }),
    ).toMatchObject({
      kind: 'bundle',
      price: 9999,
      components: [
        { type: 'products', ids: [1] },
        { type: 'variants', ids: [2] },
      ],
    });
  });

  it('an ended promotion ends when it was ended', () => {
    const endedAt = new Date('2026-12-10T00:00:00Z');
    expect(promotionOfRow({ ...row, endedAt }).endsAt).toEqual(endedAt);
    expect(promotionOfRow({ ...row, endedAt, endsAt: new Date('2026-12-05T00:00:00Z') }).endsAt).toEqual(
      new Date('2026-12-05T00:00:00Z'),
    );
    expect(promotionStatus({ ...row, endedAt }, new Date('2026-12-02T00:00:00Z'))).toBe('ended');
    expect(promotionStatus(row, new Date('2026-11-30T00:00:00Z'))).toBe('scheduled');
    expect(promotionStatus({ ...row, paused: true }, new Date('2026-12-02T00:00:00Z'))).toBe('paused');
  });
});

describe('the period of a promotion’s figures', () => {
  const issues = (query: Record<string, string>) => {
    const r = PanelPromotionStatsQuerySchema.safeParse(query);
    return r.success ? null : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('takes calendar days, either side open, and refuses what is no day', () => {
    expect(issues({})).toBeNull();
    expect(issues({ od: '2028-02-29' })).toBeNull();
    expect(issues({ do: '2026-03-16' })).toBeNull();
    expect(calendarDayNumber('2026-01-02')! - calendarDayNumber('2026-01-01')!).toBe(1);
    for (const od of [
      '2026-02-29',
      '2026-13-01',
      '26-03-16',
      '1999-12-31',
      '2026-03-16T00:00',
      ' 2026-03-16',
    ])
      expect(issues({ od }), od).toEqual({ od: msg.promoStatsDateInvalid });
  });

  it('refuses an end before the start, and a period longer than three years and a leap day', () => {
    expect(issues({ od: '2026-03-16', do: '2026-03-16' })).toBeNull();
    expect(issues({ od: '2026-03-17', do: '2026-03-16' })).toEqual({ do: msg.promoStatsPeriodOrder });
    expect(issues({ od: '2024-01-01', do: '2026-12-31' })).toBeNull();
    expect(issues({ od: '2024-01-01', do: '2027-01-01' })).toEqual({
      do: fillMessage(msg.promoStatsPeriodTooLong, { ile: String(MAX_PROMOTION_STATS_DAYS) }),
    });
  });
});
