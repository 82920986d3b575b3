import type { PanelAuditEntry } from '@club/contract';
import { describe, expect, it } from 'vitest';
import { auditChanges, auditObject } from './audit-text.ts';

const entry = (e: Partial<PanelAuditEntry>): PanelAuditEntry => ({
  Id: 1,
  Kiedy: '2026-11-23T10:00:00Z',
  Kto: 'kierownik@example.pl',
  Akcja: 'update',
  Obiekt: 'settings',
  IdObiektu: '1',
  Przed: null,
  Po: null,
  ...e,
});

describe('audit log in Polish: site settings and seller data', () => {
  it('names the settings, contact fields, home sections and the free-shipping threshold in Polish', () => {
    const e = entry({
      Przed: {
        Title: 'Sklep',
        Pola: [10, 40],
        SekcjeStronyGlownej: { baner: true, produkty: true },
        ZakupyBezLogowania: true,
        DarmowaDostawaOd: null,
      },
      Po: {
        Title: 'Sklep kibica',
        Pola: [10, 20, 40],
        SekcjeStronyGlownej: { baner: false, produkty: true },
        ZakupyBezLogowania: true,
        DarmowaDostawaOd: 199.5,
      },
    });
    expect(auditObject(e)).toBe('ustawienia sklepu');
    expect(auditChanges(e)).toEqual([
      { field: 'Title', label: 'Tytuł strony głównej', before: 'Sklep', after: 'Sklep kibica' },
      {
        field: 'Pola',
        label: 'Pola formularza kontaktowego',
        before: 'Imię, E-mail',
        after: 'Imię, Nazwisko, E-mail',
      },
      {
        field: 'SekcjeStronyGlownej',
        label: 'Sekcje strony głównej',
        before: 'Baner: tak, Produkty: tak',
        after: 'Baner: nie, Produkty: tak',
      },
      { field: 'DarmowaDostawaOd', label: 'Darmowa dostawa od', before: '—', after: '199,50\u00a0zł' },
    ]);
  });

  it('names logos by kind, domains by host and the seller’s complaint address', () => {
    expect(auditObject(entry({ Obiekt: 'logo', IdObiektu: 'footer' }))).toBe('logo stopki');
    expect(auditObject(entry({ Obiekt: 'logo', IdObiektu: 'main' }))).toBe('logo główne');
    expect(
      auditObject(
        entry({ Obiekt: 'domain', Akcja: 'create', IdObiektu: '7', Po: { Host: 'sklep.klub.pl' } }),
      ),
    ).toBe('domena sklep.klub.pl');
    const seller = entry({
      Obiekt: 'seller',
      Przed: { NIP: '1234563218', Reklamacje: null },
      Po: {
        NIP: '1234563218',
        Reklamacje: {
          Nazwa: 'Dział reklamacji',
          UlicaINumer: 'Polna 1',
          KodPocztowy: '00-001',
          Miasto: 'Warszawa',
        },
      },
    });
    expect(auditObject(seller)).toBe('dane sprzedawcy');
    expect(auditChanges(seller)).toEqual([
      {
        field: 'Reklamacje',
        label: 'Adres do reklamacji',
        before: '—',
        after: 'Dział reklamacji, Polna 1, 00-001, Warszawa',
      },
    ]);
  });

  it('lists the shop’s colours by their Polish names', () => {
    const colours = {
      Glowny: '#0b5d3b',
      TekstNaGlownym: '#ffffff',
      Akcent: '#f5c400',
      TekstNaAkcencie: '#1b1f1d',
    };
    const e = entry({ Przed: { Kolory: colours }, Po: { Kolory: { ...colours, Glowny: '#1a4d8f' } } });
    const [change] = auditChanges(e);
    expect(change).toMatchObject({ field: 'Kolory', label: 'Kolory sklepu' });
    expect(change!.after).toBe(
      'Kolor główny #1a4d8f, Tekst na kolorze głównym #ffffff, Kolor akcentu #f5c400, Tekst na kolorze akcentu #1b1f1d',
    );
  });
});
