import { DEFAULT_ORIGIN, msg, ORG_HEADER, ORG_HEADER_ALT, ORIGIN_HEADER } from '@club/contract';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { organisationDomains, organisations } from '../db/schema.ts';
import { notFound } from '../lib/http-error.ts';
import { siteUrlFor } from '../lib/site-url.ts';
import type { ChangeEvent } from '../modules/changes/bus.ts';

export type Organisation = typeof organisations.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    /** The tenant of this request; resolved lazily, cached per request. */
    org(): Promise<Organisation>;
  }
  interface FastifyInstance {
    tenants: TenantResolver;
  }
}

const TTL_MS = 10_000;
/** Known clubs: keys come from the database (aliases, domains), so this bound is never reached in practice. */
export const KNOWN_MAX = 1_000;
/**
 * Names that match no club come from request headers, so anyone can send new ones: a small cache
 * of its own, bounded in entries and in characters, so junk cannot push out the real clubs.
 */
export const UNKNOWN_MAX = 256;
export const UNKNOWN_MAX_CHARS = 64 * 1024;
/** Longest DNS name: a longer Host cannot be a club's domain, no query needed. */
const HOST_MAX = 253;

export type TenantCacheSizes = { known: number; unknown: number; unknownChars: number; siteUrls: number };

/** The lookup key of a Host / X-Origin value: no scheme, path or port, lower case. */
const hostKey = (host: string) =>
  host
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/\/.*$/, '')
    .replace(/:\d+$/, '');

/** Organisation lookups are read-mostly: cache briefly so N processes still see changes soon. */
export class TenantResolver {
  /** `alias:…` / `host:…` → the club; concurrent misses of one key share one query. */
  private readonly known: LRUCache<string, Organisation>;
  private readonly unknown = new LRUCache<string, true>({
    max: UNKNOWN_MAX,
    maxSize: UNKNOWN_MAX_CHARS,
    sizeCalculation: (_v, key) => Math.max(1, key.length),
    ttl: TTL_MS,
  });
  /** Club id → its storefront address (decision 11). */
  private readonly siteUrls: LRUCache<number, string>;

  constructor(
    private readonly app: FastifyInstance,
    private readonly defaultAlias: string,
  ) {
    this.known = new LRUCache<string, Organisation>({
      max: KNOWN_MAX,
      ttl: TTL_MS,
      // `invalidate()` during a lookup must not fail the request waiting for it.
      ignoreFetchAbort: true,
      fetchMethod: async (key) => {
        const org = await this.query(key);
        if (!org) this.unknown.set(key, true);
        return org ?? undefined;
      },
    });
    this.siteUrls = new LRUCache<number, string>({
      max: KNOWN_MAX,
      ttl: TTL_MS,
      ignoreFetchAbort: true,
      fetchMethod: async (orgId) => {
        const rows = await this.app.db
          .select({ host: organisationDomains.host })
          .from(organisationDomains)
          .where(eq(organisationDomains.organisationId, orgId))
          .orderBy(asc(organisationDomains.id));
        return siteUrlFor(
          this.app.config.publicUrl,
          rows.map((r) => r.host),
        );
      },
    });
  }

  invalidate() {
    this.known.clear();
    this.unknown.clear();
    this.siteUrls.clear();
  }

  /**
   * Forgets one club (its row or domains changed); names that matched no club are forgotten too,
   * since a new domain may match one now.
   */
  invalidateClub(organisationId: number) {
    const keys = [...this.known.entries()].filter(([, org]) => org.id === organisationId).map(([k]) => k);
    for (const key of keys) this.known.delete(key);
    this.unknown.clear();
    this.siteUrls.delete(organisationId);
  }

  /** How many entries each cache holds now (for tests and diagnostics). */
  cacheSizes(): TenantCacheSizes {
    return {
      known: this.known.size,
      unknown: this.unknown.size,
      unknownChars: this.unknown.calculatedSize,
      siteUrls: this.siteUrls.size,
    };
  }

  private async query(key: string): Promise<Organisation | null> {
    if (key.startsWith('alias:')) {
      const [org] = await this.app.db
        .select()
        .from(organisations)
        .where(eq(organisations.alias, key.slice('alias:'.length)))
        .limit(1);
      return org ?? null;
    }
    const rows = await this.app.db
      .select({ org: organisations })
      .from(organisationDomains)
      .innerJoin(organisations, eq(organisations.id, organisationDomains.organisationId))
      .where(eq(organisationDomains.host, key.slice('host:'.length)))
      .limit(1);
    return rows[0]?.org ?? null;
  }

  private async find(key: string): Promise<Organisation | null> {
    if (this.unknown.has(key)) return null;
    return (await this.known.fetch(key)) ?? null;
  }

  findByAlias(alias: string): Promise<Organisation | null> {
    return this.find(`alias:${alias.trim().toLowerCase()}`);
  }

  async findByHost(host: string): Promise<Organisation | null> {
    const key = hostKey(host);
    if (!key || key.length > HOST_MAX) return null;
    return this.find(`host:${key}`);
  }

  /** The club a page is for: its Host (a club's domain), else the default club. */
  async forHost(host: string | undefined): Promise<Organisation> {
    const org = (host && host !== DEFAULT_ORIGIN && (await this.findByHost(host))) || null;
    return org ?? this.defaultOrg();
  }

  /** The club's storefront address from its configured domains and PUBLIC_URL (decision 11). */
  async siteUrl(org: Pick<Organisation, 'id'>): Promise<string> {
    return (await this.siteUrls.fetch(org.id)) ?? this.app.config.publicUrl;
  }

  private async defaultOrg(): Promise<Organisation> {
    const fallback = await this.findByAlias(this.defaultAlias);
    if (!fallback) throw notFound(msg.organisationNotFound);
    return fallback;
  }

  /**
   * `organizacja` → `X-Organizacja` → `X-Origin` host → Host → default. An unknown explicit alias
   * is a 404. Host is `request.host`: X-Forwarded-Host only from a proxy TRUST_PROXY names.
   */
  async resolve(request: FastifyRequest): Promise<Organisation> {
    const header = (name: string) => {
      const v = request.headers[name];
      return (Array.isArray(v) ? v[0] : v)?.trim() || undefined;
    };
    const alias = header(ORG_HEADER) ?? header(ORG_HEADER_ALT);
    if (alias) {
      const org = await this.findByAlias(alias);
      if (!org) throw notFound(msg.organisationNotFound);
      return org;
    }
    for (const host of [header(ORIGIN_HEADER), request.host]) {
      if (!host || host === DEFAULT_ORIGIN) continue;
      const org = await this.findByHost(host);
      if (org) return org;
    }
    return this.defaultOrg();
  }
}

export const tenancyPlugin = fp(
  async (app: FastifyInstance, opts: { defaultTenant: string }) => {
    const resolver = new TenantResolver(app, opts.defaultTenant);
    app.decorate('tenants', resolver);
    // changes: the club's row (names, domains, PayU) is edited in the panel, by any process.
    const drop = (event: ChangeEvent) =>
      event === 'all' ? resolver.invalidate() : resolver.invalidateClub(event.organisationId);
    app.changes.subscribe('settings', drop);
    app.changes.subscribe('payments', drop);
    // Per request: held only as long as the request object itself.
    const cache = new WeakMap<FastifyRequest, Promise<Organisation>>();
    app.decorateRequest('org', function (this: FastifyRequest) {
      let p = cache.get(this);
      if (!p) {
        p = resolver.resolve(this);
        cache.set(this, p);
      }
      return p;
    });
  },
  { name: 'tenancy', dependencies: ['changes'] },
);
