import { OrderStatus } from '@club/contract';
import type { FastifyInstance } from 'fastify';
import type { Organisation } from '../../plugins/tenancy.ts';
import type { MailBlock } from '../mail/templates.ts';
import { signWithdrawalToken } from './token.ts';
import { linkExpiry } from './window.ts';

/**
 * The guest's "Odstąp od umowy" link for an order e-mail. Sent before delivery it lasts long (the
 * period's end is not known yet; the window is checked again on use); sent with the delivered
 * status it ends exactly with the period.
 */
export const withdrawalUrlOf = async (
  app: FastifyInstance,
  org: Organisation,
  o: { id: number; email: string; status?: number },
  now: Date = new Date(),
): Promise<string> => {
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
  const token = signWithdrawalToken(app.payments.demoSecret(), {
    orgId: org.id,
    orderId: o.id,
    email: o.email,
    expiresAt,
  });
  return `${await app.tenants.siteUrl(org)}/odstapienie/${token}`;
};

/** The block every order e-mail carries (Directive 2023/2673: the function reachable from the order). */
export const withdrawalLinkBlocks = (url: string | null | undefined): MailBlock[] =>
  url
    ? [
        {
          kind: 'p',
          text: 'Możesz odstąpić od umowy online, bez podawania przyczyny, w ciągu 14 dni od otrzymania produktów (nie dotyczy biletów na wydarzenia w wyznaczonym terminie ani towarów personalizowanych):',
        },
        { kind: 'action', label: 'Odstąp od umowy', url },
      ]
    : [];
