import type { PanelAuditEntry } from '@club/contract';
import { describe, expect, it } from 'vitest';
import { auditAction, auditChanges, auditObject } from './audit-text.ts';

const entry = (e: Partial<PanelAuditEntry>): PanelAuditEntry => ({
  Id: 1,
  Kiedy: '2026-11-23T10:00:00Z',
  Kto: 'wlasciciel@example.pl',
  Akcja: 'update',
  Obiekt: 'customerGroup',
  IdObiektu: '7',
  Przed: null,
  Po: null,
  ...e,
});

describe('audit log in Polish: customer groups', () => {
  it('names a group and lists its accounts and domains', () => {
    const e = entry({
      Przed: { Nazwa: 'Sponsor', Od: null, Do: null, Konta: [], Domeny: ['sponsor.pl'] },
      Po: {
        Nazwa: 'Sponsor',
        Od: null,
        Do: null,
        Konta: ['ala@example.pl', 'ola@example.pl'],
        Domeny: ['sponsor.pl', 'sponsor.com.pl'],
      },
    });
    expect(auditObject(e)).toBe('grupa klientów nr 7');
    expect(auditChanges(e)).toEqual([
      { field: 'Konta', label: 'Konta', before: '—', after: 'ala@example.pl, ola@example.pl' },
      {
        field: 'Domeny',
        label: 'Domeny e-mail',
        before: 'sponsor.pl',
        after: 'sponsor.pl, sponsor.com.pl',
      },
    ]);
  });

  it('labels adding and removing a group', () => {
    expect(auditAction('create')).toBe('Dodanie');
    expect(auditAction('delete')).toBe('Usunięcie');
    expect(auditObject(entry({ Akcja: 'delete', IdObiektu: null }))).toBe('grupa klientów');
  });

  it("says which groups a promotion is for, or that it is everyone's", () => {
    const e = entry({
      Obiekt: 'promotion',
      IdObiektu: '4',
      Przed: { GrupyKlientow: [] },
      Po: { GrupyKlientow: [3, 5] },
    });
    expect(auditChanges(e)).toEqual([
      {
        field: 'GrupyKlientow',
        label: 'Dla grup klientów',
        before: 'wszyscy klienci',
        after: 'grupy nr 3, 5',
      },
    ]);
  });
});
