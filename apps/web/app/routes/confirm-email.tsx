import { msg } from '@club/contract';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { AuthCard } from '../components/account/AuthCard.tsx';
import { serverMessage } from '../components/form/server-error.ts';
import { LoadingBlock } from '../components/LoadingBlock.tsx';
import { OutcomeFrame, OutcomeHeading } from '../components/OutcomeCard.tsx';
import { api } from '../lib/browser-api.ts';
import { useLoginGuard } from '../lib/guard.ts';
import { privatePageMeta } from '../lib/private-meta.ts';
import { useSession } from '../lib/session.tsx';
import { storage } from '../lib/storage.ts';
import { ui } from '../texts.ts';
import type { Route } from './+types/confirm-email';

/** After a confirmed change the success page goes to the main page after this long. */
export const EMAIL_CONFIRMED_REDIRECT_MS = 5000;

const t = ui.account;

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta(matches, t.confirmEmailTitle);

type Result = { ok: true } | { ok: false; detail: string };

/**
 * Spec 'Confirm new e-mail' (potwierdz-nowy-adres-email/{hash}). The API call needs a logged-in
 * user, so the login guard sends a logged-out visitor to log in and back here first.
 */
export default function ConfirmEmail({ params }: Route.ComponentProps) {
  const { allowed } = useLoginGuard();
  const session = useSession();
  const navigate = useNavigate();
  const started = useRef<string | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const { hash } = params;

  useEffect(() => {
    if (!allowed || started.current === hash) return;
    started.current = hash;
    api.call('changeEmailConfirm', { params: { hash } }).then(
      async () => {
        // The user's e-mail changed: reload the session's user info.
        const token = storage.token();
        if (token) await session.login(token);
        setResult({ ok: true });
      },
      (err) => setResult({ ok: false, detail: serverMessage(err) }),
    );
  }, [allowed, hash, session]);

  const ok = result?.ok === true;
  useEffect(() => {
    if (!ok) return;
    const timer = setTimeout(() => navigate('/', { replace: true }), EMAIL_CONFIRMED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [ok, navigate]);

  if (!result) {
    return (
      <AuthCard title={t.confirmEmailTitle}>
        <LoadingBlock minHeight="min-h-32" />
      </AuthCard>
    );
  }
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
