import { type FormEvent, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { api, errorMessage } from '../api.ts';
import { EmailField, emailProblem } from '../components/EmailField.tsx';
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
    const problem = emailProblem(body.Email);
    setError(problem ?? '');
    setServerError('');
    setNotice('');
    if (problem) {
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
        <EmailField id={`${id}-email`} label={t.email} error={error} inputRef={emailRef} />
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
