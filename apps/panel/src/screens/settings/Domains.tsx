import { type PanelDomain, type PanelDomainClaim, PanelDomainCreateSchema } from '@club/contract';
import { type FormEvent, useState } from 'react';
import { api } from '../../api.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import type { useAction } from '../../components/useAction.ts';
import { ui } from '../../texts.ts';
import { Section, type SettingsFields } from './SettingsForm.tsx';

const t = ui.settings;

/** The club's working domains, the ones waiting for proof, and a new one (the owner only). */
export const DomainsSection = ({
  id,
  isOwner,
  first,
  action,
  field,
}: {
  id: string;
  isOwner: boolean;
  first: { domains: PanelDomain[]; claims: PanelDomainClaim[] };
  action: ReturnType<typeof useAction>;
  field: Pick<SettingsFields, 'described' | 'below'>;
}) => {
  const { busy } = action;
  const { described, below } = field;
  const [domains, setDomains] = useState(first.domains);
  const [claims, setClaims] = useState(first.claims);
  const [newHost, setNewHost] = useState('');
  const [deletingDomain, setDeletingDomain] = useState<PanelDomain | null>(null);
  const focusList = () => requestAnimationFrame(() => document.getElementById(`${id}-domains`)?.focus());

  const addDomain = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const body = { Host: newHost };
    if (!action.validate(PanelDomainCreateSchema, body)) return;
    void action.run(
      () => api.call('panelDomainCreate', { body }),
      (added) => t.domainAdded(added.Host),
      (added) => {
        setClaims((c) => [...c, added]);
        setNewHost('');
      },
    );
  };

  /** Asks the shop to check the published code; a proven domain moves to the working ones. */
  const verifyClaim = (claim: PanelDomainClaim) => {
    void action.run(
      () => api.call('panelDomainClaimVerify', { params: { id: claim.Id } }),
      (domain) => t.domainVerified(domain.Host),
      (domain) => {
        setClaims((c) => c.filter((x) => x.Id !== claim.Id));
        setDomains((d) => [...d, domain]);
        focusList();
      },
    );
  };

  const removeClaim = (claim: PanelDomainClaim) => {
    void action.run(
      () => api.call('panelDomainClaimDelete', { params: { id: claim.Id } }),
      t.domainRemoved(claim.Host),
      () => {
        setClaims((c) => c.filter((x) => x.Id !== claim.Id));
        focusList();
      },
    );
  };

  const removeDomain = (domain: PanelDomain) => {
    setDeletingDomain(null);
    void action.run(
      () => api.call('panelDomainDelete', { params: { id: domain.Id } }),
      t.domainRemoved(domain.Host),
      () => {
        setDomains((d) => d.filter((x) => x.Id !== domain.Id));
        focusList();
      },
    );
  };

  return (
    <>
      <Section id={`${id}-domains`} title={t.domains}>
        <p className="text-muted">{isOwner ? t.domainsHint : t.domainsOwnerOnly}</p>
        {domains.length === 0 ? (
          <p>{t.noDomains}</p>
        ) : (
          <ul className="divide-y divide-gray-200 rounded-md border border-gray-200">
            {domains.map((d) => (
              <li key={d.Id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                <span className="font-mono break-all">{d.Host}</span>
                {isOwner && (
                  <button
                    type="button"
                    className="btn border border-danger bg-white text-danger"
                    disabled={busy}
                    onClick={() => setDeletingDomain(d)}
                  >
                    {t.removeDomain(d.Host)}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
        {claims.length > 0 && (
          <div className="space-y-3">
            <h3 className="font-semibold">{t.pendingDomains}</h3>
            {isOwner && <p className="text-sm text-muted">{t.pendingHint}</p>}
            <ul className="space-y-3">
              {claims.map((c) => (
                <li key={c.Id} className="space-y-2 rounded-md border border-gray-200 p-3">
                  <p className="font-mono font-semibold break-all">{c.Host}</p>
                  <p className="text-sm font-semibold">{t.txtRecord}</p>
                  <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
                    <dt>{t.recordName}</dt>
                    <dd className="font-mono break-all">{c.RekordTxt}</dd>
                    <dt>{t.recordValue}</dt>
                    <dd className="font-mono break-all">{c.Kod}</dd>
                  </dl>
                  <p className="text-sm font-semibold">{t.proofFile}</p>
                  <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
                    <dt>{t.fileAddress}</dt>
                    <dd className="font-mono break-all">{c.Plik}</dd>
                    <dt>{t.fileContent}</dt>
                    <dd className="font-mono break-all">{c.Kod}</dd>
                  </dl>
                  {isOwner && (
                    <div className="flex flex-wrap gap-2">
                      <button
                        type="button"
                        className="btn-primary"
                        disabled={busy}
                        onClick={() => verifyClaim(c)}
                      >
                        {t.verifyDomain(c.Host)}
                      </button>
                      <button
                        type="button"
                        className="btn border border-danger bg-white text-danger"
                        disabled={busy}
                        onClick={() => removeClaim(c)}
                      >
                        {t.removeDomain(c.Host)}
                      </button>
                    </div>
                  )}
                </li>
              ))}
            </ul>
          </div>
        )}
        {isOwner && (
          <form noValidate onSubmit={addDomain} className="flex flex-wrap items-start gap-3">
            <div className="min-w-0 flex-1 basis-64">
              <label htmlFor={`${id}-Host`} className="mb-1 block font-semibold">
                {t.newDomain}
              </label>
              <input
                id={`${id}-Host`}
                value={newHost}
                maxLength={253}
                autoCapitalize="none"
                spellCheck={false}
                placeholder="sklep.klub.pl"
                onChange={(e) => setNewHost(e.target.value)}
                className="field"
                {...described('Host', t.newDomainHint)}
              />
              {below('Host', t.newDomainHint)}
            </div>
            <button type="submit" className="btn-primary sm:mt-7" disabled={busy}>
              {t.addDomain}
            </button>
          </form>
        )}
      </Section>
      <ConfirmDialog
        open={deletingDomain !== null}
        title={t.confirmDomainTitle}
        confirmLabel={t.confirmDomain}
        onConfirm={() => deletingDomain && removeDomain(deletingDomain)}
        onCancel={() => setDeletingDomain(null)}
      >
        <p>{deletingDomain ? t.confirmDomainText(deletingDomain.Host) : ''}</p>
      </ConfirmDialog>
    </>
  );
};
