import type { Address, Cart, DeliveryData, ShippingOption, UserInfo } from '@club/contract';
import { useNavigate } from 'react-router';
import { CheckoutPage, CheckoutStatus, EmptyCartNote } from '../components/CheckoutStatus.tsx';
import { DeliveryForm } from '../components/DeliveryForm.tsx';
import { serverMessage } from '../components/form/server-error.ts';
import { Link } from '../components/Link.tsx';
import { requestApi } from '../lib/api.server.ts';
import { api } from '../lib/browser-api.ts';
import { fetchCurrentCart, hasLines, useAlias } from '../lib/checkout.ts';
import {
  buysGiftCards,
  type DeliveryFormValues,
  freeShippingFrom,
  guestCheckoutAllowed,
  initialDelivery,
  toStoredDelivery,
} from '../lib/delivery.ts';
import { requireUser } from '../lib/guard.ts';
import { privatePageMeta } from '../lib/private-meta.ts';
import { sessionUser } from '../lib/session-user.ts';
import { storage } from '../lib/storage.ts';
import { checkoutUi } from '../texts/checkout.ts';
import type { Route } from './+types/delivery';

/**
 * Whether guests may order is read on every visit (the settings cache is dropped when the panel
 * changes it). The shipping options depend on the cart (gift cards alone go by e-mail), whose guid
 * lives in the browser: the client loader reads them.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const settings = await requestApi({ request, context }).settings();
  return {
    guestCheckout: guestCheckoutAllowed(settings.Opcje),
    freeShippingFrom: freeShippingFrom(settings.Opcje),
  };
}

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta(matches, checkoutUi.deliveryTitle);

type State =
  | { status: 'error'; message: string }
  | { status: 'empty' }
  | { status: 'ready'; cart: Cart; shipping: ShippingOption[]; initial: DeliveryFormValues };

/**
 * The cart, its shipping options (`koszyk`: a cart of gift cards alone is offered delivery by
 * e-mail, other carts never) and the form's starting values, from what lives behind localStorage.
 */
const checkoutState = async (user: UserInfo | null): Promise<State> => {
  try {
    const guid = storage.cartGuid();
    const [cart, shipping] = await Promise.all([
      fetchCurrentCart(),
      api.call('getShipping', guid ? { query: { koszyk: guid } } : {}),
    ]);
    if (!hasLines(cart)) return { status: 'empty' };
    // Spec: the stored 'adres' (2-hour expiry, expired is dropped) wins; else the account's address.
    const stored = storage.address();
    let account: Address | null = null;
    if (!stored && user) account = await api.call('getAddress').catch(() => null);
    const initial = initialDelivery(stored, account, shipping, stored ? null : user, buysGiftCards(cart));
    return { status: 'ready', cart, shipping, initial };
  } catch (e) {
    return { status: 'error', message: serverMessage(e) };
  }
};

/**
 * Guarded (spec 6) unless the club lets guests order. The cart, the stored 'adres' and the
 * account address live behind localStorage: read in the browser.
 */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  const [server] = await Promise.all([serverLoader(), sessionUser()]);
  const user = server.guestCheckout ? await sessionUser() : await requireUser(request);
  return { ...server, loggedIn: !!user, state: await checkoutState(user) };
}
clientLoader.hydrate = true as const;

/** A guest is offered to log in first: the login page brings them back here. */
function LoginOffer() {
  return (
    <section
      aria-labelledby="login-offer-title"
      className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-gray-200 bg-gray-50 p-4"
    >
      <div className="min-w-0">
        <h2 id="login-offer-title" className="font-bold">
          {checkoutUi.loginOfferTitle}
        </h2>
        <p className="text-sm text-muted">{checkoutUi.loginOfferText}</p>
      </div>
      <Link
        to="/logowanie"
        className="btn shrink-0 border border-primary bg-white text-primary hover:bg-primary-light"
        onClick={() => storage.setRedirectTarget('/dostawa-i-platnosc')}
      >
        {checkoutUi.loginOfferLink}
      </Link>
    </section>
  );
}

export function HydrateFallback() {
  return (
    <CheckoutPage title={checkoutUi.deliveryTitle}>
      <CheckoutStatus />
    </CheckoutPage>
  );
}

/**
 * Spec 'dostawa-i-platnosc': a guest (when the club lets guests order, 'zakupy-bez-logowania' =
 * '1', DESIGN.md) fills the form and is offered to log in. A logged-in customer starts from the
 * account: saved address, else name and e-mail.
 */
export default function DeliveryRoute({ loaderData }: Route.ComponentProps) {
  const { state } = loaderData;
  const alias = useAlias();
  const navigate = useNavigate();

  const submit = (values: DeliveryData) => {
    storage.setAddress(toStoredDelivery(values));
    navigate('/podsumowanie');
  };

  return (
    <CheckoutPage title={checkoutUi.deliveryTitle}>
      {!loaderData.loggedIn && <LoginOffer />}
      {state.status === 'error' ? (
        <CheckoutStatus error={state.message} />
      ) : state.status === 'empty' ? (
        <EmptyCartNote />
      ) : (
        <DeliveryForm
          options={state.shipping}
          initial={state.initial}
          cart={state.cart}
          alias={alias}
          freeShippingFrom={loaderData.freeShippingFrom}
          onSubmit={submit}
        />
      )}
    </CheckoutPage>
  );
}
