import type { PanelAuditEntry } from '@club/contract';
import { describe, expect, it } from 'vitest';
import { auditAction, auditChanges, auditObject } from './audit-text.ts';

const entry = (e: Partial<PanelAuditEntry>): PanelAuditEntry => ({
  Id: 1,
  Kiedy: '2026-11-23T10:00:00Z',
  Kto: 'kierownik@example.pl',
  Akcja: 'status',
  Obiekt: 'contactMessage',
  IdObiektu: '7',
  Przed: { Przeczytana: true, Zalatwiona: false },
  Po: { Przeczytana: true, Zalatwiona: true },
  ...e,
});

describe('audit log in Polish: the inbox', () => {
  it('names a message handled and its state in Polish', () => {
    const e = entry({});
    expect(auditAction(e.Akcja)).toBe('Zmiana statusu');
    expect(auditObject(e)).toBe('wiadomość z formularza nr 7');
    expect(auditChanges(e)).toEqual([
      { field: 'Zalatwiona', label: 'Załatwiona', before: 'nie', after: 'tak' },
    ]);
  });

  it('names an accreditation request marked unread', () => {
    const e = entry({
      Obiekt: 'accreditation',
      IdObiektu: '3',
      Przed: { Przeczytana: true, Zalatwiona: true },
      Po: { Przeczytana: false, Zalatwiona: false },
    });
    expect(auditObject(e)).toBe('wniosek o akredytację nr 3');
    expect(auditChanges(e).map((c) => [c.label, c.before, c.after])).toEqual([
      ['Przeczytana', 'tak', 'nie'],
      ['Załatwiona', 'tak', 'nie'],
    ]);
  });
});
