import type { PanelAuditEntry } from '@club/contract';
import { describe, expect, it } from 'vitest';
import { auditAction, auditChanges, auditObject } from './audit-text.ts';

const entry = (e: Partial<PanelAuditEntry>): PanelAuditEntry => ({
  Id: 1,
  Kiedy: '2026-11-23T10:00:00Z',
  Kto: 'wlasciciel@example.pl',
  Akcja: 'update',
  Obiekt: 'shipping',
  IdObiektu: '3',
  Przed: null,
  Po: null,
  ...e,
});

describe('audit log in Polish: shipping and payments', () => {
  it('names shipping changes, their prices in zł and switching an option off', () => {
    const e = entry({
      Akcja: 'deactivate',
      Przed: { Tresc: 'Kurier DPD', Cena: 15.99, Aktywna: true, Pozycja: 0 },
      Po: { Tresc: 'Kurier DPD', Cena: 17.5, Aktywna: false, Pozycja: 0 },
    });
    expect(auditAction(e.Akcja)).toBe('Wyłączenie');
    expect(auditObject(e)).toBe('sposób dostawy nr 3');
    expect(auditChanges(e)).toEqual([
      { field: 'Cena', label: 'Cena', before: '15,99\u00a0zł', after: '17,50\u00a0zł' },
      { field: 'Aktywna', label: 'Aktywny', before: 'tak', after: 'nie' },
    ]);
    expect(auditObject(entry({ Akcja: 'reorder', IdObiektu: null }))).toBe('kolejność sposobów dostawy');
  });

  it('shows PayU secrets only as set, and which ones a change replaced', () => {
    const e = entry({
      Obiekt: 'payments',
      IdObiektu: 'payu',
      Przed: null,
      Po: {
        PosId: '300746',
        ClientId: '300746',
        Sandbox: true,
        ClientSecret: '***',
        DrugiKlucz: '***',
        NoweKlucze: ['ClientSecret', 'DrugiKlucz'],
      },
      Akcja: 'create',
    });
    expect(auditObject(e)).toBe('konfiguracja PayU');
    const changes = auditChanges(e);
    expect(changes.find((c) => c.field === 'ClientSecret')?.after).toBe('zapisany (ukryty)');
    expect(changes.find((c) => c.field === 'NoweKlucze')?.after).toBe('Client secret, Drugi klucz (MD5)');
    expect(JSON.stringify(changes)).not.toContain('***');
    expect(auditObject(entry({ Obiekt: 'payments', IdObiektu: 'cod' }))).toBe('płatność przy odbiorze');
  });
});
