import { ApiClientError, type PanelSeller, PanelSellerInputSchema } from '@club/contract';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useLoaderData } from 'react-router';
import { api, errorMessage } from '../api.ts';
import { LabeledInput } from '../components/LabeledInput.tsx';
import { ErrorBox, NoticeBox, PageTitle } from '../components/PageTitle.tsx';
import { useSessionExpired } from '../components/SessionExpired.tsx';
import { useUnsavedGuard } from '../components/useUnsavedGuard.tsx';
import { guarded, useSession } from '../session.ts';
import { ui } from '../texts.ts';

const t = ui.seller;

export const sellerLoader = () => guarded(() => api.call('panelSeller'));

type Address = { Nazwa: string; UlicaINumer: string; KodPocztowy: string; Miasto: string };
type Draft = Omit<PanelSeller, 'Reklamacje'> & { Reklamacje: Address; osobneReklamacje: boolean };

const EMPTY_ADDRESS: Address = { Nazwa: '', UlicaINumer: '', KodPocztowy: '', Miasto: '' };
const draftOf = (s: PanelSeller | null): Draft => ({
  Nazwa: s?.Nazwa ?? '',
  UlicaINumer: s?.UlicaINumer ?? '',
  KodPocztowy: s?.KodPocztowy ?? '',
  Miasto: s?.Miasto ?? '',
  NIP: s?.NIP ?? '',
  REGON: s?.REGON ?? '',
  KRS: s?.KRS ?? '',
  Email: s?.Email ?? '',
  Telefon: s?.Telefon ?? '',
  NrKonta: s?.NrKonta ?? '',
  Reklamacje: s?.Reklamacje ?? EMPTY_ADDRESS,
  osobneReklamacje: Boolean(s?.Reklamacje),
});

type TextField = Exclude<keyof Draft, 'Reklamacje' | 'osobneReklamacje'>;

/**
 * The seller's legal data: the storefront's terms, footer and order e-mails take
 * them from here. Checked with the contract's schema (NIP, REGON and account checksums) before it
 * is sent, with the same Polish messages as the API; only the owner saves, a manager reads.
 */
export const SellerData = () => {
  const loaded = useLoaderData<typeof sellerLoader>();
  const session = useSession();
  const isOwner = session.Rola === 'owner';
  const expired = useSessionExpired();
  const id = useId();
  const guard = useUnsavedGuard();
  const [saved, setSaved] = useState(loaded !== null);
  const [draft, setDraft] = useState<Draft>(() => draftOf(loaded));
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);

  const refuse = (found: Record<string, string>, message: string) => {
    setFields(found);
    setError(`${message} ${t.fixErrors}`.trim());
    // The first refused field takes the focus, so the keyboard lands where the message is.
    requestAnimationFrame(() => document.querySelector<HTMLElement>('main [aria-invalid="true"]')?.focus());
  };

  const save = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy || !isOwner) return;
    setError('');
    setNotice('');
    setFields({});
    const { osobneReklamacje, Reklamacje, ...rest } = draft;
    const body = { ...rest, Reklamacje: osobneReklamacje ? Reklamacje : null };
    const checked = PanelSellerInputSchema.safeParse(body);
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const issue of checked.error.issues) found[issue.path.join('.')] ??= issue.message;
      return refuse(found, '');
    }
    setBusy(true);
    try {
      const next = await api.call('panelSellerUpdate', { body: checked.data });
      guard.saved();
      setDraft(draftOf(next));
      setSaved(true);
      setNotice(t.saved);
    } catch (e) {
      if (e instanceof ApiClientError && e.status === 401) return expired();
      if (e instanceof ApiClientError && e.body.Fields) refuse(e.body.Fields, errorMessage(e, ''));
      else setError(errorMessage(e, ui.genericError));
    } finally {
      setBusy(false);
    }
  };

  const described = (name: string, hint?: string) => ({
    'aria-invalid': fields[name] ? true : undefined,
    'aria-describedby':
      [fields[name] && `${id}-${name}-error`, hint && `${id}-${name}-hint`].filter(Boolean).join(' ') ||
      undefined,
  });
  const below = (name: string, hint?: string) => (
    <>
      {fields[name] && (
        <p id={`${id}-${name}-error`} className="mt-1 text-sm text-danger">
          {fields[name]}
        </p>
      )}
      {hint && (
        <p id={`${id}-${name}-hint`} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      )}
    </>
  );

  const field = (
    name: TextField,
    label: string,
    opts: {
      hint?: string;
      autoComplete?: string;
      type?: string;
      inputMode?: 'numeric' | 'tel' | 'email';
      maxLength?: number;
    } = {},
  ) => (
    <LabeledInput
      id={`${id}-${name}`}
      label={label}
      value={draft[name]}
      onChange={(e) => setDraft((d) => ({ ...d, [name]: e.target.value }))}
      type={opts.type ?? 'text'}
      inputMode={opts.inputMode}
      autoComplete={opts.autoComplete ?? 'off'}
      maxLength={opts.maxLength ?? 200}
      {...described(name, opts.hint)}
    >
      {below(name, opts.hint)}
    </LabeledInput>
  );

  const complaint = (name: keyof Address, label: string, hint?: string, maxLength = 200) => {
    const key = `Reklamacje.${name}`;
    return (
      <LabeledInput
        id={`${id}-${key}`}
        label={label}
        value={draft.Reklamacje[name]}
        onChange={(e) => setDraft((d) => ({ ...d, Reklamacje: { ...d.Reklamacje, [name]: e.target.value } }))}
        maxLength={maxLength}
        autoComplete="off"
        {...described(key, hint)}
      >
        {below(key, hint)}
      </LabeledInput>
    );
  };

  const group = (key: string, title: string, children: ReactNode) => (
    <section className="card space-y-4" aria-labelledby={`${id}-${key}`}>
      <h2 id={`${id}-${key}`} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );

  return (
    <div className="space-y-5">
      <PageTitle title={t.title}>{t.title}</PageTitle>
      <p className="text-muted">{t.intro}</p>
      {!saved && <p className="rounded-md border border-gray-300 bg-white px-4 py-3">{t.notSaved}</p>}
      {!isOwner && <p className="rounded-md border border-gray-300 bg-white px-4 py-3">{t.ownerOnly}</p>}
      <NoticeBox>{notice}</NoticeBox>
      <ErrorBox>{error}</ErrorBox>
      <form {...guard.watch} noValidate onSubmit={save} className="max-w-3xl">
        {/* A manager reads the data; the whole form is off for them (the API refuses anyway). */}
        <fieldset disabled={!isOwner} className="space-y-5">
          {group(
            'company',
            t.company,
            <>
              {field('Nazwa', t.name, { autoComplete: 'organization' })}
              {field('UlicaINumer', t.street, { autoComplete: 'address-line1' })}
              <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
                {field('KodPocztowy', t.postcode, {
                  hint: t.postcodeHint,
                  autoComplete: 'postal-code',
                  maxLength: 6,
                })}
                {field('Miasto', t.city, { autoComplete: 'address-level2', maxLength: 100 })}
              </div>
            </>,
          )}
          {group(
            'ids',
            t.ids,
            <div className="grid gap-4 sm:grid-cols-3">
              {field('NIP', t.nip, { hint: t.nipHint, inputMode: 'numeric', maxLength: 20 })}
              {field('REGON', t.regon, { inputMode: 'numeric', maxLength: 20 })}
              {field('KRS', t.krs, { inputMode: 'numeric', maxLength: 20 })}
            </div>,
          )}
          {group(
            'contact',
            t.contact,
            <>
              <div className="grid gap-4 sm:grid-cols-2">
                {field('Email', t.email, {
                  type: 'email',
                  inputMode: 'email',
                  autoComplete: 'email',
                  maxLength: 254,
                })}
                {field('Telefon', t.phone, {
                  type: 'tel',
                  inputMode: 'tel',
                  autoComplete: 'tel',
                  maxLength: 40,
                })}
              </div>
              {field('NrKonta', t.account, { hint: t.accountHint, maxLength: 40 })}
            </>,
          )}
          {group(
            'complaints',
            t.complaints,
            <>
              <fieldset className="space-y-1">
                <legend className="sr-only">{t.complaints}</legend>
                <label className="flex min-h-11 items-center gap-2">
                  <input
                    type="radio"
                    name={`${id}-complaints`}
                    checked={!draft.osobneReklamacje}
                    onChange={() => setDraft((d) => ({ ...d, osobneReklamacje: false }))}
                    className="h-5 w-5 accent-primary"
                  />
                  {t.complaintsSame}
                </label>
                <label className="flex min-h-11 items-center gap-2">
                  <input
                    type="radio"
                    name={`${id}-complaints`}
                    checked={draft.osobneReklamacje}
                    onChange={() => setDraft((d) => ({ ...d, osobneReklamacje: true }))}
                    className="h-5 w-5 accent-primary"
                  />
                  {t.complaintsOther}
                </label>
              </fieldset>
              {draft.osobneReklamacje && (
                <div className="space-y-4">
                  {complaint('Nazwa', t.recipient, t.recipientHint)}
                  {complaint('UlicaINumer', t.street)}
                  <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
                    {complaint('KodPocztowy', t.postcode, t.postcodeHint, 6)}
                    {complaint('Miasto', t.city, undefined, 100)}
                  </div>
                </div>
              )}
            </>,
          )}
          {isOwner && (
            <button type="submit" className="btn-primary" disabled={busy}>
              {busy ? ui.settings.saving : t.save}
            </button>
          )}
        </fieldset>
      </form>
    </div>
  );
};
