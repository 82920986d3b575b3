import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sessions, users } from '../db/schema.ts';
import { hashToken, newToken } from '../lib/crypto.ts';
import { unauthorized } from '../lib/http-error.ts';

export type User = typeof users.$inferSelect;
export const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;

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
      .select({ user: users, sessionId: sessions.id, expiresAt: sessions.expiresAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.tokenHash, hashToken(ticket)),
          eq(sessions.organisationId, organisationId),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, now),
        ),
      )
      .limit(1);
    if (!row) return null;
    // Sliding expiry, written at most once per half-life so reads stay reads.
    if (row.expiresAt.getTime() - now.getTime() < SESSION_TTL_MS / 2) {
      await this.app.db
        .update(sessions)
        .set({ expiresAt: new Date(now.getTime() + SESSION_TTL_MS) })
        .where(eq(sessions.id, row.sessionId));
    }
    return row.user;
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

export const authPlugin = fp(async (app: FastifyInstance) => {
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
});
