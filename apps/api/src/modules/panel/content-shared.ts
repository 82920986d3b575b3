import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { organisations } from '../../db/schema.ts';
import type { PanelActor } from '../../plugins/panel-auth.ts';
import { notifyChange } from '../changes/notify.ts';
import { type AuditEntry, auditActor, recordAudit } from './audit.ts';

/**
 * Content writes of one club take turns: the club's row is locked for the transaction (`FOR NO
 * KEY UPDATE`, which does not block other tables' rows referring to the club), so two panels
 * saving at once cannot interleave positions or both create the banner.
 */
export const lockClubContent = async (tx: Tx, orgId: number) => {
  await tx
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.id, orgId))
    .for('no key update');
};

/**
 * The audit entry of a content write, and the notice that makes every shop process drop what it
 * cached of the club's content; both in the write's transaction, so they exist exactly when it does.
 */
export const contentChanged = async (
  tx: Tx,
  actor: PanelActor,
  entry: Omit<AuditEntry, 'organisationId' | 'userId' | 'userEmail'>,
) => {
  await recordAudit(tx, { ...auditActor(actor), ...entry });
  await notifyChange(tx, { organisationId: actor.org.id, topic: 'content' });
};

/** Files are named once and served as immutable: a replaced image gets a new name. */
export const uniqueFileName = (fileName: string, suffix = '') => {
  const stem = fileName.replace(/\.jpg$/, '');
  return `${stem}${suffix}-${randomBytes(3).toString('hex')}.jpg`;
};
