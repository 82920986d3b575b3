import { ApiClientError, PanelSetPasswordSchema } from '@club/contract';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { api, errorMessage } from '../api.ts';
import { ErrorBox, PageTitle } from '../components/PageTitle.tsx';
import { ui } from '../texts.ts';
import { AuthCard, PasswordField } from './auth-parts.tsx';

const t = ui.password;

/** The call also hands out the XSRF-TOKEN cookie that the form's post needs; no session is required. */
export const xsrfLoader = async () => {
  try {
    await api.call('panelMe');
  } catch (e) {
    if (!(e instanceof ApiClientError)) throw e;
  }
  return null;
};

type Errors = { Haslo?: string; PowtorzHaslo?: string };

/**
 * The screen of an e-mailed panel link: an invitation (`zaproszenie`) or a password reset
 * (`nowe-haslo`). Setting the password signs the person in and opens the dashboard.
 */
export const SetPassword = ({ kind }: { kind: 'invite' | 'reset' }) => {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState('');
  const [busy, setBusy] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const repeatRef = useRef<HTMLInputElement>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  const id = useId();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const form = new FormData(event.currentTarget);
    const body = {
      Token: token,
      Haslo: String(form.get('haslo') ?? ''),
      PowtorzHaslo: String(form.get('powtorz') ?? ''),
    };
    const parsed = PanelSetPasswordSchema.safeParse(body);
    const found: Errors = {};
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0]) as keyof Errors;
        if (key in { Haslo: 1, PowtorzHaslo: 1 } && !found[key]) found[key] = issue.message;
      }
    setErrors(found);
    setServerError('');
    if (found.Haslo || found.PowtorzHaslo) {
      (found.Haslo ? passwordRef : repeatRef).current?.focus();
      return;
    }
    setBusy(true);
    try {
      await api.call(kind === 'invite' ? 'panelInviteAccept' : 'panelReset', { body });
      navigate('/', { replace: true });
    } catch (e) {
      setServerError(errorMessage(e, ui.genericError));
      if (e instanceof ApiClientError && e.body.Fields) setErrors(e.body.Fields as Errors);
      setBusy(false);
      requestAnimationFrame(() => errorRef.current?.focus());
    }
  };

  const title = kind === 'invite' ? t.inviteTitle : t.resetTitle;
  return (
    <AuthCard>
      <PageTitle title={title}>{title}</PageTitle>
      <p className="mt-2 text-muted">{kind === 'invite' ? t.inviteIntro : t.resetIntro}</p>
      <div ref={errorRef} tabIndex={-1} className="mt-4">
        <ErrorBox>{serverError}</ErrorBox>
      </div>
      <form noValidate onSubmit={submit} className="mt-4 space-y-4">
        <PasswordField
          id={`${id}-haslo`}
          name="haslo"
          label={t.password}
          error={errors.Haslo}
          inputRef={passwordRef}
        />
        <PasswordField
          id={`${id}-powtorz`}
          name="powtorz"
          label={t.repeat}
          error={errors.PowtorzHaslo}
          inputRef={repeatRef}
        />
        <button type="submit" className="btn-primary w-full" aria-busy={busy}>
          {busy ? t.submitting : t.submit}
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
