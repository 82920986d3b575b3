import cluster from 'node:cluster';
import { runPrimary, workerCount } from './cluster.ts';
import { databaseServer, isStartRefusal } from './db/embedded-postgres.ts';
import { loadConfig } from './lib/config.ts';
import { startShop } from './main.ts';
import { mountWeb } from './web.ts';

/** A shutdown that takes longer (a hung request, a database that does not answer) exits anyway. */
const SHUTDOWN_TIMEOUT_MS = 15_000;

const config = loadConfig();

/** A start that cannot go on for a reason the operator can fix: its one line, not a stack trace. */
const refused = (e: unknown): never => {
  if (!isStartRefusal(e)) throw e;
  console.error(e.message);
  process.exit(1);
};

/** One shop process: the whole app on the port (alone, or as one of the cluster's workers). */
const serve = async () => {
  const shop = await startShop(config).catch(refused);
  const { app, stopDatabase } = shop;
  await mountWeb(app);

  // First signal: stop accepting, finish requests in flight (new ones on open connections get the
  // Polish 503), stop the workers, close the pool, stop the embedded PostgreSQL. Second signal: exit
  // now (the embedded server's guardian then stops it).
  let closing = false;
  const shutDown = (why: string) => {
    closing = true;
    app.log.info(`${why}: shutting down`);
    setTimeout(() => {
      app.log.error(`shutdown took over ${SHUTDOWN_TIMEOUT_MS / 1000} s: exiting`);
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    app
      .close()
      .then(stopDatabase)
      .then(
        () => process.exit(0),
        (err: unknown) => {
          app.log.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (closing) {
        app.log.warn(`${signal} again: exiting without waiting`);
        process.exit(1);
      }
      shutDown(signal);
    });
  }
  if (cluster.isWorker) {
    // The primary asks by message (it may have been signalled along with us: not a second signal).
    process.on('message', (m: { type?: string } | undefined) => {
      if (m?.type === 'shutdown' && !closing) shutDown('the primary asked');
    });
    // The primary is gone (killed): nobody would restart or stop this worker.
    process.on('disconnect', () => {
      if (!closing) shutDown('the primary process is gone');
    });
  }

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Sklep działa: ${config.publicUrl}`);
};

const consoleLog = {
  info: (m: string) => console.log(m),
  warn: (m: string) => console.warn(m),
  error: (m: string) => console.error(m),
};
const workers = cluster.isPrimary ? workerCount(config) : 1;
if (workers > 1) {
  // The workers share one database server: the primary runs the embedded one for them.
  const server = await databaseServer(config, 'refuse').catch(refused);
  runPrimary(workers, consoleLog, SHUTDOWN_TIMEOUT_MS, {
    env: server.owned ? { DATABASE_URL: server.url } : {},
    afterStop: () => server.stop(),
  });
} else await serve();
