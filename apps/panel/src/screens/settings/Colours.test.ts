import { describe, expect, it } from 'vitest';
import { liveColourFields } from './Colours.tsx';

const SOKOL = { Glowny: '#0b5d3b', TekstNaGlownym: '#ffffff', Akcent: '#f5c400', TekstNaAkcencie: '#1b1f1d' };
const refused = {
  'Kolory.TekstNaGlownym': 'Tekst na kolorze głównym ma kontrast 1,9:1 — potrzeba co najmniej 4,5:1.',
  Nazwa: 'Wpisz nazwę sklepu.',
};

describe('colour field errors as the manager types', () => {
  it('drops a refusal once its pair reads, keeps the other fields’ errors', () => {
    expect(liveColourFields(refused, SOKOL)).toEqual({ Nazwa: 'Wpisz nazwę sklepu.' });
  });
  it('keeps a refusal while the pair fails, with the ratio as it is now', () => {
    expect(liveColourFields(refused, { ...SOKOL, TekstNaGlownym: '#2a7a52' })).toEqual({
      'Kolory.TekstNaGlownym': 'Tekst na kolorze głównym ma kontrast 1,5:1 — potrzeba co najmniej 4,5:1.',
      Nazwa: 'Wpisz nazwę sklepu.',
    });
  });
  it('marks no pair the manager has not tried to save, and leaves errors alone while a colour is half typed', () => {
    expect(liveColourFields({}, { ...SOKOL, TekstNaGlownym: '#2a7a52' })).toEqual({});
    expect(liveColourFields(refused, { ...SOKOL, TekstNaGlownym: '#2a7' })).toBe(refused);
  });
});
