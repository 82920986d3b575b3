import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { route } from '../../lib/route.ts';
import { clearPanelCookie, setPanelCookie } from '../../plugins/panel-auth.ts';
import { limits } from '../../plugins/rate-limit.ts';
import {
  acceptInvite,
  panelLogin,
  remindPanelPassword,
  resetPanelPassword,
  toPanelUser,
} from './auth-service.ts';

/** Panel sessions: login sets the HttpOnly cookie, logout revokes it, `me` tells the panel who is in. */
const routes = async (app: FastifyInstance) => {
  route(
    app,
    'panelLogin',
    async (req, reply) => {
      const { user, token } = await panelLogin({ app, org: await req.org() }, req.body);
      // A new session replaces this browser's previous one rather than leaving it alive.
      const previous = req.panelToken();
      if (previous) await app.panelSessions.revoke(previous);
      setPanelCookie(reply, token);
      return user;
    },
    { rateLimit: limits.login },
  );
  // The e-mailed links set a password and open a session, as a login does.
  for (const [name, set] of [
    ['panelInviteAccept', acceptInvite],
    ['panelReset', resetPanelPassword],
  ] as const) {
    route(
      app,
      name,
      async (req, reply) => {
        const { user, token } = await set({ app, org: await req.org() }, req.body);
        const previous = req.panelToken();
        if (previous) await app.panelSessions.revoke(previous);
        setPanelCookie(reply, token);
        return user;
      },
      { rateLimit: limits.confirmAccount },
    );
  }
  route(app, 'panelRemind', async (req) => remindPanelPassword({ app, org: await req.org() }, req.body), {
    rateLimit: limits.remindPassword,
  });
  // Needs no live session: an expired one still gets its cookie cleared.
  route(app, 'panelLogout', async (req, reply) => {
    const token = req.panelToken();
    if (token) await app.panelSessions.revoke(token);
    clearPanelCookie(reply);
    return reply.code(204).send();
  });
  route(app, 'panelMe', async (req) => toPanelUser((await req.panelUser()).user));
};

export const panelAuthRoutes = fp(routes, {
  name: 'panel-sessions',
  dependencies: ['tenancy', 'panel-auth'],
  encapsulate: true,
});
