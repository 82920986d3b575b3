import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { constants as zlibConstants } from 'node:zlib';
import type { ApiTransport } from '@club/contract';
import { msg } from '@club/contract';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import lightMyRequest from 'light-my-request';
import { connectionLoss } from './db/connection-errors.ts';
import { notifyChange } from './modules/changes/notify.ts';
import { replyWithCachedPage } from './modules/pages/cached-pages.ts';
import { PageCache, pageCodec, toCachedPage } from './modules/pages/page-cache.ts';
import { MemoryPageStore, RedisPageStore } from './modules/pages/page-store.ts';
import { mountPanel } from './panel-web.ts';
import { createRateLimitRedis } from './plugins/rate-limit.ts';

/** What apps/web/server/app.ts exports from the server bundle. */
type WebBuild = {
  handleRequest(
    request: Request,
    context?: { apiFetch?: ApiTransport; site?: { alias: string; url: string } },
  ): Promise<Response>;
  clientDirectory: string;
  assetsPrefix: string;
  /** changes: forgets the pages' cached settings / layout content (older builds lack it). */
  dropCaches?(what: 'content' | 'settings' | 'all'): void;
  /** The one address of the page at a path (undefined: not a page to cache), apps/web/app/lib/canonical-path.ts. */
  canonicalPath(pathname: string): string | undefined;
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

/** A page while the database is away and not even the club is known: the Polish 503, without the shop's chrome. */
const UNAVAILABLE_PAGE = `<!doctype html>
<html lang="pl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${msg.shopUnavailableTitle}</title></head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;line-height:1.5">
<h1>${msg.shopUnavailableTitle}</h1>
<p>${msg.databaseUnavailable}</p>
</body></html>`;
/** As the API's 503 says (plugins/errors.ts). */
const RETRY_AFTER_S = '5';

/**
 * Each SSR call into the API is injected: same process, same hooks, no socket. The contract's
 * client names the path and reads status and text only, so no fetch Request or Response (each
 * with its streams) is built around the call. Injected straight into the router rather than by
 * `app.inject`, which refuses every call once the shutdown has begun: a page already being
 * rendered then still gets its data (the closing plugin lets injected calls through).
 */
export const injectFetch =
  (app: FastifyInstance, remoteAddress: string): ApiTransport =>
  async (path, init) => {
    const res = await lightMyRequest(app.routing, {
      method: init.method as 'GET',
      url: path,
      headers: init.headers,
      payload: init.body,
      remoteAddress,
    });
    return {
      ok: res.statusCode >= 200 && res.statusCode < 300,
      status: res.statusCode,
      text: async () => res.payload,
    };
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
const siteOf = async (app: FastifyInstance, org: { id: number; alias: string }) => ({
  alias: org.alias,
  url: await app.tenants.siteUrl(org),
});

/** `method`: the one the page is rendered for (a cacheable HEAD is rendered as the GET it stands for). */
const toFetchRequest = (
  request: FastifyRequest,
  reply: FastifyReply,
  url: URL,
  method: string = request.method,
): Request => {
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
  const body = method === 'GET' || method === 'HEAD' ? undefined : (request.body as Buffer | undefined);
  return new Request(url, {
    method,
    headers,
    body: body?.length ? new Uint8Array(body) : undefined,
    signal: controller.signal,
  });
};

/** `body`: the response's body already read (a page on its way into the cache). */
const sendResponse = (reply: FastifyReply, response: Response, body?: Buffer) => {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name !== 'set-cookie') reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  if (body) return reply.send(body);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as NodeReadableStream));
};

/** What a cached page may be: the documents, robots.txt/sitemaps and React Router's `.data` navigations. */
const CACHEABLE_TYPE = /^(text\/html|text\/plain|application\/xml|text\/xml|text\/x-script)\b/i;

export { PAGE_CACHE_HEADER } from './modules/pages/cached-pages.ts';

/**
 * The whole-page cache (decision: pages are the same for every visitor): memory, or Redis with
 * REDIS_URL, within a budget per club and in total. Every change the bus announces drops the
 * club's pages in every process.
 */
const createPageCache = (app: FastifyInstance): PageCache | undefined => {
  const limits = app.config.pageCache;
  if (limits.ttlMs <= 0) return undefined;
  const log = {
    info: (m: string) => app.log.info(m),
    warn: (o: object, m: string) => app.log.warn(o, m),
  };
  const store = app.config.redisUrl
    ? new RedisPageStore(createRateLimitRedis(app.config.redisUrl), limits, pageCodec, log)
    : new MemoryPageStore(limits, pageCodec.size);
  const cache = new PageCache(store, limits.ttlMs);
  app.changes.subscribe('*', (event) => {
    cache.invalidate(event).catch((err: unknown) => app.log.warn({ err }, 'page cache: dropping failed'));
  });
  app.addHook('onClose', async () => {
    await cache.close();
  });
  // A panel write that no service announces (products, categories, photos, stock...) still
  // drops the club's pages, in every process: announced once it has answered, so committed.
  app.addHook('onResponse', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 400) return;
    if (!request.url.startsWith('/api/panel/')) return;
    try {
      const { org } = await request.panelUser();
      await notifyChange(app.db, { organisationId: org.id, topic: 'catalogue' });
    } catch {
      // Not a logged-in panel request (the login itself): nothing it changed is on the pages.
    }
  });
  return cache;
};

/** Header values as name/value pairs (a list value, such as several Set-Cookie, one pair each). */
const headerPairs = (headers: Record<string, number | string | string[] | undefined>): [string, string][] =>
  Object.entries(headers).flatMap(([name, value]) =>
    value === undefined
      ? []
      : Array.isArray(value)
        ? value.map((v): [string, string] => [name, v])
        : [[name, String(value)]],
  );

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
  const pages = createPageCache(app);
  if (pages) {
    app.cachedPages.serveFrom(async (host, path) => {
      if (!path.startsWith('/') || RESERVED.test(path) || !app.changes.listening()) return undefined;
      const org = await app.tenants.forHost(host);
      return pages.lookup(org.id, path);
    });
  }
  // changes: a panel change in any process reaches the pages' caches at once.
  app.changes.subscribe('content', () => web.dropCaches?.('content'));
  app.changes.subscribe('settings', (event) => web.dropCaches?.(event === 'all' ? 'all' : 'settings'));
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
    // The club or its address could not be read because the database is away: a page, not the
    // API's JSON (a page's own API calls answering 503 make the storefront's 503 page instead).
    scope.setErrorHandler((err, request, reply) => {
      const lost = connectionLoss(err);
      // Anything else is the app's error handler's (plugins/errors.ts).
      if (!lost) throw err;
      request.log.warn({ db: lost }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', RETRY_AFTER_S)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(UNAVAILABLE_PAGE);
    });
    scope.route({
      method: ['GET', 'POST'],
      url: '/*',
      handler: async (request, reply) => {
        if (RESERVED.test(request.url)) return reply.callNotFound();
        const url = requestUrl(request, app.config.publicUrl);
        // The same host the pages send the API (X-Origin), so both agree on the club.
        const org = await app.tenants.forHost(url.host);
        const readOnly = request.method === 'GET' || request.method === 'HEAD';
        // Another spelling of a page's address (case, trailing slash, %-escapes, leading zeros)
        // goes to its one address; React Router's data requests (the client asks them with the
        // addresses of its links) are answered but not kept, as a redirect would end the navigation.
        const canonical = web.canonicalPath(url.pathname);
        if (readOnly && canonical !== undefined && canonical !== url.pathname && !canonical.endsWith('.data'))
          return reply.redirect(canonical + url.search, 301);
        // Pages are built from the club and the path alone (links from the club's site, never the
        // request's host; cart and login live in the browser): shared by every visitor. Kept under
        // their one address only; a query string is left uncached: no page reads one, and junk ones
        // must not fill the cache.
        const key = url.pathname;
        const cache =
          pages && readOnly && canonical === key && !url.search && app.changes.listening()
            ? pages
            : undefined;
        if (cache) {
          const hit = await cache.lookup(org.id, key);
          if (hit) return replyWithCachedPage(request, reply, hit, 'HIT');
        }
        const generation = cache?.generation(org.id);
        // A HEAD of a page not cached yet renders the GET: it answers with that page's headers and
        // length (the document's own HEAD has no body, so its length said 0) and fills the cache.
        const method = cache ? 'GET' : request.method;
        const response = await web.handleRequest(toFetchRequest(request, reply, url, method), {
          apiFetch: injectFetch(app, request.ip),
          site: await siteOf(app, org),
        });
        if (
          cache &&
          response.status === 200 &&
          response.body &&
          CACHEABLE_TYPE.test(response.headers.get('content-type') ?? '')
        ) {
          const body = Buffer.from(await response.arrayBuffer());
          // The headers the hooks have set so far (the security headers) are kept with the page:
          // a cached page answers before those hooks (cached-pages.ts).
          const sent = [...headerPairs(reply.getHeaders()), ...response.headers];
          const page = await toCachedPage(response.status, sent, body, Date.now() + cache.ttlMs);
          if (page) {
            await cache.store(org.id, key, page, generation!);
            return replyWithCachedPage(request, reply, page, 'MISS');
          }
          return sendResponse(reply, response, body);
        }
        if (response.status === 503) reply.header('retry-after', RETRY_AFTER_S);
        return sendResponse(reply, response);
      },
    });
  });
};
