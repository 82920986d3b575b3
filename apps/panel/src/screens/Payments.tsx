import { ApiClientError, type PanelPayments, type PanelPayuTest } from '@club/contract';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useLoaderData, useNavigate } from 'react-router';
import { api, errorMessage } from '../api.ts';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { fieldErrors } from '../components/FieldError.tsx';
import { ErrorBox, NoticeBox, PageTitle } from '../components/PageTitle.tsx';
import { useAction } from '../components/useAction.ts';
import { guarded } from '../session.ts';
import { ui } from '../texts.ts';

const t = ui.payments;

/** The club's payments (owner only); a manager gets the API's refusal, shown as this screen's message. */
export const paymentsLoader = () =>
  guarded(async () => {
    try {
      return { payments: await api.call('panelPayments'), denied: '' };
    } catch (e) {
      if (e instanceof ApiClientError && e.status === 403 && e.body.Message) {
        return { payments: null, denied: e.body.Message };
      }
      throw e;
    }
  });

type TestResult = { ok: boolean; message: string } | null;

/** The PayU form's values; secrets only when typed (an empty field keeps the stored one). */
const readPayu = (form: HTMLFormElement) => {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? '').trim();
  return {
    PosId: text('posId'),
    ClientId: text('clientId'),
    ClientSecret: text('clientSecret') || undefined,
    DrugiKlucz: text('drugiKlucz') || undefined,
    Sandbox: data.get('tryb') !== 'produkcja',
  };
};

/**
 * Cash on delivery on/off and the club's own PayU. Secrets are write-only: the
 * API says only whether they are set, the form never holds them after a save, and sends them only
 * when typed. 'Test connection' asks PayU for an OAuth token with what the form holds.
 */
export const Payments = () => {
  const { payments: loaded, denied } = useLoaderData<typeof paymentsLoader>();
  const [payments, setPayments] = useState<PanelPayments | null>(loaded);
  const { busy, error, notice, fields, run } = useAction();
  const navigate = useNavigate();
  const [testing, setTesting] = useState(false);
  const [result, setResult] = useState<TestResult>(null);
  const [removing, setRemoving] = useState(false);
  // A new key of the form after each save: the secret fields start empty again.
  const [formKey, setFormKey] = useState(0);
  const payuForm = useRef<HTMLFormElement>(null);
  const id = useId();

  if (denied || !payments) {
    return (
      <div className="space-y-4">
        <PageTitle title={t.deniedTitle}>{t.deniedTitle}</PageTitle>
        <ErrorBox>{denied}</ErrorBox>
      </div>
    );
  }
  const payu = payments.PayU;

  const saveCod = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const on = new FormData(event.currentTarget).get('pobranie') === 'on';
    setResult(null);
    await run(
      async () => {
        const saved = await api.call('panelPaymentsUpdate', { body: { PlatnoscPrzyOdbiorze: on } });
        setPayments(saved);
        return saved;
      },
      (saved) => (saved.PlatnoscPrzyOdbiorze ? t.codOn : t.codOff),
    );
  };

  const savePayu = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = readPayu(event.currentTarget);
    setResult(null);
    const ok = await run(async () => {
      const saved = await api.call('panelPayuSave', { body });
      setPayments(saved);
    }, t.saved);
    if (ok) setFormKey((k) => k + 1);
  };

  const test = async () => {
    const form = payuForm.current;
    if (!form || testing) return;
    const typed = readPayu(form);
    // Only what is filled in replaces the saved configuration for the test.
    const body: PanelPayuTest = {
      ...(typed.PosId && { PosId: typed.PosId }),
      ...(typed.ClientId && { ClientId: typed.ClientId }),
      ...(typed.ClientSecret && { ClientSecret: typed.ClientSecret }),
      ...(typed.DrugiKlucz && { DrugiKlucz: typed.DrugiKlucz }),
      Sandbox: typed.Sandbox,
    };
    setTesting(true);
    setResult(null);
    try {
      const answer = await api.call('panelPayuTest', { body });
      setResult({ ok: true, message: answer.Message });
    } catch (e) {
      if (e instanceof ApiClientError && e.status === 401) {
        navigate('/logowanie?powod=wygasla');
        return;
      }
      setResult({ ok: false, message: errorMessage(e, ui.genericError) });
    } finally {
      setTesting(false);
    }
  };

  const remove = async () => {
    setRemoving(false);
    setResult(null);
    const ok = await run(async () => {
      setPayments(await api.call('panelPayuDelete'));
    }, t.removed);
    if (ok) {
      setFormKey((k) => k + 1);
      document.querySelector<HTMLElement>('main h1')?.focus();
    }
  };

  const { error: fieldError, described: describedBy } = fieldErrors(id, fields);

  const textField = (name: string, field: string, label: string, defaultValue: string, mode?: 'numeric') => (
    <div>
      <label htmlFor={`${id}-${name}`} className="mb-1 block font-semibold">
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        name={name}
        className="field"
        maxLength={200}
        autoComplete="off"
        spellCheck={false}
        inputMode={mode}
        defaultValue={defaultValue}
        {...describedBy(field)}
      />
      {fieldError(field)}
    </div>
  );

  /** A write-only key: never filled in; says whether one is stored. */
  const secretField = (name: string, field: string, label: string, stored: boolean) => (
    <div>
      <label htmlFor={`${id}-${name}`} className="mb-1 block font-semibold">
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        name={name}
        type="password"
        className="field"
        maxLength={200}
        autoComplete="new-password"
        spellCheck={false}
        {...describedBy(field, `${id}-${name}-state`)}
      />
      <p id={`${id}-${name}-state`} className="mt-1 text-sm text-muted">
        <span data-secret-state={stored ? 'zapisany' : 'brak'} className="font-semibold text-ink">
          {t.secretState(stored ? t.secretSaved : t.secretNotSaved)}
        </span>{' '}
        {stored ? t.secretKeepHint : t.secretNewHint}
      </p>
      {fieldError(field)}
    </div>
  );

  return (
    <div className="space-y-5">
      <PageTitle title={t.title}>{t.title}</PageTitle>

      <section aria-labelledby={`${id}-source`} className="card space-y-2">
        <h2 id={`${id}-source`} className="text-lg font-semibold">
          {t.sourceTitle}
        </h2>
        <p>{t.sources[payments.Zrodlo]}</p>
      </section>

      <NoticeBox>{notice}</NoticeBox>
      <ErrorBox>{error}</ErrorBox>

      <form
        key={`cod-${formKey}`}
        onSubmit={saveCod}
        noValidate
        aria-labelledby={`${id}-cod`}
        className="card space-y-4"
      >
        <h2 id={`${id}-cod`} className="text-lg font-semibold">
          {t.codTitle}
        </h2>
        <div className="flex items-start gap-3">
          <input
            id={`${id}-pobranie`}
            name="pobranie"
            type="checkbox"
            defaultChecked={payments.PlatnoscPrzyOdbiorze}
            aria-describedby={`${id}-pobranie-hint`}
            className="mt-1 size-5 shrink-0 accent-primary"
          />
          <div>
            <label htmlFor={`${id}-pobranie`} className="font-semibold">
              {t.codLabel}
            </label>
            <p id={`${id}-pobranie-hint`} className="text-sm text-muted">
              {t.codHint}
            </p>
          </div>
        </div>
        <button type="submit" className="btn-primary" aria-busy={busy}>
          {t.codSave}
        </button>
      </form>

      <form
        key={`payu-${formKey}`}
        ref={payuForm}
        onSubmit={savePayu}
        noValidate
        aria-labelledby={`${id}-payu`}
        className="card space-y-4"
      >
        <h2 id={`${id}-payu`} className="text-lg font-semibold">
          {t.payuTitle}
        </h2>
        <p className="text-muted">{t.payuIntro}</p>
        <div className="grid gap-4 md:grid-cols-2">
          {textField('posId', 'PosId', t.posId, payu.PosId, 'numeric')}
          {textField('clientId', 'ClientId', t.clientId, payu.ClientId)}
          {secretField('clientSecret', 'ClientSecret', t.clientSecret, payu.ClientSecretUstawiony)}
          {secretField('drugiKlucz', 'DrugiKlucz', t.secondKey, payu.DrugiKluczUstawiony)}
        </div>
        <fieldset>
          <legend className="mb-1 font-semibold">{t.mode}</legend>
          <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
            {(
              [
                ['sandbox', t.sandbox, payu.Sandbox],
                ['produkcja', t.production, !payu.Sandbox],
              ] as const
            ).map(([value, label, checked]) => (
              <label key={value} className="flex min-h-11 items-center gap-2">
                <input
                  type="radio"
                  name="tryb"
                  value={value}
                  defaultChecked={checked}
                  className="size-5 accent-primary"
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="flex flex-wrap gap-3">
          <button type="submit" className="btn-primary" aria-busy={busy}>
            {t.save}
          </button>
          <button
            type="button"
            className="btn-secondary"
            aria-busy={testing}
            aria-describedby={`${id}-test-hint`}
            onClick={test}
          >
            {testing ? t.testing : t.test}
          </button>
          {payu.Skonfigurowane && (
            <button
              type="button"
              className="btn border border-danger bg-white text-danger hover:bg-danger-light"
              onClick={() => setRemoving(true)}
            >
              {t.remove}
            </button>
          )}
        </div>
        <p id={`${id}-test-hint`} className="text-sm text-muted">
          {t.testHint}
        </p>
        {/* Always in the page, so a screen reader hears each new result. */}
        <div role="status" data-testid="payu-test-result">
          {result && (
            <p
              className={`rounded-md border px-4 py-3 ${
                result.ok
                  ? 'border-primary bg-primary-light text-primary-dark'
                  : 'border-danger bg-danger-light text-danger'
              }`}
            >
              {result.message}
            </p>
          )}
        </div>
      </form>

      <ConfirmDialog
        open={removing}
        title={t.removeTitle}
        confirmLabel={t.remove}
        onConfirm={remove}
        onCancel={() => setRemoving(false)}
      >
        <p>{t.removeText}</p>
      </ConfirmDialog>
    </div>
  );
};
