import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A guest's withdrawal link: `{orderId}.{expiry}.{mac}`, the mac over the club, the order, the
 * buyer's e-mail and the expiry, with the server secret. Changing any part (another order, a later
 * expiry) breaks the mac; the link dies at the expiry, the end of the withdrawal period.
 */
const mac = (secret: Buffer, orgId: number, orderId: number, email: string, exp: number) =>
  createHmac('sha256', secret)
    .update(`withdrawal:${orgId}:${orderId}:${email.trim().toLowerCase()}:${exp}`)
    .digest('base64url')
    .slice(0, 32);

export const signWithdrawalToken = (
  secret: Buffer,
  o: { orgId: number; orderId: number; email: string; expiresAt: Date },
): string => {
  const exp = Math.floor(o.expiresAt.getTime() / 1000);
  return `${o.orderId}.${exp}.${mac(secret, o.orgId, o.orderId, o.email, exp)}`;
};

export const parseWithdrawalToken = (token: string): { orderId: number; exp: number; mac: string } | null => {
  const m = /^(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{32})$/.exec(token);
  return m ? { orderId: Number(m[1]), exp: Number(m[2]), mac: m[3]! } : null;
};

/** 'ok', 'forged' (wrong mac: another order, e-mail, club or expiry) or 'expired'. */
export const checkWithdrawalToken = (
  secret: Buffer,
  token: string,
  o: { orgId: number; orderId: number; email: string },
  now: Date,
): 'ok' | 'forged' | 'expired' => {
  const t = parseWithdrawalToken(token);
  if (!t || t.orderId !== o.orderId) return 'forged';
  const expected = Buffer.from(mac(secret, o.orgId, o.orderId, o.email, t.exp));
  const given = Buffer.from(t.mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'forged';
  return now.getTime() > t.exp * 1000 ? 'expired' : 'ok';
};
