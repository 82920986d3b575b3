// One shop process's mail worker and nothing else, for scripts/bench/mail-crash-bench.ts, which
// kills it (SIGKILL) or cuts its database connections while it sends. Short lease and retry
// times, so a killed worker's mail is taken again within seconds instead of minutes.
// BENCH_POOL: its database connections (default 4); BENCH_LOG=warn: its log on stderr.
import PgBoss from 'pg-boss';
import pino from 'pino';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { jobExecutor, quietSettling } from '../../apps/api/src/lib/jobs.ts';
import { createMailer } from '../../apps/api/src/modules/mail/mailer.ts';
import { MailWorker } from '../../apps/api/src/modules/mail/worker.ts';

const url = process.env.BENCH_DATABASE_URL;
const smtpUrl = process.env.BENCH_SMTP_URL;
if (!url || !smtpUrl) throw new Error('BENCH_DATABASE_URL and BENCH_SMTP_URL are required');

const database = await openDatabase({ url, poolSize: Number(process.env.BENCH_POOL ?? 4) });
const log = pino({ level: process.env.BENCH_LOG ?? 'fatal' }, pino.destination(2));
const mailer = createMailer({ smtpUrl, outboxDir: '/nonexistent', from: 'Bench <bench@example.pl>' });
// As the shop's jobs plugin makes it, with expired leases looked for every second.
const boss = new PgBoss({
  db: quietSettling(jobExecutor(database.db), (err) => log.warn({ err }, 'settling a batch failed')),
  migrate: true,
  maintenanceIntervalSeconds: 1,
});
boss.on('error', (err) => log.error({ err }, 'pg-boss'));
await boss.start();
const worker = new MailWorker(database.db, boss, mailer, log, {
  pollMs: 500,
  leaseMs: 2_000,
  sendTimeoutMs: 1_000,
  retryBaseMs: 1_000,
});
await worker.start();
// The worker's timers do not keep a process alive on their own.
setInterval(() => {}, 1 << 30);
process.stdout.write('ready\n');
