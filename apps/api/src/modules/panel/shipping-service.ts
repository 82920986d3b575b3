import {
  fillMessage,
  groszeToZl,
  isLockerShipping,
  MAX_SHIPPING_OPTIONS,
  msg,
  type PanelShippingCreate,
  type PanelShippingList,
  type PanelShippingOption,
  type PanelShippingReorder,
  type PanelShippingUpdate,
  zlToGrosze,
} from '@club/contract';
import type { Db, Tx } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import { notifyChange } from '../changes/notify.ts';
import { recordAudit } from './audit.ts';
import type { Actor } from './settings-service.ts';
import * as repo from './shipping-repository.ts';

type Row = repo.ShippingRow;

const toOption = (r: Row, orders: number): PanelShippingOption => ({
  Id: r.id,
  Tresc: r.name,
  Cena: groszeToZl(r.price),
  PlatnoscPrzyOdbiorze: r.cashOnDelivery,
  // The spec's rule by name still holds, whatever the flag says.
  Paczkomat: r.parcelLocker || isLockerShipping(r.name),
  Pozycja: r.position,
  Aktywna: r.active,
  LiczbaZamowien: orders,
});

const snapshot = (r: Row) => ({
  Tresc: r.name,
  Cena: groszeToZl(r.price),
  PlatnoscPrzyOdbiorze: r.cashOnDelivery,
  Paczkomat: r.parcelLocker,
  Aktywna: r.active,
  Pozycja: r.position,
});

export const listShipping = async (db: Db | Tx, orgId: number): Promise<PanelShippingList> => {
  const [rows, counts] = await Promise.all([repo.allOptions(db, orgId), repo.orderCounts(db, orgId)]);
  return { Items: rows.map((r) => toOption(r, counts.get(r.id) ?? 0)), Total: rows.length };
};

const one = async (db: Db | Tx, orgId: number, id: number): Promise<PanelShippingOption> => {
  const found = (await listShipping(db, orgId)).Items.find((o) => o.Id === id);
  if (!found) throw notFound(msg.shippingNotFound);
  return found;
};

/** The storefront offers the option at once (every process hears the 'shipping' notice). */
const changed = (tx: Tx, orgId: number) => notifyChange(tx, { organisationId: orgId, topic: 'shipping' });

export const createShipping = async (
  db: Db,
  actor: Actor,
  body: PanelShippingCreate,
): Promise<PanelShippingOption> =>
  db.transaction(async (tx) => {
    const orgId = actor.organisationId;
    const rows = await repo.allOptions(tx, orgId, true);
    if (rows.length >= MAX_SHIPPING_OPTIONS) {
      throw badRequest(fillMessage(msg.shippingTooMany, { ile: String(MAX_SHIPPING_OPTIONS) }));
    }
    const created = await repo.insertOption(tx, {
      organisationId: orgId,
      name: body.Tresc,
      price: zlToGrosze(body.Cena),
      cashOnDelivery: body.PlatnoscPrzyOdbiorze,
      parcelLocker: body.Paczkomat ?? isLockerShipping(body.Tresc),
      active: body.Aktywna,
      electronic: false,
      position: rows.reduce((max, r) => Math.max(max, r.position + 1), 0),
    });
    await recordAudit(tx, {
      ...actor,
      action: 'create',
      entity: 'shipping',
      entityId: created.id,
      after: snapshot(created),
    });
    await changed(tx, orgId);
    return toOption(created, 0);
  });

/** Changes the fields present; deactivating takes the option out of the storefront and checkout. */
export const updateShipping = async (
  db: Db,
  actor: Actor,
  id: number,
  body: PanelShippingUpdate,
): Promise<PanelShippingOption> =>
  db.transaction(async (tx) => {
    const orgId = actor.organisationId;
    const current = (await repo.allOptions(tx, orgId, true)).find((r) => r.id === id);
    if (!current) throw notFound(msg.shippingNotFound);
    const next: Row = {
      ...current,
      ...(body.Tresc !== undefined && { name: body.Tresc }),
      ...(body.Cena !== undefined && { price: zlToGrosze(body.Cena) }),
      ...(body.PlatnoscPrzyOdbiorze !== undefined && { cashOnDelivery: body.PlatnoscPrzyOdbiorze }),
      ...(body.Paczkomat !== undefined && { parcelLocker: body.Paczkomat }),
      ...(body.Aktywna !== undefined && { active: body.Aktywna }),
    };
    if (JSON.stringify(snapshot(current)) !== JSON.stringify(snapshot(next))) {
      const { id: _id, organisationId: _org, ...patch } = next;
      await repo.updateOption(tx, orgId, id, patch);
      await recordAudit(tx, {
        ...actor,
        action: current.active !== next.active ? (next.active ? 'activate' : 'deactivate') : 'update',
        entity: 'shipping',
        entityId: id,
        before: snapshot(current),
        after: snapshot(next),
      });
      await changed(tx, orgId);
    }
    return one(tx, orgId, id);
  });

/** The storefront's order of the options: every option of the club, each once. */
export const reorderShipping = async (
  db: Db,
  actor: Actor,
  body: PanelShippingReorder,
): Promise<PanelShippingList> =>
  db.transaction(async (tx) => {
    const orgId = actor.organisationId;
    const rows = await repo.allOptions(tx, orgId, true);
    const want = new Set(body.Kolejnosc);
    if (
      want.size !== body.Kolejnosc.length ||
      want.size !== rows.length ||
      !rows.every((r) => want.has(r.id))
    ) {
      throw badRequest(msg.shippingOrderMismatch, { Kolejnosc: msg.shippingOrderMismatch });
    }
    const before = rows.map((r) => r.id);
    if (before.join() !== body.Kolejnosc.join() || rows.some((r, i) => r.position !== i)) {
      await repo.setPositions(tx, orgId, body.Kolejnosc);
      await recordAudit(tx, {
        ...actor,
        action: 'reorder',
        entity: 'shipping',
        entityId: null,
        before: { Kolejnosc: before },
        after: { Kolejnosc: body.Kolejnosc },
      });
      await changed(tx, orgId);
    }
    return listShipping(tx, orgId);
  });

/**
 * Deletes an option no order was placed with. One with orders is refused (409): the orders keep
 * their shipping name and cost either way, but the panel should deactivate it instead, so its
 * history stays linked.
 */
export const deleteShipping = async (db: Db, actor: Actor, id: number): Promise<void> =>
  db.transaction(async (tx) => {
    const orgId = actor.organisationId;
    const rows = await repo.allOptions(tx, orgId, true);
    const current = rows.find((r) => r.id === id);
    if (!current) throw notFound(msg.shippingNotFound);
    const used = await repo.ordersWithOption(tx, orgId, id);
    if (used > 0) throw conflict(fillMessage(msg.shippingInUse, { ile: String(used) }));
    await repo.deleteOption(tx, orgId, id);
    await repo.setPositions(
      tx,
      orgId,
      rows.filter((r) => r.id !== id).map((r) => r.id),
    );
    await recordAudit(tx, {
      ...actor,
      action: 'delete',
      entity: 'shipping',
      entityId: id,
      before: snapshot(current),
    });
    await changed(tx, orgId);
  });
