import { AuthCard } from '../components/account/AuthCard.tsx';
import { ChangeEmailForm } from '../components/account/ChangeEmailForm.tsx';
import { LoadingBlock } from '../components/LoadingBlock.tsx';
import { useLoginGuard } from '../lib/guard.ts';
import { privatePageMeta } from '../lib/private-meta.ts';
import { useSession } from '../lib/session.tsx';
import { ui } from '../texts.ts';
import type { Route } from './+types/change-email';

const t = ui.account;

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta(matches, t.changeEmailTitle);

/** Spec 'Change e-mail' (nowy-adres-email, login required); the current address is the session user's. */
export default function ChangeEmail() {
  const { allowed } = useLoginGuard();
  const { user } = useSession();
  return (
    <AuthCard title={t.changeEmailTitle} back={{ to: '/moje-konto', label: t.backToAccount }}>
      {allowed && user ? <ChangeEmailForm currentEmail={user.Email} /> : <LoadingBlock />}
    </AuthCard>
  );
}
