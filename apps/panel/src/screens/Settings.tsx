import {
  ApiClientError,
  buildPath,
  endpointRoutes,
  HOME_SECTIONS,
  LOGO_KINDS,
  LOGO_UPLOAD_FIELD,
  type LogoKind,
  logoUrl,
  logoVersion,
  msg,
  type PanelDomain,
  type PanelDomainClaim,
  type PanelSettings,
  type PanelSettingsUpdate,
} from '@club/contract';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { useLoaderData, useNavigate } from 'react-router';
import { api, errorMessage } from '../api.ts';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { ErrorBox, NoticeBox, PageTitle } from '../components/PageTitle.tsx';
import { type UploadError, uploadWithProgress } from '../lib/upload.ts';
import { guarded, useSession } from '../session.ts';
import { ui } from '../texts.ts';

const t = ui.settings;
/** The contact form's optional fields, in the storefront's order (the message itself is always there). */
const CONTACT_FIELDS = [10, 20, 40, 50] as const;

export const settingsLoader = () =>
  guarded(async () => {
    const [settings, domains] = await Promise.all([api.call('panelSettings'), api.call('panelDomains')]);
    return { settings, domains: domains.Items, claims: domains.Oczekujace };
  });

type Draft = {
  Nazwa: string;
  Title: string;
  Description: string;
  EmailSklepu: string;
  Mapa: string;
  Pola: number[];
  PolaWymagane: number[];
  SekcjeStronyGlownej: Record<string, boolean>;
  ZakupyBezLogowania: boolean;
  DarmowaDostawaOd: string;
  LimitSztukNaPozycje: string;
  LimitSztukWZamowieniu: string;
  PotwierdzeniePobraniaOd: string;
  ZamowieniaNaEmailNaGodzine: string;
  ZamowieniaNaIpNaGodzine: string;
};
type LimitField =
  | 'LimitSztukNaPozycje'
  | 'LimitSztukWZamowieniu'
  | 'ZamowieniaNaEmailNaGodzine'
  | 'ZamowieniaNaIpNaGodzine';
/** A whole number as typed; anything else goes as NaN (sent as null) and the API names the field. */
const parseCount = (text: string) => Number(text.trim() || Number.NaN);

/** Polish money as typed: `150`, `150,50`, `1 000`. */
const zlText = (zl: number | null) => (zl === null ? '' : String(zl).replace('.', ','));
const parseZl = (text: string): number | null | undefined => {
  const s = text.replace(/[\s\u00a0]/g, '').replace(',', '.');
  if (s === '') return null;
  return /^\d+(\.\d{1,2})?$/.test(s) ? Number(s) : undefined;
};

const draftOf = (s: PanelSettings): Draft => ({
  Nazwa: s.Nazwa,
  Title: s.Title,
  Description: s.Description,
  EmailSklepu: s.EmailSklepu,
  Mapa: s.Mapa,
  Pola: s.Pola,
  PolaWymagane: s.PolaWymagane,
  SekcjeStronyGlownej: { ...s.SekcjeStronyGlownej },
  ZakupyBezLogowania: s.ZakupyBezLogowania,
  DarmowaDostawaOd: zlText(s.DarmowaDostawaOd),
  LimitSztukNaPozycje: String(s.LimitSztukNaPozycje),
  LimitSztukWZamowieniu: String(s.LimitSztukWZamowieniu),
  PotwierdzeniePobraniaOd: zlText(s.PotwierdzeniePobraniaOd),
  ZamowieniaNaEmailNaGodzine: String(s.ZamowieniaNaEmailNaGodzine),
  ZamowieniaNaIpNaGodzine: String(s.ZamowieniaNaIpNaGodzine),
});

/** Where a failure came from: the API client or an upload; 401 sends the manager to log in again. */
const failure = (e: unknown) => ({
  status: e instanceof ApiClientError ? e.status : (e as UploadError).status,
  message:
    e instanceof ApiClientError
      ? errorMessage(e, ui.genericError)
      : ((e as UploadError).message ?? ui.genericError),
  fields: e instanceof ApiClientError ? (e.body.Fields ?? {}) : {},
});

const Section = ({ id, title, children }: { id: string; title: string; children: ReactNode }) => (
  <section className="card space-y-4" aria-labelledby={id}>
    <h2 id={id} tabIndex={-1} className="text-lg font-semibold">
      {title}
    </h2>
    {children}
  </section>
);

/**
 * Site settings: name, home page title and description, map, contact form,
 * home sections, guest checkout, free shipping; the logos; the club's domains (owner only).
 */
export const Settings = () => {
  const loaded = useLoaderData<typeof settingsLoader>();
  const session = useSession();
  const isOwner = session.Rola === 'owner';
  const navigate = useNavigate();
  const id = useId();
  const [settings, setSettings] = useState(loaded.settings);
  const [draft, setDraft] = useState<Draft>(() => draftOf(loaded.settings));
  const [domains, setDomains] = useState<PanelDomain[]>(loaded.domains);
  const [claims, setClaims] = useState<PanelDomainClaim[]>(loaded.claims);
  const [newHost, setNewHost] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<{ kind: LogoKind; percent: number } | null>(null);
  const [deletingLogo, setDeletingLogo] = useState<LogoKind | null>(null);
  const [deletingDomain, setDeletingDomain] = useState<PanelDomain | null>(null);
  const files = useRef<Partial<Record<LogoKind, HTMLInputElement | null>>>({});

  /** Runs one change; its result is applied by `done`. Messages go to the boxes, field errors beside the fields. */
  const run = async <T,>(action: () => Promise<T>, done: (result: T) => string, focus?: string) => {
    if (busy) return false;
    setBusy(true);
    setError('');
    setFields({});
    setNotice('');
    try {
      setNotice(done(await action()));
      if (focus) requestAnimationFrame(() => document.getElementById(focus)?.focus());
      return true;
    } catch (e) {
      const f = failure(e);
      if (f.status === 401) {
        navigate('/logowanie?powod=wygasla');
        return false;
      }
      setError(Object.keys(f.fields).length ? `${f.message} ${t.fixErrors}` : f.message);
      setFields(f.fields);
      return false;
    } finally {
      setBusy(false);
    }
  };

  const save = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const threshold = parseZl(draft.DarmowaDostawaOd);
    const codConfirmation = parseZl(draft.PotwierdzeniePobraniaOd);
    const wrongMoney =
      threshold === undefined
        ? (['DarmowaDostawaOd', msg.settingsFreeShippingInvalid] as const)
        : codConfirmation === undefined
          ? (['PotwierdzeniePobraniaOd', msg.settingsCodConfirmationInvalid] as const)
          : null;
    if (wrongMoney) {
      const [field, message] = wrongMoney;
      setNotice('');
      setError(`${message} ${t.fixErrors}`);
      setFields({ [field]: message });
      requestAnimationFrame(() => document.getElementById(`${id}-${field}`)?.focus());
      return;
    }
    const {
      LimitSztukNaPozycje,
      LimitSztukWZamowieniu,
      PotwierdzeniePobraniaOd: _typed,
      ZamowieniaNaEmailNaGodzine,
      ZamowieniaNaIpNaGodzine,
      ...rest
    } = draft;
    const limits = {
      LimitSztukNaPozycje: parseCount(LimitSztukNaPozycje),
      LimitSztukWZamowieniu: parseCount(LimitSztukWZamowieniu),
      PotwierdzeniePobraniaOd: codConfirmation ?? null,
      ZamowieniaNaEmailNaGodzine: parseCount(ZamowieniaNaEmailNaGodzine),
      ZamowieniaNaIpNaGodzine: parseCount(ZamowieniaNaIpNaGodzine),
    };
    const body: PanelSettingsUpdate = {
      ...rest,
      SekcjeStronyGlownej: {
        baner: draft.SekcjeStronyGlownej.baner,
        produkty: draft.SekcjeStronyGlownej.produkty,
      },
      DarmowaDostawaOd: threshold ?? null,
      // Only the limits changed here are sent: a form opened earlier does not put back old limits.
      ...Object.fromEntries(
        Object.entries(limits).filter(([k, v]) => !Object.is(v, settings[k as keyof typeof limits])),
      ),
    };
    void run(
      () => api.call('panelSettingsUpdate', { body }),
      (saved) => {
        setSettings(saved);
        setDraft(draftOf(saved));
        return t.saved;
      },
    ).then((ok) => {
      // The first field the API refused takes the focus, so the keyboard lands where the message is.
      if (!ok)
        requestAnimationFrame(() => document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
    });
  };

  const uploadLogo = (kind: LogoKind) => {
    const file = files.current[kind]?.files?.[0];
    if (!file) {
      setNotice('');
      setError(t.chooseImage);
      files.current[kind]?.focus();
      return;
    }
    const form = new FormData();
    form.append(LOGO_UPLOAD_FIELD, file, file.name);
    setProgress({ kind, percent: 0 });
    void run(
      () =>
        uploadWithProgress<PanelSettings>(
          buildPath(endpointRoutes.panelLogoUpload.path, { which: kind }),
          form,
          (percent) => setProgress({ kind, percent }),
        ),
      (saved) => {
        setSettings(saved);
        if (files.current[kind]) files.current[kind].value = '';
        return t.logoUploaded(t.logoKinds[kind]!);
      },
    ).finally(() => setProgress(null));
  };

  const deleteLogo = (kind: LogoKind) => {
    setDeletingLogo(null);
    void run(
      () => api.call('panelLogoDelete', { params: { which: kind } }),
      (saved) => {
        setSettings(saved);
        return t.logoDeleted(t.logoKinds[kind]!);
      },
      `${id}-logos`,
    );
  };

  const addDomain = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    void run(
      () => api.call('panelDomainCreate', { body: { Host: newHost } }),
      (added) => {
        setClaims((c) => [...c, added]);
        setNewHost('');
        return t.domainAdded(added.Host);
      },
    );
  };

  /** Asks the shop to check the published code; a proven domain moves to the working ones. */
  const verifyClaim = (claim: PanelDomainClaim) => {
    void run(
      () => api.call('panelDomainClaimVerify', { params: { id: claim.Id } }),
      (domain) => {
        setClaims((c) => c.filter((x) => x.Id !== claim.Id));
        setDomains((d) => [...d, domain]);
        return t.domainVerified(domain.Host);
      },
      `${id}-domains`,
    );
  };

  const removeClaim = (claim: PanelDomainClaim) => {
    void run(
      () => api.call('panelDomainClaimDelete', { params: { id: claim.Id } }),
      () => {
        setClaims((c) => c.filter((x) => x.Id !== claim.Id));
        return t.domainRemoved(claim.Host);
      },
      `${id}-domains`,
    );
  };

  const removeDomain = (domain: PanelDomain) => {
    setDeletingDomain(null);
    void run(
      () => api.call('panelDomainDelete', { params: { id: domain.Id } }),
      () => {
        setDomains((d) => d.filter((x) => x.Id !== domain.Id));
        return t.domainRemoved(domain.Host);
      },
      `${id}-domains`,
    );
  };

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const toggle = (list: number[], f: number, on: boolean) =>
    on ? [...new Set([...list, f])].sort((a, b) => a - b) : list.filter((x) => x !== f);

  const hintId = (name: string) => `${id}-${name}-hint`;
  const errorId = (name: string) => `${id}-${name}-error`;
  /** The field's error (from the API) or its hint, tied to it by aria-describedby. */
  const described = (name: string, hint?: string) => ({
    'aria-invalid': fields[name] ? true : undefined,
    'aria-describedby':
      [fields[name] && errorId(name), hint && hintId(name)].filter(Boolean).join(' ') || undefined,
  });
  const below = (name: string, hint?: string) => (
    <>
      {fields[name] && (
        <p id={errorId(name)} className="mt-1 text-sm text-danger">
          {fields[name]}
        </p>
      )}
      {hint && (
        <p id={hintId(name)} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      )}
    </>
  );

  const count = (name: LimitField, label: string, hint: string) => (
    <div>
      <label htmlFor={`${id}-${name}`} className="mb-1 block font-semibold">
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        inputMode="numeric"
        value={draft[name]}
        maxLength={6}
        onChange={(e) => set(name, e.target.value)}
        className="field w-32"
        {...described(name, hint)}
      />
      {below(name, hint)}
    </div>
  );

  const text = (
    name: 'Nazwa' | 'Title' | 'EmailSklepu' | 'Mapa',
    label: string,
    hint: string,
    extra = {},
  ) => (
    <div>
      <label htmlFor={`${id}-${name}`} className="mb-1 block font-semibold">
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        value={draft[name]}
        onChange={(e) => set(name, e.target.value)}
        className="field"
        {...extra}
        {...described(name, hint)}
      />
      {below(name, hint)}
    </div>
  );

  return (
    <div className="space-y-5">
      <PageTitle title={t.title}>{t.title}</PageTitle>
      <p className="text-muted">{t.intro}</p>
      <NoticeBox>{notice}</NoticeBox>
      <ErrorBox>{error}</ErrorBox>

      <form noValidate onSubmit={save} className="space-y-5">
        <Section id={`${id}-general`} title={t.general}>
          <div className="grid gap-4 lg:grid-cols-2">
            {text('Nazwa', t.name, t.nameHint, {
              maxLength: 200,
              required: true,
              autoComplete: 'organization',
            })}
            {text('EmailSklepu', t.shopEmail, t.shopEmailHint, {
              type: 'email',
              maxLength: 254,
              autoComplete: 'email',
            })}
          </div>
          {text('Title', t.titleField, t.titleHint, { maxLength: 200 })}
          <div>
            <label htmlFor={`${id}-Description`} className="mb-1 block font-semibold">
              {t.description}
            </label>
            <textarea
              id={`${id}-Description`}
              value={draft.Description}
              maxLength={500}
              rows={3}
              onChange={(e) => set('Description', e.target.value)}
              className="field"
              {...described('Description', t.descriptionHint)}
            />
            {below('Description', t.descriptionHint)}
          </div>
          {text('Mapa', t.map, t.mapHint, {
            type: 'url',
            inputMode: 'url',
            placeholder: 'https://',
            maxLength: 2000,
          })}
        </Section>

        <Section id={`${id}-contact`} title={t.contactForm}>
          <p id={hintId('Pola')} className="text-muted">
            {t.contactFormHint}
          </p>
          <table className="w-full max-w-lg text-left">
            <thead>
              <tr className="border-b border-gray-200">
                <th scope="col" className="py-2 pr-4">
                  {t.contactField}
                </th>
                <th scope="col" className="py-2 pr-4">
                  {t.shown}
                </th>
                <th scope="col" className="py-2">
                  {t.required}
                </th>
              </tr>
            </thead>
            <tbody>
              {CONTACT_FIELDS.map((f) => {
                const name = t.contactFields[f]!;
                const shown = draft.Pola.includes(f);
                return (
                  <tr key={f} className="border-b border-gray-100">
                    <th scope="row" className="py-1 pr-4 font-normal">
                      {name}
                    </th>
                    <td className="py-1 pr-4">
                      <label className="flex min-h-11 min-w-11 items-center">
                        <input
                          type="checkbox"
                          checked={shown}
                          aria-label={t.shownLabel(name)}
                          onChange={(e) =>
                            setDraft((d) => ({
                              ...d,
                              Pola: toggle(d.Pola, f, e.target.checked),
                              // A hidden field cannot be required.
                              PolaWymagane: e.target.checked
                                ? d.PolaWymagane
                                : toggle(d.PolaWymagane, f, false),
                            }))
                          }
                          className="h-5 w-5 accent-primary"
                        />
                      </label>
                    </td>
                    <td className="py-1">
                      <label className="flex min-h-11 min-w-11 items-center">
                        <input
                          type="checkbox"
                          checked={draft.PolaWymagane.includes(f)}
                          disabled={!shown}
                          aria-label={t.requiredLabel(name)}
                          onChange={(e) =>
                            set('PolaWymagane', toggle(draft.PolaWymagane, f, e.target.checked))
                          }
                          className="h-5 w-5 accent-primary"
                        />
                      </label>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {below('Pola')}
          {below('PolaWymagane')}
        </Section>

        <Section id={`${id}-home`} title={t.home}>
          <fieldset>
            <legend className="sr-only">{t.home}</legend>
            {HOME_SECTIONS.map((s) => (
              <label key={s} className="flex min-h-11 items-center gap-2">
                <input
                  type="checkbox"
                  checked={draft.SekcjeStronyGlownej[s] ?? false}
                  onChange={(e) =>
                    set('SekcjeStronyGlownej', { ...draft.SekcjeStronyGlownej, [s]: e.target.checked })
                  }
                  className="h-5 w-5 accent-primary"
                />
                {t.sectionLabel(t.sections[s] ?? s)}
              </label>
            ))}
          </fieldset>
          {below('SekcjeStronyGlownej')}
        </Section>

        <Section id={`${id}-shopping`} title={t.shopping}>
          <div>
            <label className="flex min-h-11 items-center gap-2 font-semibold">
              <input
                type="checkbox"
                checked={draft.ZakupyBezLogowania}
                onChange={(e) => set('ZakupyBezLogowania', e.target.checked)}
                className="h-5 w-5 accent-primary"
                aria-describedby={hintId('ZakupyBezLogowania')}
              />
              {t.guestCheckout}
            </label>
            <p id={hintId('ZakupyBezLogowania')} className="text-sm text-muted">
              {t.guestCheckoutHint}
            </p>
          </div>
          <div>
            <label htmlFor={`${id}-DarmowaDostawaOd`} className="mb-1 block font-semibold">
              {t.freeShipping}
            </label>
            <input
              id={`${id}-DarmowaDostawaOd`}
              inputMode="decimal"
              value={draft.DarmowaDostawaOd}
              maxLength={12}
              onChange={(e) => set('DarmowaDostawaOd', e.target.value)}
              className="field w-48"
              {...described('DarmowaDostawaOd', t.freeShippingHint)}
            />
            {below('DarmowaDostawaOd', t.freeShippingHint)}
          </div>
        </Section>

        <Section id={`${id}-limits`} title={t.orderLimits}>
          <p className="text-muted">{t.orderLimitsHint}</p>
          <div className="grid gap-4 lg:grid-cols-2">
            {count('LimitSztukNaPozycje', t.linePieces, t.linePiecesHint)}
            {count('LimitSztukWZamowieniu', t.orderPieces, t.orderPiecesHint)}
          </div>
          <div>
            <label htmlFor={`${id}-PotwierdzeniePobraniaOd`} className="mb-1 block font-semibold">
              {t.codConfirmation}
            </label>
            <input
              id={`${id}-PotwierdzeniePobraniaOd`}
              inputMode="decimal"
              value={draft.PotwierdzeniePobraniaOd}
              maxLength={12}
              onChange={(e) => set('PotwierdzeniePobraniaOd', e.target.value)}
              className="field w-48"
              {...described('PotwierdzeniePobraniaOd', t.codConfirmationHint)}
            />
            {below('PotwierdzeniePobraniaOd', t.codConfirmationHint)}
          </div>
          <div className="grid gap-4 lg:grid-cols-2">
            {count('ZamowieniaNaEmailNaGodzine', t.ordersPerEmail, t.ordersPerHourHint)}
            {count('ZamowieniaNaIpNaGodzine', t.ordersPerIp, t.ordersPerHourHint)}
          </div>
        </Section>

        <div>
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? t.saving : t.save}
          </button>
        </div>
      </form>

      <Section id={`${id}-logos`} title={t.logos}>
        <p id={`${id}-logos-hint`} className="text-muted">
          {t.logosHint}
        </p>
        {progress && (
          <div>
            <label htmlFor={`${id}-progress`} className="block text-sm">
              {t.progress(progress.percent)}
            </label>
            <progress id={`${id}-progress`} max={100} value={progress.percent} className="w-full" />
          </div>
        )}
        <div className="grid gap-5 lg:grid-cols-2">
          {LOGO_KINDS.map((kind) => {
            const name = t.logoKinds[kind]!;
            const file = kind === 'main' ? settings.LogoGlowne : settings.LogoStopka;
            return (
              <div key={kind} className="space-y-3 rounded-md border border-gray-200 p-3">
                <h3 className="font-semibold">{name}</h3>
                {/* The footer logo sits on the storefront's dark footer: previewed on the same colour. */}
                <div
                  className={`flex h-28 items-center justify-center rounded ${kind === 'footer' ? 'bg-primary' : 'bg-gray-100'}`}
                >
                  {file ? (
                    <img
                      src={logoUrl(kind, { version: logoVersion(file) })}
                      alt={t.logoPreview(name)}
                      className="max-h-24 max-w-full object-contain"
                    />
                  ) : (
                    <p className={kind === 'footer' ? 'text-white' : 'text-muted'}>{t.noLogo}</p>
                  )}
                </div>
                <div>
                  <label htmlFor={`${id}-file-${kind}`} className="mb-1 block">
                    {t.chooseFile(name)}
                  </label>
                  <input
                    id={`${id}-file-${kind}`}
                    ref={(el) => {
                      files.current[kind] = el;
                    }}
                    type="file"
                    accept="image/jpeg,image/png,image/webp"
                    className="field"
                    aria-describedby={`${id}-logos-hint`}
                  />
                </div>
                <div className="flex flex-wrap gap-2">
                  <button
                    type="button"
                    className="btn-primary"
                    disabled={busy}
                    onClick={() => uploadLogo(kind)}
                  >
                    {t.upload(name)}
                  </button>
                  {file && (
                    <button
                      type="button"
                      className="btn border border-danger bg-white text-danger"
                      disabled={busy}
                      onClick={() => setDeletingLogo(kind)}
                    >
                      {`${t.removeLogo}: ${name}`}
                    </button>
                  )}
                </div>
              </div>
            );
          })}
        </div>
      </Section>

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
        open={deletingLogo !== null}
        title={t.confirmLogoTitle}
        confirmLabel={t.confirmLogo}
        onConfirm={() => deletingLogo && deleteLogo(deletingLogo)}
        onCancel={() => setDeletingLogo(null)}
      >
        <p>{deletingLogo ? t.confirmLogoText(t.logoKinds[deletingLogo]!) : ''}</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={deletingDomain !== null}
        title={t.confirmDomainTitle}
        confirmLabel={t.confirmDomain}
        onConfirm={() => deletingDomain && removeDomain(deletingDomain)}
        onCancel={() => setDeletingDomain(null)}
      >
        <p>{deletingDomain ? t.confirmDomainText(deletingDomain.Host) : ''}</p>
      </ConfirmDialog>
    </div>
  );
};
