import { OrderStatus } from '@club/contract';
import { describe, expect, it } from 'vitest';
import {
  canMoveReturn,
  ExemptReason,
  lineAvailability,
  linkExpiry,
  withdrawalWindow,
} from './withdrawal-window.ts';

const placedAt = new Date('2026-07-01T10:00:00Z');
const deliveredAt = new Date('2026-07-03T12:00:00Z');
const day = 86_400_000;

describe('withdrawal window', () => {
  it('is open from placement, before delivery, with no end yet', () => {
    const w = withdrawalWindow(
      { status: OrderStatus.toFulfil, placedAt, deliveredAt: null, clubDays: null },
      placedAt,
    );
    expect(w).toEqual({ open: true, until: null });
  });
  it('closes 14 days after delivery, to the millisecond', () => {
    const o = { status: OrderStatus.done, placedAt, deliveredAt, clubDays: null };
    const end = new Date(deliveredAt.getTime() + 14 * day);
    expect(withdrawalWindow(o, end)).toEqual({ open: true, until: end });
    expect(withdrawalWindow(o, new Date(end.getTime() + 1))).toEqual({
      open: false,
      reason: 'expired',
      until: end,
    });
  });
  it("a club's longer period counts; a shorter one cannot cut the statutory 14 days", () => {
    const at = new Date(deliveredAt.getTime() + 20 * day);
    expect(withdrawalWindow({ status: 40, placedAt, deliveredAt, clubDays: 30 }, at).open).toBe(true);
    expect(withdrawalWindow({ status: 40, placedAt, deliveredAt, clubDays: 7 }, at).open).toBe(false);
    expect(
      withdrawalWindow(
        { status: 40, placedAt, deliveredAt, clubDays: 7 },
        new Date(deliveredAt.getTime() + 13 * day),
      ).open,
    ).toBe(true);
  });
  it('a cancelled order has nothing to withdraw from', () => {
    expect(
      withdrawalWindow(
        { status: OrderStatus.cancelled, placedAt, deliveredAt: null, clubDays: null },
        placedAt,
      ),
    ).toMatchObject({ open: false, reason: 'cancelled' });
  });
  it("the guest link expires at the window's end once delivered", () => {
    const o = { status: 40, placedAt, deliveredAt, clubDays: 21 };
    expect(linkExpiry(o, placedAt)).toEqual(new Date(deliveredAt.getTime() + 21 * day));
    expect(linkExpiry({ ...o, deliveredAt: null, status: 20 }, placedAt).getTime()).toBeGreaterThan(
      placedAt.getTime() + 365 * day,
    );
  });
});

describe('line exemptions', () => {
  it('dated event tickets and personalised goods are not offered, with the reason', () => {
    expect(lineAvailability({ quantity: 2, withdrawn: 0, datedEvent: true, personalised: false })).toEqual({
      available: 0,
      exempt: ExemptReason.datedEvent,
    });
    expect(
      lineAvailability({ quantity: 2, withdrawn: 0, datedEvent: false, personalised: true }).exempt,
    ).toContain('art. 38 pkt 3');
  });
  it('what was withdrawn before is no longer available', () => {
    expect(lineAvailability({ quantity: 3, withdrawn: 2, datedEvent: false, personalised: false })).toEqual({
      available: 1,
      exempt: null,
    });
    expect(
      lineAvailability({ quantity: 3, withdrawn: 3, datedEvent: false, personalised: false }).available,
    ).toBe(0);
  });
});

describe('return states', () => {
  it('moves only forward along the machine', () => {
    expect(canMoveReturn('zgloszony', 'przyjety')).toBe(true);
    expect(canMoveReturn('zgloszony', 'towar_otrzymany')).toBe(false);
    expect(canMoveReturn('przyjety', 'towar_otrzymany')).toBe(true);
    expect(canMoveReturn('towar_otrzymany', 'zwrot_pieniedzy')).toBe(true);
    expect(canMoveReturn('odrzucony', 'przyjety')).toBe(false);
    expect(canMoveReturn('zwrot_pieniedzy', 'wymieniony')).toBe(false);
  });
});
