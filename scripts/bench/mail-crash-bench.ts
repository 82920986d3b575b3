// Duplicates and losses of the mail queue under faults, on PostgreSQL:
//
//   node --import tsx scripts/bench/mail-crash-bench.ts [--mode kill|cut] [--mails 1000] [--faults 12]
//
// A database of its own (made, migrated and dropped here; DATABASE_URL names the server, default
// postgres://postgres@127.0.0.1:5432/postgres) gets `--mails` queued e-mails; a worker process
// (mail-worker-child.ts) sends them to the local fake SMTP server of the tests. While it sends,
// the bench either kills it with SIGKILL and starts a new one (`kill`) or terminates its database
// connections (`cut`), `--faults` times. Then it lets the last worker finish and counts what the
// server received: e-mails delivered twice (by subject, and whether their copies carry one
// Message-ID, so a mail program can tell them apart) and e-mails never delivered.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { type Captured, startSmtp } from '../../apps/api/test/fakes/smtp-server.ts';

const { values: args } = parseArgs({
  options: {
    mode: { type: 'string', default: 'kill' },
    mails: { type: 'string', default: '1000' },
    faults: { type: 'string', default: '12' },
  },
});
const MODE = args.mode;
if (MODE !== 'kill' && MODE !== 'cut') throw new Error('--mode: kill or cut');
const MAILS = Number(args.mails);
const FAULTS = Number(args.faults);
const SERVER = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const APP_NAME = 'mailbench-worker';
const CHILD = join(dirname(fileURLToPath(import.meta.url)), 'mail-worker-child.ts');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const name = `clubshop_mailbench_${randomBytes(5).toString('hex')}`;
const admin = new pg.Client({ connectionString: SERVER });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const dbUrl = new URL(SERVER);
dbUrl.pathname = `/${name}`;
const workerUrl = new URL(dbUrl);
workerUrl.searchParams.set('application_name', APP_NAME);

const smtp = await startSmtp();
const children = new Set<ChildProcess>();

const startWorker = async (): Promise<ChildProcess> => {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
    env: { ...process.env, BENCH_DATABASE_URL: workerUrl.toString(), BENCH_SMTP_URL: smtp.url },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      if (d.toString().includes('ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`worker exited early (${code})`)));
  });
  return child;
};

const header = (m: Captured, field: string) =>
  new RegExp(`^${field}: *(.*)$`, 'im').exec(m.data)?.[1]?.trim() ?? '';

try {
  const database = await openDatabase({ url: dbUrl.toString(), poolSize: 2 });
  await database.migrate();
  const db = new pg.Client({ connectionString: dbUrl.toString(), application_name: 'mailbench' });
  db.on('error', (err) => console.error('bench: its own connection failed', err.message));
  await db.connect();
  // Each message's row and its job on the mail queue, as enqueueMail writes them.
  await db.query(
    `WITH m AS (
       INSERT INTO mail_jobs (message)
       SELECT jsonb_build_object('to', 'klient' || i || '@example.pl', 'subject', 'bench ' || i, 'text', 'Treść ' || i)
       FROM generate_series(1, $1::int) AS i
       RETURNING id)
     INSERT INTO pgboss.job (name, data, retry_limit, retry_delay, retry_backoff, expire_in, policy)
     SELECT 'mail', jsonb_build_object('mailJobId', id), 9, 1, true, interval '2 seconds', 'standard' FROM m`,
    [MAILS],
  );
  await database.close();

  const started = Date.now();
  let worker = await startWorker();
  // Faults at random moments (not triggered by a delivery, which would aim at the window measured).
  for (let fault = 0; fault < FAULTS; fault++) {
    await sleep(300 + Math.random() * 1_200);
    if (MODE === 'kill') {
      worker.kill('SIGKILL');
      await new Promise((r) => worker.once('exit', r));
      worker = await startWorker();
    } else {
      await db.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND application_name = $2',
        [name, APP_NAME],
      );
    }
  }
  // The last worker sends what is left, killed workers' leases included.
  for (;;) {
    const { rows } = await db.query('SELECT count(*)::int AS n FROM mail_jobs WHERE sent_at IS NULL');
    if (rows[0].n === 0) break;
    if (Date.now() - started > 10 * 60_000) throw new Error(`${rows[0].n} e-mails still unsent after 10 min`);
    await sleep(100);
  }
  // A send whose mark is still on its way would be counted too early.
  await sleep(2_000);
  const seconds = (Date.now() - started) / 1000;
  worker.kill('SIGKILL');
  await db.end();

  const bySubject = new Map<string, Captured[]>();
  for (const m of smtp.received) {
    const subject = header(m, 'Subject');
    bySubject.set(subject, [...(bySubject.get(subject) ?? []), m]);
  }
  const repeated = [...bySubject.values()].filter((copies) => copies.length > 1);
  const duplicates = repeated.reduce((n, copies) => n + copies.length - 1, 0);
  const sameId = repeated.filter((copies) => {
    const ids = new Set(copies.map((c) => header(c, 'Message-ID')));
    return ids.size === 1 && !ids.has('');
  }).length;
  const lost = MAILS - bySubject.size;
  console.log(
    `mode ${MODE}: ${FAULTS} faults, ${MAILS} e-mails, ${smtp.received.length} delivered in ${seconds.toFixed(1)} s: ` +
      `${duplicates} duplicates (${repeated.length} e-mails, ${sameId} of them with one Message-ID in every copy), ${lost} lost`,
  );
  process.exitCode = lost > 0 ? 1 : 0;
} finally {
  for (const c of children) c.kill('SIGKILL');
  await smtp.close();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
