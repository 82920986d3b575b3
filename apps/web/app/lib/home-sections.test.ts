import { describe, expect, it } from 'vitest';
import { homeSectionEnabled } from './home-sections.ts';

describe('homeSectionEnabled', () => {
  const on = { Klucz: 'strona-glowna-baner', Wartosc: '1', Typ: 20 };
  it("shows a section whose option is '1' with type 20", () => {
    expect(homeSectionEnabled([on], 'baner')).toBe(true);
  });
  it('hides a section whose option is absent, not 1 or of another type', () => {
    expect(homeSectionEnabled([], 'baner')).toBe(false);
    expect(homeSectionEnabled([on], 'produkty')).toBe(false);
    expect(homeSectionEnabled([{ ...on, Wartosc: '0' }], 'baner')).toBe(false);
    expect(homeSectionEnabled([{ ...on, Wartosc: '' }], 'baner')).toBe(false);
    expect(homeSectionEnabled([{ ...on, Typ: 10 }], 'baner')).toBe(false);
  });
});
