// One shop process's mail worker and nothing else, for scripts/bench/mail-crash-bench.ts, which
// kills it (SIGKILL) or cuts its database connections while it sends. Short lease and retry
// times, so a killed worker's mail is taken again within seconds instead of minutes.
import pino from 'pino';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { createMailer } from '../../apps/api/src/modules/mail/mailer.ts';
import { MailWorker } from '../../apps/api/src/modules/mail/worker.ts';

const url = process.env.BENCH_DATABASE_URL;
const smtpUrl = process.env.BENCH_SMTP_URL;
if (!url || !smtpUrl) throw new Error('BENCH_DATABASE_URL and BENCH_SMTP_URL are required');

const database = await openDatabase({ url, poolSize: 4 });
const log = pino({ level: 'fatal' }, pino.destination(2));
const mailer = createMailer({ smtpUrl, outboxDir: '/nonexistent', from: 'Bench <bench@example.pl>' });
const worker = new MailWorker(database.db, mailer, log, {
  pollMs: 50,
  leaseMs: 1_500,
  sendTimeoutMs: 1_000,
  retryBaseMs: 200,
  retryMaxMs: 1_000,
});
worker.start();
// The worker's timers do not keep a process alive on their own.
setInterval(() => {}, 1 << 30);
process.stdout.write('ready\n');
