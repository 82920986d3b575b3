import { AuthCard } from '../components/account/AuthCard.tsx';
import { ChangePasswordForm } from '../components/account/ChangePasswordForm.tsx';
import { LoadingBlock } from '../components/LoadingBlock.tsx';
import { useLoginGuard } from '../lib/guard.ts';
import { privatePageMeta } from '../lib/private-meta.ts';
import { ui } from '../texts.ts';
import type { Route } from './+types/change-password';

const t = ui.account;

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta(matches, t.changePasswordTitle);

/** Spec 'Change password' (zmien-haslo, login required). */
export default function ChangePassword() {
  const { allowed } = useLoginGuard();
  return (
    <AuthCard title={t.changePasswordTitle} back={{ to: '/moje-konto', label: t.backToAccount }}>
      {allowed ? <ChangePasswordForm /> : <LoadingBlock />}
    </AuthCard>
  );
}
