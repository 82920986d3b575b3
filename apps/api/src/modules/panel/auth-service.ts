import { msg, type PanelLoginRequest, type PanelUser } from '@club/contract';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../lib/http-error.ts';
import type { User } from '../../plugins/auth.ts';
import { isPanelRole } from '../../plugins/panel-auth.ts';
import type { Organisation } from '../../plugins/tenancy.ts';
import { verifyCredentials } from '../accounts/service.ts';

type Ctx = { app: FastifyInstance; org: Organisation };

export const toPanelUser = (user: User): PanelUser => ({
  Id: user.id,
  Email: user.email,
  Imie: user.firstName,
  Nazwisko: user.lastName,
  Rola: user.role === 'owner' ? 'owner' : 'manager',
});

/**
 * Logs an owner or manager of this club in to the panel: the shop's credential check (throttling,
 * lock, hash upgrade), then the role. A customer's right password gets the same answer as a wrong
 * one, so the panel's login form tells nobody which addresses are staff.
 */
export const panelLogin = async (
  ctx: Ctx,
  body: PanelLoginRequest,
): Promise<{ user: PanelUser; token: string }> => {
  const user = await verifyCredentials(ctx, body.Email, body.Haslo);
  if (!isPanelRole(user.role) || user.anonymisedAt) throw badRequest(msg.loginFailed);
  return { user: toPanelUser(user), token: await ctx.app.panelSessions.create(user) };
};
