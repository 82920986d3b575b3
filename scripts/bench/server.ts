import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export type BenchServer = {
  url: string;
  proc: ChildProcess;
  dataDir: string;
  /** The database the shop uses: DATABASE_URL's, or its embedded PostgreSQL's. */
  databaseUrl(): string;
  /** The shop's resident MB (its processes) plus the PSS of the embedded PostgreSQL's processes. */
  memory(): { shopRssMb: number; databasePssMb: number };
  rssMb(): number;
  peakRssMb(): number;
  /** Peak resident MB of each process serving requests (the workers under WEB_CONCURRENCY, else the server) since `resetPeaks`. */
  servingPeakRssMb(): number[];
  /** Starts the serving processes' peaks anew (start-up, seeding and warm-up left out). */
  resetPeaks(): void;
  stop(): Promise<void>;
};

const readStatus = (pid: number, field: string) => {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return 0; // gone
  }
  const m = status.match(new RegExp(`${field}:\\s+(\\d+) kB`));
  return m ? Number(m[1]) / 1024 : 0;
};

const childPids = (pid: number): number[] => {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return []; // gone
  }
};

/** The cluster's workers, or the server itself when it has none. */
const servingPids = (pid: number): number[] => {
  const children = childPids(pid);
  return children.length ? children : [pid];
};

/** A process and all its descendants. */
export const processTree = (pid: number): number[] => [pid, ...childPids(pid).flatMap(processTree)];

/** CPU time (s) a process has used, user and system (0 once it has gone). */
export const cpuSecondsOf = (pid: number): number => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in USER_HZ (100)
  } catch {
    return 0;
  }
};

/** The local PostgreSQL server's processes (its backends serve the shop's queries). */
export const postgresPids = (): number[] =>
  readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
      } catch {
        return false;
      }
    });

/** Proportional set size (MB) of a process: its share of pages it shares with others (proc(5)). */
const pssMb = (pid: number) => {
  try {
    const m = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8').match(/^Pss:\s+(\d+) kB/m);
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
};

/** The embedded PostgreSQL's postmaster of a DATA_DIR (its postmaster.pid), or undefined. */
const embeddedPostmaster = (dataDir: string) => {
  try {
    return (
      Number(readFileSync(join(dataDir, 'postgres/data/postmaster.pid'), 'utf8').split('\n')[0]) || undefined
    );
  } catch {
    return undefined;
  }
};

/** The V8 flags `npm run serve` gives the server (package.json: one place for them). */
const serveFlags = (): string[] => {
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
  const m = pkg.scripts.serve?.match(/\bnode ((?:--\S+ )*)apps\/api\/dist\/server\.js/);
  if (!m)
    throw new Error("package.json's serve script no longer runs `node [flags] apps/api/dist/server.js`");
  return m[1]!.split(' ').filter(Boolean);
};

/** Starts the compiled shop as `npm run serve` does (`npm run build` first), in its own process, on a fresh data folder. */
export const startServer = async (port: number, env: Record<string, string> = {}): Promise<BenchServer> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'clubshop-bench-'));
  const proc = spawn(process.execPath, [...serveFlags(), 'apps/api/dist/server.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      RATE_LIMITS: 'off',
      // As `npm start` and `npm run serve` run it (see README, "Running in production").
      MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (proc.exitCode !== null) throw new Error('the server exited during start-up');
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {}
    if (Date.now() - started > 120_000) throw new Error('the server did not start within 120 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  const postmaster = env.DATABASE_URL ? undefined : embeddedPostmaster(dataDir);
  // The shop's processes: the server (and its workers), not the postmaster it spawned.
  const shopPids = () =>
    processTree(proc.pid!).filter((p) => !postmaster || !processTree(postmaster).includes(p));
  return {
    url,
    proc,
    dataDir,
    databaseUrl: () => {
      if (env.DATABASE_URL) return env.DATABASE_URL;
      const read = (f: string) => readFileSync(join(dataDir, 'postgres', f), 'utf8').trim();
      return `postgres://clubshop:${encodeURIComponent(read('password'))}@127.0.0.1:${read('port')}/clubshop`;
    },
    memory: () => ({
      shopRssMb: shopPids().reduce((n, p) => n + readStatus(p, 'VmRSS'), 0),
      databasePssMb: postmaster ? processTree(postmaster).reduce((n, p) => n + pssMb(p), 0) : 0,
    }),
    rssMb: () => readStatus(proc.pid!, 'VmRSS'),
    peakRssMb: () => readStatus(proc.pid!, 'VmHWM'),
    servingPeakRssMb: () => servingPids(proc.pid!).map((p) => readStatus(p, 'VmHWM')),
    // 5: reset the peak resident set size to the current one (proc(5), clear_refs).
    resetPeaks: () => {
      for (const p of servingPids(proc.pid!)) writeFileSync(`/proc/${p}/clear_refs`, '5');
    },
    stop: () =>
      new Promise((resolve) => {
        proc.once('exit', () => resolve());
        proc.kill('SIGTERM');
      }),
  };
};

/** A fresh database for the benchmark on the PostgreSQL server, or null when none answers. */
export const freshPgDatabase = async (name: string): Promise<string | null> => {
  const base =
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/test';
  const admin = new pg.Client({ connectionString: base, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(base);
  u.pathname = `/${name}`;
  return u.toString();
};
