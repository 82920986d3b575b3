import { type Address, type HistoryOrder, msg, type ProfileInfo } from '@club/contract';
import { useEffect, useId, useState } from 'react';
import { useRouteLoaderData } from 'react-router';
import { AccountForm } from '../components/account/AccountForm.tsx';
import { OrderHistory } from '../components/account/OrderHistory.tsx';
import { FormAlert } from '../components/form/FormAlert.tsx';
import { LoadingBlock } from '../components/LoadingBlock.tsx';
import { api } from '../lib/browser-api.ts';
import { useLoginGuard } from '../lib/guard.ts';
import { privatePageMeta } from '../lib/private-meta.ts';
import { ui } from '../texts.ts';
import type { Route } from './+types/account';

const t = ui.account;

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta(matches, t.accountTitle);

type Loaded<T> = { state: 'loading' } | { state: 'ok'; data: T } | { state: 'error' };

/**
 * Spec 'My account' (moje-konto, login required): the account data and delivery address
 * (getprofileinfo + getadres, saved with zapiszprofil) and the purchase history
 * (pobierzHistorieZamowien). All from the browser: the ticket lives in localStorage.
 */
export default function Account() {
  const { allowed } = useLoginGuard();
  const root = useRouteLoaderData('root') as { alias: string } | undefined;
  const historyId = useId();
  const [profile, setProfile] = useState<Loaded<{ profile: ProfileInfo; address: Address }>>({
    state: 'loading',
  });
  const [history, setHistory] = useState<Loaded<HistoryOrder[]>>({ state: 'loading' });

  useEffect(() => {
    if (!allowed) return;
    let live = true;
    Promise.all([api.call('getProfileInfo'), api.call('getAddress')]).then(
      ([p, a]) => live && setProfile({ state: 'ok', data: { profile: p, address: a } }),
      () => live && setProfile({ state: 'error' }),
    );
    api.call('getOrderHistory').then(
      (orders) => live && setHistory({ state: 'ok', data: orders }),
      () => live && setHistory({ state: 'error' }),
    );
    return () => {
      live = false;
    };
  }, [allowed]);

  return (
    <div className="container-page py-8 sm:py-12">
      <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">{t.accountTitle}</h1>
      <div className="mt-6">
        {!allowed || profile.state === 'loading' ? (
          <LoadingBlock minHeight="min-h-[28rem]" />
        ) : profile.state === 'error' ? (
          <FormAlert kind="error">{msg.genericError}</FormAlert>
        ) : (
          <AccountForm profile={profile.data.profile} address={profile.data.address} />
        )}
      </div>
      <section aria-labelledby={historyId} className="mt-10">
        <h2 id={historyId} className="text-xl font-bold text-ink">
          {t.history}
        </h2>
        <div className="mt-4">
          {!allowed || history.state === 'loading' ? (
            <LoadingBlock minHeight="min-h-24" />
          ) : history.state === 'error' ? (
            <FormAlert kind="error">{msg.genericError}</FormAlert>
          ) : (
            <OrderHistory orders={history.data} alias={root?.alias ?? ''} />
          )}
        </div>
      </section>
    </div>
  );
}
