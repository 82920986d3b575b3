import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';

/** What a panel write changed, so every process drops what it cached of it. */
export const CHANGE_TOPICS = [
  'content',
  'settings',
  'catalogue',
  'shipping',
  'payments',
  'staff',
  'promotions',
] as const;
export type ChangeTopic = (typeof CHANGE_TOPICS)[number];
export type Change = { organisationId: number; topic: ChangeTopic };

/** The PostgreSQL channel every process listens on (plugins/changes.ts listens). */
export const CHANGES_CHANNEL = 'club_changes';

/**
 * Announces a change; call it in the transaction of the write, so the notice goes out only when
 * the write commits (PostgreSQL delivers NOTIFY at commit).
 */
export const notifyChange = async (db: Db | Tx, change: Change): Promise<void> => {
  await db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${JSON.stringify(change)})`);
};
