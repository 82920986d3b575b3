import { useEffect, useRef, useState } from 'react';
import { serverMessage } from '../components/form/server-error.ts';
import { LoadingBlock } from '../components/LoadingBlock.tsx';
import { OutcomeFrame, OutcomeHeading } from '../components/OutcomeCard.tsx';
import { api } from '../lib/browser-api.ts';
import { privatePageMeta } from '../lib/private-meta.ts';
import { ui } from '../texts.ts';
import type { Route } from './+types/confirm-order';

const t = ui.checkout;

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta(matches, t.confirmOrderTitle);

type Result = { ok: boolean; text: string };

/**
 * Where a held cash-on-delivery order's e-mailed link lands (`/potwierdz-zamowienie/{token}`).
 * The confirmation is sent once the page runs in the browser, not by the server's render: a mail
 * scanner that only fetches the link does not confirm the order for the buyer.
 */
export default function ConfirmOrder({ params }: Route.ComponentProps) {
  const started = useRef<string | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const { token } = params;

  useEffect(() => {
    if (started.current === token) return;
    started.current = token;
    api.call('confirmOrder', { body: { Token: token } }).then(
      (r) => setResult({ ok: true, text: r.Message }),
      (err) => setResult({ ok: false, text: serverMessage(err) }),
    );
  }, [token]);

  return (
    <OutcomeFrame backLabel={t.backToShop}>
      {!result ? (
        <>
          <h1 className="text-2xl font-bold text-ink">{t.confirmOrderTitle}</h1>
          <LoadingBlock minHeight="min-h-32" label={t.confirmingOrder} />
        </>
      ) : (
        <>
          <OutcomeHeading
            ok={result.ok}
            title={result.ok ? t.orderConfirmedTitle : t.orderNotConfirmedTitle}
          />
          <p
            role={result.ok ? 'status' : 'alert'}
            className={`mt-3 ${result.ok ? 'text-muted' : 'text-red-800'}`}
          >
            {result.text}
          </p>
        </>
      )}
    </OutcomeFrame>
  );
}
