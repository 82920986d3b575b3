import { describe, expect, it } from 'vitest';
import { plPlural } from './plural.ts';

const p = (n: number) => plPlural(n, 'pozycja', 'pozycje', 'pozycji');

describe('plPlural', () => {
  it('uses the singular for exactly one', () => expect(p(1)).toBe('pozycja'));
  it('uses the few form for 2–4, 22–24, 102', () => {
    for (const n of [2, 3, 4, 22, 23, 24, 102]) expect(p(n)).toBe('pozycje');
  });
  it('uses the many form for 0, 5–21, 12–14, 25, 111', () => {
    for (const n of [0, 5, 11, 12, 13, 14, 21, 25, 111, 112]) expect(p(n)).toBe('pozycji');
  });
});
