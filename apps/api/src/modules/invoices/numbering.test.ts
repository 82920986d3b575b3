import { describe, expect, it } from 'vitest';
import { formatInvoiceNumber, parseInvoiceNumber } from './numbering.ts';

describe('invoice numbers', () => {
  it('formats invoices and corrections per year with six digits', () => {
    expect(formatInvoiceNumber({ series: 'VAT', year: 2026, sequence: 123 })).toBe('FV/2026/000123');
    expect(formatInvoiceNumber({ series: 'KOR', year: 2026, sequence: 4 })).toBe('FK/2026/000004');
    expect(formatInvoiceNumber({ series: 'VAT', year: 2027, sequence: 1234567 })).toBe('FV/2027/1234567');
  });

  it('refuses a sequence or year the format cannot carry', () => {
    expect(() => formatInvoiceNumber({ series: 'VAT', year: 2026, sequence: 0 })).toThrow(RangeError);
    expect(() => formatInvoiceNumber({ series: 'VAT', year: 2026, sequence: 1.5 })).toThrow(RangeError);
    expect(() => formatInvoiceNumber({ series: 'VAT', year: 26, sequence: 1 })).toThrow(RangeError);
  });

  it('reads back what it formats', () => {
    for (const n of [
      { series: 'VAT', year: 2026, sequence: 1 },
      { series: 'KOR', year: 2026, sequence: 999999 },
      { series: 'VAT', year: 2031, sequence: 1000000 },
    ] as const) {
      expect(parseInvoiceNumber(formatInvoiceNumber(n))).toEqual(n);
    }
    expect(parseInvoiceNumber('FK/2026/000004')).toEqual({ series: 'KOR', year: 2026, sequence: 4 });
  });

  it('reads nothing else', () => {
    for (const text of [
      '',
      'FV/2026/123',
      'FV/2026/000000',
      'FV/2026/0001234',
      'FA/2026/000001',
      'fv/2026/000001',
      'FV/26/000001',
      'FV/0999/000001',
      ' FV/2026/000001',
      'FV/2026/000001/1',
    ]) {
      expect(parseInvoiceNumber(text), text).toBeNull();
    }
  });
});
