import { describe, expect, it } from 'vitest';
import {
  ComplaintFormSchema,
  checkComplaintTransition,
  complaintClock,
  complaintDeadline,
  complaintNextStates,
} from './complaints.ts';
import { msg } from './messages.ts';

describe('complaint deadline (14 days, Europe/Warsaw)', () => {
  it('ends at the close of the 14th Warsaw day after receipt (winter, UTC+1)', () => {
    // 1 Dec 2026 10:00 Warsaw -> answer by 15 Dec 23:59:59.999 Warsaw = 22:59:59.999Z
    expect(complaintDeadline(new Date('2026-12-01T09:00:00Z')).toISOString()).toBe(
      '2026-12-15T22:59:59.999Z',
    );
  });
  it('counts the Warsaw day, not the UTC day, of a late-evening complaint', () => {
    // 23:30 UTC on 1 Dec is already 2 Dec in Warsaw.
    expect(complaintDeadline(new Date('2026-12-01T23:30:00Z')).toISOString()).toBe(
      '2026-12-16T22:59:59.999Z',
    );
  });
  it('follows summer time across the change (UTC+2)', () => {
    // 20 Mar 2026 (UTC+1) -> 3 Apr 2026, after the clocks moved to UTC+2.
    expect(complaintDeadline(new Date('2026-03-20T12:00:00Z')).toISOString()).toBe(
      '2026-04-03T21:59:59.999Z',
    );
  });
  it('warns at 3 days left, not at 4, and shows overdue after the deadline', () => {
    const received = new Date('2026-12-01T09:00:00Z');
    expect(complaintClock('przyjeta', received, new Date('2026-12-11T09:00:00Z'))).toEqual({
      kind: 'running',
      daysLeft: 4,
      warn: false,
    });
    expect(complaintClock('przyjeta', received, new Date('2026-12-12T09:00:00Z'))).toEqual({
      kind: 'running',
      daysLeft: 3,
      warn: true,
    });
    expect(complaintClock('przyjeta', received, new Date('2026-12-15T22:59:00Z'))).toMatchObject({
      daysLeft: 0,
    });
    expect(complaintClock('przyjeta', received, new Date('2026-12-15T23:00:00Z'))).toEqual({
      kind: 'overdue',
    });
  });
  it('stops once the club has answered', () => {
    const received = new Date('2026-12-01T09:00:00Z');
    expect(complaintClock('odrzucona', received, new Date('2027-01-01T00:00:00Z'))).toEqual({
      kind: 'answered',
    });
    expect(complaintClock('uznana', received, new Date('2027-01-01T00:00:00Z'))).toEqual({
      kind: 'answered',
    });
  });
});

describe('complaint state machine', () => {
  it('allows the lawful path received -> accepted -> goods received -> replaced/repaired/refunded', () => {
    expect(checkComplaintTransition('przyjeta', 'uznana', 'wymiana', '')).toEqual({ ok: true });
    expect(checkComplaintTransition('uznana', 'towar_otrzymany', 'wymiana', '')).toEqual({ ok: true });
    for (const end of ['wymieniona', 'naprawiona', 'zwrot_pieniedzy'] as const)
      expect(checkComplaintTransition('towar_otrzymany', end, 'wymiana', '')).toEqual({ ok: true });
  });
  it('refuses illegal steps', () => {
    const illegal = { ok: false, error: msg.complaintIllegalStep };
    expect(checkComplaintTransition('przyjeta', 'wymieniona', 'wymiana', '')).toEqual(illegal);
    expect(checkComplaintTransition('przyjeta', 'towar_otrzymany', 'wymiana', '')).toEqual(illegal);
    expect(checkComplaintTransition('odrzucona', 'uznana', 'wymiana', '')).toEqual(illegal);
    expect(checkComplaintTransition('wymieniona', 'zwrot_pieniedzy', 'wymiana', '')).toEqual(illegal);
    expect(checkComplaintTransition('przyjeta', 'przyjeta', 'wymiana', '')).toEqual(illegal);
    // A refund without the goods back only for a price reduction.
    expect(checkComplaintTransition('uznana', 'zwrot_pieniedzy', 'odstapienie', '')).toEqual(illegal);
    expect(checkComplaintTransition('uznana', 'zwrot_pieniedzy', 'obnizenie', '')).toEqual({ ok: true });
    expect(complaintNextStates('zwrot_pieniedzy', 'obnizenie')).toEqual([]);
  });
  it('needs a reason to reject', () => {
    expect(checkComplaintTransition('przyjeta', 'odrzucona', 'naprawa', '  ')).toEqual({
      ok: false,
      error: msg.complaintReasonRequired,
    });
    expect(
      checkComplaintTransition('przyjeta', 'odrzucona', 'naprawa', 'Ślady użytkowania niezgodnego z opisem'),
    ).toEqual({
      ok: true,
    });
  });
});

describe('complaint form', () => {
  it('gives Polish messages', () => {
    const r = ComplaintFormSchema.safeParse({ Linie: [], Opis: 'krótki', Zadanie: 'pieniądze' });
    expect(r.success).toBe(false);
    const messages = r.error!.issues.map((i) => i.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        msg.complaintLinesRequired,
        msg.complaintDescriptionTooShort,
        msg.complaintRequestRequired,
      ]),
    );
  });
});
