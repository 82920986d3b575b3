import type { PanelUser } from '@club/contract';
import { type FormEvent, useId, useRef, useState } from 'react';
import { api, errorMessage } from '../api.ts';
import { ui } from '../texts.ts';
import { EmailField, emailProblem } from './EmailField.tsx';
import { ErrorBox } from './PageTitle.tsx';

const t = ui.login;

type FieldErrors = { email?: string; password?: string };

/**
 * The panel's login fields: the login screen's, and the dialog's after a session expired mid-edit
 * (there the e-mail is the signed-in account's and cannot change: the edit goes on as the same person).
 */
export const LoginForm = ({
  email: fixedEmail,
  onDone,
}: {
  email?: string;
  onDone: (user: PanelUser) => void;
}) => {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState('');
  const [busy, setBusy] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const id = useId();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Not disabled while busy: a disabled button would drop the keyboard focus.
    if (busy) return;
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email') ?? '').trim();
    const password = String(form.get('password') ?? '');
    const found: FieldErrors = {
      email: emailProblem(email),
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
      const user = await api.call('panelLogin', { body: { Email: email, Haslo: password } });
      setBusy(false);
      onDone(user);
    } catch (e) {
      setServerError(errorMessage(e, ui.genericError));
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="mt-4 space-y-4">
      <ErrorBox>{serverError}</ErrorBox>
      <EmailField
        id={`${id}-email`}
        label={t.email}
        error={errors.email}
        inputRef={emailRef}
        defaultValue={fixedEmail}
        readOnly={fixedEmail !== undefined}
      />
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
  );
};
