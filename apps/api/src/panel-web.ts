import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** The manager's panel build (apps/panel, `npm run build:panel`): one index.html and hashed assets. */
export const PANEL_DIST = resolve(dirname(fileURLToPath(import.meta.url)), '../../panel/dist');

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The panel's HTML runs only its own bundles: no inline script or style, no foreign origin, no
 * framing (the panel's buttons change orders and stock: nobody may overlay them).
 */
export const PANEL_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "object-src 'none'",
].join('; ');

const MISSING_BUILD_PAGE = `<!doctype html>
<html lang="pl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Panel nie jest zbudowany</title></head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;line-height:1.5">
<h1>Panel sklepu nie jest jeszcze zbudowany</h1>
<p>Brakuje zbudowanej aplikacji panelu (<code>apps/panel/dist</code>).</p>
<p>Uruchom <code>npm run build</code>, a następnie ponownie uruchom serwer (albo od razu <code>npm start</code>).</p>
</body></html>`;

/**
 * Serves the panel at /panel: hashed bundles forever, and index.html for every other path under
 * /panel (the app routes on the client), never cached, so a new build reaches managers at once.
 * Call before listen, after compression is registered.
 */
export const mountPanel = async (app: FastifyInstance, options: { distDir?: string } = {}) => {
  const distDir = options.distDir ?? PANEL_DIST;
  const indexFile = join(distDir, 'index.html');
  const built = existsSync(indexFile);
  if (!built) app.log.warn(`Brak zbudowanego panelu (${distDir}): uruchom "npm run build".`);
  // Read once: the build does not change under a running server (a rebuild means a restart).
  const html = built ? readFileSync(indexFile) : MISSING_BUILD_PAGE;
  await app.register(async (scope) => {
    if (built) {
      await scope.register(fastifyStatic, {
        root: join(distDir, 'assets'),
        prefix: '/panel/assets/',
        decorateReply: false,
        index: false,
        cacheControl: false,
        setHeaders: (res) => res.setHeader('cache-control', IMMUTABLE),
      });
    }
    const sendIndex = (_request: unknown, reply: FastifyReply) =>
      reply
        .status(built ? 200 : 503)
        .header('cache-control', 'no-store')
        .header('content-security-policy', PANEL_CSP)
        .header('x-robots-tag', 'noindex, nofollow')
        .type('text/html; charset=utf-8')
        .send(html);
    scope.get('/panel', sendIndex);
    scope.get('/panel/*', sendIndex);
  });
};
