import {
  msg,
  type PanelLoginRequest,
  type PanelRemindRequest,
  type PanelSetPasswordRequest,
  type PanelUser,
} from '@club/contract';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client.ts';
import { hashToken } from '../../lib/crypto.ts';
import { badRequest } from '../../lib/http-error.ts';
import type { User } from '../../plugins/auth.ts';
import type { Organisation } from '../../plugins/tenancy.ts';
import * as repo from '../accounts/repository.ts';
import {
  hashNew,
  mailNewLink,
  sendPasswordChangedNotice,
  storeLinkPassword,
  verifyCredentials,
} from '../accounts/service.ts';
import { panelResetMail } from './staff-mail.ts';

/** What the panel's sign-in services use of the app. */
export type PanelAuthDeps = Pick<FastifyInstance, 'db' | 'config' | 'tenants' | 'panelSessions' | 'sessions'>;

type Ctx = { app: PanelAuthDeps; org: Organisation };

/** An invitation is valid for 3 days; a panel reset link for 2 hours. Both work once. */
export const INVITE_TTL_MS = 72 * 60 * 60 * 1000;
export const PANEL_RESET_TTL_MS = 2 * 60 * 60 * 1000;

export const toPanelUser = (user: User): PanelUser => ({
  Id: user.id,
  Email: user.email,
  Imie: user.firstName,
  Nazwisko: user.lastName,
  Rola: user.role === 'owner' ? 'owner' : 'manager',
});

/**
 * Logs an owner or manager of this club in to the panel: the panel's own credential check
 * (its own count and lock; customers' accounts answer like unknown addresses), then whether the
 * invitation was accepted. Every refusal reads the same, so the form tells nobody which
 * addresses are staff.
 */
export const panelLogin = async (
  ctx: Ctx,
  body: PanelLoginRequest,
): Promise<{ user: PanelUser; token: string }> => {
  const user = await verifyCredentials(ctx, body.Email, body.Haslo, 'panel');
  if (!user.confirmedAt) throw badRequest(msg.loginFailed);
  return { user: toPanelUser(user), token: await ctx.app.panelSessions.create(user) };
};

/**
 * A staff member's password from an e-mailed panel link (invitation or reset), in one transaction
 * with the token's use: the link works once, only for a staff account of this club, and leaves the
 * account confirmed, unlocked and logged out everywhere else. The caller opens a panel session.
 */
const setStaffPassword = async (
  { app, org }: Ctx,
  kind: 'invite' | 'panel-reset',
  body: PanelSetPasswordRequest,
): Promise<User> => {
  const invalid = () => badRequest(kind === 'invite' ? msg.panelInviteInvalid : msg.panelResetInvalid);
  const token = await repo.findUsableToken(app.db, org.id, kind, hashToken(body.Token));
  if (!token) throw invalid();
  const passwordHash = await hashNew(app, body.Haslo, 'staff');
  const user = await app.db.transaction(async (tx: Tx) => {
    if (!(await repo.consumeToken(tx, token.id))) throw invalid();
    const user = await repo.findUserById(tx, org.id, token.userId);
    if (!user || !repo.isStaff(user) || user.anonymisedAt) throw invalid();
    // An invitation is for an account nobody has used yet; a reset for one that is in use.
    if ((kind === 'invite') !== !user.confirmedAt) throw invalid();
    await storeLinkPassword(
      tx,
      org.id,
      user,
      { passwordHash, panelFailedLogins: 0, panelLoginLockedUntil: null },
      ['invite', 'panel-reset'],
    );
    if (kind === 'panel-reset') await sendPasswordChangedNotice(tx, org, user, 'reset');
    return user;
  });
  await app.panelSessions.revokeAllFor(user.id);
  return user;
};

export const acceptInvite = async (ctx: Ctx, body: PanelSetPasswordRequest) => {
  const user = await setStaffPassword(ctx, 'invite', body);
  return { user: toPanelUser(user), token: await ctx.app.panelSessions.create(user) };
};

export const resetPanelPassword = async (ctx: Ctx, body: PanelSetPasswordRequest) => {
  const user = await setStaffPassword(ctx, 'panel-reset', body);
  return { user: toPanelUser(user), token: await ctx.app.panelSessions.create(user) };
};

/**
 * "Nie pamiętasz hasła?" in the panel: a 2-hour link to an active staff account of this club, and
 * the same answer for any other address (a customer's, a pending invitation's, none).
 */
export const remindPanelPassword = async ({ app, org }: Ctx, body: PanelRemindRequest) => {
  const user = await repo.findUserByEmail(app.db, org.id, body.Email.trim().toLowerCase());
  if (user && repo.isStaff(user) && user.confirmedAt && !user.anonymisedAt) {
    const storefront = await app.tenants.siteUrl(org);
    await app.db.transaction(async (tx) => {
      await mailNewLink(
        tx,
        org,
        user.id,
        'panel-reset',
        (token) =>
          panelResetMail({
            to: user.email,
            shopName: org.name,
            link: `${storefront}/panel/nowe-haslo/${token}`,
          }),
        { ttlMs: PANEL_RESET_TTL_MS },
      );
    });
  }
  return { Message: msg.panelResetSent };
};
