import type { Db, Tx } from '../../db/client.ts';
import { mailJobs } from '../../db/schema.ts';
import type { Mail } from './mailer.ts';

/**
 * Puts a message on the durable queue. Pass the transaction that makes the change the message
 * tells about, so both commit or neither does; the mail worker sends it later, with retries.
 */
export const enqueueMail = async (db: Db | Tx, mail: Mail, organisationId?: number): Promise<void> => {
  await db.insert(mailJobs).values({ organisationId: organisationId ?? null, message: mail });
};
