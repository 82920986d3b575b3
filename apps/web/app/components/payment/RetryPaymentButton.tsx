import { useState } from 'react';
import { api } from '../../lib/browser-api.ts';
import { checkoutUi } from '../../texts/checkout.ts';
import { FormAlert } from '../form/FormAlert.tsx';
import { serverMessage } from '../form/server-error.ts';

/**
 * 'Ponów płatność': asks the API for a new payment of the order named by its signed
 * token and sends the browser to the payment page; a refusal (paid, expired) is shown in Polish.
 */
export function RetryPaymentButton({
  token,
  className = 'btn-primary px-6',
}: {
  token: string;
  className?: string;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const retry = async () => {
    setBusy(true);
    setError(null);
    try {
      const { Url } = await api.call('retryPayment', { body: { Token: token } });
      window.location.assign(Url);
    } catch (err) {
      setError(serverMessage(err));
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className={className} onClick={retry} disabled={busy} aria-busy={busy}>
        {busy ? checkoutUi.retryingPayment : checkoutUi.retryPayment}
      </button>
      <FormAlert kind="error">{error}</FormAlert>
    </>
  );
}
