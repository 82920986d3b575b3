import { AuthCard } from '../components/account/AuthCard.tsx';
import { ChangeEmailForm } from '../components/account/ChangeEmailForm.tsx';
import { LoadingBlock } from '../components/LoadingBlock.tsx';
import { requireUser } from '../lib/guard.ts';
import { privatePageMeta } from '../lib/private-meta.ts';
import { accountUi } from '../texts/account.ts';
import type { Route } from './+types/change-email';

const t = accountUi;

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta(matches, t.changeEmailTitle);

/** The current address is the session user's. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const user = await requireUser(request);
  return { email: user.Email };
}
clientLoader.hydrate = true as const;

const back = { to: '/moje-konto', label: t.backToAccount };

export function HydrateFallback() {
  return (
    <AuthCard title={t.changeEmailTitle} back={back}>
      <LoadingBlock />
    </AuthCard>
  );
}

/** Spec 'Change e-mail' (nowy-adres-email, login required). */
export default function ChangeEmail({ loaderData }: Route.ComponentProps) {
  return (
    <AuthCard title={t.changeEmailTitle} back={back}>
      <ChangeEmailForm currentEmail={loaderData.email} />
    </AuthCard>
  );
}
