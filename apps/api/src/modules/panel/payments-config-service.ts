import {
  msg,
  type PanelPayments,
  type PanelPaymentsUpdate,
  type PanelPayuInput,
  type PanelPayuTest,
} from '@club/contract';
import type { Db, Tx } from '../../db/client.ts';
import { badRequest, HttpError } from '../../lib/http-error.ts';
import { isEncrypted, type SecretBox, SecretUnavailable } from '../../lib/secrets.ts';
import { notifyChange } from '../changes/notify.ts';
import { PayuAuthError, type PayuConfig, PayuTokens } from '../payments/payu.ts';
import { clubPayuConfig, type Payments, payuSecretContext } from '../payments/registry.ts';
import { recordAudit } from './audit.ts';
import * as repo from './settings-repository.ts';
import type { Actor } from './settings-service.ts';

type StoredPayu = NonNullable<repo.OrganisationRow['payuConfig']>;

/** What the panel may see: never a secret, only whether it is set. */
const toPayments = (payments: Payments, org: repo.OrganisationRow): PanelPayments => {
  const c = org.payuConfig;
  return {
    PayU: {
      Skonfigurowane: Boolean(c),
      PosId: c?.posId ?? '',
      ClientId: c?.clientId ?? '',
      Sandbox: c?.sandbox ?? true,
      ClientSecretUstawiony: Boolean(c?.clientSecret),
      DrugiKluczUstawiony: Boolean(c?.secondKey),
    },
    Zrodlo: payments.sourceFor(org),
    PlatnoscPrzyOdbiorze: org.cashOnDelivery,
  };
};

/** The audit's view: secrets as '***' (set) or null, and which of them this change replaced. */
const auditView = (c: StoredPayu | null, replaced: string[] = []) =>
  c && {
    PosId: c.posId,
    ClientId: c.clientId,
    Sandbox: c.sandbox,
    ClientSecret: c.clientSecret ? '***' : null,
    DrugiKlucz: c.secondKey ? '***' : null,
    ...(replaced.length && { NoweKlucze: replaced }),
  };

export const getPayments = async (db: Db, payments: Payments, orgId: number): Promise<PanelPayments> =>
  toPayments(payments, await repo.findOrganisation(db, orgId));

const changed = (tx: Tx, orgId: number) => notifyChange(tx, { organisationId: orgId, topic: 'payments' });

/**
 * Saves the club's PayU configuration. New secrets are sealed with SECRETS_KEY (AES-256-GCM, bound
 * to the club and field); absent ones keep the stored values, which are sealed too if an older
 * row held them in plain text. The first configuration needs both secrets.
 */
export const savePayu = async (
  db: Db,
  secrets: SecretBox,
  payments: Payments,
  actor: Actor,
  body: PanelPayuInput,
): Promise<PanelPayments> =>
  db.transaction(async (tx) => {
    const orgId = actor.organisationId;
    const org = await repo.findOrganisation(tx, orgId, true);
    const stored = org.payuConfig;
    const missing: Record<string, string> = {};
    if (!body.ClientSecret && !stored?.clientSecret) missing.ClientSecret = msg.payuSecretsRequired;
    if (!body.DrugiKlucz && !stored?.secondKey) missing.DrugiKlucz = msg.payuSecretsRequired;
    if (Object.keys(missing).length) throw badRequest(msg.payuSecretsRequired, missing);
    if (!secrets.canEncrypt) throw new HttpError(503, msg.secretsKeyMissing);
    const seal = (
      plain: string | undefined,
      kept: string | undefined,
      field: 'clientSecret' | 'secondKey',
    ) => {
      const value = plain ?? kept!;
      return isEncrypted(value) ? value : secrets.encrypt(value, payuSecretContext(orgId, field));
    };
    const next: StoredPayu = {
      posId: body.PosId,
      clientId: body.ClientId,
      sandbox: body.Sandbox,
      clientSecret: seal(body.ClientSecret, stored?.clientSecret, 'clientSecret'),
      secondKey: seal(body.DrugiKlucz, stored?.secondKey, 'secondKey'),
      // A hand-set address (a test double) stays; the panel does not edit it.
      ...(stored?.baseUrl && { baseUrl: stored.baseUrl }),
    };
    const replaced = [
      ...(body.ClientSecret ? ['ClientSecret'] : []),
      ...(body.DrugiKlucz ? ['DrugiKlucz'] : []),
    ];
    await repo.updateOrganisation(tx, orgId, { payuConfig: next });
    await recordAudit(tx, {
      ...actor,
      action: stored ? 'update' : 'create',
      entity: 'payments',
      entityId: 'payu',
      before: auditView(stored),
      after: auditView(next, replaced),
    });
    await changed(tx, orgId);
    return toPayments(payments, { ...org, payuConfig: next });
  });

/** Removes the club's own PayU: online payments go to the server's PayU, the demo page or nowhere. */
export const deletePayu = async (db: Db, payments: Payments, actor: Actor): Promise<PanelPayments> =>
  db.transaction(async (tx) => {
    const org = await repo.findOrganisation(tx, actor.organisationId, true);
    if (org.payuConfig) {
      await repo.updateOrganisation(tx, actor.organisationId, { payuConfig: null });
      await recordAudit(tx, {
        ...actor,
        action: 'delete',
        entity: 'payments',
        entityId: 'payu',
        before: auditView(org.payuConfig),
      });
      await changed(tx, actor.organisationId);
    }
    return toPayments(payments, { ...org, payuConfig: null });
  });

/** Cash on delivery on or off for the whole club; off, orders choosing it are refused. */
export const updatePayments = async (
  db: Db,
  payments: Payments,
  actor: Actor,
  body: PanelPaymentsUpdate,
): Promise<PanelPayments> =>
  db.transaction(async (tx) => {
    const org = await repo.findOrganisation(tx, actor.organisationId, true);
    if (org.cashOnDelivery !== body.PlatnoscPrzyOdbiorze) {
      await repo.updateOrganisation(tx, actor.organisationId, { cashOnDelivery: body.PlatnoscPrzyOdbiorze });
      await recordAudit(tx, {
        ...actor,
        action: 'update',
        entity: 'payments',
        entityId: 'cod',
        before: { PlatnoscPrzyOdbiorze: org.cashOnDelivery },
        after: { PlatnoscPrzyOdbiorze: body.PlatnoscPrzyOdbiorze },
      });
      await changed(tx, actor.organisationId);
    }
    return toPayments(payments, { ...org, cashOnDelivery: body.PlatnoscPrzyOdbiorze });
  });

/**
 * 'Test connection': asks the club's PayU for an OAuth token with the saved configuration, any
 * field of `body` tried in its place (nothing is saved). A fresh token cache, so the answer is
 * PayU's, not a token remembered from before.
 */
export const testPayu = async (
  db: Db,
  secrets: SecretBox,
  payuBaseUrl: string | undefined,
  orgId: number,
  body: PanelPayuTest | null | undefined,
): Promise<{ Message: string }> => {
  const org = await repo.findOrganisation(db, orgId);
  let saved: PayuConfig | null = null;
  try {
    saved = org.payuConfig ? clubPayuConfig(org, secrets, payuBaseUrl) : null;
  } catch (err) {
    if (!(err instanceof SecretUnavailable)) throw err;
    // The stored secrets cannot be opened: only what the body brings can be tested.
  }
  const posId = body?.PosId ?? saved?.posId;
  const clientId = body?.ClientId ?? saved?.clientId;
  const clientSecret = body?.ClientSecret ?? saved?.clientSecret;
  if (!posId || !clientId || !clientSecret) throw badRequest(msg.payuNotConfigured);
  const cfg: PayuConfig = {
    posId,
    clientId,
    clientSecret,
    secondKey: body?.DrugiKlucz ?? saved?.secondKey ?? '',
    sandbox: body?.Sandbox ?? saved?.sandbox ?? true,
    ...((saved?.baseUrl ?? payuBaseUrl) && { baseUrl: saved?.baseUrl ?? payuBaseUrl }),
  };
  try {
    await new PayuTokens().get(cfg);
  } catch (err) {
    if (err instanceof PayuAuthError && err.status >= 400 && err.status < 500) {
      throw badRequest(msg.payuTestRefused);
    }
    throw new HttpError(502, msg.payuTestUnreachable);
  }
  return { Message: msg.payuTestOk };
};
