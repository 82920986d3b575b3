import { AuthCard } from '../components/account/AuthCard.tsx';
import { RemindPasswordForm } from '../components/account/RemindPasswordForm.tsx';
import { privatePageMeta } from '../lib/private-meta.ts';
import { accountUi } from '../texts/account.ts';
import type { Route } from './+types/remind-password';

const t = accountUi;

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta(matches, t.remindTitle);

/** Spec 'Remind password' (przypomnij-haslo). */
export default function RemindPassword() {
  return (
    <AuthCard title={t.remindTitle} intro={t.remindIntro} back={{ to: '/logowanie', label: t.backToLogin }}>
      <RemindPasswordForm />
    </AuthCard>
  );
}
