import {
  msg,
  type PanelCategory,
  type PanelCategoryCreate,
  type PanelCategoryReorder,
  type PanelCategoryUpdate,
} from '@club/contract';
import type { Db, Tx } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import { checkNewOrder } from '../../lib/new-order.ts';
import { type AuditEntry, recordAudit } from './audit.ts';
import * as repo from './categories-repository.ts';
import { childrenOf, flattenTree, subtreeOf } from './tree.ts';

/** Who is changing what: the club and the panel user, as the audit log records them. */
export type Actor = Pick<AuditEntry, 'organisationId' | 'userId' | 'userEmail'>;

type Row = repo.CategoryRow;

/** A category leaves its siblings (moved or deleted): they close the gap it leaves. */
const closeGap = (tx: Tx, orgId: number, rows: Row[], parentId: number | null, leavingId: number) =>
  repo.setPositions(
    tx,
    orgId,
    childrenOf(rows, parentId)
      .filter((r) => r.id !== leavingId)
      .map((r) => r.id),
  );

/** The tree in depth-first order with direct and total product counts. */
export const buildTree = (rows: Row[], counts: Map<number, number>): PanelCategory[] =>
  flattenTree(rows, (r, depth) => {
    let total = 0;
    for (const id of subtreeOf(rows, r.id)) total += counts.get(id) ?? 0;
    return {
      Id: r.id,
      Nazwa: r.name,
      IdParent: r.parentId,
      Pozycja: r.position,
      Poziom: depth,
      LiczbaProduktow: counts.get(r.id) ?? 0,
      LiczbaProduktowRazem: total,
      LiczbaPodkategorii: childrenOf(rows, r.id).length,
    };
  });

export const listCategories = async (db: Db | Tx, orgId: number): Promise<PanelCategory[]> => {
  const [rows, counts] = await Promise.all([repo.allCategories(db, orgId), repo.productCounts(db, orgId)]);
  return buildTree(rows, counts);
};

const one = async (db: Db | Tx, orgId: number, id: number): Promise<PanelCategory> => {
  const found = (await listCategories(db, orgId)).find((c) => c.Id === id);
  if (!found) throw notFound(msg.categoryNotFound);
  return found;
};

const snapshot = (r: Row) => ({ Nazwa: r.name, IdParent: r.parentId, Pozycja: r.position });

const requireParent = (rows: Row[], parentId: number | null) => {
  if (parentId !== null && !rows.some((r) => r.id === parentId)) {
    throw badRequest(msg.categoryParentNotFound, { IdParent: msg.categoryParentNotFound });
  }
};

const nextPosition = (rows: Row[], parentId: number | null) =>
  childrenOf(rows, parentId).reduce((max, r) => Math.max(max, r.position + 1), 0);

export const createCategory = async (
  db: Db,
  actor: Actor,
  body: PanelCategoryCreate,
): Promise<PanelCategory> =>
  db.transaction(async (tx) => {
    const orgId = actor.organisationId;
    const rows = await repo.allCategories(tx, orgId, true);
    requireParent(rows, body.IdParent);
    const created = await repo.insertCategory(tx, orgId, {
      name: body.Nazwa,
      parentId: body.IdParent,
      position: nextPosition(rows, body.IdParent),
    });
    await recordAudit(tx, {
      ...actor,
      action: 'create',
      entity: 'category',
      entityId: created.id,
      after: snapshot(created),
    });
    return one(tx, orgId, created.id);
  });

/** Renames and/or moves; a move refuses the category itself and its descendants as the new parent. */
export const updateCategory = async (
  db: Db,
  actor: Actor,
  id: number,
  body: PanelCategoryUpdate,
): Promise<PanelCategory> =>
  db.transaction(async (tx) => {
    const orgId = actor.organisationId;
    const rows = await repo.allCategories(tx, orgId, true);
    const current = rows.find((r) => r.id === id);
    if (!current) throw notFound(msg.categoryNotFound);
    const patch: Partial<Omit<Row, 'id'>> = {};
    if (body.Nazwa !== undefined && body.Nazwa !== current.name) patch.name = body.Nazwa;
    const moving = body.IdParent !== undefined && body.IdParent !== current.parentId;
    if (moving) {
      const parentId = body.IdParent ?? null;
      if (parentId !== null && subtreeOf(rows, id).has(parentId)) {
        throw badRequest(msg.categoryCycle, { IdParent: msg.categoryCycle });
      }
      requireParent(rows, parentId);
      patch.parentId = parentId;
      patch.position = nextPosition(rows, parentId);
    }
    if (Object.keys(patch).length) {
      await repo.updateCategory(tx, orgId, id, patch);
      if (moving) {
        await closeGap(tx, orgId, rows, current.parentId, id);
      }
      await recordAudit(tx, {
        ...actor,
        action: moving ? 'move' : 'update',
        entity: 'category',
        entityId: id,
        before: snapshot(current),
        after: snapshot({ ...current, ...patch }),
      });
    }
    return one(tx, orgId, id);
  });

/** Sets the order of one parent's children; the list must name each child exactly once. */
export const reorderCategories = async (
  db: Db,
  actor: Actor,
  body: PanelCategoryReorder,
): Promise<PanelCategory[]> =>
  db.transaction(async (tx) => {
    const orgId = actor.organisationId;
    const rows = await repo.allCategories(tx, orgId, true);
    requireParent(rows, body.IdParent);
    const siblings = childrenOf(rows, body.IdParent);
    const { before, changed } = checkNewOrder(siblings, body.Kolejnosc, msg.categoryOrderMismatch);
    if (changed) {
      await repo.setPositions(tx, orgId, body.Kolejnosc);
      await recordAudit(tx, {
        ...actor,
        action: 'reorder',
        entity: 'category',
        entityId: body.IdParent,
        before: { IdParent: body.IdParent, Kolejnosc: before },
        after: { IdParent: body.IdParent, Kolejnosc: body.Kolejnosc },
      });
    }
    return listCategories(tx, orgId);
  });

/** Deletes a category with no products (archived ones lose their category) and no subcategories. */
export const deleteCategory = async (db: Db, actor: Actor, id: number): Promise<void> =>
  db.transaction(async (tx) => {
    const orgId = actor.organisationId;
    const rows = await repo.allCategories(tx, orgId, true);
    const current = rows.find((r) => r.id === id);
    if (!current) throw notFound(msg.categoryNotFound);
    const counts = await repo.productCounts(tx, orgId);
    if (rows.some((r) => r.parentId === id) || (counts.get(id) ?? 0) > 0)
      throw conflict(msg.categoryNotEmpty);
    await repo.deleteCategory(tx, orgId, id);
    await closeGap(tx, orgId, rows, current.parentId, id);
    await recordAudit(tx, {
      ...actor,
      action: 'delete',
      entity: 'category',
      entityId: id,
      before: snapshot(current),
    });
  });
