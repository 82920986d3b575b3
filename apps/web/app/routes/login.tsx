import { msg } from '@club/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AuthCard } from '../components/account/AuthCard.tsx';
import { LoginForm } from '../components/account/LoginForm.tsx';
import { FormAlert } from '../components/form/FormAlert.tsx';
import { serverMessage } from '../components/form/server-error.ts';
import { Link } from '../components/Link.tsx';
import { api } from '../lib/browser-api.ts';
import { privatePageMeta } from '../lib/private-meta.ts';
import { useSession } from '../lib/session.tsx';
import { storage } from '../lib/storage.ts';
import { accountUi } from '../texts/account.ts';
import type { Route } from './+types/login';

/**
 * After the account-confirmation link logs the user in, the page shows 'Teraz możesz zalogować
 * się na swoje konto' for this long before redirecting (spec 2 shows the text, spec 4 redirects
 * as after a normal login: both, in that order).
 */
export const CONFIRMED_REDIRECT_MS = 1500;

const t = accountUi;

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta(matches, t.loginTitle);

type Confirm = { state: 'pending' } | { state: 'ok' } | { state: 'failed'; message: string };

/** Spec 'Login' (logowanie) and 'Login via guid' (logowanie/{guid}). */
export default function Login({ params }: Route.ComponentProps) {
  const guid = params.guid;
  const session = useSession();
  const navigate = useNavigate();
  /** Set while this page logs the user in, so the "already logged in → '/'" rule stays out of the way. */
  const loggingIn = useRef(false);
  const confirmed = useRef<string | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(guid ? { state: 'pending' } : null);
  // Set by the new-password page after a successful reset.
  const passwordReset = (useLocation().state as { passwordReset?: boolean } | null)?.passwordReset === true;

  // Spec: after login, the stored redirect target (set by the login guard) or /moje-konto.
  const afterLogin = useCallback(
    () => navigate(storage.takeRedirectTarget() ?? '/moje-konto', { replace: true }),
    [navigate],
  );

  // Spec: a logged-in user opening the login page is sent to the main page.
  useEffect(() => {
    if (session.ready && session.loggedIn && !guid && !loggingIn.current) navigate('/', { replace: true });
  }, [session.ready, session.loggedIn, guid, navigate]);

  // Spec 4 'Login via guid': confirm the account, store the ticket, then redirect.
  useEffect(() => {
    if (!guid || confirmed.current === guid) return;
    confirmed.current = guid;
    setConfirm({ state: 'pending' });
    api.call('confirmAccount', { params: { guid } }).then(
      async ({ Ticket }) => {
        loggingIn.current = true;
        await session.login(Ticket);
        setConfirm({ state: 'ok' });
      },
      (err) => setConfirm({ state: 'failed', message: serverMessage(err) }),
    );
  }, [guid, session]);

  const confirmState = confirm?.state;
  useEffect(() => {
    if (confirmState !== 'ok') return;
    const timer = setTimeout(afterLogin, CONFIRMED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [confirmState, afterLogin]);

  const onTicket = async (ticket: string) => {
    loggingIn.current = true;
    await session.login(ticket);
    if (!storage.token()) {
      loggingIn.current = false;
      throw new Error(msg.genericError);
    }
    afterLogin();
  };

  return (
    <AuthCard
      title={t.loginTitle}
      footer={
        <p className="flex flex-wrap items-center justify-center gap-3">
          <span>{t.noAccount}</span>
          <Link to="/rejestracja" className="btn border-2 border-primary text-primary hover:bg-primary-light">
            {t.register}
          </Link>
        </p>
      }
    >
      {passwordReset && (
        <FormAlert kind="success" className="mb-5">
          {msg.passwordChanged}. {t.loginWithNewPassword}
        </FormAlert>
      )}
      {confirm?.state === 'pending' && (
        <FormAlert kind="info" className="mb-5">
          {t.confirmingAccount}
        </FormAlert>
      )}
      {confirm?.state === 'ok' && (
        <FormAlert kind="success" className="mb-5">
          {msg.loginAfterConfirm}
          <span className="mt-1 block font-normal">{t.loggingInRedirect}</span>
        </FormAlert>
      )}
      {confirm?.state === 'failed' && (
        <FormAlert kind="error" className="mb-5">
          {confirm.message}
        </FormAlert>
      )}
      <LoginForm onTicket={onTicket} />
    </AuthCard>
  );
}
