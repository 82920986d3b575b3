import { DEFAULT_ORIGIN, msg, ORG_HEADER, ORG_HEADER_ALT, ORIGIN_HEADER } from '@club/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { organisationDomains, organisations } from '../db/schema.ts';
import { notFound } from '../lib/http-error.ts';

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

/** Organisation lookups are read-mostly: cache briefly so N processes still see changes soon. */
export class TenantResolver {
  private byAlias = new Map<string, { org: Organisation | null; at: number }>();
  private byHost = new Map<string, { org: Organisation | null; at: number }>();
  constructor(
    private readonly app: FastifyInstance,
    private readonly defaultAlias: string,
  ) {}

  invalidate() {
    this.byAlias.clear();
    this.byHost.clear();
  }

  async findByAlias(alias: string): Promise<Organisation | null> {
    const key = alias.trim().toLowerCase();
    const hit = this.byAlias.get(key);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.org;
    const [org] = await this.app.db.select().from(organisations).where(eq(organisations.alias, key)).limit(1);
    this.byAlias.set(key, { org: org ?? null, at: Date.now() });
    return org ?? null;
  }

  async findByHost(host: string): Promise<Organisation | null> {
    const key = host
      .trim()
      .toLowerCase()
      .replace(/^https?:\/\//, '')
      .replace(/\/.*$/, '')
      .replace(/:\d+$/, '');
    const hit = this.byHost.get(key);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.org;
    const rows = await this.app.db
      .select({ org: organisations })
      .from(organisationDomains)
      .innerJoin(organisations, eq(organisations.id, organisationDomains.organisationId))
      .where(eq(organisationDomains.host, key))
      .limit(1);
    const org = rows[0]?.org ?? null;
    this.byHost.set(key, { org, at: Date.now() });
    return org;
  }

  /** `organizacja` → `X-Organizacja` → `X-Origin` host → `Host` → default. An unknown explicit alias is a 404. */
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
    for (const host of [header(ORIGIN_HEADER), header('host')]) {
      if (!host || host === DEFAULT_ORIGIN) continue;
      const org = await this.findByHost(host);
      if (org) return org;
    }
    const fallback = await this.findByAlias(this.defaultAlias);
    if (!fallback) throw notFound(msg.organisationNotFound);
    return fallback;
  }
}

export const tenancyPlugin = fp(async (app: FastifyInstance, opts: { defaultTenant: string }) => {
  const resolver = new TenantResolver(app, opts.defaultTenant);
  app.decorate('tenants', resolver);
  const cache = new WeakMap<FastifyRequest, Promise<Organisation>>();
  app.decorateRequest('org', function (this: FastifyRequest) {
    let p = cache.get(this);
    if (!p) {
      p = resolver.resolve(this);
      cache.set(this, p);
    }
    return p;
  });
});
