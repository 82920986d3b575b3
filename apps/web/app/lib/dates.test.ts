import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatOrderDate } from './dates.ts';

describe('formatOrderDate (y-MM-d, Europe/Warsaw)', () => {
  it('pads the month, not the day', () => expect(formatOrderDate('2026-11-05T10:00:00Z')).toBe('2026-11-5'));
  it('keeps two-digit days', () => expect(formatOrderDate('2026-01-21T18:03:00Z')).toBe('2026-01-21'));
  it('uses Warsaw time (CET, UTC+1): late UTC evening is the next day', () =>
    expect(formatOrderDate('2026-11-30T23:30:00Z')).toBe('2026-12-1'));
  it('uses Warsaw summer time (CEST, UTC+2)', () =>
    expect(formatOrderDate('2026-07-08T22:15:00Z')).toBe('2026-07-9'));
  it('shows an unreadable value unchanged', () => expect(formatOrderDate('wczoraj')).toBe('wczoraj'));
});

describe('formatDateTime (dd.MM.yyyy, HH:mm, Europe/Warsaw)', () => {
  it('writes the day first, on a 24-hour clock', () =>
    expect(formatDateTime('2026-07-08T12:05:00Z')).toBe('08.07.2026, 14:05'));
  it('crosses midnight in Warsaw time', () =>
    expect(formatDateTime('2026-01-05T23:30:00Z')).toBe('06.01.2026, 00:30'));
  it('shows an unreadable value unchanged', () => expect(formatDateTime('jutro')).toBe('jutro'));
});

describe('formatDate (dd.MM.yyyy, Europe/Warsaw)', () => {
  it('writes the day first', () => expect(formatDate('2027-11-29T12:00:00Z')).toBe('29.11.2027'));
  it('is the Warsaw day', () => expect(formatDate('2027-01-05T23:30:00Z')).toBe('06.01.2027'));
  it('shows an unreadable value unchanged', () => expect(formatDate('jutro')).toBe('jutro'));
});
