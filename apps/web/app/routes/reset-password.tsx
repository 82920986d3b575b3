import { AuthCard } from '../components/account/AuthCard.tsx';
import { ResetPasswordForm } from '../components/account/ResetPasswordForm.tsx';
import { privatePageMeta } from '../lib/private-meta.ts';
import { accountUi } from '../texts/account.ts';
import type { Route } from './+types/reset-password';

const t = accountUi;

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta(matches, t.resetTitle);

/** Spec 'Set new password from reminder' (resetuj-haslo/{hash}). */
export default function ResetPassword({ params }: Route.ComponentProps) {
  return (
    <AuthCard title={t.resetTitle} intro={t.resetIntro}>
      <ResetPasswordForm key={params.hash} hash={params.hash} />
    </AuthCard>
  );
}
