import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';
import { ChangeBus, type ChangeHandler } from '../modules/changes/bus.ts';
import { CHANGES_CHANNEL, type ChangeTopic } from '../modules/changes/notify.ts';
import { type PgListener, startPgListener } from '../modules/changes/pg-listener.ts';

export type Changes = {
  /**
   * `handler` hears every committed `notifyChange` of `topic` ('*': of any topic) from any
   * process, and `'all'` when notices may have been missed (drop everything then).
   * Returns the unsubscribe.
   */
  subscribe(topic: ChangeTopic | '*', handler: ChangeHandler): () => void;
  /** Whether notices reach this process now; a cache may prefer not to keep anything while not. */
  listening(): boolean;
};

declare module 'fastify' {
  interface FastifyInstance {
    changes: Changes;
  }
}

/** The pool's connection settings for the listener's own client (none of the pool's limits). */
const connectionOf = (pool: pg.Pool): pg.ClientConfig => {
  const o = pool.options as pg.PoolConfig;
  return {
    connectionString: o.connectionString,
    host: o.host,
    port: o.port,
    user: o.user,
    password: o.password,
    database: o.database,
    ssl: o.ssl,
    application_name: 'clubshop-changes',
  };
};

/**
 * The cross-process change bus (decision 48). Writes call `notifyChange` in their transaction;
 * PostgreSQL delivers the notice at commit to every process's listener. PostgreSQL: a dedicated
 * client LISTENs and reconnects with backoff, and after a reconnect every subscriber hears
 * `'all'`.
 * Not Redis, even with REDIS_URL set: NOTIFY already reaches every process and, unlike a publish
 * after the commit, cannot be lost between the commit and the announcement.
 */
export const changesPlugin = fp(
  async (app: FastifyInstance) => {
    const bus = new ChangeBus(app.log);
    const source = (app.db as unknown as { $client?: unknown }).$client;
    let listening = () => false;
    let stop = async () => {};
    if (source instanceof pg.Pool) {
      const listener: PgListener = await startPgListener({
        client: connectionOf(source),
        channel: CHANGES_CHANNEL,
        onNotice: (payload) => bus.receive(payload),
        onConnected: (reconnect) => {
          if (reconnect) bus.deliver('all');
        },
        log: app.log,
      });
      listening = listener.listening;
      stop = listener.stop;
    } else {
      app.log.warn('changes: the database cannot LISTEN; caches rely on their expiry alone');
    }
    app.decorate('changes', {
      subscribe: (topic, handler) => bus.subscribe(topic, handler),
      listening: () => listening(),
    } satisfies Changes);
    app.addHook('onClose', async () => {
      await stop().catch((err: unknown) => app.log.warn({ err }, 'changes: stopping the listener failed'));
    });
  },
  { name: 'changes', decorators: { fastify: ['db'] } },
);
