import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { logoVersion, msg } from '@club/contract';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '../../lib/http-error.ts';
import { WEB_DIR } from '../../lib/paths.ts';
import { route } from '../../lib/route.ts';
import { backfillVariant } from './backfill.ts';
import { readLogo } from './logo.ts';
import { isValidKey, StorageUnavailable } from './storage.ts';

const webDir = (rel: string) => join(WEB_DIR, rel);

/**
 * `/assets/*` roots, first match wins: the web sources' `public/assets`, so the placeholder image
 * is served even before the storefront is built, then the build's copy of it (a deployment may
 * ship only the build). The storefront's hashed bundles live under `/build-assets/`, not here.
 */
export const assetRoots = () =>
  [webDir('public/assets'), webDir('build/client/assets')].filter((dir) => existsSync(dir));

/** `..` segments, back-slashes and NUL have no place in a media path; refuse before touching the disk. */
const isSafePath = (pathName: string) => {
  let decoded = pathName;
  try {
    decoded = decodeURIComponent(pathName);
  } catch {
    return false;
  }
  return ![pathName, decoded].some(
    (p) => /(^|[\\/])\.\.([\\/]|$)/.test(p) || p.includes('\\') || p.includes('\0'),
  );
};

/** Complaint photos are private (complaints/service.ts): never served under /static. */
const PRIVATE_PREFIX = '_reklamacje/';
const isPublicPath = (pathName: string) => {
  if (!isSafePath(pathName)) return false;
  let decoded = pathName;
  try {
    decoded = decodeURIComponent(pathName);
  } catch {
    return false;
  }
  return ![pathName, decoded].some((p) => p.replace(/^\/+/, '').startsWith(PRIVATE_PREFIX));
};

const MEDIA_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
const YEAR = 365 * 24 * 60 * 60 * 1000;
const DAY = 24 * 60 * 60 * 1000;

/** Media under `/static` (uploads and generated images), web assets under `/assets`, club logos. */
const mediaRoutes = async (app: FastifyInstance) => {
  /** One object from the storage, with the headers fastify-static gives files on disk. */
  const serve = async (
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    onMissing?: () => Promise<boolean>,
  ) => {
    if (!isPublicPath(key) || !isValidKey(key)) throw notFound(msg.notFound);
    let object = await app.media.get(key);
    if (!object && (await onMissing?.())) object = await app.media.get(key);
    if (!object) throw notFound(msg.notFound);
    reply
      .header('cache-control', `public, max-age=${YEAR / 1000}, immutable`)
      .header('etag', object.etag)
      .header('last-modified', object.lastModified.toUTCString())
      .header('content-security-policy', MEDIA_CSP);
    if (request.headers['if-none-match'] === object.etag) {
      object.body.destroy();
      return reply.code(304).send();
    }
    reply.type(object.contentType).header('content-length', object.size);
    return reply.send(object.body);
  };

  if (app.media.kind === 'local') {
    await mkdir(app.config.mediaDir, { recursive: true });
    // Uploaded files never change under the same path (a new upload gets a new id), hence immutable.
    await app.register(fastifyStatic, {
      root: app.config.mediaDir,
      prefix: '/static/',
      index: false,
      list: false,
      redirect: false,
      dotfiles: 'ignore',
      maxAge: YEAR,
      immutable: true,
      allowedPath: isPublicPath,
      // Even if an HTML or SVG file ever lands in the media folder, it must not run script on this origin.
      setHeaders: (res) => {
        res.setHeader('content-security-policy', MEDIA_CSP);
      },
    });
  } else {
    // S3: streamed through this process rather than redirected, so /static URLs, the CSP's
    // img-src 'self' and the caching headers stay exactly as with files on disk.
    app.get('/static/*', { schema: { hide: true } }, async (request, reply) =>
      serve(request, reply, (request.params as { '*': string })['*']),
    );
  }

  // Product photos (both storages): a variant missing for a photo stored before variants existed
  // is rendered from its 600x600 JPEG on first request (backfill.ts).
  app.get(
    '/static/:alias/wyrobzdjecie/:productId/:photoId/:file',
    { schema: { hide: true } },
    async (request, reply) => {
      const { alias, productId, photoId, file } = request.params as Record<string, string>;
      const key = `${alias}/wyrobzdjecie/${productId}/${photoId}/${file}`;
      return serve(request, reply, key, async () => {
        if (!/^\d{1,9}$/.test(productId!) || !/^\d{1,9}$/.test(photoId!)) return false;
        const org = await app.tenants.findByAlias(alias!);
        if (!org) return false;
        return backfillVariant(
          app.db,
          app.media,
          org.id,
          org.alias,
          Number(productId),
          Number(photoId),
          key,
        ).catch((err) => {
          // The storage away is its own 503; anything else leaves the variant missing.
          if (err instanceof StorageUnavailable) throw err;
          request.log.error({ err }, 'photo variant backfill failed');
          return false;
        });
      });
    },
  );

  const roots = assetRoots();
  if (roots.length) {
    await app.register(fastifyStatic, {
      root: roots,
      prefix: '/assets/',
      decorateReply: false,
      index: false,
      list: false,
      redirect: false,
      dotfiles: 'ignore',
      maxAge: DAY,
      allowedPath: isSafePath,
    });
  }

  // Logos answer with the image itself, so `<img src=".../logo/main?p=demo">` works without a second hop.
  const logo =
    (which: 'main' | 'footer') =>
    async (
      request: FastifyRequest & { query: { p?: string; v?: string; f?: 'webp' } },
      reply: FastifyReply,
    ) => {
      const alias = request.query.p?.trim();
      const org = alias ? await app.tenants.findByAlias(alias) : await request.org();
      if (!org) throw notFound(msg.organisationNotFound);
      const { type, bytes } = await readLogo(app.media, org, which, request.query.f === 'webp');
      // `v` naming the current picture (a new upload gets a new name, hence a new `v`): kept for
      // good. Another `v` (a page older than the upload): this picture, but not cached. No `v`
      // (the spec's address, without versions): a day.
      const version = request.query.v;
      const current =
        version !== undefined && version === logoVersion(which === 'main' ? org.logoMain : org.logoFooter);
      reply
        .type(type)
        .header(
          'cache-control',
          current
            ? 'public, max-age=31536000, immutable'
            : version !== undefined
              ? 'no-cache'
              : 'public, max-age=86400',
        );
      // A `text` endpoint in the contract, but the body is the image's bytes (route.ts keeps our type).
      return bytes as unknown as string;
    };
  route(app, 'getLogoMain', logo('main'));
  route(app, 'getLogoFooter', logo('footer'));
};

export const mediaModule = fp(mediaRoutes, {
  name: 'media',
  dependencies: ['tenancy', 'media-storage'],
  encapsulate: true,
});
