import type { Redis } from 'ioredis';

/**
 * Where the whole-page cache keeps pages, and how much: process memory, or Redis shared by every
 * process (REDIS_URL). Both hold each club to its own budget of pages and bytes and the whole
 * cache to a total; a club over budget loses its own oldest pages, and when the total is reached
 * the largest club loses its oldest first, so one club's flood of addresses cannot push out
 * another's pages. What a page is (its bytes, its compression) is the codec's business only.
 */

export type PageLimits = {
  /** How long a page is kept (the store's bookkeeping; the caller checks a page's own expiry too). */
  ttlMs: number;
  /** Bytes of every club's pages together: this process's memory, or the pages' share of Redis. */
  maxBytes: number;
  /** Bytes of one club's pages. */
  clubBytes: number;
  /** Pages of one club. */
  clubPages: number;
};

/** What a store needs to know of a page: its size in memory, its bytes in Redis. */
export type PageCodec<T> = {
  size(page: T): number;
  encode(page: T): Buffer;
  decode(bytes: Buffer): T | undefined;
};

export interface PageStore<T> {
  get(orgId: number, key: string): Promise<T | undefined> | T | undefined;
  set(orgId: number, key: string, page: T): Promise<void> | void;
  dropClub(orgId: number): Promise<void> | void;
  dropAll(): Promise<void> | void;
  close(): Promise<void>;
}

type Log = { info(msg: string): void; warn(obj: object, msg: string): void };

/** A page bigger than this share of a club's budget would push out too many others: not kept. */
const PAGE_SHARE = 4;
const MAX_PAGE_BYTES = 4 * 1024 * 1024;
/** Bookkeeping a page costs besides its bytes (map entries; in Redis the hash field, the sorted set member). */
const ENTRY_OVERHEAD = 128;

/** The bytes a page of `size` counts against the budgets, or undefined when it is not kept at all. */
export const chargedBytes = (limits: PageLimits, key: string, size: number): number | undefined => {
  const bytes = size + Buffer.byteLength(key) + ENTRY_OVERHEAD;
  const max = Math.min(MAX_PAGE_BYTES, limits.clubBytes / PAGE_SHARE, limits.maxBytes / PAGE_SHARE);
  return bytes > max ? undefined : bytes;
};

type Entry<T> = { page: T; bytes: number; storedAt: number };
type Club<T> = { pages: Map<string, Entry<T>>; bytes: number };

/** Pages in this process's memory; within a club the least recently used goes first. */
export class MemoryPageStore<T> implements PageStore<T> {
  private readonly clubs = new Map<number, Club<T>>();
  private bytes = 0;

  constructor(
    private readonly limits: PageLimits,
    private readonly sizeOf: (page: T) => number,
  ) {}

  get(orgId: number, key: string): T | undefined {
    const club = this.clubs.get(orgId);
    const entry = club?.pages.get(key);
    if (!club || !entry) return undefined;
    if (entry.storedAt + this.limits.ttlMs <= Date.now()) {
      this.remove(orgId, club, key);
      return undefined;
    }
    // A Map keeps insertion order: moved to the end, the page is the club's newest.
    club.pages.delete(key);
    club.pages.set(key, entry);
    return entry.page;
  }

  set(orgId: number, key: string, page: T) {
    const bytes = chargedBytes(this.limits, key, this.sizeOf(page));
    if (bytes === undefined) return;
    let club = this.clubs.get(orgId);
    if (!club) {
      club = { pages: new Map(), bytes: 0 };
      this.clubs.set(orgId, club);
    }
    if (club.pages.has(key)) this.remove(orgId, club, key);
    const { clubPages, clubBytes, maxBytes } = this.limits;
    while (club.pages.size > 0 && (club.pages.size >= clubPages || club.bytes + bytes > clubBytes))
      this.evictOldest(orgId, club);
    while (this.bytes + bytes > maxBytes) {
      const largest = this.largestClub();
      if (!largest) break;
      this.evictOldest(largest[0], largest[1]);
    }
    // Evicting may have emptied and forgotten the club.
    if (!this.clubs.has(orgId)) this.clubs.set(orgId, club);
    club.pages.set(key, { page, bytes, storedAt: Date.now() });
    club.bytes += bytes;
    this.bytes += bytes;
  }

  dropClub(orgId: number) {
    const club = this.clubs.get(orgId);
    if (!club) return;
    this.bytes -= club.bytes;
    this.clubs.delete(orgId);
  }

  dropAll() {
    this.clubs.clear();
    this.bytes = 0;
  }

  /** Pages kept now: every club's, or one club's. */
  size(orgId?: number): number {
    if (orgId !== undefined) return this.clubs.get(orgId)?.pages.size ?? 0;
    let n = 0;
    for (const club of this.clubs.values()) n += club.pages.size;
    return n;
  }

  async close() {}

  private largestClub(): [number, Club<T>] | undefined {
    let largest: [number, Club<T>] | undefined;
    for (const entry of this.clubs) if (!largest || entry[1].bytes > largest[1].bytes) largest = entry;
    return largest;
  }

  private evictOldest(orgId: number, club: Club<T>) {
    const oldest = club.pages.keys().next();
    if (!oldest.done) this.remove(orgId, club, oldest.value);
  }

  private remove(orgId: number, club: Club<T>, key: string) {
    const entry = club.pages.get(key);
    if (!entry) return;
    club.pages.delete(key);
    club.bytes -= entry.bytes;
    this.bytes -= entry.bytes;
    if (club.pages.size === 0) this.clubs.delete(orgId);
  }
}

/**
 * Stores a page and keeps the budgets, in one step (no other process sees half of it).
 * KEYS: the club's pages (hash: key → page), its order (sorted set: key → stored at, ms), the
 * bytes each page counts (hash), every club's bytes (sorted set: club → bytes), the total (string).
 * Another club's keys are named from the prefix (a single Redis, not a cluster). Every key expires:
 * a page is kept `ttl`, a club's keys go `2 ttl` after its last store. Counts that a key's expiry
 * left behind (a club whose keys went) are forgotten as they are met, so they cannot block storing.
 */
const SET_PAGE = `
local pages, order, sizes, clubs, total = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5]
local field, value, club, prefix = ARGV[1], ARGV[2], ARGV[3], ARGV[4]
local bytes, now, ttl = tonumber(ARGV[5]), tonumber(ARGV[6]), tonumber(ARGV[7])
local clubPages, clubBytes, maxBytes = tonumber(ARGV[8]), tonumber(ARGV[9]), tonumber(ARGV[10])

local function forget(c)
  local n = tonumber(redis.call('ZSCORE', clubs, c) or 0)
  redis.call('ZREM', clubs, c)
  redis.call('DECRBY', total, n)
end
local function remove(c, f)
  local s = prefix .. 'size:' .. c
  local n = tonumber(redis.call('HGET', s, f) or 0)
  redis.call('HDEL', prefix .. 'page:' .. c, f)
  redis.call('HDEL', s, f)
  redis.call('ZREM', prefix .. 'order:' .. c, f)
  redis.call('ZINCRBY', clubs, -n, c)
  redis.call('DECRBY', total, n)
end
-- The oldest page of club c goes; false when the club has none left (its keys may have expired).
local function evictOldest(c)
  local o = prefix .. 'order:' .. c
  local oldest = redis.call('ZRANGE', o, 0, 0)
  if #oldest == 0 then
    forget(c)
    redis.call('DEL', prefix .. 'page:' .. c, prefix .. 'size:' .. c)
    return false
  end
  remove(c, oldest[1])
  return true
end

if redis.call('EXISTS', order) == 0 or redis.call('EXISTS', pages) == 0 then
  forget(club)
  redis.call('DEL', pages, order, sizes)
end
remove(club, field)
for _, f in ipairs(redis.call('ZRANGEBYSCORE', order, '-inf', now - ttl)) do remove(club, f) end
while redis.call('ZCARD', order) >= clubPages
  or tonumber(redis.call('ZSCORE', clubs, club) or 0) + bytes > clubBytes do
  if not evictOldest(club) then break end
end
while tonumber(redis.call('GET', total) or 0) + bytes > maxBytes do
  local largest = redis.call('ZREVRANGE', clubs, 0, 0)
  if #largest == 0 then
    redis.call('SET', total, 0)
    break
  end
  evictOldest(largest[1])
end
redis.call('HSET', pages, field, value)
redis.call('HSET', sizes, field, bytes)
redis.call('ZADD', order, now, field)
redis.call('ZINCRBY', clubs, bytes, club)
redis.call('INCRBY', total, bytes)
for _, k in ipairs(KEYS) do redis.call('PEXPIRE', k, ttl * 2) end
return 1
`;

/** Drops a club's pages and its share of the total. KEYS: pages, order, sizes, clubs, total; ARGV: club. */
const DROP_CLUB = `
local n = tonumber(redis.call('ZSCORE', KEYS[4], ARGV[1]) or 0)
redis.call('DEL', KEYS[1], KEYS[2], KEYS[3])
redis.call('ZREM', KEYS[4], ARGV[1])
if n > 0 and redis.call('EXISTS', KEYS[5]) == 1 and redis.call('DECRBY', KEYS[5], n) <= 0 then
  redis.call('DEL', KEYS[5])
end
return 1
`;

type PageScripts = {
  pageSet(...args: (string | number | Buffer)[]): Promise<number>;
  pageDropClub(...args: (string | number)[]): Promise<number>;
};

/** After a failed Redis call, pages are rendered without the cache this long before Redis is tried again. */
const REDIS_RETRY_AFTER_MS = 5_000;
/** Clubs whose drop failed, remembered one by one up to this many; beyond, every club's pages go. */
const MAX_MISSED_CLUBS = 1_000;
export const REDIS_PAGE_PREFIX = 'clubshop-pages:';

/**
 * Pages in Redis, shared by every process, in their own key space (`clubshop-pages:`, apart from
 * the rate-limit counters' `clubshop-rl:`), every key with an expiry and the whole within
 * `maxBytes`, so pages cannot fill the memory the counters need. Redis trouble never fails a
 * page: it is rendered instead. A drop that fails (Redis away when the panel changed something)
 * is remembered and done before this process reads or stores a page again, so a page the change
 * made stale is not served after Redis is back.
 */
export class RedisPageStore<T> implements PageStore<T> {
  private retryAt = 0;
  private down = false;
  /** Clubs whose pages may still be in Redis although a change dropped them ('all': any club). */
  private missed: Set<number> | 'all' = new Set();
  private settling: Promise<boolean> | undefined;
  private readonly scripts: PageScripts;

  constructor(
    private readonly redis: Redis,
    private readonly limits: PageLimits,
    private readonly codec: PageCodec<T>,
    private readonly log: Log,
    private readonly prefix = REDIS_PAGE_PREFIX,
  ) {
    redis.defineCommand('pageSet', { numberOfKeys: 5, lua: SET_PAGE });
    redis.defineCommand('pageDropClub', { numberOfKeys: 5, lua: DROP_CLUB });
    this.scripts = redis as unknown as PageScripts;
    // Connection errors are expected while Redis is away: said once by `failed`, not per retry.
    redis.on('error', (err) => this.failed(err));
    // Back after a cut: first drop what may have been missed meanwhile, then serve again.
    redis.on('ready', () => {
      this.retryAt = 0;
      void this.settle();
    });
  }

  private keys(orgId: number) {
    const p = this.prefix;
    return {
      pages: `${p}page:${orgId}`,
      order: `${p}order:${orgId}`,
      sizes: `${p}size:${orgId}`,
      clubs: `${p}clubs`,
      total: `${p}bytes`,
    };
  }

  /** Whether Redis may be used for pages now: connected, not backing off, nothing missed left to drop. */
  private async usable(): Promise<boolean> {
    if (this.redis.status !== 'ready' || Date.now() < this.retryAt) return false;
    return this.settle();
  }

  private failed(err: unknown) {
    this.retryAt = Date.now() + REDIS_RETRY_AFTER_MS;
    if (!this.down)
      this.log.warn(
        { err: err instanceof Error ? err.message : String(err) },
        'Redis unavailable: pages are rendered without the page cache',
      );
    this.down = true;
  }

  private ok() {
    if (this.down) this.log.info('Redis back: pages are cached again');
    this.down = false;
  }

  private remember(missed: Set<number> | 'all') {
    if (missed === 'all' || this.missed === 'all') this.missed = 'all';
    else {
      for (const orgId of missed) this.missed.add(orgId);
      if (this.missed.size > MAX_MISSED_CLUBS) this.missed = 'all';
    }
  }

  private nothingMissed() {
    return this.missed !== 'all' && this.missed.size === 0;
  }

  /** Drops the pages whose drop failed; true once nothing is left to drop. */
  private settle(): Promise<boolean> {
    if (this.nothingMissed()) return Promise.resolve(true);
    this.settling ??= this.dropMissed().finally(() => {
      this.settling = undefined;
    });
    return this.settling;
  }

  private async dropMissed(): Promise<boolean> {
    const missed = this.missed;
    this.missed = new Set();
    try {
      if (missed === 'all') await this.deleteAll();
      else for (const orgId of missed) await this.deleteClub(orgId);
      this.log.info('page cache: dropped the pages of changes made while Redis was unavailable');
      return this.nothingMissed();
    } catch (err) {
      this.remember(missed);
      this.failed(err);
      return false;
    }
  }

  async get(orgId: number, key: string): Promise<T | undefined> {
    if (!(await this.usable())) return undefined;
    try {
      const buf = await this.redis.hgetBuffer(this.keys(orgId).pages, key);
      this.ok();
      return buf ? this.codec.decode(buf) : undefined;
    } catch (err) {
      this.failed(err);
      return undefined;
    }
  }

  async set(orgId: number, key: string, page: T): Promise<void> {
    if (!(await this.usable())) return;
    const value = this.codec.encode(page);
    const bytes = chargedBytes(this.limits, key, value.length);
    if (bytes === undefined) return;
    const k = this.keys(orgId);
    const { ttlMs, clubPages, clubBytes, maxBytes } = this.limits;
    try {
      await this.scripts.pageSet(
        ...[k.pages, k.order, k.sizes, k.clubs, k.total],
        ...[key, value, String(orgId), this.prefix, bytes, Date.now(), ttlMs, clubPages, clubBytes, maxBytes],
      );
      this.ok();
    } catch (err) {
      this.failed(err);
    }
  }

  async dropClub(orgId: number): Promise<void> {
    try {
      await this.deleteClub(orgId);
    } catch (err) {
      this.remember(new Set([orgId]));
      this.failed(err);
    }
  }

  async dropAll(): Promise<void> {
    try {
      await this.deleteAll();
    } catch (err) {
      this.remember('all');
      this.failed(err);
    }
  }

  async close() {
    this.redis.disconnect();
  }

  private async deleteClub(orgId: number) {
    const k = this.keys(orgId);
    await this.scripts.pageDropClub(k.pages, k.order, k.sizes, k.clubs, k.total, String(orgId));
  }

  private async deleteAll() {
    let cursor = '0';
    do {
      const [next, keys] = await this.redis.scan(cursor, 'MATCH', `${this.prefix}*`, 'COUNT', 500);
      if (keys.length) await this.redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  }
}
