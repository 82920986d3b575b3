import { LRUCache } from 'lru-cache';

/**
 * Per-account throttling of failed logins (the per-address rate limit is rate-limit.ts's): from
 * the 5th failure in a row the account refuses logins for 1 minute, each further failure doubles
 * that, up to 15 minutes. A successful login (or a password reset) starts the count again.
 */
export const LOGIN_LOCK = { threshold: 5, baseMs: 60_000, capMs: 15 * 60_000 };
export type LockPolicy = typeof LOGIN_LOCK;

/**
 * The panel's own, stricter count (a club's whole shop is behind it): from the 5th failure 15
 * minutes, doubling up to a day. A reset link from the login screen lifts it, so a stranger who
 * keeps guessing cannot keep a manager out.
 */
export const PANEL_LOGIN_LOCK: LockPolicy = { threshold: 5, baseMs: 15 * 60_000, capMs: 24 * 60 * 60_000 };

/** How long logins wait after the `failures`-th failure in a row (0: not yet). */
export const lockDelayMs = (failures: number, policy: LockPolicy = LOGIN_LOCK): number =>
  failures < policy.threshold
    ? 0
    : Math.min(policy.capMs, policy.baseMs * 2 ** Math.min(failures - policy.threshold, 10));

export const isLocked = (until: Date | null | undefined, now: Date): boolean =>
  Boolean(until && until.getTime() > now.getTime());

type Entry = { failures: number; lockedUntil: Date | null };

/**
 * The same counting for addresses without an account, kept in memory: an unknown address must
 * answer exactly like an existing one (400, then 429 from the 5th failure), or the lock would tell
 * which addresses have accounts. Bounded in size and age like every cache here; per process, so
 * with several processes an unknown address is locked a little later than a real one (see README).
 */
export class UnknownAddressThrottle {
  private readonly entries = new LRUCache<string, Entry>({ max: 10_000, ttl: 24 * 60 * 60 * 1000 });

  constructor(private readonly policy: LockPolicy = LOGIN_LOCK) {}

  locked(key: string, now: Date): boolean {
    return isLocked(this.entries.get(key)?.lockedUntil, now);
  }

  fail(key: string, now: Date) {
    const failures = (this.entries.get(key)?.failures ?? 0) + 1;
    const delay = lockDelayMs(failures, this.policy);
    this.entries.set(key, { failures, lockedUntil: delay ? new Date(now.getTime() + delay) : null });
  }
}
