import { describe, expect, it } from 'vitest';
import { onPreorder, preorderLabel, preorderShippingNote, warsawToday } from './preorder-text.ts';
import { PanelPreorderSettingsSchema } from './preorders.ts';

describe('pre-orders', () => {
  it('counts the day in Warsaw, where the clubs are', () => {
    expect(warsawToday(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
  });

  it('is on pre-order only before its release date', () => {
    expect(onPreorder('2026-12-15', '2026-12-14')).toBe(true);
    expect(onPreorder('2026-12-15', '2026-12-15')).toBe(false);
    expect(onPreorder(null, '2026-12-14')).toBe(false);
  });

  it('labels a line with its expected shipping date', () => {
    expect(preorderLabel('2026-12-15')).toBe('Przedsprzedaż – wysyłka ok. 15.12.2026');
  });

  it('says a mixed order ships in one parcel when the last pre-order arrives', () => {
    expect(preorderShippingNote([null, '2026-12-20', '2026-12-15'], true)).toContain('w jednej paczce');
    expect(preorderShippingNote([null, '2026-12-20', '2026-12-15'], true)).toContain('20.12.2026');
    expect(preorderShippingNote([null], true)).toBeNull();
  });

  it('takes a future date and a cap of 1..100000, refusing others in Polish', () => {
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    expect(
      PanelPreorderSettingsSchema.safeParse({ Przedsprzedaz: { DataWysylki: tomorrow, Limit: 50 } }).success,
    ).toBe(true);
    expect(PanelPreorderSettingsSchema.safeParse({ Przedsprzedaz: null }).success).toBe(true);
    const past = PanelPreorderSettingsSchema.safeParse({
      Przedsprzedaz: { DataWysylki: '2020-01-01', Limit: 5 },
    });
    expect(past.error?.issues[0]?.message).toBe('Data wysyłki przedsprzedaży musi być w przyszłości.');
    const cap = PanelPreorderSettingsSchema.safeParse({ Przedsprzedaz: { DataWysylki: tomorrow, Limit: 0 } });
    expect(cap.error?.issues[0]?.message).toContain('od 1 do 100000');
    const big = PanelPreorderSettingsSchema.safeParse({
      Przedsprzedaz: { DataWysylki: tomorrow, Limit: 100_001 },
    });
    expect(big.success).toBe(false);
  });
});
