import { PanelRemindSchema } from '@club/contract';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { api, errorMessage } from '../api.ts';
import { ErrorBox, NoticeBox, PageTitle } from '../components/PageTitle.tsx';
import { ui } from '../texts.ts';
import { AuthCard } from './auth-parts.tsx';

const t = ui.password;

/** "Nie pamiętasz hasła?": the answer is the same for every address. */
export const RemindPassword = () => {
  const [error, setError] = useState('');
  const [serverError, setServerError] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const messageRef = useRef<HTMLDivElement>(null);
  const id = useId();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const body = { Email: String(new FormData(event.currentTarget).get('email') ?? '').trim() };
    const parsed = PanelRemindSchema.safeParse(body);
    setError(parsed.success ? '' : (parsed.error.issues[0]?.message ?? ''));
    setServerError('');
    setNotice('');
    if (!parsed.success) {
      emailRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      setNotice((await api.call('panelRemind', { body })).Message);
    } catch (e) {
      setServerError(errorMessage(e, ui.genericError));
    } finally {
      setBusy(false);
      requestAnimationFrame(() => messageRef.current?.focus());
    }
  };

  return (
    <AuthCard>
      <PageTitle title={t.remindTitle}>{t.remindTitle}</PageTitle>
      <p className="mt-2 text-muted">{t.remindIntro}</p>
      <div ref={messageRef} tabIndex={-1} className="mt-4 space-y-3">
        <NoticeBox>{notice}</NoticeBox>
        <ErrorBox>{serverError}</ErrorBox>
      </div>
      <form noValidate onSubmit={submit} className="mt-4 space-y-4">
        <div>
          <label htmlFor={`${id}-email`} className="mb-1 block font-semibold">
            {t.email}
          </label>
          <input
            ref={emailRef}
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="username"
            inputMode="email"
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-email-error` : undefined}
            className="field"
          />
          {error && (
            <p id={`${id}-email-error`} className="mt-1 text-sm text-danger">
              {error}
            </p>
          )}
        </div>
        <button type="submit" className="btn-primary w-full" aria-busy={busy}>
          {busy ? t.remindSubmitting : t.remindSubmit}
        </button>
      </form>
      <p className="mt-6 text-sm">
        <Link to="/logowanie" className="text-primary underline">
          {t.toLogin}
        </Link>
      </p>
    </AuthCard>
  );
};
