import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { mountPanel } from './panel-web.ts';

/** What apps/web/server/app.ts exports from the server bundle. */
type WebBuild = {
  handleRequest(
    request: Request,
    context?: { apiFetch?: typeof fetch; site?: { alias: string; url: string } },
  ): Promise<Response>;
  clientDirectory: string;
  assetsPrefix: string;
};

export const WEB_SERVER_ENTRY = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../../web/build/server/index.js',
);

/** Paths the API, the media module, the dev tools and the manager's panel own; the pages never answer them. */
const RESERVED = /^\/(api|static|assets|dev|panel)([/?]|$)/;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const SHORT_CACHE = 'public, max-age=3600';

const MISSING_BUILD_PAGE = `<!doctype html>
<html lang="pl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sklep nie jest zbudowany</title></head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;line-height:1.5">
<h1>Strony sklepu nie są jeszcze zbudowane</h1>
<p>API działa pod adresem <code>/api</code>, ale brakuje zbudowanej aplikacji WWW (<code>apps/web/build</code>).</p>
<p>Uruchom <code>npm run build</code>, a następnie ponownie uruchom serwer (albo od razu <code>npm start</code>).</p>
</body></html>`;

/** Each SSR call into the API goes through `inject`: same process, same hooks, no socket. */
export const injectFetch =
  (app: FastifyInstance, remoteAddress: string): typeof fetch =>
  async (input, init) => {
    const req = new Request(input, init);
    const url = new URL(req.url);
    const payload = req.body ? Buffer.from(await req.arrayBuffer()) : undefined;
    const res = await app.inject({
      method: req.method as 'GET',
      url: url.pathname + url.search,
      headers: Object.fromEntries(req.headers),
      payload,
      remoteAddress,
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) headers.append(name, String(v));
    }
    const noBody = req.method === 'HEAD' || res.statusCode === 204 || res.statusCode === 304;
    return new Response(noBody ? null : new Uint8Array(res.rawPayload), { status: res.statusCode, headers });
  };

/** The request's path; an absolute-form target ("GET http://x/p") keeps only its path. */
const requestPath = (raw: string): string => {
  if (raw.startsWith('/')) return raw;
  try {
    const u = new URL(raw);
    return u.pathname + u.search;
  } catch {
    return '/';
  }
};

/**
 * The address the browser asked for (React Router checks a form post's Origin against it). Host,
 * X-Forwarded-Host and -Proto count only as Fastify's `trustProxy` allows; an unusable value
 * falls back to PUBLIC_URL. Never used for links: those come from the club's `site`.
 */
const requestUrl = (request: FastifyRequest, publicUrl: string): URL => {
  const path = requestPath(request.url);
  const protocol = request.protocol === 'https' ? 'https' : 'http';
  let origin = new URL(publicUrl).origin;
  try {
    const host = new URL(`${protocol}://${request.host}`);
    // Only a plain host[:port]; anything else in the header is not an address.
    if (request.host && host.pathname === '/' && !host.search && !host.hash && !host.username) {
      origin = host.origin;
    }
  } catch {}
  // Concatenated, not resolved: a path like "//other.host/" stays a path.
  return new URL(origin + path);
};

/**
 * The club a page is for (its Host names one of the club's domains, else the default club) and
 * its storefront address (decision 11): canonical links, og:url, JSON-LD, sitemap.xml and
 * robots.txt are built from it, never from the request's headers.
 */
const siteOf = async (app: FastifyInstance, url: URL) => {
  // The same host the pages send the API (X-Origin), so both agree on the club.
  const org = await app.tenants.forHost(url.host);
  return { alias: org.alias, url: await app.tenants.siteUrl(org) };
};

const toFetchRequest = (request: FastifyRequest, reply: FastifyReply, url: URL): Request => {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  // Lets loaders stop when the browser goes away.
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  const method = request.method;
  const body = method === 'GET' || method === 'HEAD' ? undefined : (request.body as Buffer | undefined);
  return new Request(url, {
    method,
    headers,
    body: body?.length ? new Uint8Array(body) : undefined,
    signal: controller.signal,
  });
};

const sendResponse = (reply: FastifyReply, response: Response) => {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name !== 'set-cookie') reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as NodeReadableStream));
};

/** Hashed bundles forever; the files of apps/web/public (favicon...) briefly. Not /assets: the media module's. */
const serveClientFiles = async (app: FastifyInstance, web: WebBuild) => {
  await app.register(async (scope) => {
    await scope.register(fastifyStatic, {
      root: join(web.clientDirectory, web.assetsPrefix),
      prefix: web.assetsPrefix,
      decorateReply: false,
      index: false,
      cacheControl: false,
      setHeaders: (res) => res.setHeader('cache-control', IMMUTABLE),
    });
  });
  await app.register(async (scope) => {
    await scope.register(fastifyStatic, {
      root: web.clientDirectory,
      prefix: '/',
      wildcard: false,
      globIgnore: [`${web.assetsPrefix.replace(/^\/|\/$/g, '')}/**`, 'assets/**'],
      decorateReply: false,
      index: false,
      cacheControl: false,
      setHeaders: (res) => res.setHeader('cache-control', SHORT_CACHE),
    });
  });
};

/** Serves the storefront (React Router SSR build) from the API's process and port. Call before listen. */
export const mountWeb = async (app: FastifyInstance, options: { serverEntry?: string } = {}) => {
  const serverEntry = options.serverEntry ?? WEB_SERVER_ENTRY;
  if (!existsSync(serverEntry)) {
    app.log.warn(
      `Brak zbudowanej aplikacji WWW (${serverEntry}): uruchom "npm run build". Serwuję tylko API.`,
    );
    app.get('/', (_request, reply) => reply.type('text/html; charset=utf-8').send(MISSING_BUILD_PAGE));
    await mountPanel(app);
    return;
  }
  const web = (await import(pathToFileURL(serverEntry).href)) as WebBuild;
  // Pages and bundles go to phones on mobile networks: compress them (the API routes,
  // registered earlier, are left as they are).
  // Brotli at quality 4: close to gzip's cost per request, smaller output.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await serveClientFiles(app, web);
  // The manager's panel: its own client-side app and bundles, at /panel.
  await mountPanel(app);
  await app.register(async (scope) => {
    // Pages get the raw body (future form actions parse it themselves), whatever its type.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.route({
      method: ['GET', 'POST'],
      url: '/*',
      handler: async (request, reply) => {
        if (RESERVED.test(request.url)) return reply.callNotFound();
        const url = requestUrl(request, app.config.publicUrl);
        const response = await web.handleRequest(toFetchRequest(request, reply, url), {
          apiFetch: injectFetch(app, request.ip),
          site: await siteOf(app, url),
        });
        return sendResponse(reply, response);
      },
    });
  });
};
