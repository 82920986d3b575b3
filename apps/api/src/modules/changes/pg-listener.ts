import pg from 'pg';

type Log = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
};

export type PgListenerOptions = {
  /** Connection settings of the dedicated client (the pool's, without pool-only options). */
  client: pg.ClientConfig;
  channel: string;
  onNotice(payload: string): void;
  /** Called after every connection; `reconnect` unless it is the very first attempt (notices sent while nobody listened are lost). */
  onConnected(reconnect: boolean): void;
  log: Log;
  /** First retry after this long, doubling up to `maxDelayMs`. */
  minDelayMs?: number;
  maxDelayMs?: number;
  /** A `SELECT 1` this often finds a connection a silent network broke (TCP keep-alive is slow). */
  heartbeatMs?: number;
};

export type PgListener = {
  /** True while a client is connected and listening. */
  listening(): boolean;
  stop(): Promise<void>;
};

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries and its
 * LISTEN lost), reconnecting with backoff whenever it drops. Resolves after the first attempt,
 * successful or not: a database away at start-up must not stop the shop, the retries go on.
 */
export const startPgListener = async (opts: PgListenerOptions): Promise<PgListener> => {
  const minDelay = opts.minDelayMs ?? 250;
  const maxDelay = opts.maxDelayMs ?? 10_000;
  let client: pg.Client | undefined;
  let stopped = false;
  let failures = 0;
  /** Any earlier attempt, failed or not: caches may hold what changed since. */
  let triedBefore = false;
  let retry: NodeJS.Timeout | undefined;
  const lostClients = new WeakSet<pg.Client>();

  const schedule = () => {
    if (stopped || retry) return;
    const delay = Math.min(maxDelay, minDelay * 2 ** failures) * (0.75 + Math.random() * 0.5);
    failures++;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, delay);
    retry.unref();
  };

  /** A client failed or ended: forget it (once) and connect anew. */
  const lost = (c: pg.Client, err?: unknown) => {
    if (lostClients.has(c)) return;
    lostClients.add(c);
    const wasListening = client === c;
    if (wasListening) client = undefined;
    c.end().catch(() => {});
    if (stopped) return;
    opts.log.warn(
      { err },
      wasListening
        ? 'changes: the listening connection was lost; reconnecting (caches are dropped when back)'
        : 'changes: could not start listening; retrying',
    );
    schedule();
  };

  const connect = async () => {
    if (stopped) return;
    const reconnect = triedBefore;
    triedBefore = true;
    const c = new pg.Client({
      ...opts.client,
      keepAlive: true,
      connectionTimeoutMillis: 10_000,
      query_timeout: 10_000,
    });
    c.on('error', (err) => lost(c, err));
    c.on('end', () => lost(c));
    c.on('notification', (n) => {
      if (n.channel === opts.channel) opts.onNotice(n.payload ?? '');
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${c.escapeIdentifier(opts.channel)}`);
    } catch (err) {
      if (!lostClients.has(c)) lost(c, err);
      return;
    }
    if (stopped || lostClients.has(c)) {
      await c.end().catch(() => {});
      return;
    }
    client = c;
    failures = 0;
    if (reconnect) opts.log.info({}, 'changes: listening again');
    opts.onConnected(reconnect);
  };

  const heartbeat = setInterval(() => {
    const c = client;
    if (c) c.query('SELECT 1').catch((err: unknown) => lost(c, err));
  }, opts.heartbeatMs ?? 15_000);
  heartbeat.unref();

  await connect();
  return {
    listening: () => client !== undefined,
    async stop() {
      stopped = true;
      clearInterval(heartbeat);
      clearTimeout(retry);
      const c = client;
      client = undefined;
      if (c) {
        lostClients.add(c);
        await c.end().catch(() => {});
      }
    },
  };
};
