import type { WithdrawalOffer } from '@club/contract';
import { serverMessage } from '../components/form/server-error.ts';
import { LoadingBlock } from '../components/LoadingBlock.tsx';
import { OutcomeFrame, OutcomeHeading } from '../components/OutcomeCard.tsx';
import { WithdrawalFlow } from '../components/withdrawal/WithdrawalFlow.tsx';
import { api } from '../lib/browser-api.ts';
import { privatePageMeta } from '../lib/private-meta.ts';
import { withdrawalUi } from '../texts/withdrawal.ts';
import type { Route } from './+types/withdrawal';

const t = withdrawalUi;

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta(matches, t.title);

type Data = { ok: true; offer: WithdrawalOffer } | { ok: false; text: string };

/**
 * `/odstapienie/{token}` (the guest's signed link from an order e-mail) and
 * `/moje-konto/odstapienie/{id}` (a logged-in customer's own order). Read in the browser: the
 * ticket lives there, and a mail scanner fetching the link changes nothing anyway (GET only reads).
 */
export async function clientLoader({ params }: Route.ClientLoaderArgs): Promise<Data> {
  try {
    const offer = params.token
      ? await api.call('getWithdrawal', { params: { token: params.token } })
      : await api.call('getAccountWithdrawal', { params: { id: String(params.id) } });
    return { ok: true, offer };
  } catch (err) {
    return { ok: false, text: serverMessage(err) };
  }
}
clientLoader.hydrate = true as const;

export const shouldRevalidate = () => false;

export function HydrateFallback() {
  return (
    <OutcomeFrame backLabel={t.backToShop}>
      <h1 className="text-2xl font-bold text-ink">{t.title}</h1>
      <LoadingBlock minHeight="min-h-32" label={t.loading} />
    </OutcomeFrame>
  );
}

export default function Withdrawal({ loaderData, params }: Route.ComponentProps) {
  if (!loaderData.ok)
    return (
      <OutcomeFrame backLabel={t.backToShop}>
        <OutcomeHeading ok={false} title={t.errorTitle} />
        <p role="alert" className="mt-3 text-red-800">
          {loaderData.text}
        </p>
      </OutcomeFrame>
    );
  return (
    <OutcomeFrame backLabel={t.backToShop}>
      <WithdrawalFlow
        offer={loaderData.offer}
        submit={(body) =>
          params.token
            ? api.call('submitWithdrawal', { params: { token: params.token }, body })
            : api.call('submitAccountWithdrawal', { params: { id: String(params.id) }, body })
        }
      />
    </OutcomeFrame>
  );
}
