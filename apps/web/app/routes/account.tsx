import { msg } from '@club/contract';
import { type ReactNode, useId } from 'react';
import { AccountForm } from '../components/account/AccountForm.tsx';
import { OrderHistory } from '../components/account/OrderHistory.tsx';
import { FormAlert } from '../components/form/FormAlert.tsx';
import { LoadingBlock } from '../components/LoadingBlock.tsx';
import { api } from '../lib/browser-api.ts';
import { useAlias } from '../lib/checkout.ts';
import { requireUser } from '../lib/guard.ts';
import { privatePageMeta } from '../lib/private-meta.ts';
import { accountUi } from '../texts/account.ts';
import type { Route } from './+types/account';

const t = accountUi;

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta(matches, t.accountTitle);

/** A part of the page that could not be read shows the generic error in its place. */
const orError = <T,>(p: Promise<T>): Promise<T | null> => p.catch(() => null);

/**
 * All from the browser (the ticket lives in localStorage); the profile and the history fail
 * apart, each in its own place.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requireUser(request);
  const [profile, history] = await Promise.all([
    orError(Promise.all([api.call('getProfileInfo'), api.call('getAddress')])),
    orError(api.call('getOrderHistory')),
  ]);
  return { profile: profile && { profile: profile[0], address: profile[1] }, history };
}
clientLoader.hydrate = true as const;

function AccountPage({ profile, history }: { profile: ReactNode; history: ReactNode }) {
  const historyId = useId();
  return (
    <div className="container-page py-8 sm:py-12">
      <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">{t.accountTitle}</h1>
      <div className="mt-6">{profile}</div>
      <section aria-labelledby={historyId} className="mt-10">
        <h2 id={historyId} className="text-xl font-bold text-ink">
          {t.history}
        </h2>
        <div className="mt-4">{history}</div>
      </section>
    </div>
  );
}

/** What the server sends and the browser shows until the account is read. */
export function HydrateFallback() {
  return (
    <AccountPage
      profile={<LoadingBlock minHeight="min-h-[28rem]" />}
      history={<LoadingBlock minHeight="min-h-24" />}
    />
  );
}

/**
 * Spec 'My account' (moje-konto, login required): the account data and delivery address
 * (getprofileinfo + getadres, saved with zapiszprofil) and the purchase history
 * (pobierzHistorieZamowien).
 */
export default function Account({ loaderData }: Route.ComponentProps) {
  const alias = useAlias();
  const { profile, history } = loaderData;
  const error = <FormAlert kind="error">{msg.genericError}</FormAlert>;
  return (
    <AccountPage
      profile={profile ? <AccountForm profile={profile.profile} address={profile.address} /> : error}
      history={history ? <OrderHistory orders={history} alias={alias} /> : error}
    />
  );
}
