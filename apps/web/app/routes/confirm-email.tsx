import { msg } from '@club/contract';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { AuthCard } from '../components/account/AuthCard.tsx';
import { serverMessage } from '../components/form/server-error.ts';
import { LoadingBlock } from '../components/LoadingBlock.tsx';
import { OutcomeFrame, OutcomeHeading } from '../components/OutcomeCard.tsx';
import { api } from '../lib/browser-api.ts';
import { requireUser } from '../lib/guard.ts';
import { privatePageMeta } from '../lib/private-meta.ts';
import { sessionUser } from '../lib/session-user.ts';
import { accountUi } from '../texts/account.ts';
import type { Route } from './+types/confirm-email';

/** After a confirmed change the success page goes to the main page after this long. */
export const EMAIL_CONFIRMED_REDIRECT_MS = 5000;

const t = accountUi;

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta(matches, t.confirmEmailTitle);

type Result = { ok: true } | { ok: false; detail: string };

/**
 * The API call needs a logged-in user, so the login guard sends a logged-out visitor to log in
 * and back here first. Sent once per visit (no revalidation), from the browser only.
 */
export async function clientLoader({ request, params }: Route.ClientLoaderArgs): Promise<Result> {
  await requireUser(request);
  try {
    await api.call('changeEmailConfirm', { params: { hash: params.hash } });
  } catch (err) {
    return { ok: false, detail: serverMessage(err) };
  }
  // The user's e-mail changed: the session's user info is read anew.
  await sessionUser(true);
  return { ok: true };
}
clientLoader.hydrate = true as const;

export const shouldRevalidate = () => false;

export function HydrateFallback() {
  return (
    <AuthCard title={t.confirmEmailTitle}>
      <LoadingBlock minHeight="min-h-32" />
    </AuthCard>
  );
}

/** Spec 'Confirm new e-mail' (potwierdz-nowy-adres-email/{hash}). */
export default function ConfirmEmail({ loaderData: result }: Route.ComponentProps) {
  const navigate = useNavigate();
  const ok = result.ok;
  useEffect(() => {
    if (!ok) return;
    const timer = setTimeout(() => navigate('/', { replace: true }), EMAIL_CONFIRMED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [ok, navigate]);

  return (
    <OutcomeFrame backLabel={t.backToShop}>
      <OutcomeHeading ok={result.ok} title={result.ok ? msg.emailChangedOk : msg.emailChangeFailed} />
      {result.ok ? (
        <p role="status" className="mt-3 text-muted">
          {t.redirectHome}
        </p>
      ) : (
        result.detail !== msg.emailChangeFailed && (
          <p role="alert" className="mt-3 text-red-800">
            {result.detail}
          </p>
        )
      )}
    </OutcomeFrame>
  );
}
