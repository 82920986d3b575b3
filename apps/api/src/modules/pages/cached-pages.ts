import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { bodyIn, type CachedPage, notModified, pickEncoding } from './page-cache.ts';

/** The response header that says whether the page came from the whole-page cache. */
export const PAGE_CACHE_HEADER = 'x-page-cache';

/** Where a request's cached page is found: the storefront fills it in (web.ts). */
export type CachedPageSource = (host: string, path: string) => Promise<CachedPage | undefined>;

declare module 'fastify' {
  interface FastifyInstance {
    cachedPages: { serveFrom(source: CachedPageSource): void };
  }
}

/** A Host header that is a plain name (and port): anything else takes the pages' full path. */
const PLAIN_HOST = /^[a-z0-9.-]{1,253}(:\d{1,5})?$/;

/**
 * A cached page as stored: its headers (the security headers it was first sent with included),
 * the encoding the browser takes best, or a 304. Written to the socket as it is.
 */
export const writeCachedPage = (
  method: string,
  headers: IncomingHttpHeaders,
  res: ServerResponse,
  page: CachedPage,
  how: 'HIT' | 'MISS',
) => {
  const out: string[] = [];
  for (const [name, value] of page.headers) out.push(name, value);
  out.push(PAGE_CACHE_HEADER, how, 'vary', 'Accept-Encoding', 'etag', page.etag);
  if (notModified(page, headers['if-none-match'])) {
    res.writeHead(304, out);
    res.end();
    return;
  }
  const encoding = pickEncoding(page, headers['accept-encoding']);
  const body = bodyIn(page, encoding);
  if (encoding !== 'identity') out.push('content-encoding', encoding);
  out.push('content-length', String(body.length));
  res.writeHead(200, out);
  // A HEAD gets the GET's headers and length, without the body.
  if (method === 'HEAD') res.end();
  else res.end(body);
};

/** Hands the response to `writeCachedPage`: no Fastify hook or serializer touches it. */
export const replyWithCachedPage = (
  request: FastifyRequest,
  reply: FastifyReply,
  page: CachedPage,
  how: 'HIT' | 'MISS',
) => {
  reply.hijack();
  writeCachedPage(request.method, request.headers, reply.raw, page, how);
  return reply;
};

/**
 * Cached pages answer before every other hook: they are the same bytes for every visitor, so
 * nothing per request (security headers, compression, the router) needs to run for them. A
 * request with credentials, a query or an unusual Host takes the full path (web.ts), which
 * serves the same cache after its checks. Registered first, so it comes first.
 */
export const cachedPagesPlugin = fp(
  async (app: FastifyInstance) => {
    let source: CachedPageSource | undefined;
    app.decorate('cachedPages', {
      serveFrom(s: CachedPageSource) {
        source = s;
      },
    });
    app.addHook('onRequest', async (request, reply) => {
      if (!source || (request.method !== 'GET' && request.method !== 'HEAD')) return;
      const { url, host } = request;
      if (request.headers.authorization || url.includes('?') || !PLAIN_HOST.test(host)) return;
      const page = await source(host, url);
      if (page) return replyWithCachedPage(request, reply, page, 'HIT');
    });
  },
  { name: 'cached-pages' },
);
