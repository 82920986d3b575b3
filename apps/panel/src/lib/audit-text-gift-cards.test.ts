import type { PanelAuditEntry } from '@club/contract';
import { describe, expect, it } from 'vitest';
import { auditAction, auditChanges, auditObject } from './audit-text.ts';

const entry = (e: Partial<PanelAuditEntry>): PanelAuditEntry => ({
  Id: 1,
  Kiedy: '2026-11-29T10:00:00Z',
  Kto: 'zastepca@example.pl',
  Akcja: 'disable',
  Obiekt: 'giftCard',
  IdObiektu: '5',
  Przed: null,
  Po: null,
  ...e,
});

describe('audit log in Polish: gift cards', () => {
  it('names a blocked card by its code’s end, never a bare code name', () => {
    const e = entry({
      Przed: { Koncowka: 'PQRS', Saldo: 70, Zablokowana: false },
      Po: { Koncowka: 'PQRS', Saldo: 70, Zablokowana: true },
    });
    expect(auditAction(e.Akcja)).toBe('Zablokowanie');
    expect(auditObject(e)).toBe('karta podarunkowa ••••-••••-••••-PQRS');
    expect(auditChanges(e)).toEqual([
      { field: 'Zablokowana', label: 'Zablokowana', before: 'nie', after: 'tak' },
    ]);
  });

  it('labels the new fields of products, shipping options and settings', () => {
    const product = entry({
      Akcja: 'update',
      Obiekt: 'product',
      Przed: { KartaPodarunkowa: false },
      Po: { KartaPodarunkowa: true },
    });
    expect(auditChanges(product)[0]).toMatchObject({
      label: 'Karta podarunkowa',
      before: 'nie',
      after: 'tak',
    });
    const shipping = entry({
      Akcja: 'update',
      Obiekt: 'shipping',
      Przed: { Elektroniczna: false },
      Po: { Elektroniczna: true },
    });
    expect(auditChanges(shipping)[0]?.label).toBe('Dostawa e-mailem (karty podarunkowe)');
    const settings = entry({
      Akcja: 'update',
      Obiekt: 'settings',
      Przed: { WaznoscKartPodarunkowych: 12 },
      Po: { WaznoscKartPodarunkowych: 24 },
    });
    expect(auditChanges(settings)[0]).toMatchObject({ before: '12', after: '24' });
  });
});
