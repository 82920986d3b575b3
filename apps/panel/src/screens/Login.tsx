import { ApiClientError } from '@club/contract';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Link, redirect, useNavigate, useSearchParams } from 'react-router';
import { api, errorMessage } from '../api.ts';
import { ErrorBox, NoticeBox, PageTitle } from '../components/PageTitle.tsx';
import { ui } from '../texts.ts';

const t = ui.login;

/** Signed in already: straight to the dashboard. The call also hands out the XSRF-TOKEN cookie the login post needs. */
export const loginLoader = async () => {
  try {
    await api.call('panelMe');
  } catch (e) {
    if (e instanceof ApiClientError && (e.status === 401 || e.status === 403)) return null;
    throw e;
  }
  return redirect('/');
};

type FieldErrors = { email?: string; password?: string };

export const Login = () => {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState('');
  const [busy, setBusy] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const reason = params.get('powod');
  const notice = reason === 'wylogowano' ? t.loggedOut : reason === 'wygasla' ? t.sessionExpired : '';

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Not disabled while busy: a disabled button would drop the keyboard focus.
    if (busy) return;
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email') ?? '').trim();
    const password = String(form.get('password') ?? '');
    const found: FieldErrors = {
      email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? undefined : t.emailRequired,
      password: password ? undefined : t.passwordRequired,
    };
    setErrors(found);
    setServerError('');
    if (found.email || found.password) {
      (found.email ? emailRef : passwordRef).current?.focus();
      return;
    }
    setBusy(true);
    try {
      await api.call('panelLogin', { body: { Email: email, Haslo: password } });
      navigate('/', { replace: true });
    } catch (e) {
      setServerError(errorMessage(e, ui.genericError));
      setBusy(false);
    }
  };

  return (
    <main className="flex min-h-screen items-start justify-center px-4 py-10 sm:items-center">
      <div className="card w-full max-w-md">
        <p className="mb-2 text-sm font-semibold tracking-wide text-primary uppercase">{ui.appName}</p>
        <PageTitle title={t.title}>{t.title}</PageTitle>
        <p className="mt-2 text-muted">{t.intro}</p>
        <div className="mt-4 space-y-3">
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
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={errors.email ? `${id}-email-error` : undefined}
              className="field"
            />
            {errors.email && (
              <p id={`${id}-email-error`} className="mt-1 text-sm text-danger">
                {errors.email}
              </p>
            )}
          </div>
          <div>
            <label htmlFor={`${id}-password`} className="mb-1 block font-semibold">
              {t.password}
            </label>
            <input
              ref={passwordRef}
              id={`${id}-password`}
              name="password"
              type="password"
              autoComplete="current-password"
              required
              aria-invalid={errors.password ? true : undefined}
              aria-describedby={errors.password ? `${id}-password-error` : undefined}
              className="field"
            />
            {errors.password && (
              <p id={`${id}-password-error`} className="mt-1 text-sm text-danger">
                {errors.password}
              </p>
            )}
          </div>
          <button type="submit" className="btn-primary w-full">
            {busy ? t.submitting : t.submit}
          </button>
        </form>
        <p className="mt-4 text-sm">
          <Link to="/przypomnij-haslo" className="text-primary underline">
            {t.forgot}
          </Link>
        </p>
        <p className="mt-4 text-sm">
          <a href="/" className="text-primary underline">
            {t.toShop}
          </a>
        </p>
      </div>
    </main>
  );
};
