import { serverMessage } from '../components/form/server-error.ts';
import { LoadingBlock } from '../components/LoadingBlock.tsx';
import { OutcomeFrame, OutcomeHeading } from '../components/OutcomeCard.tsx';
import { api } from '../lib/browser-api.ts';
import { privatePageMeta } from '../lib/private-meta.ts';
import { checkoutUi } from '../texts/checkout.ts';
import type { Route } from './+types/confirm-order';

const t = checkoutUi;

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta(matches, t.confirmOrderTitle);

type Result = { ok: boolean; text: string };

/**
 * Where a held cash-on-delivery order's e-mailed link lands (`/potwierdz-zamowienie/{token}`).
 * The confirmation is sent by the browser, not by the server's render: a mail scanner that only
 * fetches the link does not confirm the order for the buyer. Once per visit (no revalidation).
 */
export async function clientLoader({ params }: Route.ClientLoaderArgs): Promise<Result> {
  try {
    const r = await api.call('confirmOrder', { body: { Token: params.token } });
    return { ok: true, text: r.Message };
  } catch (err) {
    return { ok: false, text: serverMessage(err) };
  }
}
clientLoader.hydrate = true as const;

export const shouldRevalidate = () => false;

export function HydrateFallback() {
  return (
    <OutcomeFrame backLabel={t.backToShop}>
      <h1 className="text-2xl font-bold text-ink">{t.confirmOrderTitle}</h1>
      <LoadingBlock minHeight="min-h-32" label={t.confirmingOrder} />
    </OutcomeFrame>
  );
}

export default function ConfirmOrder({ loaderData: result }: Route.ComponentProps) {
  return (
    <OutcomeFrame backLabel={t.backToShop}>
      <OutcomeHeading ok={result.ok} title={result.ok ? t.orderConfirmedTitle : t.orderNotConfirmedTitle} />
      <p
        role={result.ok ? 'status' : 'alert'}
        className={`mt-3 ${result.ok ? 'text-muted' : 'text-red-800'}`}
      >
        {result.text}
      </p>
    </OutcomeFrame>
  );
}
