import { msg, type PanelSizeGuide, type SizeGuide } from '@club/contract';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { categories, products } from '../../db/schema.ts';
import { notFound } from '../../lib/http-error.ts';
import { type AuditEntry, recordAudit } from './audit.ts';

/** What holds a size guide: a category (its products inherit it) or one product (its own). */
export type SizeGuideOwner = 'category' | 'product';

type Actor = Pick<AuditEntry, 'organisationId' | 'userId' | 'userEmail'>;

const tables = { category: categories, product: products } as const;
const missing = { category: msg.categoryNotFound, product: msg.panelProductNotFound } as const;

const find = async (db: Db | Tx, orgId: number, owner: SizeGuideOwner, id: number, lock = false) => {
  const table = tables[owner];
  const query = db
    .select({ name: table.name, sizeGuide: table.sizeGuide })
    .from(table)
    .where(and(eq(table.id, id), eq(table.organisationId, orgId)));
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw notFound(missing[owner]);
  return row;
};

const view = (row: { name: string; sizeGuide: SizeGuide | null }): PanelSizeGuide => ({
  Nazwa: row.name,
  TabelaRozmiarow: row.sizeGuide,
});

/** A category's or product's own size guide, within the club. */
export const getSizeGuide = async (db: Db, orgId: number, owner: SizeGuideOwner, id: number) =>
  view(await find(db, orgId, owner, id));

/** Saves (or, with null, removes) the guide; audited with what was there before. */
export const saveSizeGuide = (
  db: Db,
  actor: Actor,
  owner: SizeGuideOwner,
  id: number,
  guide: SizeGuide | null,
): Promise<PanelSizeGuide> =>
  db.transaction(async (tx) => {
    const orgId = actor.organisationId;
    const before = await find(tx, orgId, owner, id, true);
    const table = tables[owner];
    await tx
      .update(table)
      .set({ sizeGuide: guide })
      .where(and(eq(table.id, id), eq(table.organisationId, orgId)));
    await recordAudit(tx, {
      ...actor,
      action: 'size-guide',
      entity: owner,
      entityId: id,
      before: before.sizeGuide,
      after: guide,
    });
    return view({ name: before.name, sizeGuide: guide });
  });
