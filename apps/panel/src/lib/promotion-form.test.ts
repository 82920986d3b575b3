import { type PanelPromotion, PanelPromotionCreateSchema, PanelPromotionUpdateSchema } from '@club/contract';
import { describe, expect, it } from 'vitest';
import {
  changesOf,
  codeSummary,
  createBodyOf,
  draftOf,
  formatWarsaw,
  formFields,
  namesOf,
  parseDecimal,
  periodSummary,
  scopeSummary,
  toggleGroup,
  usesSummary,
  valueSummary,
} from './promotion-form.ts';

const stored: PanelPromotion = {
  Id: 4,
  Nazwa: 'Szaliki -10%',
  Rodzaj: 'percent',
  Status: 'active',
  Procent: 10,
  Kwota: null,
  Kup: null,
  Gratis: null,
  Zestaw: null,
  Zakres: { Typ: 'categories', Id: [7] },
  ZNadrukiem: false,
  Minimum: 0,
  Od: '2026-12-01T00:00',
  Do: null,
  Wstrzymana: false,
  LaczySie: false,
  Automatyczna: false,
  Kod: 'SOKOL10',
  LiczbaKodow: 1,
  UzyteKody: 0,
  LimitUzyc: 500,
  LimitNaKlienta: null,
  GrupyKlientow: [],
  Uzycia: 3,
  Zamowienia: 3,
  Rabat: 21,
  Utworzono: '2026-11-01T10:00:00.000Z',
  Zmieniono: '2026-11-01T10:00:00.000Z',
  Zakonczono: null,
  Nazwy: [{ Typ: 'categories', Id: 7, Nazwa: 'Szaliki' }],
};

/** The body as the API reads it (after JSON, where NaN is null). */
const wire = (v: unknown) => JSON.parse(JSON.stringify(v));

describe('promotion form', () => {
  it('reads numbers with a comma or a point; empty is none, text is refused later', () => {
    expect(parseDecimal(' 12,5 ')).toBe(12.5);
    expect(parseDecimal('1 000')).toBe(1000);
    expect(parseDecimal('')).toBeNull();
    expect(parseDecimal('dziesięć')).toBeNaN();
    expect(parseDecimal('1,2,3')).toBeNaN();
  });

  it('sends a new percent promotion with one code as the contract takes it', () => {
    const d = {
      ...draftOf(),
      Nazwa: 'Szaliki -10%',
      Procent: '10',
      Kwota: '5', // typed before the kind was changed: not sent
      Zakres: { Typ: 'categories' as const, Id: [7] },
      Od: '2026-12-01T00:00',
      Kody: 'code' as const,
      Kod: 'sokol10',
    };
    const body = createBodyOf(d);
    expect(body).toMatchObject({ Procent: 10, Kwota: null, Minimum: 0, Od: '2026-12-01T00:00', Do: null });
    expect(body).not.toHaveProperty('Kody');
    const parsed = PanelPromotionCreateSchema.safeParse(wire(body));
    expect(parsed.success && parsed.data.Kod).toBe('SOKOL10');
  });

  it('sends a batch, and a bundle with its components and the whole cart as scope', () => {
    const batch = createBodyOf({
      ...draftOf(),
      Nazwa: 'Kibice',
      Procent: '15',
      Kody: 'batch',
      Liczba: '5',
      Prefiks: 'kibic',
    });
    expect(batch.Kody).toEqual({ Liczba: 5, Prefiks: 'kibic' });
    expect(PanelPromotionCreateSchema.safeParse(wire(batch)).success).toBe(true);

    const bundle = createBodyOf({
      ...draftOf(),
      Nazwa: 'Komplet',
      Rodzaj: 'bundle',
      Zakres: { Typ: 'products', Id: [1] },
      Skladniki: [
        { Typ: 'products', Id: [1] },
        { Typ: 'categories', Id: [2] },
      ],
      CenaZestawu: '249,99',
    });
    expect(bundle).toMatchObject({
      Procent: null,
      Zakres: { Typ: 'cart', Id: [] },
      Zestaw: {
        Cena: 249.99,
        Skladniki: [
          { Typ: 'products', Id: [1] },
          { Typ: 'categories', Id: [2] },
        ],
      },
    });
    expect(PanelPromotionCreateSchema.safeParse(wire(bundle)).success).toBe(true);
  });

  it('refuses 150 % with the contract’s Polish message on the percent field', () => {
    const parsed = PanelPromotionCreateSchema.safeParse(
      wire(createBodyOf({ ...draftOf(), Nazwa: 'X', Procent: '150' })),
    );
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({
      path: ['Procent'],
      message: expect.stringMatching(/^Podaj procent/),
    });
  });

  it('limits a promotion to customer groups as a set: the order of ticking changes nothing', () => {
    expect(toggleGroup([], 3, true)).toEqual([3]);
    expect(toggleGroup([3], 3, true)).toEqual([3]);
    expect(toggleGroup([3, 5], 3, false)).toEqual([5]);
    expect(
      createBodyOf({ ...draftOf(), Nazwa: 'Karnety', Procent: '10', GrupyKlientow: [5] }).GrupyKlientow,
    ).toEqual([5]);
    const limited = { ...stored, GrupyKlientow: [3, 5] };
    expect(changesOf(limited, { ...draftOf(limited), GrupyKlientow: [5, 3] })).toEqual({});
    expect(changesOf(limited, { ...draftOf(limited), GrupyKlientow: [] })).toEqual({ GrupyKlientow: [] });
  });

  it('fills the form from a stored promotion and sends back only what changed', () => {
    const d = draftOf(stored);
    expect(d).toMatchObject({
      Procent: '10',
      Minimum: '',
      Od: '2026-12-01T00:00',
      Do: '',
      Kody: 'code',
      LimitUzyc: '500',
    });
    expect(changesOf(stored, d)).toEqual({});
    const changes = changesOf(stored, { ...d, Procent: '12,5', Do: '2027-01-01T00:00', LimitUzyc: '' });
    expect(changes).toEqual({ Procent: 12.5, Do: '2027-01-01T00:00', LimitUzyc: null });
    expect(PanelPromotionUpdateSchema.safeParse(wire(changes)).success).toBe(true);
    expect(namesOf(stored)).toEqual({ 'categories:7': 'Szaliki' });
    expect(draftOf({ ...stored, Automatyczna: true, Kod: null }).Kody).toBe('automatic');
    expect(draftOf({ ...stored, Kod: null, LiczbaKodow: 5 }).Kody).toBe('batch');
  });

  it('puts a message on the field the form shows', () => {
    expect(
      formFields({
        'Zakres.Id.2': 'a',
        'Zestaw.Skladniki': 'b',
        'Zestaw.Cena': 'c',
        Kody: 'd',
        'Kody.Prefiks': 'e',
        Procent: 'f',
        Zakres: 'g',
      }),
    ).toEqual({
      Zakres: 'a',
      Zestaw: 'b',
      'Zestaw.Cena': 'c',
      'Kody.Liczba': 'd',
      'Kody.Prefiks': 'e',
      Procent: 'f',
    });
  });

  it('says in words how a promotion is got, when, how often and on what', () => {
    expect(codeSummary(stored)).toBe('SOKOL10');
    expect(codeSummary({ ...stored, Automatyczna: true, Kod: null })).toBe('automatyczna');
    expect(codeSummary({ ...stored, Kod: null, LiczbaKodow: 1 })).toBe('1 kod jednorazowy');
    expect(codeSummary({ ...stored, Kod: null, LiczbaKodow: 5 })).toBe('5 kodów jednorazowych');
    expect(codeSummary({ ...stored, Kod: null, LiczbaKodow: 22 })).toBe('22 kody jednorazowe');
    expect(codeSummary({ ...stored, Kod: null, LiczbaKodow: 12 })).toBe('12 kodów jednorazowych');
    expect(formatWarsaw('2026-12-01T00:00')).toBe('01.12.2026, 00:00');
    expect(periodSummary(stored)).toBe('od 01.12.2026, 00:00');
    expect(periodSummary({ Od: null, Do: null })).toBe('bez ograniczeń czasu');
    expect(usesSummary(stored)).toBe('3 / 500');
    expect(usesSummary({ Uzycia: 0, LimitUzyc: null })).toBe('0 / bez limitu');
    expect(valueSummary(stored)).toBe('10 %');
    expect(valueSummary({ ...stored, Rodzaj: 'amount', Kwota: 20.5 })).toBe('20,50 zł');
    expect(valueSummary({ ...stored, Rodzaj: 'buyXGetY', Kup: 2, Gratis: 1 })).toBe('kup 2, 1 gratis');
    expect(scopeSummary(stored.Zakres, namesOf(stored))).toBe('kategorie: Szaliki');
    expect(scopeSummary({ Typ: 'products', Id: [9] }, {})).toBe('produkty: produkt nr 9');
    expect(scopeSummary({ Typ: 'cart', Id: [] }, {})).toBe('cały koszyk');
  });
});
