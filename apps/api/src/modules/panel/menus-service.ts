import {
  fillMessage,
  MAX_MENU_ITEMS,
  MENU_MAX_DEPTH,
  msg,
  type PanelMenuItem,
  type PanelMenuItemCreate,
  type PanelMenuItemUpdate,
  type PanelMenuReorder,
} from '@club/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { writePositions } from '../../db/positions.ts';
import { menuItems } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import { checkNewOrder } from '../../lib/new-order.ts';
import type { PanelActor } from '../../plugins/panel-auth.ts';
import { contentChanged, lockClubContent } from './content-shared.ts';
import { childrenOf, flattenTree, subtreeOf } from './tree.ts';

type Row = typeof menuItems.$inferSelect;

const rowsOf = (db: Db | Tx, orgId: number, menuId: number) =>
  db
    .select()
    .from(menuItems)
    .where(and(eq(menuItems.organisationId, orgId), eq(menuItems.menuId, menuId)))
    .orderBy(asc(menuItems.position), asc(menuItems.id));

/** Levels from the top down to this item (1 for a top-level item). */
const depthOf = (rows: Row[], id: number | null): number => {
  let depth = 0;
  const seen = new Set<number>();
  for (let at = id; at !== null && !seen.has(at); ) {
    seen.add(at);
    depth++;
    at = rows.find((r) => r.id === at)?.parentId ?? null;
  }
  return depth;
};

/** Levels of the item's own subtree (1 for an item without sub-items). */
const heightOf = (rows: Row[], id: number, seen = new Set<number>()): number => {
  seen.add(id);
  let below = 0;
  for (const c of childrenOf(rows, id))
    if (!seen.has(c.id)) below = Math.max(below, heightOf(rows, c.id, seen));
  return below + 1;
};

/** The menu in tree order with depth and sub-item counts; items whose parent is gone show at the top. */
export const buildMenuList = (rows: Row[]): PanelMenuItem[] =>
  flattenTree(rows, (r, depth, i) => ({
    Id: r.id,
    IdParent: r.parentId,
    Tytul: r.title,
    Url: r.url,
    OtworzWNowymOknie: r.newWindow,
    Pozycja: i,
    Poziom: depth,
    LiczbaPodrzednych: childrenOf(rows, r.id).length,
  }));

/** Positions 0..n-1 in the given order, one statement. */
const setPositions = (tx: Tx, orgId: number, ids: number[]) => writePositions(tx, menuItems, orgId, ids);

const snapshot = (r: Row) => ({
  Menu: r.menuId,
  Tytul: r.title,
  Url: r.url,
  OtworzWNowymOknie: r.newWindow,
  IdParent: r.parentId,
  Pozycja: r.position,
});

const requireParent = (rows: Row[], parentId: number | null) => {
  if (parentId !== null && !rows.some((r) => r.id === parentId))
    throw badRequest(msg.menuParentNotFound, { IdParent: msg.menuParentNotFound });
};

const tooDeep = () => {
  const message = fillMessage(msg.menuTooDeep, { ile: String(MENU_MAX_DEPTH) });
  return badRequest(message, { IdParent: message });
};

/** Locks the club's content and reads the menu; every change below starts here. */
const lockedMenu = async (tx: Tx, orgId: number, menuId: number) => {
  await lockClubContent(tx, orgId);
  return rowsOf(tx, orgId, menuId);
};

const one = async (db: Db | Tx, orgId: number, menuId: number, id: number) => {
  const found = buildMenuList(await rowsOf(db, orgId, menuId)).find((i) => i.Id === id);
  if (!found) throw notFound(msg.menuItemNotFound);
  return found;
};

export const listMenu = async (db: Db, actor: PanelActor, menuId: number) =>
  buildMenuList(await rowsOf(db, actor.org.id, menuId));

export const createMenuItem = async (db: Db, actor: PanelActor, menuId: number, body: PanelMenuItemCreate) =>
  db.transaction(async (tx) => {
    const orgId = actor.org.id;
    const rows = await lockedMenu(tx, orgId, menuId);
    requireParent(rows, body.IdParent);
    if (depthOf(rows, body.IdParent) + 1 > MENU_MAX_DEPTH) throw tooDeep();
    if (rows.length >= MAX_MENU_ITEMS)
      throw conflict(fillMessage(msg.menuTooManyItems, { ile: String(MAX_MENU_ITEMS) }));
    const [created] = await tx
      .insert(menuItems)
      .values({
        organisationId: orgId,
        menuId,
        parentId: body.IdParent,
        title: body.Tytul,
        url: body.Url,
        newWindow: body.OtworzWNowymOknie,
        position: childrenOf(rows, body.IdParent).reduce((max, r) => Math.max(max, r.position + 1), 0),
      })
      .returning();
    await contentChanged(tx, actor, {
      action: 'create',
      entity: 'menu-item',
      entityId: created!.id,
      after: snapshot(created!),
    });
    return one(tx, orgId, menuId, created!.id);
  });

/**
 * Changes the texts and/or moves the item: `IdParent` present takes it (with its sub-items) under
 * another parent, never into its own subtree or deeper than MENU_MAX_DEPTH levels; `Pozycja` puts
 * it at that place among its (new) siblings, the end by default for a new parent.
 */
export const updateMenuItem = async (
  db: Db,
  actor: PanelActor,
  menuId: number,
  id: number,
  body: PanelMenuItemUpdate,
) =>
  db.transaction(async (tx) => {
    const orgId = actor.org.id;
    const rows = await lockedMenu(tx, orgId, menuId);
    const current = rows.find((r) => r.id === id);
    if (!current) throw notFound(msg.menuItemNotFound);
    const patch: Partial<Row> = {};
    if (body.Tytul !== undefined && body.Tytul !== current.title) patch.title = body.Tytul;
    if (body.Url !== undefined && body.Url !== current.url) patch.url = body.Url;
    if (body.OtworzWNowymOknie !== undefined && body.OtworzWNowymOknie !== current.newWindow)
      patch.newWindow = body.OtworzWNowymOknie;

    const parentId = body.IdParent === undefined ? current.parentId : body.IdParent;
    const reparent = parentId !== current.parentId;
    if (reparent) {
      if (parentId !== null && subtreeOf(rows, id).has(parentId))
        throw badRequest(msg.menuCycle, { IdParent: msg.menuCycle });
      requireParent(rows, parentId);
      if (depthOf(rows, parentId) + heightOf(rows, id) > MENU_MAX_DEPTH) throw tooDeep();
      patch.parentId = parentId;
    }
    const oldSiblings = childrenOf(rows, current.parentId).map((r) => r.id);
    const others = childrenOf(rows, parentId)
      .map((r) => r.id)
      .filter((x) => x !== id);
    const at = Math.min(body.Pozycja ?? (reparent ? others.length : oldSiblings.indexOf(id)), others.length);
    const newSiblings = [...others.slice(0, at), id, ...others.slice(at)];
    const moved = reparent || newSiblings.join() !== oldSiblings.join();

    if (!Object.keys(patch).length && !moved) return one(tx, orgId, menuId, id);
    if (Object.keys(patch).length)
      await tx
        .update(menuItems)
        .set(patch)
        .where(and(eq(menuItems.organisationId, orgId), eq(menuItems.id, id)));
    if (moved) {
      await setPositions(tx, orgId, newSiblings);
      if (reparent)
        await setPositions(
          tx,
          orgId,
          oldSiblings.filter((x) => x !== id),
        );
    }
    await contentChanged(tx, actor, {
      action: moved ? 'move' : 'update',
      entity: 'menu-item',
      entityId: id,
      before: snapshot(current),
      after: snapshot({ ...current, ...patch, position: newSiblings.indexOf(id) }),
    });
    return one(tx, orgId, menuId, id);
  });

/** Sets the order of one parent's sub-items (the keyboard's 'up' and 'down'); every one of them, each once. */
export const reorderMenu = async (db: Db, actor: PanelActor, menuId: number, body: PanelMenuReorder) =>
  db.transaction(async (tx) => {
    const orgId = actor.org.id;
    const rows = await lockedMenu(tx, orgId, menuId);
    requireParent(rows, body.IdParent);
    const siblings = childrenOf(rows, body.IdParent);
    const { before, changed } = checkNewOrder(siblings, body.Kolejnosc, msg.menuOrderMismatch);
    if (changed) {
      await setPositions(tx, orgId, body.Kolejnosc);
      await contentChanged(tx, actor, {
        action: 'reorder',
        entity: 'menu-item',
        entityId: body.IdParent,
        before: { Menu: menuId, IdParent: body.IdParent, Kolejnosc: before },
        after: { Menu: menuId, IdParent: body.IdParent, Kolejnosc: body.Kolejnosc },
      });
    }
    return buildMenuList(await rowsOf(tx, orgId, menuId));
  });

/** Deletes the item with all its sub-items; its siblings close the gap. */
export const deleteMenuItem = async (db: Db, actor: PanelActor, menuId: number, id: number): Promise<void> =>
  db.transaction(async (tx) => {
    const orgId = actor.org.id;
    const rows = await lockedMenu(tx, orgId, menuId);
    const current = rows.find((r) => r.id === id);
    if (!current) throw notFound(msg.menuItemNotFound);
    const gone = [...subtreeOf(rows, id)];
    await tx.delete(menuItems).where(and(eq(menuItems.organisationId, orgId), inArray(menuItems.id, gone)));
    await setPositions(
      tx,
      orgId,
      childrenOf(rows, current.parentId)
        .map((r) => r.id)
        .filter((x) => x !== id),
    );
    await contentChanged(tx, actor, {
      action: 'delete',
      entity: 'menu-item',
      entityId: id,
      before: {
        ...snapshot(current),
        Podrzedne: rows.filter((r) => gone.includes(r.id) && r.id !== id).map(snapshot),
      },
    });
  });
