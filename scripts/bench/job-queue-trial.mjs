// Tries a PostgreSQL job queue the way the shop would use it (decision 123):
//   npm install --no-save graphile-worker@0.17.3   (pg-boss is the shop's own dependency)
//   [PGBOSS_AGAIN=1] node scripts/bench/job-queue-trial.mjs pgboss|graphile   (DATABASE_URL names the server)
// 1. exactly once: 2000 jobs, two worker processes; 2. retries with backoff; 3. lease expiry
// after a kill -9 of the worker running a job; 4. graceful shutdown while a job runs.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const [, , lib, role, url] = process.argv;
const SERVER = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const record = async (db, job, attempt, ok) =>
  db.query('INSERT INTO runs (job, pid, attempt, ok) VALUES ($1, $2, $3, $4)', [
    job,
    process.pid,
    attempt,
    ok,
  ]);

// What a job does, by its payload.
const handle = async (db, data, attempt) => {
  if (data.kind === 'flaky' && attempt < 3) {
    await record(db, data.job, attempt, false);
    throw new Error('flaky');
  }
  if (data.kind === 'slow') {
    await record(db, data.job, attempt, false);
    await sleep(data.ms);
  }
  await record(db, data.job, attempt, true);
};

if (role === 'child') {
  const db = new pg.Pool({ connectionString: url, max: 3 });
  if (lib === 'pgboss') {
    const { default: PgBoss } = await import('pg-boss');
    const boss = new PgBoss({
      connectionString: url,
      max: 4,
      maintenanceIntervalSeconds: 1,
      monitorStateIntervalSeconds: 10,
    });
    boss.on('error', (e) => console.error('boss error', e.message));
    await boss.start();
    // PGBOSS_AGAIN=1: a full batch asks for the next one at once instead of after the polling interval.
    const worker = await boss.work(
      'trial',
      { batchSize: 5, pollingIntervalSeconds: 0.5, includeMetadata: true },
      async (jobs) => {
        await Promise.all(jobs.map((j) => handle(db, j.data, j.retryCount)));
        if (process.env.PGBOSS_AGAIN && jobs.length === 5) boss.notifyWorker(worker);
      },
    );
    process.on('SIGTERM', async () => {
      const t = Date.now();
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      console.error(`stop took ${Date.now() - t} ms`);
      process.exit(0);
    });
  } else {
    const { run } = await import('graphile-worker');
    const runner = await run({
      connectionString: url,
      concurrency: 5,
      pollInterval: 500,
      noHandleSignals: true,
      logger: undefined,
      taskList: { trial: async (payload, helpers) => handle(db, payload, helpers.job.attempts - 1) },
    });
    process.on('SIGTERM', async () => {
      const t = Date.now();
      await runner.stop();
      console.error(`stop took ${Date.now() - t} ms`);
      process.exit(0);
    });
  }
  process.stdout.write('ready\n');
} else {
  const name = `hjobs_trial_${lib}_${process.pid}`;
  const admin = new pg.Client({ connectionString: SERVER });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const u = new URL(SERVER);
  u.pathname = `/${name}`;
  const dbUrl = u.toString();
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  await db.query(
    'CREATE TABLE runs (job text, pid int, attempt int, ok bool, at timestamptz DEFAULT clock_timestamp())',
  );
  let add;
  if (lib === 'pgboss') {
    const { default: PgBoss } = await import('pg-boss');
    const boss = new PgBoss({ connectionString: dbUrl, supervise: false, schedule: false });
    await boss.start();
    await boss.createQueue('trial', { retryLimit: 5, retryDelay: 1, retryBackoff: true, expireInSeconds: 5 });
    const executor = { executeSql: (text, values) => db.query(text, values) };
    // Inserted by the caller's own connection: the same would run inside its transaction.
    add = (data) => boss.send('trial', data, { db: executor });
    await boss.stop({ graceful: false, close: true });
  } else {
    const { runMigrations } = await import('graphile-worker');
    await runMigrations({ connectionString: dbUrl });
    add = (data) => db.query(`SELECT graphile_worker.add_job('trial', $1::json, max_attempts => 6)`, [data]);
  }
  const child = async () => {
    const c = spawn(process.execPath, [fileURLToPath(import.meta.url), lib, 'child', dbUrl], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise((res, rej) => {
      c.stdout.on('data', (d) => d.toString().includes('ready') && res());
      c.once('exit', (code) => rej(new Error(`child exited ${code}`)));
    });
    return c;
  };
  const waitFor = async (query, ms) => {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      const { rows } = await db.query(query);
      if (rows[0].ok) return true;
      await sleep(50);
    }
    return false;
  };
  const out = {};
  try {
    // 1. Exactly once under two processes.
    const N = 2000;
    await db.query('BEGIN');
    for (let i = 0; i < N; i++) await add({ kind: 'fast', job: `f${i}` });
    await db.query('COMMIT');
    let t = Date.now();
    const a = await child();
    const b = await child();
    await waitFor(`SELECT count(DISTINCT job) >= ${N} AS ok FROM runs WHERE job LIKE 'f%' AND ok`, 120_000);
    const took = Date.now() - t;
    await sleep(1_000);
    const { rows: r1 } = await db.query(
      `SELECT count(*)::int AS runs, count(DISTINCT job)::int AS jobs, count(DISTINCT pid)::int AS pids FROM runs WHERE job LIKE 'f%'`,
    );
    out.exactlyOnce = { ...r1[0], duplicates: r1[0].runs - r1[0].jobs, ms: took };

    // 2. Retries with backoff: attempts 0 and 1 fail.
    await add({ kind: 'flaky', job: 'retry' });
    await waitFor(`SELECT count(*) > 0 AS ok FROM runs WHERE job = 'retry' AND ok`, 60_000);
    const { rows: r2 } = await db.query(`SELECT attempt, ok, at FROM runs WHERE job = 'retry' ORDER BY at`);
    out.retries = r2.map((r, i) => ({
      attempt: r.attempt,
      ok: r.ok,
      afterPreviousMs: i ? r.at - r2[i - 1].at : 0,
    }));

    // 3. kill -9 of the process running a job.
    await add({ kind: 'slow', job: 'killed', ms: 3_000 });
    await waitFor(`SELECT count(*) > 0 AS ok FROM runs WHERE job = 'killed'`, 10_000);
    const { rows: holder } = await db.query(`SELECT pid FROM runs WHERE job = 'killed'`);
    const victim = holder[0].pid === a.pid ? a : b;
    const survivor = victim === a ? b : a;
    t = Date.now();
    victim.kill('SIGKILL');
    const again = await waitFor(
      `SELECT count(*) > 0 AS ok FROM runs WHERE job = 'killed' AND pid = ${survivor.pid}`,
      90_000,
    );
    out.killNine = again ? { takenAgainAfterMs: Date.now() - t } : { takenAgainAfterMs: 'not within 90 s' };
    if (lib === 'graphile') {
      const { rows } = await db.query(
        `SELECT locked_at, locked_by, attempts FROM graphile_worker._private_jobs`,
      );
      out.killNine.jobRow = rows;
    }

    // 4. Graceful shutdown while a 2 s job runs.
    await add({ kind: 'slow', job: 'shutdown', ms: 2_000 });
    await waitFor(`SELECT count(*) > 0 AS ok FROM runs WHERE job = 'shutdown'`, 10_000);
    t = Date.now();
    survivor.kill('SIGTERM');
    await new Promise((r) => survivor.once('exit', r));
    const stopMs = Date.now() - t;
    const { rows: r4 } = await db.query(
      `SELECT count(*) FILTER (WHERE ok)::int AS finished FROM runs WHERE job = 'shutdown'`,
    );
    const c = await child();
    await sleep(3_000);
    const { rows: r5 } = await db.query(
      `SELECT count(*) FILTER (WHERE ok)::int AS finished FROM runs WHERE job = 'shutdown'`,
    );
    out.shutdown = { stopMs, finishedBeforeExit: r4[0].finished, finishedAfterRestart: r5[0].finished };
    c.kill('SIGKILL');
    for (const p of [a, b]) p.kill('SIGKILL');
  } finally {
    console.log(JSON.stringify({ lib, ...out }, null, 1));
    await db.end();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
