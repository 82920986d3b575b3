// The default database's life: the embedded PostgreSQL in DATA_DIR/postgres, started with the shop,
// stopped with it, and recovered after a kill -9 at any moment of the first start.
import { type ChildProcess, spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError } from '../src/db/data-dir-lock.ts';
import { embeddedPaths, startEmbeddedPostgres } from '../src/db/embedded-postgres.ts';
import { missingBuild, type SpawnedServer, type SpawnOptions, spawnServer } from './fixtures/spawn-server.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const freshDir = () => mkdtempSync(join(tmpdir(), 'clubshop-embedded-'));
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};
const postmasterPid = (dataDir: string) => {
  const file = join(embeddedPaths(dataDir).cluster, 'postmaster.pid');
  return existsSync(file) ? Number(readFileSync(file, 'utf8').split('\n')[0]) : undefined;
};
const waitUntil = async (what: string, check: () => boolean, ms = 20_000) => {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`not within ${ms} ms: ${what}`);
    await sleep(20);
  }
};
const query = async (url: string, text: string) => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(text)).rows;
  } finally {
    await c.end();
  }
};

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const f of cleanups.splice(0).reverse()) await f();
});
const start = async (dataDir: string, whenRunning: 'refuse' | 'join' = 'refuse') => {
  const db = await startEmbeddedPostgres({ dataDir, whenRunning, log: () => {} });
  cleanups.push(() => db.stop());
  return db;
};

describe('the embedded PostgreSQL', () => {
  it('first start: a cluster, a password file of mode 0600, 127.0.0.1 only, durability on', async () => {
    const dataDir = freshDir();
    const db = await start(dataDir);
    const paths = embeddedPaths(dataDir);
    expect(existsSync(join(paths.cluster, 'clubshop-initialised'))).toBe(true);
    expect(statSync(paths.password).mode & 0o777).toBe(0o600);
    expect(db.url).toContain(encodeURIComponent(readFileSync(paths.password, 'utf8').trim()));
    const port = Number(new URL(db.url).port);
    expect(Number(readFileSync(paths.port, 'utf8'))).toBe(port);
    const [settings] = await query(
      db.url,
      `select current_setting('listen_addresses') l, current_setting('unix_socket_directories') s,
        current_setting('fsync') f, current_setting('synchronous_commit') c, current_setting('full_page_writes') w`,
    );
    expect(settings).toEqual({ l: '127.0.0.1', s: '', f: 'on', c: 'on', w: 'on' });
    // The kernel's own list: every listening socket on the port is bound to 127.0.0.1.
    const hex = port.toString(16).toUpperCase().padStart(4, '0');
    const listening = ['/proc/net/tcp', '/proc/net/tcp6'].flatMap((f) =>
      readFileSync(f, 'utf8')
        .split('\n')
        .slice(1)
        .map((l) => l.trim().split(/\s+/))
        .filter((c) => c[1]?.endsWith(`:${hex}`) && c[3] === '0A')
        .map((c) => c[1]),
    );
    expect(listening).toEqual([`0100007F:${hex}`]);
    // A password is required.
    const u = new URL(db.url);
    u.password = 'wrong';
    await expect(query(u.toString(), 'select 1')).rejects.toThrow(/password authentication failed/);
  });

  it('restart: the data and the port are kept; a widened password file is narrowed again', async () => {
    const dataDir = freshDir();
    const first = await start(dataDir);
    await query(first.url, 'create table kept (n int); insert into kept values (7)');
    await first.stop();
    chmodSync(embeddedPaths(dataDir).password, 0o644);
    const second = await start(dataDir);
    expect(second.url).toBe(first.url);
    expect(await query(second.url, 'select n from kept')).toEqual([{ n: 7 }]);
    expect(statSync(embeddedPaths(dataDir).password).mode & 0o777).toBe(0o600);
  });

  it('a taken port: another one is picked and recorded', async () => {
    const dataDir = freshDir();
    const first = await start(dataDir);
    const port = Number(new URL(first.url).port);
    await first.stop();
    const squatter: Server = createServer();
    await new Promise<void>((ok) => squatter.listen(port, '127.0.0.1', ok));
    cleanups.push(() => new Promise((ok) => squatter.close(ok)));
    const second = await start(dataDir);
    const now = Number(new URL(second.url).port);
    expect(now).not.toBe(port);
    expect(Number(readFileSync(embeddedPaths(dataDir).port, 'utf8'))).toBe(now);
    expect(await query(second.url, 'select 1 as one')).toEqual([{ one: 1 }]);
  });

  it('a half-made cluster (no marker) is moved aside and an interrupted initdb is cleared', async () => {
    const dataDir = freshDir();
    const paths = embeddedPaths(dataDir);
    mkdirSync(paths.cluster, { recursive: true });
    writeFileSync(join(paths.cluster, 'PG_VERSION'), '17\n');
    mkdirSync(join(paths.root, 'data.init-1-abcdef'));
    const db = await start(dataDir);
    expect(await query(db.url, 'select 1 as one')).toEqual([{ one: 1 }]);
    const names = readdirSync(paths.root);
    expect(names.filter((n) => n.startsWith('data.init-'))).toEqual([]);
    expect(names.filter((n) => n.startsWith('data.incomplete-'))).toHaveLength(1);
  });

  it('a postmaster.pid naming a live process that is not the server does not block the start', async () => {
    const dataDir = freshDir();
    await (await start(dataDir)).stop();
    const other: ChildProcess = spawn('sleep', ['60'], { stdio: 'ignore' });
    cleanups.push(() => other.kill('SIGKILL'));
    await new Promise((r) => other.once('spawn', r));
    writeFileSync(
      join(embeddedPaths(dataDir).cluster, 'postmaster.pid'),
      `${other.pid}\n${embeddedPaths(dataDir).cluster}\n0\n5432\n\n127.0.0.1\n 0 0\nready\n`,
    );
    const db = await start(dataDir);
    expect(await query(db.url, 'select 1 as one')).toEqual([{ one: 1 }]);
    expect(alive(other.pid!)).toBe(true);
  });

  it('a second starter on the same DATA_DIR is refused, or joins when asked to (the CLI)', async () => {
    const dataDir = freshDir();
    const first = await start(dataDir);
    await expect(startEmbeddedPostgres({ dataDir, whenRunning: 'refuse', log: () => {} })).rejects.toThrow(
      DataDirLockedError,
    );
    const joined = await startEmbeddedPostgres({ dataDir, whenRunning: 'join', log: () => {} });
    expect(joined.owned).toBe(false);
    expect(joined.url).toBe(first.url);
    await joined.stop();
    // Joining and leaving does not stop the owner's server.
    expect(await query(first.url, 'select 1 as one')).toEqual([{ one: 1 }]);
  });
});

const built = !missingBuild();
const servers: SpawnedServer[] = [];
const shop = async (dataDir: string, options: SpawnOptions = {}) => {
  const s = await spawnServer({
    timeoutMs: 90_000,
    ...options,
    env: { DATA_DIR: dataDir, SEED_DEMO: 'off', ...options.env },
  });
  servers.push(s);
  return s;
};
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.stop(5_000)));
});

/** The guardian shell of a postmaster (its argument is the postmaster's pid). */
const guardianOf = (postmaster: number) =>
  readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .find((p) => {
      try {
        const argv = readFileSync(`/proc/${p}/cmdline`, 'utf8').split('\0');
        return argv.includes('clubshop-pg-guardian') && argv.includes(String(postmaster));
      } catch {
        return false;
      }
    });

describe.skipIf(!built)('the shop on the embedded PostgreSQL (compiled server)', () => {
  it('SIGTERM stops the shop and its PostgreSQL; the lock is released', async () => {
    const dataDir = freshDir();
    const s = await shop(dataDir);
    expect(s.healthy, s.output()).toBe(true);
    const pid = postmasterPid(dataDir)!;
    expect(alive(pid)).toBe(true);
    expect(readlinkSync(`/proc/${pid}/cwd`)).toBe(embeddedPaths(dataDir).cluster);
    expect(await s.stop()).toBe(0);
    expect(alive(pid)).toBe(false);
    expect(postmasterPid(dataDir)).toBeUndefined();
    expect(existsSync(join(dataDir, 'postgres.lock'))).toBe(false);
  }, 120_000);

  it('a second shop on the same DATA_DIR refuses in one line naming DATA_DIR; the first is unharmed', async () => {
    const dataDir = freshDir();
    const first = await shop(dataDir);
    expect(first.healthy, first.output()).toBe(true);
    const second = await shop(dataDir, { timeoutMs: 20_000 });
    expect(second.healthy).toBe(false);
    expect(await second.exited).toBe(1);
    const lines = second.output().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`DATA_DIR (${dataDir})`);
    expect(lines[0]).toContain(`pid ${first.process.pid}`);
    expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
  }, 120_000);

  it('kill -9 of the shop: the guardian stops PostgreSQL; the next start comes up', async () => {
    const dataDir = freshDir();
    const first = await shop(dataDir);
    expect(first.healthy, first.output()).toBe(true);
    const pid = postmasterPid(dataDir)!;
    first.process.kill('SIGKILL');
    await first.exited;
    await waitUntil('the orphaned postmaster stopped', () => !alive(pid));
    const second = await shop(dataDir);
    expect(second.healthy, second.output()).toBe(true);
  }, 120_000);

  it('kill -9 of the shop and its guardian: the next start stops the stale postmaster and starts its own', async () => {
    const dataDir = freshDir();
    const first = await shop(dataDir);
    expect(first.healthy, first.output()).toBe(true);
    const pid = postmasterPid(dataDir)!;
    process.kill(Number(guardianOf(pid)), 'SIGKILL');
    first.process.kill('SIGKILL');
    await first.exited;
    await sleep(300);
    expect(alive(pid)).toBe(true);
    const second = await shop(dataDir);
    expect(second.healthy, second.output()).toBe(true);
    expect(second.output()).toContain(`stopping the server (pid ${pid}) left by an earlier run`);
    expect(alive(pid)).toBe(false);
  }, 120_000);

  it('kill -9 at moments of the very first start (initdb, server start, migrations): the next start recovers', async () => {
    const moments: [string, (dataDir: string) => boolean][] = [
      ['during initdb', (d) => readdirSync(join(d, 'postgres')).some((n) => n.startsWith('data.init-'))],
      ['when the cluster is complete', (d) => existsSync(embeddedPaths(d).cluster)],
      ['while the server starts', (d) => postmasterPid(d) !== undefined],
      ['while migrating', (d) => existsSync(embeddedPaths(d).port)],
    ];
    for (const [moment, reached] of moments) {
      const dataDir = freshDir();
      const first = await shop(dataDir, { timeoutMs: 0 });
      await waitUntil(moment, () => existsSync(join(dataDir, 'postgres')) && reached(dataDir), 60_000);
      first.process.kill('SIGKILL');
      await first.exited;
      const next = await shop(dataDir);
      expect(next.healthy, `${moment}: ${next.output()}`).toBe(true);
      expect(readdirSync(join(dataDir, 'postgres')).filter((n) => n.startsWith('data.init-'))).toEqual([]);
      await next.stop();
    }
  }, 300_000);

  it('WEB_CONCURRENCY=2: both workers use the one server the primary started; SIGTERM stops it', async () => {
    const dataDir = freshDir();
    const s = await shop(dataDir, { env: { WEB_CONCURRENCY: '2' } });
    expect(s.healthy, s.output()).toBe(true);
    const pid = postmasterPid(dataDir)!;
    const paths = embeddedPaths(dataDir);
    const url = `postgres://clubshop:${readFileSync(paths.password, 'utf8').trim()}@127.0.0.1:${readFileSync(paths.port, 'utf8').trim()}/clubshop`;
    // Each worker listens for changes on a connection of its own.
    const listeners = async () =>
      (
        await query(
          url,
          "select count(*)::int n from pg_stat_activity where application_name = 'clubshop-changes'",
        )
      )[0].n as number;
    const until = Date.now() + 60_000;
    while ((await listeners()) < 2 && Date.now() < until) await sleep(200);
    expect(await listeners()).toBe(2);
    expect(await s.stop()).toBe(0);
    expect(alive(pid)).toBe(false);
  }, 120_000);
});
