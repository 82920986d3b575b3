import { describe, expect, it } from 'vitest';
import { formatGrosze, formatPrice, groszeToZl, zlToGrosze } from './money.ts';

describe('money', () => {
  it('formats prices the Polish way with two decimals and zł', () => {
    expect(formatPrice(1299.99)).toBe('1\u00a0299,99\u00a0zł');
    expect(formatPrice(89.9)).toBe('89,90\u00a0zł');
    expect(formatPrice(0)).toBe('0,00\u00a0zł');
    expect(formatPrice(1234567.5)).toBe('1\u00a0234\u00a0567,50\u00a0zł');
    expect(formatGrosze(28999)).toBe('289,99\u00a0zł');
    expect(formatPrice(1000)).toBe('1\u00a0000,00\u00a0zł');
    expect(formatPrice(0.05)).toBe('0,05\u00a0zł');
    expect(formatPrice(-1234.5)).toBe('-1\u00a0234,50\u00a0zł');
  });
  it('rounds what float arithmetic leaves to whole grosze', () => {
    expect(formatPrice(0.1 + 0.2)).toBe('0,30\u00a0zł');
    expect(formatPrice(89.9 * 3)).toBe('269,70\u00a0zł');
    expect(formatPrice(2.675)).toBe('2,68\u00a0zł');
    expect(formatPrice(-0.001)).toBe('0,00\u00a0zł');
  });
  it('converts between grosze and zł without float drift', () => {
    expect(groszeToZl(28999)).toBe(289.99);
    expect(zlToGrosze(0.1 + 0.2)).toBe(30);
    expect(zlToGrosze(289.99)).toBe(28999);
  });
});
