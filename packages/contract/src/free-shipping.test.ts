import { describe, expect, it } from 'vitest';
import {
  chargedShipping,
  freeShippingThreshold,
  isFreeShipping,
  missingForFreeShipping,
} from './free-shipping.ts';

const opt = (Wartosc: string) => [
  { Klucz: 'zakupy-bez-logowania', Wartosc: '1' },
  { Klucz: 'darmowa-dostawa-od', Wartosc },
];

describe('free shipping', () => {
  it('reads the threshold in grosze from the site option; garbage or absence is none', () => {
    expect(freeShippingThreshold(opt('70000'))).toBe(70_000);
    expect(freeShippingThreshold(opt(' 0 '))).toBe(0);
    for (const bad of ['', 'abc', '-5', '12.5', '1e5']) expect(freeShippingThreshold(opt(bad))).toBeNull();
    expect(freeShippingThreshold([])).toBeNull();
  });

  it('is free from the threshold on (inclusive), never without one', () => {
    expect(isFreeShipping(69_999, 70_000)).toBe(false);
    expect(isFreeShipping(70_000, 70_000)).toBe(true);
    expect(isFreeShipping(1_000_000, null)).toBe(false);
    expect(isFreeShipping(0, 0)).toBe(true);
  });

  it('charges the price below the threshold and 0 from it', () => {
    expect(chargedShipping(1599, 69_999, 70_000)).toBe(1599);
    expect(chargedShipping(1599, 70_000, 70_000)).toBe(0);
    expect(chargedShipping(1599, 70_000, null)).toBe(1599);
  });

  it('says how much is missing', () => {
    expect(missingForFreeShipping(59_996, 70_000)).toBe(10_004);
    expect(missingForFreeShipping(80_000, 70_000)).toBe(0);
    expect(missingForFreeShipping(80_000, null)).toBeNull();
  });
});
