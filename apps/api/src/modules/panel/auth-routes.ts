import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import { clearPanelCookie, setPanelCookie } from '../../plugins/panel-auth.ts';
import { limits } from '../../plugins/rate-limit.ts';
import { panelLogin, toPanelUser } from './auth-service.ts';

/** Panel sessions: login sets the HttpOnly cookie, logout revokes it, `me` tells the panel who is in. */
export const panelAuthRoutes = async (app: FastifyInstance) => {
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
  // Needs no live session: an expired one still gets its cookie cleared.
  route(app, 'panelLogout', async (req, reply) => {
    const token = req.panelToken();
    if (token) await app.panelSessions.revoke(token);
    clearPanelCookie(reply);
    return reply.code(204).send();
  });
  route(app, 'panelMe', async (req) => toPanelUser((await req.panelUser()).user));
};
