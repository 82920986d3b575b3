import cluster, { type Worker } from 'node:cluster';

type Log = { info(msg: string): void; warn(msg: string): void; error(msg: string): void };

/** How many workers to run (WEB_CONCURRENCY). */
export const workerCount = (config: { webConcurrency: number }): number => Math.max(1, config.webConcurrency);

/** A worker that dies within this long of its start counts as crashing at start-up (backoff grows). */
const STABLE_AFTER_MS = 10_000;
const RESTART_MIN_MS = 1_000;
const RESTART_MAX_MS = 30_000;

/**
 * The primary of `WEB_CONCURRENCY=N`: forks N workers (each runs the whole shop and listens on
 * the shared port), restarts one that exits without being asked to (after 1 s, doubling while
 * workers keep dying right after their start), and on SIGTERM/SIGINT asks every worker to shut
 * down gracefully, then exits when they have. A second signal stops them at once.
 */
export const runPrimary = (
  count: number,
  log: Log,
  shutdownTimeoutMs: number,
  opts: {
    /** Variables every worker gets on top of the primary's (the embedded database's URL). */
    env?: Record<string, string>;
    /** Runs once the workers have stopped, before the primary exits (stops the embedded database). */
    afterStop?: () => Promise<void>;
  } = {},
) => {
  const exit = (code: number) => {
    const done = () => process.exit(code);
    (opts.afterStop?.() ?? Promise.resolve()).then(done, (err: unknown) => {
      log.error(`stopping the database failed: ${(err as Error).message}`);
      process.exit(1);
    });
  };
  let stopping = false;
  let delay = RESTART_MIN_MS;
  const startedAt = new Map<Worker, number>();

  const fork = () => {
    const worker = cluster.fork(opts.env);
    startedAt.set(worker, Date.now());
  };

  cluster.on('exit', (worker, code, signal) => {
    const started = startedAt.get(worker) ?? Date.now();
    startedAt.delete(worker);
    if (stopping) {
      if (startedAt.size === 0) {
        log.info('all workers stopped');
        exit(0);
      }
      return;
    }
    const quick = Date.now() - started < STABLE_AFTER_MS;
    const wait = quick ? delay : RESTART_MIN_MS;
    delay = quick ? Math.min(delay * 2, RESTART_MAX_MS) : RESTART_MIN_MS;
    log.error(
      `worker ${worker.process.pid} exited (${signal ?? `code ${code}`}): starting another in ${wait / 1000} s`,
    );
    setTimeout(() => {
      if (!stopping) fork();
    }, wait);
  });

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) {
        log.warn(`${signal} again: stopping the workers without waiting`);
        for (const w of startedAt.keys()) w.process.kill('SIGKILL');
        process.exit(1);
      }
      stopping = true;
      log.info(`${signal}: shutting down ${startedAt.size} workers`);
      if (startedAt.size === 0) exit(0);
      // A message, not a signal: a terminal's Ctrl-C (or systemd) may have signalled them already,
      // and a worker takes a second signal as "exit now".
      for (const w of startedAt.keys()) if (w.isConnected()) w.send({ type: 'shutdown' });
      setTimeout(() => {
        log.error(`workers did not stop within ${shutdownTimeoutMs / 1000} s: killing them`);
        for (const w of startedAt.keys()) w.process.kill('SIGKILL');
        exit(1);
      }, shutdownTimeoutMs + 5_000).unref();
    });
  }

  log.info(`primary ${process.pid}: starting ${count} workers`);
  for (let i = 0; i < count; i++) fork();
};
