import { OrderStatus } from '@club/contract';
import { signWithdrawalToken } from './withdrawal-token.ts';
import { linkExpiry } from './withdrawal-window.ts';

/**
 * The guest's "Odstąp od umowy" link for an order e-mail (decision 132). Sent before delivery it
 * lasts long (the period's end is not known yet; the window is checked again on use); sent with
 * the delivered status it ends exactly with the period. `secret`: the server secret
 * (`app.payments.demoSecret()`); `storefront`: the club's site URL.
 */
export const withdrawalUrl = (
  secret: Buffer,
  storefront: string,
  org: { id: number; withdrawalDays: number | null },
  o: { id: number; email: string; status?: number },
  now: Date = new Date(),
): string => {
  const delivered = o.status === OrderStatus.done;
  const expiresAt = linkExpiry(
    {
      status: o.status ?? OrderStatus.new,
      placedAt: now,
      deliveredAt: delivered ? now : null,
      clubDays: org.withdrawalDays,
    },
    now,
  );
  const token = signWithdrawalToken(secret, { orgId: org.id, orderId: o.id, email: o.email, expiresAt });
  return `${storefront}/odstapienie/${token}`;
};
