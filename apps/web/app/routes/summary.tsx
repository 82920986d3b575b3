import type { Cart } from '@club/contract';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { CheckoutStatus, EmptyCartNote } from '../components/CheckoutStatus.tsx';
import { FormAlert } from '../components/form/FormAlert.tsx';
import { serverMessage } from '../components/form/server-error.ts';
import { OrderReview } from '../components/OrderReview.tsx';
import { ProductsSummary } from '../components/ProductsSummary.tsx';
import { api } from '../lib/browser-api.ts';
import { fetchCurrentCart, hasLines, titleWithShop, useAlias } from '../lib/checkout.ts';
import { safeRedirectTarget } from '../lib/delivery.ts';
import { type StoredAddress, storage } from '../lib/storage.ts';
import { ui } from '../texts.ts';
import type { Route } from './+types/summary';

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: titleWithShop(ui.checkout.summaryTitle, matches) },
  { name: 'robots', content: 'noindex' },
];

type State =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'empty' }
  | { status: 'ready'; cart: Cart; address: StoredAddress };

/**
 * Spec 'podsumowanie'. Without stored (or with expired) delivery data it goes back to
 * dostawa-i-platnosc. 'Przejdź do płatności' sends zlozZamowienie and follows the returned URL.
 * The spec clears koszyk_guid and 'adres' before sending; here they are cleared only after the
 * server accepted the order, so nothing is lost when it fails (the message is shown instead).
 */
export default function SummaryRoute() {
  const navigate = useNavigate();
  const alias = useAlias();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const address = storage.address();
    if (!address) {
      navigate('/dostawa-i-platnosc', { replace: true });
      return;
    }
    let live = true;
    fetchCurrentCart().then(
      (cart) => live && setState(hasLines(cart) ? { status: 'ready', cart, address } : { status: 'empty' }),
      (e: unknown) => live && setState({ status: 'error', message: serverMessage(e) }),
    );
    return () => {
      live = false;
    };
  }, [navigate]);

  const placeOrder = async () => {
    if (state.status !== 'ready' || pending) return;
    setPending(true);
    setError(null);
    const { Expire: _expire, ...delivery } = state.address;
    try {
      const text = await api.call('placeOrder', { body: { ...delivery, Guid: storage.cartGuid() } });
      const target = safeRedirectTarget(text);
      if (!target) throw new Error('unexpected zlozZamowienie response');
      storage.clearCartGuid();
      storage.clearAddress();
      window.location.assign(target);
    } catch (e) {
      setError(serverMessage(e));
      setPending(false);
    }
  };

  return (
    <div className="container-page py-8 sm:py-10">
      <h1 className="mb-6 text-2xl font-bold sm:text-3xl">{ui.checkout.summaryTitle}</h1>
      {state.status === 'loading' ? (
        <CheckoutStatus />
      ) : state.status === 'error' ? (
        <CheckoutStatus error={state.message} />
      ) : state.status === 'empty' ? (
        <EmptyCartNote />
      ) : (
        <div className="grid gap-6 lg:grid-cols-3 lg:gap-8">
          <div className="min-w-0 lg:col-span-2">
            <OrderReview data={state.address} />
          </div>
          <div className="min-w-0">
            <div className="grid gap-4 lg:sticky lg:top-4">
              <ProductsSummary cart={state.cart} alias={alias} shipping={state.address.SposobDostawy} />
              <FormAlert kind="error">{error}</FormAlert>
              <button
                type="button"
                className="btn-primary w-full py-3 text-lg disabled:cursor-wait disabled:opacity-70"
                onClick={placeOrder}
                disabled={pending}
              >
                {pending ? ui.checkout.placingOrder : ui.checkout.toPayment}
              </button>
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
