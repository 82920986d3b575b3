import { msg, PANEL_API_PREFIX, PANEL_COOKIE, PANEL_ROLES, type PanelRoleName } from '@club/contract';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { panelSessions, users } from '../db/schema.ts';
import { hashToken, newToken } from '../lib/crypto.ts';
import { forbidden, unauthorized } from '../lib/http-error.ts';
import type { User } from './auth.ts';
import type { Organisation } from './tenancy.ts';

const HOUR_MS = 60 * 60 * 1000;
/** A panel session left unused for 8 hours ends (a working day, sliding)... */
export const PANEL_IDLE_MS = 8 * HOUR_MS;
/** ...and every panel session ends 7 days after login however much it is used. */
export const PANEL_MAX_AGE_MS = 7 * 24 * HOUR_MS;

export type PanelRole = PanelRoleName;
export const isPanelRole = (role: string): role is PanelRole =>
  (PANEL_ROLES as readonly string[]).includes(role);

export type PanelActor = { org: Organisation; user: User };

declare module 'fastify' {
  interface FastifyRequest {
    /** The panel's logged-in owner or manager of this request's club: 401 without a live session, 403 otherwise. */
    panelUser(): Promise<PanelActor>;
    /** As panelUser(), but 403 unless the account is the club's 'owner'. */
    panelOwner(): Promise<PanelActor>;
    /** The raw panel session token from the cookie, if any. */
    panelToken(): string | undefined;
  }
  interface FastifyInstance {
    panelSessions: PanelSessionService;
  }
}

/** Panel sessions: opaque tokens, only their hashes stored, separate from the shop's tickets. */
export class PanelSessionService {
  constructor(private readonly app: FastifyInstance) {}

  async create(user: Pick<User, 'id' | 'organisationId'>): Promise<string> {
    const token = newToken();
    await this.app.db.insert(panelSessions).values({
      organisationId: user.organisationId,
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + PANEL_IDLE_MS),
    });
    return token;
  }

  /**
   * The account of a live session, whichever club it belongs to (the caller compares clubs, so
   * another club's manager gets a 403 rather than a 401); slides the idle expiry.
   */
  async findUser(token: string): Promise<User | null> {
    const now = new Date();
    const [row] = await this.app.db
      .select({
        user: users,
        id: panelSessions.id,
        expiresAt: panelSessions.expiresAt,
        createdAt: panelSessions.createdAt,
      })
      .from(panelSessions)
      .innerJoin(users, eq(users.id, panelSessions.userId))
      .where(
        and(
          eq(panelSessions.tokenHash, hashToken(token)),
          isNull(panelSessions.revokedAt),
          gt(panelSessions.expiresAt, now),
          gt(panelSessions.createdAt, new Date(now.getTime() - PANEL_MAX_AGE_MS)),
        ),
      )
      .limit(1);
    if (!row) return null;
    // Written at most once a minute, so a page's burst of calls stays reads; never past the absolute end.
    if (now.getTime() + PANEL_IDLE_MS - row.expiresAt.getTime() > 60_000) {
      const end = Math.min(now.getTime() + PANEL_IDLE_MS, row.createdAt.getTime() + PANEL_MAX_AGE_MS);
      await this.app.db
        .update(panelSessions)
        .set({ expiresAt: new Date(end) })
        .where(eq(panelSessions.id, row.id));
    }
    return row.user;
  }

  async revoke(token: string): Promise<void> {
    await this.app.db
      .update(panelSessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(panelSessions.tokenHash, hashToken(token)), isNull(panelSessions.revokedAt)));
  }

  /** Ends every panel session of an account (removed from staff, role changed, password reset). */
  async revokeAllFor(userId: number): Promise<void> {
    await this.app.db
      .update(panelSessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(panelSessions.userId, userId), isNull(panelSessions.revokedAt)));
  }
}

/** Cookie options: HttpOnly and SameSite=Strict always, Secure when the shop is served over https. */
export const panelCookieOptions = (app: FastifyInstance) => ({
  path: '/',
  httpOnly: true,
  sameSite: 'strict' as const,
  secure: app.config.publicUrl.startsWith('https://'),
});

export const setPanelCookie = (reply: FastifyReply, token: string) =>
  reply.setCookie(PANEL_COOKIE, token, {
    ...panelCookieOptions(reply.server),
    maxAge: PANEL_MAX_AGE_MS / 1000,
  });

export const clearPanelCookie = (reply: FastifyReply) =>
  reply.clearCookie(PANEL_COOKIE, panelCookieOptions(reply.server));

export const isPanelPath = (url: string) => url.startsWith(PANEL_API_PREFIX);

/**
 * `request.panelUser()` / `request.panelOwner()` for the manager's panel API. Only the panel cookie
 * counts: a shop Bearer ticket never authenticates a panel call (and auth.ts reads only the Bearer
 * header, so a panel cookie never authenticates a shop call). Panel answers are never cached.
 */
export const panelAuthPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('panelSessions', new PanelSessionService(app));
    const cache = new WeakMap<FastifyRequest, Promise<PanelActor>>();
    app.decorateRequest('panelToken', function (this: FastifyRequest) {
      const v = this.cookies[PANEL_COOKIE];
      return v && v.length >= 10 && v.length <= 200 ? v : undefined;
    });
    app.decorateRequest('panelUser', function (this: FastifyRequest) {
      let p = cache.get(this);
      if (!p) {
        const token = this.panelToken();
        p = (async () => {
          if (!token) {
            // A customer's shop ticket is recognised, and refused: it never opens the panel.
            if (this.bearerToken() && (await this.currentUser())) throw forbidden();
            throw unauthorized();
          }
          const user = await app.panelSessions.findUser(token);
          if (!user) throw unauthorized();
          const org = await this.org();
          if (user.organisationId !== org.id || !isPanelRole(user.role)) throw forbidden();
          return { org, user };
        })();
        cache.set(this, p);
      }
      return p;
    });
    app.decorateRequest('panelOwner', async function (this: FastifyRequest) {
      const actor = await this.panelUser();
      if (actor.user.role !== 'owner') throw forbidden(msg.panelOwnerOnly);
      return actor;
    });
    app.addHook('onSend', async (request, reply) => {
      if (isPanelPath(request.url)) reply.header('cache-control', 'no-store');
    });
  },
  { name: 'panel-auth', dependencies: ['tenancy'] },
);
