import type { PanelAuditEntry } from '@club/contract';
import { describe, expect, it } from 'vitest';
import { auditAction, auditChanges, auditObject } from './audit-text.ts';

const entry = (e: Partial<PanelAuditEntry>): PanelAuditEntry => ({
  Id: 1,
  Kiedy: '2026-11-23T10:00:00Z',
  Kto: 'wlasciciel@example.pl',
  Akcja: 'update',
  Obiekt: 'promotion',
  IdObiektu: '4',
  Przed: null,
  Po: null,
  ...e,
});

describe('audit log in Polish: promotions', () => {
  it('names a promotion, its kind, scope, percent and amounts', () => {
    const e = entry({
      Przed: {
        Nazwa: 'Szaliki',
        Rodzaj: 'percent',
        Procent: 10,
        Zakres: { Typ: 'cart', Id: [] },
        Minimum: 0,
      },
      Po: {
        Nazwa: 'Szaliki',
        Rodzaj: 'amount',
        Kwota: 15,
        Zakres: { Typ: 'categories', Id: [3, 4] },
        Minimum: 100,
      },
    });
    expect(auditObject(e)).toBe('promocja nr 4');
    expect(auditChanges(e)).toEqual(
      expect.arrayContaining([
        { field: 'Rodzaj', label: 'Rodzaj promocji', before: 'Rabat procentowy', after: 'Rabat kwotowy' },
        { field: 'Procent', label: 'Rabat (%)', before: '10 %', after: '—' },
        { field: 'Kwota', label: 'Rabat (zł)', before: '—', after: '15,00\u00a0zł' },
        { field: 'Zakres', label: 'Dotyczy', before: 'cały koszyk', after: 'kategorie nr 3, 4' },
        {
          field: 'Minimum',
          label: 'Minimalna wartość koszyka',
          before: '0,00\u00a0zł',
          after: '100,00\u00a0zł',
        },
      ]),
    );
  });

  it('labels pausing, resuming and ending', () => {
    expect([auditAction('pause'), auditAction('resume'), auditAction('end')]).toEqual([
      'Wstrzymanie',
      'Wznowienie',
      'Zakończenie',
    ]);
  });
});
