import {
  FREE_SHIPPING_OPTION,
  fillMessage,
  freeShippingThreshold,
  GUEST_CHECKOUT_OPTION,
  groszeToZl,
  HOME_SECTIONS,
  homeSectionOption,
  type LogoKind,
  msg,
  type PanelDomain,
  type PanelSettings,
  type PanelSettingsUpdate,
  zlToGrosze,
} from '@club/contract';
import type { Db, Tx } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import { notifyChange } from '../changes/notify.ts';
import { isUniqueViolation } from '../payments/retry.ts';
import { type AuditEntry, recordAudit } from './audit.ts';
import * as repo from './settings-repository.ts';

/** Who is changing what: the club and the panel user, as the audit log records them. */
export type Actor = Pick<AuditEntry, 'organisationId' | 'userId' | 'userEmail'>;

const OPTION_KEYS = [...HOME_SECTIONS.map(homeSectionOption), GUEST_CHECKOUT_OPTION, FREE_SHIPPING_OPTION];
const isOn = (options: repo.OptionRow[], key: string) =>
  options.some((o) => o.key === key && o.value.trim() === '1');

const toSettings = (org: repo.OrganisationRow, options: repo.OptionRow[]): PanelSettings => {
  const grosze = freeShippingThreshold(options.map((o) => ({ Klucz: o.key, Wartosc: o.value })));
  return {
    Nazwa: org.name,
    Title: org.title,
    Description: org.description,
    Mapa: org.mapUrl,
    EmailSklepu: org.shopEmail,
    Pola: org.contactFields,
    PolaWymagane: org.contactRequired,
    SekcjeStronyGlownej: {
      baner: isOn(options, homeSectionOption('baner')),
      produkty: isOn(options, homeSectionOption('produkty')),
    },
    ZakupyBezLogowania: isOn(options, GUEST_CHECKOUT_OPTION),
    DarmowaDostawaOd: grosze === null ? null : groszeToZl(grosze),
    LogoGlowne: org.logoMain,
    LogoStopka: org.logoFooter,
  };
};

export const getSettings = async (db: Db | Tx, orgId: number): Promise<PanelSettings> => {
  const [org, options] = await Promise.all([
    repo.findOrganisation(db, orgId),
    repo.findOptions(db, orgId, OPTION_KEYS),
  ]);
  return toSettings(org, options);
};

/** The audit's view of the settings: what the panel edits, without the logos' file names. */
const auditView = ({ LogoGlowne: _m, LogoStopka: _f, ...rest }: PanelSettings) => rest;

/**
 * Changes the fields present. Required contact fields must be among the shown ones, judged on
 * the result (a change of `Pola` alone may not leave a required field hidden).
 */
export const updateSettings = async (
  db: Db,
  actor: Actor,
  body: PanelSettingsUpdate,
): Promise<PanelSettings> =>
  db.transaction(async (tx) => {
    const orgId = actor.organisationId;
    const org = await repo.findOrganisation(tx, orgId, true);
    const before = toSettings(org, await repo.findOptions(tx, orgId, OPTION_KEYS));
    const pola = body.Pola ?? org.contactFields;
    const required = body.PolaWymagane ?? org.contactRequired.filter((f) => pola.includes(f));
    if (!required.every((f) => pola.includes(f))) {
      throw badRequest(msg.settingsRequiredNotEnabled, { PolaWymagane: msg.settingsRequiredNotEnabled });
    }
    await repo.updateOrganisation(tx, orgId, {
      ...(body.Nazwa !== undefined && { name: body.Nazwa }),
      ...(body.Title !== undefined && { title: body.Title }),
      ...(body.Description !== undefined && { description: body.Description }),
      ...(body.Mapa !== undefined && { mapUrl: body.Mapa }),
      ...(body.EmailSklepu !== undefined && { shopEmail: body.EmailSklepu }),
      ...(body.Pola !== undefined && { contactFields: pola }),
      ...((body.Pola !== undefined || body.PolaWymagane !== undefined) && { contactRequired: required }),
    });
    for (const section of HOME_SECTIONS) {
      const on = body.SekcjeStronyGlownej?.[section];
      if (on !== undefined) await repo.setOption(tx, orgId, homeSectionOption(section), on ? '1' : '0');
    }
    if (body.ZakupyBezLogowania !== undefined) {
      await repo.setOption(tx, orgId, GUEST_CHECKOUT_OPTION, body.ZakupyBezLogowania ? '1' : '0');
    }
    if (body.DarmowaDostawaOd !== undefined) {
      const value = body.DarmowaDostawaOd === null ? null : String(zlToGrosze(body.DarmowaDostawaOd));
      await repo.setOption(tx, orgId, FREE_SHIPPING_OPTION, value, 10);
    }
    const after = await getSettings(tx, orgId);
    if (JSON.stringify(auditView(before)) !== JSON.stringify(auditView(after))) {
      await recordAudit(tx, {
        ...actor,
        action: 'update',
        entity: 'settings',
        entityId: orgId,
        before: auditView(before),
        after: auditView(after),
      });
      await notifyChange(tx, { organisationId: orgId, topic: 'settings' });
    }
    return after;
  });

/**
 * Puts a new logo file in place of the old one (main or footer), audited. Returns the file the
 * row no longer names, for the caller to delete from storage once this has committed.
 */
export const setLogo = async (
  db: Db,
  actor: Actor,
  which: LogoKind,
  fileName: string | null,
): Promise<{ settings: PanelSettings; replaced: string | null }> =>
  db.transaction(async (tx) => {
    const orgId = actor.organisationId;
    const org = await repo.findOrganisation(tx, orgId, true);
    const column = which === 'main' ? 'logoMain' : 'logoFooter';
    const replaced = org[column];
    if (replaced !== fileName) {
      await repo.updateOrganisation(tx, orgId, { [column]: fileName });
      await recordAudit(tx, {
        ...actor,
        action: fileName ? 'update' : 'delete',
        entity: 'logo',
        entityId: which,
        before: { Plik: replaced },
        after: { Plik: fileName },
      });
      await notifyChange(tx, { organisationId: orgId, topic: 'settings' });
    }
    return { settings: await getSettings(tx, orgId), replaced: replaced !== fileName ? replaced : null };
  });

// ---- Domains ----------------------------------------------------------------------------------

export const listDomains = async (db: Db, orgId: number) => {
  const rows = await repo.findDomains(db, orgId);
  return { Items: rows.map((r): PanelDomain => ({ Id: r.id, Host: r.host })), Total: rows.length };
};

const taken = (host: string, ownOrgId: number, holderOrgId: number) =>
  holderOrgId === ownOrgId
    ? conflict(msg.domainAlreadyAdded)
    : conflict(fillMessage(msg.domainTaken, { domena: host }));

/** Adds a host name the storefront then answers on as this club; a name held by any club is a 409. */
export const addDomain = async (db: Db, actor: Actor, host: string): Promise<PanelDomain> => {
  const orgId = actor.organisationId;
  const holder = await repo.findDomainOwner(db, host);
  if (holder) throw taken(host, orgId, holder.organisationId);
  try {
    return await db.transaction(async (tx) => {
      const row = await repo.insertDomain(tx, orgId, host);
      await recordAudit(tx, {
        ...actor,
        action: 'create',
        entity: 'domain',
        entityId: row.id,
        after: { Host: row.host },
      });
      await notifyChange(tx, { organisationId: orgId, topic: 'settings' });
      return { Id: row.id, Host: row.host };
    });
  } catch (err) {
    // Another request added the same name between the check and the insert.
    if (!isUniqueViolation(err)) throw err;
    const now = await repo.findDomainOwner(db, host);
    throw taken(host, orgId, now?.organisationId ?? -1);
  }
};

/** Removes one of the club's domains; the storefront stops answering on it as this club. */
export const removeDomain = async (db: Db, actor: Actor, id: number): Promise<void> =>
  db.transaction(async (tx) => {
    const row = await repo.deleteDomain(tx, actor.organisationId, id);
    if (!row) throw notFound(msg.domainNotFound);
    await recordAudit(tx, {
      ...actor,
      action: 'delete',
      entity: 'domain',
      entityId: row.id,
      before: { Host: row.host },
    });
    await notifyChange(tx, { organisationId: actor.organisationId, topic: 'settings' });
  });
