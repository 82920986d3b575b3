import { randomBytes, timingSafeEqual } from 'node:crypto';
import { msg, PANEL_API_PREFIX, XSRF_COOKIE, XSRF_HEADER } from '@club/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isInjection } from 'light-my-request';
import { forbidden } from '../lib/http-error.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Double-submit anti-forgery, as the spec's client does it: the API hands out an `XSRF-TOKEN`
 * cookie; a state-changing request that carries that cookie must echo it in `X-XSRF-TOKEN`.
 * Requests without cookies (API clients with a Bearer ticket) cannot be forged by a browser; the
 * manager's panel authenticates by cookie, so there the pair is required even without the cookie.
 */
const xsrfHooks = async (app: FastifyInstance, opts: { secure: boolean }) => {
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const cookie = request.cookies[XSRF_COOKIE];
    if (SAFE.has(request.method)) {
      // A page's in-process calls (web.ts) answer the server, not a browser: no cookie to hand out.
      if (!cookie && !isInjection(request.raw)) {
        reply.setCookie(XSRF_COOKIE, randomBytes(24).toString('base64url'), {
          path: '/',
          sameSite: 'strict',
          secure: opts.secure,
          httpOnly: false,
        });
      }
      return;
    }
    // The panel authenticates by cookie, so its state-changing calls always need the pair.
    if (!cookie && !request.url.startsWith(PANEL_API_PREFIX)) return;
    const header = request.headers[XSRF_HEADER];
    const value = Array.isArray(header) ? header[0] : header;
    const a = Buffer.from(cookie ?? '');
    const b = Buffer.from(value ?? '');
    if (!a.length || a.length !== b.length || !timingSafeEqual(a, b)) throw forbidden(msg.xsrf);
  });
};

export const xsrfPlugin = fp(xsrfHooks, { name: 'xsrf', dependencies: [] });
