import { PAGE_SLUG_RE, type PanelAuditEntry, type PanelPageListItem } from '@club/contract';
import { describe, expect, it } from 'vitest';
import { auditChanges, auditObject } from './audit-text.ts';
import { joinParams, pageTree, parentChoices, slugFromTitle, splitParams } from './page-form.ts';

const page = (
  Id: number,
  Tytul: string,
  IdRodzica: number | null = null,
  Specjalna = false,
): PanelPageListItem => ({
  Id,
  Slug: slugFromTitle(Tytul),
  Tytul,
  IdRodzica,
  Specjalna,
  Parametry: [],
  Data: '2026-11-23T10:00:00.000Z',
});

describe('slugFromTitle', () => {
  it('spells Polish letters plainly and joins words with hyphens', () => {
    expect(slugFromTitle('Historia klubu – 100 lat!')).toBe('historia-klubu-100-lat');
    expect(slugFromTitle('Żółta łódź, ĄĘŚĆŃ')).toBe('zolta-lodz-aescn');
    expect(slugFromTitle('  --Łódź--  ')).toBe('lodz');
    expect(slugFromTitle('!!!')).toBe('');
  });

  it('gives what the API accepts, at most 100 characters, never ending in a hyphen', () => {
    for (const title of ['O klubie', 'Sklep 2026/27', `${'a'.repeat(99)} b`, 'Ę']) {
      const slug = slugFromTitle(title);
      expect(slug.length).toBeLessThanOrEqual(100);
      expect(PAGE_SLUG_RE.test(slug), slug).toBe(true);
    }
  });
});

describe('pageTree and parentChoices', () => {
  const pages = [
    page(1, 'Zespół'),
    page(2, 'O klubie'),
    page(3, 'Historia', 2),
    page(4, 'Lata 20.', 3),
    page(5, 'Tekst stopki', null, true),
    page(6, 'Sierota', 99),
  ];

  it('puts each parent before its sub-pages, siblings by title, with their depth', () => {
    expect(pageTree(pages).map((p) => [p.Tytul, p.depth])).toEqual([
      ['O klubie', 0],
      ['Historia', 1],
      ['Lata 20.', 2],
      ['Sierota', 0],
      ['Tekst stopki', 0],
      ['Zespół', 0],
    ]);
  });

  it('keeps pages caught in a cycle of parents', () => {
    const cycle = [page(1, 'A', 2), page(2, 'B', 1)];
    expect(pageTree(cycle).map((p) => p.Id)).toEqual([1, 2]);
  });

  it('offers neither the page itself, nor its sub-pages, nor the special texts', () => {
    expect(parentChoices(pages, 3).map((p) => p.Tytul)).toEqual(['O klubie', 'Sierota', 'Zespół']);
    expect(parentChoices(pages, null).map((p) => p.Tytul)).toEqual([
      'O klubie',
      'Historia',
      'Lata 20.',
      'Sierota',
      'Zespół',
    ]);
  });
});

describe('page parameters', () => {
  it('shows the known parameters as switches and keeps the others as rows', () => {
    expect(
      splitParams([
        { Klucz: 'kontakt', Wartosc: '1' },
        { Klucz: 'galeria', Wartosc: 'lato' },
      ]),
    ).toEqual({ known: { kontakt: '1' }, other: [{ Klucz: 'galeria', Wartosc: 'lato' }] });
  });

  it('sends the switched-on ones (a stored value kept, else 1) and the typed rows, trimmed, empty rows left out', () => {
    expect(
      joinParams(['akredytacja', 'kontakt'], { kontakt: 'tak' }, [
        { Klucz: ' galeria ', Wartosc: ' lato ' },
        { Klucz: '', Wartosc: '' },
      ]),
    ).toEqual([
      { Klucz: 'kontakt', Wartosc: 'tak' },
      { Klucz: 'akredytacja', Wartosc: '1' },
      { Klucz: 'galeria', Wartosc: 'lato' },
    ]);
  });
});

describe('audit log of sub-pages', () => {
  const entry = (over: Partial<PanelAuditEntry>) =>
    ({
      Id: 1,
      Kiedy: '2026-11-23T10:00:00.000Z',
      Kto: 'Anna',
      Akcja: 'update',
      Obiekt: 'page',
      IdObiektu: '12',
      Przed: null,
      Po: null,
      ...over,
    }) as PanelAuditEntry;

  it('names the page and shows its parameters, text and parent in Polish', () => {
    const e = entry({
      Przed: { Slug: 'o-klubie', Tresc: '<p>Stary</p>', Parametry: [], Rodzic: null },
      Po: {
        Slug: 'historia',
        Tresc: '<p>Nowy <strong>tekst</strong></p>',
        Parametry: [{ Klucz: 'kontakt', Wartosc: '1' }],
        Rodzic: 'klub',
        PoprawioneLinkiMenu: 2,
      },
    });
    expect(auditObject(e)).toBe('podstrona nr 12');
    // The order follows the panel's list of field labels (shared with other screens): not checked here.
    expect(auditChanges(e)).toHaveLength(5);
    expect(auditChanges(e)).toEqual(
      expect.arrayContaining([
        { field: 'Parametry', label: 'Parametry strony', before: '—', after: 'kontakt: 1' },
        { field: 'Slug', label: 'Adres strony', before: 'o-klubie', after: 'historia' },
        { field: 'Tresc', label: 'Treść', before: 'Stary', after: 'Nowy tekst' },
        { field: 'Rodzic', label: 'Strona nadrzędna', before: '—', after: '/klub' },
        { field: 'PoprawioneLinkiMenu', label: 'Poprawione linki w menu', before: '—', after: '2' },
      ]),
    );
  });

  it('names an uploaded image', () => {
    expect(auditObject(entry({ Akcja: 'create', Obiekt: 'page-image', IdObiektu: null }))).toBe(
      'obraz w treści podstrony',
    );
  });
});
