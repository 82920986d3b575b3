import { AuthCard } from '../components/account/AuthCard.tsx';
import { ChangePasswordForm } from '../components/account/ChangePasswordForm.tsx';
import { LoadingBlock } from '../components/LoadingBlock.tsx';
import { requireUser } from '../lib/guard.ts';
import { privatePageMeta } from '../lib/private-meta.ts';
import { accountUi } from '../texts/account.ts';
import type { Route } from './+types/change-password';

const t = accountUi;

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta(matches, t.changePasswordTitle);

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requireUser(request);
  return null;
}
clientLoader.hydrate = true as const;

const back = { to: '/moje-konto', label: t.backToAccount };

export function HydrateFallback() {
  return (
    <AuthCard title={t.changePasswordTitle} back={back}>
      <LoadingBlock />
    </AuthCard>
  );
}

/** Spec 'Change password' (zmien-haslo, login required). */
export default function ChangePassword() {
  return (
    <AuthCard title={t.changePasswordTitle} back={back}>
      <ChangePasswordForm />
    </AuthCard>
  );
}
