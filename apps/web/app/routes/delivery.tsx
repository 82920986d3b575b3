import type { Address, Cart, DeliveryData } from '@club/contract';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { CheckoutStatus, EmptyCartNote } from '../components/CheckoutStatus.tsx';
import { DeliveryForm } from '../components/DeliveryForm.tsx';
import { serverMessage } from '../components/form/server-error.ts';
import { getApi } from '../lib/api.server.ts';
import { api } from '../lib/browser-api.ts';
import { fetchCurrentCart, hasLines, titleWithShop, useAlias } from '../lib/checkout.ts';
import { type DeliveryFormValues, initialDelivery, toStoredDelivery } from '../lib/delivery.ts';
import { useLoginGuard } from '../lib/guard.ts';
import { storage } from '../lib/storage.ts';
import { ui } from '../texts.ts';
import type { Route } from './+types/delivery';

/** Shipping options are public and the same for everyone: rendered with the page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return { shipping: await getApi(request, context).call('getShipping') };
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: titleWithShop(ui.checkout.deliveryTitle, matches) },
  { name: 'robots', content: 'noindex' },
];

type State =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'empty' }
  | { status: 'ready'; cart: Cart; initial: DeliveryFormValues };

/**
 * Spec 'dostawa-i-platnosc', guarded (spec 6: the guard protects this route). DESIGN.md also lets
 * guests order when 'zakupy-bez-logowania' = '1'; the API honours that, this page keeps the guard.
 * The cart, the stored 'adres' and the account address live behind localStorage: read after hydration.
 */
export default function DeliveryRoute({ loaderData }: Route.ComponentProps) {
  const { allowed } = useLoginGuard();
  const alias = useAlias();
  const navigate = useNavigate();
  const { shipping } = loaderData;
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    if (!allowed) return;
    let live = true;
    (async () => {
      const cart = await fetchCurrentCart();
      if (!hasLines(cart)) return { status: 'empty' } as const;
      // Spec: the stored 'adres' (2-hour expiry, expired is dropped) wins; else the account's address.
      const stored = storage.address();
      let account: Address | null = null;
      if (!stored) account = await api.call('getAddress').catch(() => null);
      return { status: 'ready', cart, initial: initialDelivery(stored, account, shipping) } as const;
    })().then(
      (s) => live && setState(s),
      (e: unknown) => live && setState({ status: 'error', message: serverMessage(e) }),
    );
    return () => {
      live = false;
    };
  }, [allowed, shipping]);

  const submit = (values: DeliveryData) => {
    storage.setAddress(toStoredDelivery(values));
    navigate('/podsumowanie');
  };

  return (
    <div className="container-page py-8 sm:py-10">
      <h1 className="mb-6 text-2xl font-bold sm:text-3xl">{ui.checkout.deliveryTitle}</h1>
      {!allowed || state.status === 'loading' ? (
        <CheckoutStatus />
      ) : state.status === 'error' ? (
        <CheckoutStatus error={state.message} />
      ) : state.status === 'empty' ? (
        <EmptyCartNote />
      ) : (
        <DeliveryForm
          options={shipping}
          initial={state.initial}
          cart={state.cart}
          alias={alias}
          onSubmit={submit}
        />
      )}
    </div>
  );
}
