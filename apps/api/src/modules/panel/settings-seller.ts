import { formatPlIban, identifierDigits, type PanelSeller, type PanelSellerInput } from '@club/contract';
import type { Db } from '../../db/client.ts';
import type { SellerData } from '../../db/schema.ts';
import { notifyChange } from '../changes/notify.ts';
import { recordAudit } from './audit.ts';
import * as repo from './settings-repository.ts';
import type { Actor } from './settings-service.ts';

const toPanel = (s: SellerData): PanelSeller => ({
  Nazwa: s.name,
  UlicaINumer: s.street,
  KodPocztowy: s.postcode,
  Miasto: s.city,
  NIP: s.nip,
  REGON: s.regon,
  KRS: s.krs,
  Email: s.email,
  Telefon: s.phone,
  NrKonta: s.bankAccount,
  Reklamacje: s.complaints
    ? {
        Nazwa: s.complaints.name,
        UlicaINumer: s.complaints.street,
        KodPocztowy: s.complaints.postcode,
        Miasto: s.complaints.city,
      }
    : null,
});

/** Identifiers kept as digits, the account as `PL61 1090 …`: one form for documents and e-mails. */
const fromInput = (b: PanelSellerInput): SellerData => ({
  name: b.Nazwa,
  street: b.UlicaINumer,
  postcode: b.KodPocztowy,
  city: b.Miasto,
  nip: identifierDigits(b.NIP),
  regon: identifierDigits(b.REGON),
  krs: identifierDigits(b.KRS),
  email: b.Email.toLowerCase(),
  phone: b.Telefon,
  bankAccount: b.NrKonta ? formatPlIban(b.NrKonta) : '',
  complaints: b.Reklamacje
    ? {
        name: b.Reklamacje.Nazwa,
        street: b.Reklamacje.UlicaINumer,
        postcode: b.Reklamacje.KodPocztowy,
        city: b.Reklamacje.Miasto,
      }
    : null,
});

/** The seller's data as entered; null until the owner saves it. */
export const getSeller = async (db: Db, orgId: number): Promise<PanelSeller | null> => {
  const org = await repo.findOrganisation(db, orgId);
  return org.seller ? toPanel(org.seller) : null;
};

export const updateSeller = async (db: Db, actor: Actor, body: PanelSellerInput): Promise<PanelSeller> =>
  db.transaction(async (tx) => {
    const org = await repo.findOrganisation(tx, actor.organisationId, true);
    const next = fromInput(body);
    if (JSON.stringify(org.seller) !== JSON.stringify(next)) {
      await repo.updateOrganisation(tx, actor.organisationId, { seller: next });
      await recordAudit(tx, {
        ...actor,
        action: org.seller ? 'update' : 'create',
        entity: 'seller',
        entityId: actor.organisationId,
        before: org.seller ? toPanel(org.seller) : null,
        after: toPanel(next),
      });
      await notifyChange(tx, { organisationId: actor.organisationId, topic: 'settings' });
      // The terms, contact page and footer show the seller through placeholders: content changed too.
      await notifyChange(tx, { organisationId: actor.organisationId, topic: 'content' });
    }
    return toPanel(next);
  });
