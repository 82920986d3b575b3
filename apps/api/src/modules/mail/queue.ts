import { EventEmitter } from 'node:events';
import type { Db, Tx } from '../../db/client.ts';
import { mailJobs } from '../../db/schema.ts';
import type { Mail } from './mailer.ts';

/**
 * 'queued' after each enqueue, so this process's mail worker looks at once instead of at its next
 * poll. The enqueuing transaction may not have committed yet: the worker then keeps looking
 * often for a moment (see worker.ts).
 */
export const mailEvents = new EventEmitter();
// One listener per app; tests build many apps in one process.
mailEvents.setMaxListeners(0);

/**
 * Puts a message on the durable queue. Pass the transaction that makes the change the message
 * tells about, so both commit or neither does; the mail worker sends it later, with retries.
 */
export const enqueueMail = async (db: Db | Tx, mail: Mail, organisationId?: number): Promise<void> => {
  await db.insert(mailJobs).values({ organisationId: organisationId ?? null, message: mail });
  mailEvents.emit('queued');
};
