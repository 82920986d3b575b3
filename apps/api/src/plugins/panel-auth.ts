import { msg, PANEL_API_PREFIX, PANEL_COOKIE, PANEL_ROLES, type PanelRoleName } from '@club/contract';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { panelSessions, users } from '../db/schema.ts';
import { hashToken, newToken } from '../lib/crypto.ts';
import { forbidden, unauthorized } from '../lib/http-error.ts';
import { notifyChange } from '../modules/changes/notify.ts';
import type { User } from './auth.ts';
import type { Organisation } from './tenancy.ts';

const HOUR_MS = 60 * 60 * 1000;
/** A panel session left unused for 8 hours ends (a working day, sliding)... */
export const PANEL_IDLE_MS = 8 * HOUR_MS;
/** ...and every panel session ends 7 days after login however much it is used. */
export const PANEL_MAX_AGE_MS = 7 * 24 * HOUR_MS;
/** How long a process reuses a session it looked up (dropped earlier on any revocation). */
export const PANEL_SESSION_CACHE_MS = 3_000;

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
  /** Every panel call runs it: prepared, so its SQL is built and planned once per connection. */
  private readonly liveSession;
  /**
   * Sessions looked up in the last seconds: a panel call then costs one database round trip, not
   * two. Revocations and staff changes drop them in every
   * process through the change bus; kept only while this process hears it.
   */
  private readonly recent = new LRUCache<string, { user: User; expiresAt: number; createdAt: number }>({
    max: 5_000,
    ttl: PANEL_SESSION_CACHE_MS,
  });
  /** Bumped by every drop, so a lookup that began before it is not kept. */
  private generation = 0;

  constructor(private readonly app: FastifyInstance) {
    this.liveSession = app.db
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
          eq(panelSessions.tokenHash, sql.placeholder('tokenHash')),
          isNull(panelSessions.revokedAt),
          gt(panelSessions.expiresAt, sql.placeholder('now')),
          gt(panelSessions.createdAt, sql.placeholder('bornAfter')),
        ),
      )
      .limit(1)
      .prepare('panel_live_session');
  }

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
    const tokenHash = hashToken(token);
    const now = Date.now();
    const known = this.recent.get(tokenHash);
    if (known && known.expiresAt > now && known.createdAt > now - PANEL_MAX_AGE_MS) return known.user;
    const generation = this.generation;
    const [row] = await this.liveSession.execute({
      tokenHash,
      now: new Date(now),
      bornAfter: new Date(now - PANEL_MAX_AGE_MS),
    });
    if (!row) return null;
    let expiresAt = row.expiresAt.getTime();
    // Written at most once a minute, so a page's burst of calls stays reads; never past the absolute end.
    if (now + PANEL_IDLE_MS - expiresAt > 60_000) {
      expiresAt = Math.min(now + PANEL_IDLE_MS, row.createdAt.getTime() + PANEL_MAX_AGE_MS);
      await this.app.db
        .update(panelSessions)
        .set({ expiresAt: new Date(expiresAt) })
        .where(eq(panelSessions.id, row.id));
    }
    // Not when a revocation ran meanwhile (it may have missed this row), nor without the change bus.
    if (generation === this.generation && this.app.changes.listening())
      this.recent.set(tokenHash, { user: row.user, expiresAt, createdAt: row.createdAt.getTime() });
    return row.user;
  }

  async revoke(token: string): Promise<void> {
    const rows = await this.app.db
      .update(panelSessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(panelSessions.tokenHash, hashToken(token)), isNull(panelSessions.revokedAt)))
      .returning({ organisationId: panelSessions.organisationId });
    for (const { organisationId } of rows) await this.announce(organisationId);
  }

  /** Ends every panel session of an account (password changed or reset). */
  async revokeAllFor(userId: number): Promise<void> {
    const rows = await this.app.db
      .update(panelSessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(panelSessions.userId, userId), isNull(panelSessions.revokedAt)))
      .returning({ organisationId: panelSessions.organisationId });
    for (const organisationId of new Set(rows.map((r) => r.organisationId)))
      await this.announce(organisationId);
  }

  /**
   * A club's panel sessions or accounts changed, committed: this process forgets them at once,
   * every other one when the change bus delivers. (A staff change in a transaction:
   * `staffChange` in staff-service.ts.)
   */
  private async announce(organisationId: number): Promise<void> {
    this.forget(organisationId);
    await notifyChange(this.app.db, { organisationId, topic: 'staff' });
  }

  /** Drops the sessions looked up for a club (or all), and any lookup still running. */
  forget(organisationId: number | 'all'): void {
    this.generation++;
    if (organisationId === 'all') this.recent.clear();
    else
      for (const [hash, s] of this.recent.entries())
        if (s.user.organisationId === organisationId) this.recent.delete(hash);
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
    const sessions = new PanelSessionService(app);
    app.decorate('panelSessions', sessions);
    app.changes.subscribe('staff', (event) =>
      sessions.forget(event === 'all' ? 'all' : event.organisationId),
    );
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
  { name: 'panel-auth', dependencies: ['tenancy', 'changes'] },
);
