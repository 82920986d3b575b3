import { issuesToBody, type PanelCustomerGroup, PanelCustomerGroupCreateSchema } from '@club/contract';
import { describe, expect, it } from 'vitest';
import {
  groupBodyOf,
  groupChangesOf,
  groupDraftOf,
  groupFormFields,
  groupNames,
  linesOf,
  membersSummary,
  validitySummary,
} from './customer-group-form.ts';

const stored: PanelCustomerGroup = {
  Id: 7,
  Nazwa: 'Sponsor Dębowy',
  Od: '2026-12-01T00:00',
  Do: null,
  Konta: [{ Id: 3, Email: 'ola@example.pl', Nazwa: 'Ola Kowalska' }],
  Domeny: ['debowy.pl'],
  Promocje: 0,
  Utworzono: '2026-11-20T10:00:00.000Z',
  Zmieniono: '2026-11-20T10:00:00.000Z',
};

describe('customer group form', () => {
  it('reads a list one entry a line, commas and blank lines too', () => {
    expect(linesOf(' ola@example.pl \n\nala@example.pl, ela@example.pl;\n')).toEqual([
      'ola@example.pl',
      'ala@example.pl',
      'ela@example.pl',
    ]);
    expect(linesOf('')).toEqual([]);
  });

  it('sends a new group with its dates in Warsaw time, empty ones as none', () => {
    const draft = { ...groupDraftOf(), Nazwa: 'Karnety', Od: '2026-12-01T00:00', Domeny: 'debowy.pl\n' };
    expect(groupBodyOf(draft)).toEqual({
      Nazwa: 'Karnety',
      Od: '2026-12-01T00:00',
      Do: null,
      Konta: [],
      Domeny: ['debowy.pl'],
    });
  });

  it('sends only what changed, a list whole, and nothing for the same list in another order or case', () => {
    const draft = groupDraftOf(stored);
    expect(draft.Konta).toBe('ola@example.pl');
    expect(groupChangesOf(stored, draft)).toEqual({});
    expect(groupChangesOf(stored, { ...draft, Domeny: 'Debowy.pl' })).toEqual({});
    expect(groupChangesOf(stored, { ...draft, Do: '2027-07-01T00:00', Domeny: 'debowy.pl\ndab.pl' })).toEqual(
      {
        Do: '2027-07-01T00:00',
        Domeny: ['debowy.pl', 'dab.pl'],
      },
    );
  });

  it("puts a line's message by its field, naming the line", () => {
    const body = groupBodyOf({ ...groupDraftOf(), Nazwa: 'X', Domeny: 'debowy.pl\ngmail.com' });
    const parsed = PanelCustomerGroupCreateSchema.safeParse(body);
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    const fields = groupFormFields(issuesToBody(parsed.error.issues).Fields, body);
    expect(Object.keys(fields)).toEqual(['Domeny']);
    expect(fields.Domeny).toMatch(/^„gmail\.com”: /);
    expect(groupFormFields({ Konta: 'Sklep nie ma konta…', Nazwa: 'Wpisz nazwę' }, body)).toEqual({
      Konta: 'Sklep nie ma konta…',
      Nazwa: 'Wpisz nazwę',
    });
  });

  it('says in Polish how long it is valid, who is in it and which groups a promotion is for', () => {
    expect(validitySummary(stored)).toBe('od 01.12.2026, 00:00');
    expect(validitySummary({ Od: null, Do: '2027-07-01T00:00' })).toBe('do 01.07.2027, 00:00');
    expect(validitySummary({ Od: null, Do: null })).toBe('bezterminowo');
    expect(membersSummary(stored)).toBe('1 konto, 1 domena');
    expect(membersSummary({ Konta: Array(3).fill(stored.Konta[0]!), Domeny: [] })).toBe('3 konta, 0 domen');
    expect(membersSummary({ Konta: Array(12).fill(stored.Konta[0]!), Domeny: ['a.pl', 'b.pl'] })).toBe(
      '12 kont, 2 domeny',
    );
    expect(groupNames([], [stored])).toBe('wszyscy klienci');
    expect(groupNames([7, 9], [stored])).toBe('Sponsor Dębowy, grupa nr 9');
  });
});
