import { ApiClientError, type PanelPayments, type PanelPayuTest } from '@club/contract';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useLoaderData } from 'react-router';
import { api, errorMessage } from '../api.ts';
import { CheckField } from '../components/CheckField.tsx';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { fieldErrors } from '../components/FieldError.tsx';
import { ErrorBox, NoticeBox, PageTitle } from '../components/PageTitle.tsx';
import { useSessionExpired } from '../components/SessionExpired.tsx';
import { useAction } from '../components/useAction.ts';
import { useUnsavedGuard } from '../components/useUnsavedGuard.tsx';
import { guarded } from '../session.ts';
import { ui } from '../texts.ts';
import { ModeField, PayuField, TestResult } from './payments/PayuFields.tsx';

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

type TestAnswer = { ok: boolean; message: string } | null;

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
  const codGuard = useUnsavedGuard();
  const payuGuard = useUnsavedGuard();
  const expired = useSessionExpired();
  const [testing, setTesting] = useState(false);
  const [result, setResult] = useState<TestAnswer>(null);
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
      codGuard.saved,
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
    if (ok) payuGuard.saved();
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
        expired(test);
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

  const errors = fieldErrors(id, fields);

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
        {...codGuard.watch}
        key={`cod-${formKey}`}
        onSubmit={saveCod}
        noValidate
        aria-labelledby={`${id}-cod`}
        className="card space-y-4"
      >
        <h2 id={`${id}-cod`} className="text-lg font-semibold">
          {t.codTitle}
        </h2>
        <CheckField
          id={`${id}-pobranie`}
          name="pobranie"
          label={t.codLabel}
          hint={t.codHint}
          checked={payments.PlatnoscPrzyOdbiorze}
        />
        <button type="submit" className="btn-primary" aria-busy={busy}>
          {t.codSave}
        </button>
      </form>

      <form
        {...payuGuard.watch}
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
          {(
            [
              ['posId', 'PosId', t.posId, { value: payu.PosId, numeric: true }],
              ['clientId', 'ClientId', t.clientId, { value: payu.ClientId }],
              ['clientSecret', 'ClientSecret', t.clientSecret, { stored: payu.ClientSecretUstawiony }],
              ['drugiKlucz', 'DrugiKlucz', t.secondKey, { stored: payu.DrugiKluczUstawiony }],
            ] as const
          ).map(([name, field, label, more]) => (
            <PayuField key={name} id={id} name={name} field={field} label={label} errors={errors} {...more} />
          ))}
        </div>
        <ModeField sandbox={payu.Sandbox} />
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
        <TestResult result={result} />
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
