import {
  fillMessage,
  msg,
  type PanelCustomerGroup,
  type PanelCustomerGroupCreate,
  type PanelCustomerGroupList,
  type PanelCustomerGroupUpdate,
  warsawLocal,
} from '@club/contract';
import type { Db, Tx } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import { recordAudit } from './audit.ts';
import * as repo from './customer-groups-repository.ts';
import type { Actor } from './settings-service.ts';

const view = (g: repo.GroupWithMembers): PanelCustomerGroup => ({
  Id: g.id,
  Nazwa: g.name,
  Od: g.validFrom && warsawLocal(g.validFrom),
  Do: g.validTo && warsawLocal(g.validTo),
  Konta: g.accounts.map((a) => ({
    Id: a.id,
    Email: a.email,
    Nazwa: `${a.firstName} ${a.lastName}`.trim(),
  })),
  Domeny: g.domains,
  Promocje: g.promotions.length,
  Utworzono: g.createdAt.toISOString(),
  Zmieniono: g.updatedAt.toISOString(),
});

/** What the audit log keeps: as the panel shows it (Warsaw time, accounts by e-mail). */
const snapshot = (g: {
  Nazwa: string;
  Od: Date | null;
  Do: Date | null;
  Konta: readonly string[];
  Domeny: readonly string[];
}) => ({
  Nazwa: g.Nazwa,
  Od: g.Od && warsawLocal(g.Od),
  Do: g.Do && warsawLocal(g.Do),
  Konta: [...g.Konta].sort(),
  Domeny: [...g.Domeny].sort(),
});

export const listGroups = async (db: Db | Tx, orgId: number): Promise<PanelCustomerGroupList> => {
  const rows = await repo.allGroups(db, orgId);
  return { Items: rows.map(view), Total: rows.length };
};

/** Another club's group is not found here, as one that does not exist. */
export const getGroup = async (db: Db | Tx, orgId: number, id: number): Promise<PanelCustomerGroup> => {
  const found = await repo.oneGroup(db, orgId, id);
  if (!found) throw notFound(msg.groupNotFound);
  return view(found);
};

/**
 * The club's customer accounts with these e-mails; the first one the club does not have is refused
 * by name (a manager typing it can fix it), so a group never names another club's account or staff.
 */
const accountIds = async (tx: Tx, orgId: number, emails: readonly string[]): Promise<number[]> => {
  const found = await repo.customerAccounts(tx, orgId, emails);
  const byEmail = new Map(found.map((a) => [a.email, a.id]));
  const missing = emails.find((e) => !byEmail.has(e));
  if (missing !== undefined) {
    const message = fillMessage(msg.groupAccountUnknown, { email: missing });
    throw badRequest(message, { Konta: message });
  }
  return emails.map((e) => byEmail.get(e)!);
};

export const createGroup = async (
  db: Db,
  actor: Actor,
  body: PanelCustomerGroupCreate,
): Promise<PanelCustomerGroup> =>
  db.transaction(async (tx) => {
    const orgId = actor.organisationId;
    const ids = await accountIds(tx, orgId, body.Konta);
    const row = await repo.insertGroup(tx, {
      organisationId: orgId,
      name: body.Nazwa,
      validFrom: body.Od,
      validTo: body.Do,
    });
    await repo.replaceAccounts(tx, orgId, row.id, ids);
    await repo.replaceDomains(tx, orgId, row.id, body.Domeny);
    await recordAudit(tx, {
      ...actor,
      action: 'create',
      entity: 'customerGroup',
      entityId: row.id,
      after: snapshot(body),
    });
    return getGroup(tx, orgId, row.id);
  });

const locked = async (tx: Tx, orgId: number, id: number) => {
  const current = await repo.lockGroup(tx, orgId, id);
  if (!current) throw notFound(msg.groupNotFound);
  return (await repo.oneGroup(tx, orgId, id))!;
};

const fieldsOf = (g: repo.GroupWithMembers) => ({
  Nazwa: g.name,
  Od: g.validFrom,
  Do: g.validTo,
  Konta: g.accounts.map((a) => a.email),
  Domeny: g.domains,
});

/** Changes the fields present; a list given replaces the group's list. */
export const updateGroup = async (
  db: Db,
  actor: Actor,
  id: number,
  body: PanelCustomerGroupUpdate,
): Promise<PanelCustomerGroup> =>
  db.transaction(async (tx) => {
    const orgId = actor.organisationId;
    const current = await locked(tx, orgId, id);
    const before = fieldsOf(current);
    const given = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
    const next = { ...before, ...given } as typeof before;
    if (next.Od && next.Do && next.Do.getTime() <= next.Od.getTime())
      throw badRequest(msg.groupEndsBeforeStart, { Do: msg.groupEndsBeforeStart });
    const [was, is] = [snapshot(before), snapshot(next)];
    if (JSON.stringify(was) === JSON.stringify(is)) return view(current);
    await repo.updateGroup(tx, orgId, id, { name: next.Nazwa, validFrom: next.Od, validTo: next.Do });
    if (body.Konta) await repo.replaceAccounts(tx, orgId, id, await accountIds(tx, orgId, body.Konta));
    if (body.Domeny) await repo.replaceDomains(tx, orgId, id, body.Domeny);
    await recordAudit(tx, {
      ...actor,
      action: 'update',
      entity: 'customerGroup',
      entityId: id,
      before: was,
      after: is,
    });
    return getGroup(tx, orgId, id);
  });

/**
 * Deletes a group no running or coming promotion names: removing it from under one would leave a
 * member price nobody gets without the manager seeing why. Ended promotions keep the id, which then
 * names nothing (and so applies to nobody).
 */
export const deleteGroup = async (db: Db, actor: Actor, id: number): Promise<void> =>
  db.transaction(async (tx) => {
    const orgId = actor.organisationId;
    const current = await locked(tx, orgId, id);
    if (current.promotions.length)
      throw conflict(
        fillMessage(msg.groupInUse, { nazwa: current.name, promocje: current.promotions.join(', ') }),
      );
    await repo.deleteGroup(tx, orgId, id);
    await recordAudit(tx, {
      ...actor,
      action: 'delete',
      entity: 'customerGroup',
      entityId: id,
      before: snapshot(fieldsOf(current)),
    });
  });
