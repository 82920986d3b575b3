import { ORG_HEADER, ORG_HEADER_ALT, ORIGIN_HEADER } from '@club/contract';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sessions, users } from '../db/schema.ts';
import { hashToken, newToken } from '../lib/crypto.ts';
import { unauthorized } from '../lib/http-error.ts';

export type User = typeof users.$inferSelect;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A ticket left unused for 14 days ends (sliding expiry)... */
export const SESSION_TTL_MS = 14 * DAY_MS;
/** ...and any ticket ends 30 days after it was issued however much it is used, so a stolen one dies too. */
export const SESSION_MAX_AGE_MS = 30 * DAY_MS;

/** Where tickets are issued and used: the account API. */
const ACCOUNT_PREFIX = '/api/andromeda/kontopanel/';
/** The headers the tenant is resolved from (tenancy.ts), so a shop response varies by them. */
export const TENANT_VARY = [ORG_HEADER, ORG_HEADER_ALT, ORIGIN_HEADER, 'host'];

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in user of this request's tenant, or null. */
    currentUser(): Promise<User | null>;
    /** The logged-in user, or a 401. */
    requireUser(): Promise<User>;
    bearerToken(): string | undefined;
  }
  interface FastifyInstance {
    sessions: SessionService;
  }
}

export class SessionService {
  constructor(private readonly app: FastifyInstance) {}

  /** Opens a session and returns the opaque ticket; only its hash is stored. */
  async create(user: Pick<User, 'id' | 'organisationId'>): Promise<string> {
    const ticket = newToken();
    await this.app.db.insert(sessions).values({
      organisationId: user.organisationId,
      userId: user.id,
      tokenHash: hashToken(ticket),
      expiresAt: new Date(Date.now() + SESSION_TTL_MS),
    });
    return ticket;
  }

  async findUser(ticket: string, organisationId: number): Promise<User | null> {
    const now = new Date();
    const [row] = await this.app.db
      .select({
        user: users,
        sessionId: sessions.id,
        expiresAt: sessions.expiresAt,
        createdAt: sessions.createdAt,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.tokenHash, hashToken(ticket)),
          eq(sessions.organisationId, organisationId),
          // A storefront ticket is a customer's: staff accounts never act through the shop's API.
          eq(users.role, 'customer'),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, now),
          gt(sessions.createdAt, new Date(now.getTime() - SESSION_MAX_AGE_MS)),
        ),
      )
      .limit(1);
    if (!row) return null;
    // Sliding expiry, written at most once per half-life so reads stay reads; never past the absolute end.
    if (row.expiresAt.getTime() - now.getTime() < SESSION_TTL_MS / 2) {
      const end = Math.min(now.getTime() + SESSION_TTL_MS, row.createdAt.getTime() + SESSION_MAX_AGE_MS);
      await this.app.db
        .update(sessions)
        .set({ expiresAt: new Date(end) })
        .where(eq(sessions.id, row.sessionId));
    }
    return row.user;
  }

  /** Ends one session (logout); false when the ticket was not a live session of this tenant. */
  async revoke(ticket: string, organisationId: number): Promise<boolean> {
    const rows = await this.app.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(sessions.tokenHash, hashToken(ticket)),
          eq(sessions.organisationId, organisationId),
          isNull(sessions.revokedAt),
        ),
      )
      .returning({ id: sessions.id });
    return rows.length === 1;
  }

  async revokeAllFor(userId: number, exceptTicket?: string) {
    const rows = await this.app.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id, tokenHash: sessions.tokenHash });
    if (exceptTicket) {
      const keep = hashToken(exceptTicket);
      const kept = rows.find((r) => r.tokenHash === keep);
      if (kept) await this.app.db.update(sessions).set({ revokedAt: null }).where(eq(sessions.id, kept.id));
    }
  }
}

const addVary = (reply: FastifyReply, names: readonly string[]) => {
  const current = String(reply.getHeader('vary') ?? '');
  if (current.trim() === '*') return;
  const have = new Set(
    current
      .split(',')
      .map((v) => v.trim().toLowerCase())
      .filter(Boolean),
  );
  const add = names.filter((n) => !have.has(n.toLowerCase()));
  if (add.length) reply.header('vary', [current, ...add].filter((v) => v.trim()).join(', '));
};

/**
 * What a browser or proxy cache may keep:
 * - a request that carried a ticket (valid or not), and the account API that issues tickets
 *   (login, confirm-account), answer `no-store`: personal data and tickets stay out of every cache
 *   and the back button's history. By header rather than by validity, so no lookup is needed
 *   and a 401 is not cached either;
 * - any other API response was built for the tenant named by the request's headers, so a shared
 *   cache must key it by them (`Vary`), or one club's answer would be served to another club.
 */
const cacheHeaders = async (request: FastifyRequest, reply: FastifyReply) => {
  const path = request.url.split('?', 1)[0]!;
  if (request.headers.authorization || path.startsWith(ACCOUNT_PREFIX)) {
    reply.header('cache-control', 'no-store');
  } else if (path.startsWith('/api/') && path !== '/api/health') {
    addVary(reply, TENANT_VARY);
  }
};

const authHooks = async (app: FastifyInstance) => {
  app.decorate('sessions', new SessionService(app));
  const cache = new WeakMap<FastifyRequest, Promise<User | null>>();
  app.decorateRequest('bearerToken', function (this: FastifyRequest) {
    const h = this.headers.authorization;
    const m = h?.match(/^Bearer\s+(\S{10,200})$/i);
    return m?.[1];
  });
  app.decorateRequest('currentUser', function (this: FastifyRequest) {
    let p = cache.get(this);
    if (!p) {
      const ticket = this.bearerToken();
      p = ticket ? this.org().then((org) => app.sessions.findUser(ticket, org.id)) : Promise.resolve(null);
      cache.set(this, p);
    }
    return p;
  });
  app.decorateRequest('requireUser', async function (this: FastifyRequest) {
    const user = await this.currentUser();
    if (!user) throw unauthorized();
    return user;
  });
  app.addHook('onSend', async (request, reply) => {
    await cacheHeaders(request, reply);
  });
};

export const authPlugin = fp(authHooks, { name: 'auth', dependencies: [] });
