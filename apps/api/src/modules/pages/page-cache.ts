import { randomBytes } from 'node:crypto';
import { crc32, deflateRawSync, constants as zc } from 'node:zlib';
import type { ChangeEvent } from '../changes/bus.ts';
import type { PageCodec, PageStore } from './page-store.ts';

/**
 * A rendered public page as the cache keeps it: its headers and its body cut at every occurrence
 * of the CSP nonce it was rendered with, so each response gets a fresh nonce put back in.
 */
export type CachedPage = {
  /** Response headers but the CSP, lower-case names (no set-cookie: such pages are not cached). */
  headers: [string, string][];
  /** The Content-Security-Policy cut at its nonce (one part: no CSP or no nonce). */
  csp?: string[];
  /** The body cut at its nonce: `parts.join(nonce)` is the page. */
  parts: Buffer[];
  /**
   * Each part compressed as raw deflate ending byte-aligned, referring back only to the page's
   * bytes before it, never to a nonce (`deflateParts`), so a gzip body is these with the nonce
   * between them as stored blocks: compressed once, not per response (see `gzipWithNonce`).
   * Absent for small pages.
   */
  deflated?: Buffer[];
  /** What gzip's trailer CRC needs, so a response computes it without reading the page (`gzipCrc`). */
  gzipCrc?: GzipCrc;
  /** Date.now() after which the page is not served. */
  expiresAt: number;
};

/**
 * CRC-32 is affine in the data: for one length, CRC(page with nonce X) = CRC(page with zero bytes
 * for the nonces) XOR the linear CRC of X moved past what follows each place, and moving is a
 * product mod P, so the places sum into one factor: a response costs one product, not a pass
 * over the page nor a combine per part.
 */
type GzipCrc = {
  /** CRC-32 of the page with `nonceLength` zero bytes in each nonce place. */
  zeroed: number;
  /** The sum over the nonce places of x^(8·bytes after it) mod P. */
  spread: number;
  nonceLength: number;
};

/** Random bytes for nonces, fetched 4 kB at a time (one call to the CSPRNG per 256 nonces). */
let pool = Buffer.alloc(0);
let poolAt = 0;
/** A fresh CSP nonce, as entry.server.tsx makes it (16 random bytes, base64). */
export const freshNonce = (): string => {
  if (poolAt + 16 > pool.length) {
    pool = randomBytes(4096);
    poolAt = 0;
  }
  poolAt += 16;
  return pool.toString('base64', poolAt - 16, poolAt);
};

const NONCE_IN_CSP = /'nonce-([A-Za-z0-9+/=_-]+)'/;

/** Headers that belong to one response, never to a cached copy. */
const PER_RESPONSE = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

/**
 * What the cache keeps of a rendered page, or undefined when the page must not be shared: only
 * a 200 without cookies, not private, not varying on anything but the encoding.
 */
export const toCachedPage = (
  status: number,
  headers: Iterable<[string, string]>,
  body: Buffer,
  expiresAt: number,
): CachedPage | undefined => {
  if (status !== 200) return undefined;
  const kept: [string, string][] = [];
  let csp: string | undefined;
  for (const [rawName, value] of headers) {
    const name = rawName.toLowerCase();
    if (name === 'set-cookie') return undefined;
    if (name === 'cache-control' && /private|no-store|no-cache/i.test(value)) return undefined;
    if (name === 'vary' && value.split(',').some((v) => v.trim().toLowerCase() !== 'accept-encoding'))
      return undefined;
    if (name === 'content-security-policy') csp = value;
    else if (!PER_RESPONSE.has(name)) kept.push([name, value]);
  }
  const nonce = csp?.match(NONCE_IN_CSP)?.[1];
  const page: CachedPage = nonce
    ? { headers: kept, csp: csp!.split(nonce), parts: splitBuffer(body, Buffer.from(nonce)), expiresAt }
    : { headers: kept, csp: csp === undefined ? undefined : [csp], parts: [body], expiresAt };
  if (body.length >= COMPRESS_FROM) {
    const nonceLength = Buffer.byteLength(nonce ?? '');
    page.deflated = deflateParts(page.parts, nonceLength);
    page.gzipCrc = gzipCrcOf(page.parts, nonceLength);
  }
  return page;
};

/** Raw deflate's window: how far back a part's matches may reach. */
const WINDOW = 32 * 1024;
/** Stands for a nonce in what a part may refer back to; a page never holds it (see `deflateParts`). */
const NONCE_STAND_IN = 0;

/**
 * Each part as raw deflate ending byte-aligned (sync flush), primed with the page before it as a
 * preset dictionary, so a part may refer back across the nonces as one deflate stream would: the
 * page's 18 nonces cost ~2 kB of gzip when each part started afresh. The nonces' places are
 * NUL bytes in that dictionary; a match is an exact copy of the part's own bytes, so where the page
 * holds no NUL no match can cover a nonce's place, whatever nonce the response carries.
 */
const deflateParts = (parts: Buffer[], nonceLength: number): Buffer[] => {
  const primed = !parts.some((part) => part.includes(NONCE_STAND_IN));
  const standIn = Buffer.alloc(nonceLength, NONCE_STAND_IN);
  let before = Buffer.alloc(0);
  return parts.map((part, i) => {
    const out = deflateRawSync(part, {
      level: 6,
      finishFlush: zc.Z_SYNC_FLUSH,
      ...(primed && i > 0 ? { dictionary: before } : {}),
    });
    if (primed) before = Buffer.concat([before, part, standIn]).subarray(-WINDOW);
    return out;
  });
};

/** Smaller pages are not worth compressing (@fastify/compress's threshold too). */
const COMPRESS_FROM = 1024;
/** gzip's header: deflate, no name or time, unknown OS. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty final stored block: ends the deflate stream after the last part's flush. */
const FINAL_BLOCK = Buffer.from([1, 0, 0, 0xff, 0xff]);

/** The 5-byte head of a non-final stored block of `length` (< 64 kB) bytes, byte-aligned after a flush. */
const storedBlockHead = (length: number): Buffer => {
  const head = Buffer.alloc(5);
  head.writeUInt16LE(length, 1);
  head.writeUInt16LE(~length & 0xffff, 3);
  return head;
};

/** Products of polynomials over GF(2) mod CRC-32's P, as zlib's crc32_combine computes them. */
const POLY = 0xedb88320;
const multModP = (a: number, b: number): number => {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
};
const X2N: number[] = [0x40000000];
for (let k = 1; k < 32; k++) X2N.push(multModP(X2N[k - 1]!, X2N[k - 1]!));
/** x^(8·bytes) mod P: the operator that moves a CRC past `bytes` more bytes. */
const shiftOp = (bytes: number): number => {
  let p = 0x80000000;
  let k = 3;
  for (let n = bytes; n; n = Math.floor(n / 2), k++) if (n & 1) p = multModP(X2N[k & 31]!, p);
  return p;
};
const gzipCrcOf = (parts: Buffer[], nonceLength: number): GzipCrc => {
  const zeros = Buffer.alloc(nonceLength);
  let zeroed = crc32(parts[0]!);
  let spread = 0;
  let after = 0;
  for (let i = parts.length - 1; i > 0; i--) {
    after += parts[i]!.length;
    spread ^= shiftOp(after);
    after += nonceLength;
  }
  for (let i = 1; i < parts.length; i++) zeroed = crc32(parts[i]!, crc32(zeros, zeroed));
  return { zeroed, spread, nonceLength };
};

/** gzip's CRC-32 of the page with `nonce` in its places. */
const pageCrc = (page: CachedPage, nonce: Buffer): number => {
  const g = page.gzipCrc;
  if (!g || g.nonceLength !== nonce.length) return crc32(withNonce(page, nonce.toString()));
  // CRC(X) XOR CRC(zeros of X's length) is the linear part of CRC(X).
  const linear = crc32(nonce) ^ crc32(Buffer.alloc(nonce.length));
  return (g.zeroed ^ multModP(g.spread, linear)) >>> 0;
};

/**
 * The page as one gzip body with `nonce` in place, from the parts compressed at store time: the
 * nonces go in as stored blocks; the trailer's CRC-32 (`pageCrc`) and length are computed per response.
 */
export const gzipWithNonce = (page: CachedPage, nonce: string): Buffer | undefined => {
  const { parts, deflated } = page;
  if (!deflated) return undefined;
  const n = Buffer.from(nonce);
  const nonceHead = storedBlockHead(n.length);
  let length = GZIP_HEADER.length + FINAL_BLOCK.length + 8;
  let size = n.length * (parts.length - 1);
  for (let i = 0; i < parts.length; i++) {
    length += deflated[i]!.length + (i > 0 ? nonceHead.length + n.length : 0);
    size += parts[i]!.length;
  }
  const body = Buffer.allocUnsafe(length);
  let at = GZIP_HEADER.copy(body, 0);
  for (let i = 0; i < parts.length; i++) {
    if (i > 0) {
      at += nonceHead.copy(body, at);
      at += n.copy(body, at);
    }
    at += deflated[i]!.copy(body, at);
  }
  at += FINAL_BLOCK.copy(body, at);
  body.writeUInt32LE(pageCrc(page, n), at);
  body.writeUInt32LE(size >>> 0, at + 4);
  return body;
};

const splitBuffer = (body: Buffer, sep: Buffer): Buffer[] => {
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = body.indexOf(sep, from); at !== -1; at = body.indexOf(sep, from)) {
    parts.push(body.subarray(from, at));
    from = at + sep.length;
  }
  parts.push(body.subarray(from));
  return parts;
};

/** The page's Content-Security-Policy with `nonce` in place of the rendered one. */
export const cspWithNonce = (page: CachedPage, nonce: string): string | undefined => page.csp?.join(nonce);

/** The page's body with `nonce` in every place the rendered nonce was, as one buffer (one write). */
export const withNonce = (page: CachedPage, nonce: string): Buffer => {
  const { parts } = page;
  if (parts.length === 1) return parts[0]!;
  const n = Buffer.from(nonce);
  let length = n.length * (parts.length - 1);
  for (const part of parts) length += part.length;
  const body = Buffer.allocUnsafe(length);
  let at = 0;
  for (let i = 0; i < parts.length; i++) {
    if (i > 0) at += n.copy(body, at);
    at += parts[i]!.copy(body, at);
  }
  return body;
};

/** Binary form in Redis: u32 JSON length, JSON {h, c, e, n: part lengths}, then the parts. */
export const encodePage = (p: CachedPage): Buffer => {
  const meta = Buffer.from(
    JSON.stringify({
      h: p.headers,
      c: p.csp ?? null,
      e: p.expiresAt,
      n: p.parts.map((b) => b.length),
      z: p.deflated?.map((b) => b.length) ?? null,
      g: p.gzipCrc ?? null,
    }),
  );
  const len = Buffer.alloc(4);
  len.writeUInt32BE(meta.length);
  return Buffer.concat([len, meta, ...p.parts, ...(p.deflated ?? [])]);
};

export const decodePage = (buf: Buffer): CachedPage | undefined => {
  try {
    const metaLen = buf.readUInt32BE(0);
    const meta = JSON.parse(buf.subarray(4, 4 + metaLen).toString('utf8')) as {
      h: [string, string][];
      c: string[] | null;
      e: number;
      n: number[];
      z: number[] | null;
      g?: GzipCrc | null;
    };
    let at = 4 + metaLen;
    const take = (n: number) => {
      const part = buf.subarray(at, at + n);
      at += n;
      return part;
    };
    const parts = meta.n.map(take);
    const deflated = meta.z?.map(take);
    if (at !== buf.length) return undefined;
    return {
      headers: meta.h,
      csp: meta.c ?? undefined,
      parts,
      deflated,
      gzipCrc: meta.g ?? undefined,
      expiresAt: meta.e,
    };
  } catch {
    return undefined;
  }
};

/** A page's memory and its bytes in Redis, for the stores' budgets (modules/pages/page-store.ts). */
export const pageCodec: PageCodec<CachedPage> = {
  size: (p) =>
    [...p.parts, ...(p.deflated ?? [])].reduce((n, b) => n + b.length, 0) +
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
