import { msg } from '@club/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isInjection } from 'light-my-request';

/**
 * While the server shuts down, requests still arriving on open connections get the API's 503 shape
 * in Polish (Fastify's own `return503OnClosing` answers in English with another shape, so the app
 * turns it off and answers here, before any other hook or handler runs).
 */
export const closingPlugin = fp(
  async (app: FastifyInstance) => {
    let closing = false;
    let reaper: NodeJS.Timeout | undefined;
    app.addHook('preClose', async () => {
      closing = true;
      // Fastify closes the connections idle when the close starts; a keep-alive connection whose
      // request finishes later would hold the shutdown until its keep-alive timeout.
      reaper = setInterval(() => app.server.closeIdleConnections?.(), 100);
      reaper.unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(reaper);
    });
    app.addHook('onRequest', async (request, reply) => {
      // An injected call is a page's, and that page was already being rendered (web.ts).
      if (!closing || isInjection(request.raw)) return;
      return reply
        .status(503)
        .header('connection', 'close')
        .header('retry-after', '5')
        .send({ Message: msg.shuttingDown });
    });
  },
  { name: 'closing' },
);
