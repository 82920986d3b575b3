import { describe, expect, it } from 'vitest';
import { checkWithdrawalToken, signWithdrawalToken } from './withdrawal-token.ts';

const secret = Buffer.alloc(32, 7);
const o = { orgId: 1, orderId: 42, email: 'Jan@Example.pl' };
const expiresAt = new Date('2026-08-01T00:00:00Z');

describe('withdrawal token', () => {
  const token = signWithdrawalToken(secret, { ...o, expiresAt });
  it('is good for its order until it expires', () => {
    expect(
      checkWithdrawalToken(
        secret,
        token,
        { ...o, email: 'jan@example.pl' },
        new Date('2026-07-31T00:00:00Z'),
      ),
    ).toBe('ok');
    expect(checkWithdrawalToken(secret, token, o, new Date('2026-08-01T00:00:01Z'))).toBe('expired');
  });
  it('a changed order, e-mail, club, expiry or secret is forged', () => {
    const now = new Date('2026-07-01T00:00:00Z');
    expect(checkWithdrawalToken(secret, token, { ...o, orderId: 43 }, now)).toBe('forged');
    expect(checkWithdrawalToken(secret, token.replace(/^42/, '43'), { ...o, orderId: 43 }, now)).toBe(
      'forged',
    );
    expect(checkWithdrawalToken(secret, token, { ...o, email: 'x@example.pl' }, now)).toBe('forged');
    expect(checkWithdrawalToken(secret, token, { ...o, orgId: 2 }, now)).toBe('forged');
    const [id, exp, m] = token.split('.');
    expect(checkWithdrawalToken(secret, `${id}.${Number(exp) + 86400}.${m}`, o, now)).toBe('forged');
    expect(checkWithdrawalToken(Buffer.alloc(32, 8), token, o, now)).toBe('forged');
    expect(checkWithdrawalToken(secret, 'garbage', o, now)).toBe('forged');
  });
});
