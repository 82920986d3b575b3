import { randomBytes } from 'node:crypto';
import {
  brandColoursOrDefault,
  clubSafetyDefaults,
  domainProofFile,
  domainProofRecord,
  FREE_SHIPPING_OPTION,
  fillMessage,
  freeShippingThreshold,
  GUEST_CHECKOUT_OPTION,
  groszeToZl,
  HOME_SECTIONS,
  homeSectionOption,
  type LogoKind,
  MAX_DOMAIN_CLAIMS,
  msg,
  type PanelDomain,
  type PanelDomainClaim,
  type PanelSettings,
  type PanelSettingsUpdate,
  zlToGrosze,
} from '@club/contract';
import type { Db, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/transactions.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import { notifyChange } from '../changes/notify.ts';
import { type AuditEntry, recordAudit } from './audit.ts';
import type { DomainProof } from './domain-proof.ts';
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
    LimitSztukNaPozycje: org.lineQuantityLimit,
    LimitSztukWZamowieniu: org.orderQuantityLimit,
    PotwierdzeniePobraniaOd: org.codConfirmationAbove === null ? null : groszeToZl(org.codConfirmationAbove),
    ZamowieniaNaEmailNaGodzine: org.ordersPerEmailHour,
    ZamowieniaNaIpNaGodzine: org.ordersPerIpHour,
    BezpieczenstwoProduktu: clubSafetyDefaults(org.productSafety),
    DniNaOdstapienie: org.withdrawalDays,
    Kolory: brandColoursOrDefault(org.brandColours),
    MnoznikPowiadomien: org.stockAlertFactor,
    WaznoscKartPodarunkowych: org.giftCardMonths,
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
      ...(body.LimitSztukNaPozycje !== undefined && { lineQuantityLimit: body.LimitSztukNaPozycje }),
      ...(body.LimitSztukWZamowieniu !== undefined && { orderQuantityLimit: body.LimitSztukWZamowieniu }),
      ...(body.PotwierdzeniePobraniaOd !== undefined && {
        codConfirmationAbove:
          body.PotwierdzeniePobraniaOd === null ? null : zlToGrosze(body.PotwierdzeniePobraniaOd),
      }),
      ...(body.ZamowieniaNaEmailNaGodzine !== undefined && {
        ordersPerEmailHour: body.ZamowieniaNaEmailNaGodzine,
      }),
      ...(body.ZamowieniaNaIpNaGodzine !== undefined && { ordersPerIpHour: body.ZamowieniaNaIpNaGodzine }),
      ...(body.BezpieczenstwoProduktu !== undefined && { productSafety: body.BezpieczenstwoProduktu }),
      ...(body.DniNaOdstapienie !== undefined && { withdrawalDays: body.DniNaOdstapienie }),
      ...(body.Kolory !== undefined && { brandColours: body.Kolory }),
      ...(body.MnoznikPowiadomien !== undefined && { stockAlertFactor: body.MnoznikPowiadomien }),
      ...(body.WaznoscKartPodarunkowych !== undefined && { giftCardMonths: body.WaznoscKartPodarunkowych }),
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

const claimView = (c: repo.ClaimRow): PanelDomainClaim => ({
  Id: c.id,
  Host: c.host,
  Kod: c.token,
  RekordTxt: domainProofRecord(c.host),
  Plik: domainProofFile(c.host, c.token),
});

export const listDomains = async (db: Db, orgId: number) => {
  const [rows, claims] = await Promise.all([repo.findDomains(db, orgId), repo.findClaims(db, orgId)]);
  return {
    Items: rows.map((r): PanelDomain => ({ Id: r.id, Host: r.host })),
    Total: rows.length,
    Oczekujace: claims.map(claimView),
  };
};

const taken = (host: string, ownOrgId: number, holderOrgId: number) =>
  holderOrgId === ownOrgId
    ? conflict(msg.domainAlreadyAdded)
    : conflict(fillMessage(msg.domainTaken, { domena: host }));

/**
 * Asks for a domain: a claim with a random code the club publishes to prove the domain is its own
 * (verifyDomainClaim). Until then the shop does not answer on it, and the claim keeps no other
 * club from the name. A name another club holds is a 409.
 */
export const claimDomain = async (db: Db, actor: Actor, host: string): Promise<PanelDomainClaim> => {
  const orgId = actor.organisationId;
  const holder = await repo.findDomainOwner(db, host);
  if (holder) throw taken(host, orgId, holder.organisationId);
  try {
    return await db.transaction(async (tx) => {
      // One claim at a time per club, so the limit holds under concurrent requests.
      await repo.findOrganisation(tx, orgId, true);
      const claims = await repo.findClaims(tx, orgId);
      if (claims.some((c) => c.host === host)) throw conflict(msg.domainClaimPending);
      if (claims.length >= MAX_DOMAIN_CLAIMS)
        throw conflict(fillMessage(msg.domainClaimsTooMany, { ile: String(MAX_DOMAIN_CLAIMS) }));
      const row = await repo.insertClaim(tx, orgId, host, randomBytes(24).toString('base64url'));
      await recordAudit(tx, {
        ...actor,
        action: 'create',
        entity: 'domain',
        entityId: null,
        after: { Host: row.host, Potwierdzona: false },
      });
      return claimView(row);
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    throw conflict(msg.domainClaimPending);
  }
};

/**
 * Checks the claim's proof (`prove` asks DNS and the domain's server, outside any transaction);
 * when it holds, the domain becomes the club's and the storefront answers on it. A name another
 * club got meanwhile is a 409, whoever proved it first keeps it.
 */
export const verifyDomainClaim = async (
  db: Db,
  actor: Actor,
  claimId: number,
  prove: (host: string, code: string) => Promise<DomainProof>,
): Promise<PanelDomain> => {
  const orgId = actor.organisationId;
  const claim = await repo.findClaim(db, orgId, claimId);
  if (!claim) throw notFound(msg.domainNotFound);
  const holder = await repo.findDomainOwner(db, claim.host);
  if (holder) throw taken(claim.host, orgId, holder.organisationId);
  const proof = await prove(claim.host, claim.token);
  if (!proof.ok) {
    const text = proof.reason === 'private' ? msg.domainProofPrivate : msg.domainProofMissing;
    throw badRequest(
      fillMessage(text, {
        domena: claim.host,
        rekord: domainProofRecord(claim.host),
        plik: domainProofFile(claim.host, claim.token),
      }),
    );
  }
  try {
    return await db.transaction(async (tx) => {
      // Removed meanwhile: nothing to verify.
      if (!(await repo.deleteClaim(tx, orgId, claimId))) throw notFound(msg.domainNotFound);
      const row = await repo.insertDomain(tx, orgId, claim.host);
      await recordAudit(tx, {
        ...actor,
        action: 'update',
        entity: 'domain',
        entityId: row.id,
        before: { Host: row.host, Potwierdzona: false },
        after: { Host: row.host, Potwierdzona: true, Potwierdzenie: proof.via === 'dns' ? 'TXT' : 'plik' },
      });
      await notifyChange(tx, { organisationId: orgId, topic: 'settings' });
      return { Id: row.id, Host: row.host };
    });
  } catch (err) {
    // Another club (or a twin request) proved the same name between the check and the insert.
    if (!isUniqueViolation(err)) throw err;
    const now = await repo.findDomainOwner(db, claim.host);
    throw taken(claim.host, orgId, now?.organisationId ?? -1);
  }
};

/** Withdraws a domain waiting for proof. */
export const removeDomainClaim = async (db: Db, actor: Actor, id: number): Promise<void> =>
  db.transaction(async (tx) => {
    const row = await repo.deleteClaim(tx, actor.organisationId, id);
    if (!row) throw notFound(msg.domainNotFound);
    await recordAudit(tx, {
      ...actor,
      action: 'delete',
      entity: 'domain',
      entityId: null,
      before: { Host: row.host, Potwierdzona: false },
    });
  });

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
