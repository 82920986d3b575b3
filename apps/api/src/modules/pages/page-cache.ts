import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zc } from 'node:zlib';
import type { ChangeEvent } from '../changes/bus.ts';
import type { PageCodec, PageStore } from './page-store.ts';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** The encodings a cached page is kept in, each served as it is. */
export type PageEncoding = 'identity' | 'gzip' | 'br';

/**
 * A rendered public page as the cache keeps it: headers and the body in every encoding, made
 * once when the page is stored. The page's CSP names its inline scripts by hash (entry.server.tsx),
 * so a response is these bytes as they are.
 */
export type CachedPage = {
  /** Response headers, lower-case names (no set-cookie: such pages are not cached). */
  headers: [string, string][];
  /** A weak ETag of the body: the same for every encoding of it. */
  etag: string;
  body: Buffer;
  /** Absent for small pages (not worth compressing). */
  gzip?: Buffer;
  br?: Buffer;
  /** Date.now() after which the page is not served. */
  expiresAt: number;
};

/** Headers that belong to one response, never to a cached copy. */
const PER_RESPONSE = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

/** Smaller pages are not worth compressing (@fastify/compress's threshold too). */
const COMPRESS_FROM = 1024;
/**
 * Brotli at 6: ~2 ms for a 100 kB page and ~10 % under gzip; 11 saves another ~1.5 kB for
 * 110-170 ms of CPU per page stored (docs/decisions/116).
 */
const BROTLI_QUALITY = 6;

/**
 * What the cache keeps of a rendered page, or undefined when the page must not be shared: only
 * a 200 without cookies, not private, not varying on anything but the encoding. Compressed off
 * the main thread (zlib's thread pool).
 */
export const toCachedPage = async (
  status: number,
  headers: Iterable<[string, string]>,
  body: Buffer,
  expiresAt: number,
): Promise<CachedPage | undefined> => {
  if (status !== 200) return undefined;
  const kept: [string, string][] = [];
  for (const [rawName, value] of headers) {
    const name = rawName.toLowerCase();
    if (name === 'set-cookie') return undefined;
    if (name === 'cache-control' && /private|no-store|no-cache/i.test(value)) return undefined;
    if (name === 'vary' && value.split(',').some((v) => v.trim().toLowerCase() !== 'accept-encoding'))
      return undefined;
    if (!PER_RESPONSE.has(name) && name !== 'etag') kept.push([name, value]);
  }
  const etag = `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  const page: CachedPage = { headers: kept, etag, body, expiresAt };
  if (body.length >= COMPRESS_FROM) {
    [page.gzip, page.br] = await Promise.all([
      gzipAsync(body),
      brotliAsync(body, {
        params: {
          [zc.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [zc.BROTLI_PARAM_MODE]: zc.BROTLI_MODE_TEXT,
          [zc.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
    ]);
  }
  return page;
};

/** The q-value an Accept-Encoding header gives `coding` (0: not acceptable), `*` counting for the unnamed. */
const qualityOf = (header: string, coding: string): number => {
  let star: number | undefined;
  for (const token of header.split(',')) {
    const [name = '', ...params] = token.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = q ? Number(q.slice(2)) || 0 : 1;
    if (name === coding) return value;
    if (name === '*') star = value;
  }
  return star ?? (coding === 'identity' ? 1 : 0);
};

/** The stored encoding to send for an Accept-Encoding header: brotli, then gzip, then the plain bytes. */
export const pickEncoding = (page: CachedPage, acceptEncoding: string | undefined): PageEncoding => {
  if (!acceptEncoding || !page.gzip) return 'identity';
  const br = qualityOf(acceptEncoding, 'br');
  const gz = qualityOf(acceptEncoding, 'gzip');
  if (br > 0 && br >= gz) return 'br';
  if (gz > 0) return 'gzip';
  return 'identity';
};

export const bodyIn = (page: CachedPage, encoding: PageEncoding): Buffer =>
  encoding === 'identity' ? page.body : (page[encoding] ?? page.body);

/** Whether an If-None-Match header names the page's ETag (weak comparison, as GET allows). */
export const notModified = (page: CachedPage, ifNoneMatch: string | undefined): boolean => {
  if (!ifNoneMatch) return false;
  const tag = page.etag.slice(2);
  return ifNoneMatch.split(',').some((t) => {
    const v = t.trim();
    return v === '*' || v === page.etag || v === tag;
  });
};

/** Binary form in Redis: u32 JSON length, JSON {h, t, e, n: body lengths}, then body, gzip, br. */
export const encodePage = (p: CachedPage): Buffer => {
  const bodies = p.gzip && p.br ? [p.body, p.gzip, p.br] : [p.body];
  const meta = Buffer.from(
    JSON.stringify({ h: p.headers, t: p.etag, e: p.expiresAt, n: bodies.map((b) => b.length) }),
  );
  const len = Buffer.alloc(4);
  len.writeUInt32BE(meta.length);
  return Buffer.concat([len, meta, ...bodies]);
};

export const decodePage = (buf: Buffer): CachedPage | undefined => {
  try {
    const metaLen = buf.readUInt32BE(0);
    const meta = JSON.parse(buf.subarray(4, 4 + metaLen).toString('utf8')) as {
      h: [string, string][];
      t: string;
      e: number;
      n: number[];
    };
    if (typeof meta.t !== 'string' || !Array.isArray(meta.n)) return undefined;
    let at = 4 + metaLen;
    const [body, gzipped, br] = meta.n.map((n) => {
      const part = buf.subarray(at, at + n);
      at += n;
      return part;
    });
    if (at !== buf.length || !body) return undefined;
    return { headers: meta.h, etag: meta.t, body, gzip: gzipped, br, expiresAt: meta.e };
  } catch {
    return undefined;
  }
};

/** A page's memory and its bytes in Redis, for the stores' budgets (modules/pages/page-store.ts). */
export const pageCodec: PageCodec<CachedPage> = {
  size: (p) =>
    p.body.length +
    (p.gzip?.length ?? 0) +
    (p.br?.length ?? 0) +
    p.headers.reduce((n, [k, v]) => n + k.length + v.length, 0) +
    200,
  encode: encodePage,
  decode: decodePage,
};

/**
 * The whole-page cache: pages per club and key, kept `ttlMs`, dropped per club when the change
 * bus says the panel changed something of the club (every topic: pages show all of them).
 * A render that a change overtook is not stored (its generation moved on meanwhile), so a page
 * rendered from data older than the change never outlives it.
 */
export class PageCache {
  private readonly generations = new Map<number, number>();
  private epoch = 0;

  constructor(
    private readonly pages: PageStore<CachedPage>,
    readonly ttlMs: number,
  ) {}

  /** Taken before rendering; `store` keeps the page only if it is still the same then. */
  generation(orgId: number): string {
    return `${this.epoch}:${this.generations.get(orgId) ?? 0}`;
  }

  async lookup(orgId: number, key: string): Promise<CachedPage | undefined> {
    const page = await this.pages.get(orgId, key);
    return page && page.expiresAt > Date.now() ? page : undefined;
  }

  async store(orgId: number, key: string, page: CachedPage, generation: string): Promise<void> {
    if (this.generation(orgId) !== generation) return;
    await this.pages.set(orgId, key, page);
  }

  /** A change bus event: the club's pages (or all, after a lost listener) go, in every process. */
  async invalidate(event: ChangeEvent): Promise<void> {
    if (event === 'all') {
      this.epoch++;
      await this.pages.dropAll();
      return;
    }
    this.generations.set(event.organisationId, (this.generations.get(event.organisationId) ?? 0) + 1);
    await this.pages.dropClub(event.organisationId);
  }

  close() {
    return this.pages.close();
  }
}
