import { describe, expect, it } from 'vitest';
import { formatOrderDate } from './dates.ts';

describe('formatOrderDate (y-MM-d, Europe/Warsaw)', () => {
  it('pads the month, not the day', () => expect(formatOrderDate('2026-11-05T10:00:00Z')).toBe('2026-11-5'));
  it('keeps two-digit days', () => expect(formatOrderDate('2026-01-21T18:03:00Z')).toBe('2026-01-21'));
  it('uses Warsaw time (CET, UTC+1): late UTC evening is the next day', () =>
    expect(formatOrderDate('2026-11-30T23:30:00Z')).toBe('2026-12-1'));
  it('uses Warsaw summer time (CEST, UTC+2)', () =>
    expect(formatOrderDate('2026-07-08T22:15:00Z')).toBe('2026-07-9'));
  it('shows an unreadable value unchanged', () => expect(formatOrderDate('wczoraj')).toBe('wczoraj'));
});
