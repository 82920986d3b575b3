import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, renameSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname } from 'node:path';

/**
 * One shop per embedded database directory: the shop that runs the embedded PostgreSQL on it (and
 * stops it when it ends). The lock is a file next to the directory
 * holding the owner's pid, host and process start time. A lock whose owner is gone (crash,
 * SIGKILL, a container restarted with the same pid) is taken over, so a crash never blocks the
 * next start; a lock from another host cannot be checked by pid, so it counts as held while its
 * owner keeps touching it.
 */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly lockFile: string,
    owner: string,
  ) {
    super(
      `Another shop already runs on DATA_DIR (${dirname(dataDir)}): ${owner}. Stop it first; for ` +
        `several processes set WEB_CONCURRENCY (or DATABASE_URL for an external PostgreSQL). Lock: ${lockFile}`,
    );
    this.name = 'DataDirLockedError';
  }
}

type Owner = { pid: number; host: string; started: string | null; since: string };

/** How often the owner touches the lock, and when an untouched lock from another host is stale. */
const HEARTBEAT_MS = 15_000;
const FOREIGN_STALE_MS = 60_000;

/** The kernel's start time of a process (Linux), so a reused pid is not taken for the owner. */
const startTimeOf = (pid: number): string | null => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after "(comm)": state is field 3, starttime field 22.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
};

const parseOwner = (text: string): Owner | null => {
  try {
    const o = JSON.parse(text) as Partial<Owner>;
    return typeof o.pid === 'number' && typeof o.host === 'string'
      ? { pid: o.pid, host: o.host, started: o.started ?? null, since: String(o.since ?? '?') }
      : null;
  } catch {
    return null;
  }
};

const isAlive = (owner: Owner, touchedMs: number): boolean => {
  if (owner.host !== hostname()) return Date.now() - touchedMs < FOREIGN_STALE_MS;
  // A restarted container often gets the same pid as the crashed process: that pid is us now.
  if (owner.pid === process.pid) return false;
  try {
    process.kill(owner.pid, 0);
  } catch (e) {
    // EPERM: the process exists but belongs to another user.
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const started = startTimeOf(owner.pid);
  return !(owner.started && started && owner.started !== started);
};

const errorCode = (e: unknown) => (e as NodeJS.ErrnoException).code;
const unlinkQuietly = (path: string) => {
  try {
    unlinkSync(path);
  } catch {}
};

export type DataDirLock = { release(): void };

/** Locks this process holds: a second open of one directory in this process is refused too. */
const heldHere = new Set<string>();

/** Takes the lock `${dataDir}.lock` or throws DataDirLockedError naming the owner. */
export const lockDataDir = (dataDir: string): DataDirLock => {
  const lockFile = `${dataDir}.lock`;
  if (heldHere.has(lockFile))
    throw new DataDirLockedError(dataDir, lockFile, `this process, pid ${process.pid}`);
  const mine = JSON.stringify({
    pid: process.pid,
    host: hostname(),
    started: startTimeOf(process.pid),
    since: new Date().toISOString(),
  } satisfies Owner);
  const unique = () => `${lockFile}.${process.pid}.${randomBytes(4).toString('hex')}`;
  // Written whole first and then linked into place: the lock file never exists half-written.
  const draft = unique();
  writeFileSync(draft, mine);
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        linkSync(draft, lockFile);
        return holdLock(lockFile, mine);
      } catch (e) {
        if (errorCode(e) !== 'EEXIST') throw e;
      }
      let text: string;
      let touched: number;
      try {
        text = readFileSync(lockFile, 'utf8');
        touched = statSync(lockFile).mtimeMs;
      } catch (e) {
        if (errorCode(e) === 'ENOENT') continue;
        throw e;
      }
      const owner = parseOwner(text);
      if (owner && isAlive(owner, touched)) {
        throw new DataDirLockedError(
          dataDir,
          lockFile,
          `pid ${owner.pid} on ${owner.host} since ${owner.since}`,
        );
      }
      // Stale: move it aside atomically and check that what moved is the lock judged stale (two
      // starts may take over at once); someone's fresh lock is put back.
      const aside = unique();
      try {
        renameSync(lockFile, aside);
      } catch (e) {
        if (errorCode(e) === 'ENOENT') continue;
        throw e;
      }
      if (readFileSync(aside, 'utf8') !== text) {
        try {
          linkSync(aside, lockFile);
        } catch {}
      }
      unlinkQuietly(aside);
    }
    throw new DataDirLockedError(dataDir, lockFile, 'another process keeps taking the lock');
  } finally {
    unlinkQuietly(draft);
  }
};

const holdLock = (lockFile: string, mine: string): DataDirLock => {
  const heartbeat = setInterval(() => {
    try {
      const now = new Date();
      utimesSync(lockFile, now, now);
    } catch {}
  }, HEARTBEAT_MS);
  heartbeat.unref();
  let held = true;
  heldHere.add(lockFile);
  const release = () => {
    if (!held) return;
    held = false;
    heldHere.delete(lockFile);
    clearInterval(heartbeat);
    process.off('exit', release);
    try {
      // Only our own lock: never remove one another process took over.
      if (readFileSync(lockFile, 'utf8') === mine) unlinkSync(lockFile);
    } catch {}
  };
  // A forced exit (second signal, shutdown timeout) still releases it.
  process.on('exit', release);
  return { release };
};
