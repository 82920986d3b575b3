import { describe, expect, it } from 'vitest';
import { editionNumbersLabel, withEditionNumbers } from './editions.ts';

describe('edition numbers as a line shows them', () => {
  it('names one piece, a range, and leaves a line without numbers alone', () => {
    expect(editionNumbersLabel(7, 7)).toBe('egzemplarz nr 7');
    expect(editionNumbersLabel(5, 6)).toBe('egzemplarze nr 5–6');
    expect(withEditionNumbers('Koszulka - M', { from: 5, to: 6 })).toBe('Koszulka - M (egzemplarze nr 5–6)');
    expect(withEditionNumbers('Koszulka', { from: null, to: null })).toBe('Koszulka');
    expect(withEditionNumbers('Koszulka', undefined)).toBe('Koszulka');
  });
});
