import {
  type Cart,
  type DeliveryData,
  formatPrice,
  msg,
  OrderTermsSchema,
  PaymentMethod,
} from '@club/contract';
import { redirectDocument, replace, useFetcher } from 'react-router';
import { CheckoutPage, CheckoutStatus, EmptyCartNote } from '../components/CheckoutStatus.tsx';
import { CheckboxField } from '../components/form/CheckboxField.tsx';
import { FormAlert } from '../components/form/FormAlert.tsx';
import { serverMessage } from '../components/form/server-error.ts';
import { useZodForm } from '../components/form/useZodForm.ts';
import { Link } from '../components/Link.tsx';
import { OrderLegalInfo, TERMS_PATH } from '../components/OrderLegalInfo.tsx';
import { OrderReview } from '../components/OrderReview.tsx';
import { ProductsSummary } from '../components/ProductsSummary.tsx';
import { requestApi } from '../lib/api.server.ts';
import { api } from '../lib/browser-api.ts';
import { fetchCurrentCart, hasLines, useAlias } from '../lib/checkout.ts';
import {
  buysGiftCards,
  freeShippingFrom,
  orderTotalZl,
  safeRedirectTarget,
  shippingCostZl,
  toPayAfterCardZl,
} from '../lib/delivery.ts';
import { privatePageMeta } from '../lib/private-meta.ts';
import { type StoredAddress, storage } from '../lib/storage.ts';
import { checkoutUi } from '../texts/checkout.ts';
import type { Route } from './+types/summary';

/**
 * The seller's identity is shown before the order (art. 12): the club's legal data, server-rendered.
 * With the club's free-shipping threshold (grosze), read per visit: the total shown is what the
 * order API will charge (it decides by the same rule on its own prices).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = requestApi({ request, context });
  const [seller, settings] = await Promise.all([api.call('getSeller'), api.settings()]);
  return { seller, freeShippingFrom: freeShippingFrom(settings.Opcje) };
}

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta(matches, checkoutUi.summaryTitle);

type State =
  | { status: 'error'; message: string }
  | { status: 'empty' }
  | { status: 'ready'; cart: Cart; address: StoredAddress };

/** Without stored (or with expired) delivery data the order goes back to dostawa-i-platnosc. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const address = storage.address();
  if (!address) throw replace('/dostawa-i-platnosc');
  const [server, state] = await Promise.all([
    serverLoader(),
    // Priced by the server with the chosen delivery: the total shown is the order's.
    fetchCurrentCart(address.SposobDostawy?.Id).then(
      (cart): State => (hasLines(cart) ? { status: 'ready', cart, address } : { status: 'empty' }),
      (e: unknown): State => ({ status: 'error', message: serverMessage(e) }),
    ),
  ]);
  // A gift card bought after the delivery step chose cash on delivery: the payment is chosen again.
  if (
    state.status === 'ready' &&
    buysGiftCards(state.cart) &&
    address.Platnosc === PaymentMethod.cashOnDelivery
  )
    throw replace('/dostawa-i-platnosc');
  return { ...server, state };
}
clientLoader.hydrate = true as const;

/**
 * Sends zlozZamowienie with the delivery data the page showed and follows the returned URL. The
 * spec clears koszyk_guid and 'adres' before sending; here they are cleared only after the server
 * accepted the order, so nothing is lost when it fails.
 */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const delivery = (await request.json()) as DeliveryData;
  let target: string | null;
  try {
    target = safeRedirectTarget(
      await api.call('placeOrder', {
        body: { ...delivery, Guid: storage.cartGuid(), AkceptacjaRegulaminu: true },
      }),
    );
    if (!target) throw new Error('unexpected zlozZamowienie response');
  } catch (e) {
    return { error: serverMessage(e) };
  }
  storage.clearCartGuid();
  storage.clearAddress();
  return redirectDocument(target);
}

export function HydrateFallback() {
  return (
    <CheckoutPage title={checkoutUi.summaryTitle}>
      <CheckoutStatus />
    </CheckoutPage>
  );
}

/**
 * Spec 'podsumowanie'. The final button says 'Zamawiam i płacę' (art. 17: an order with an
 * obligation to pay; the spec's 'Przejdź do płatności' does not say so); before it the buyer must
 * accept the regulamin (the API refuses the order otherwise) and sees the seller, the right of
 * withdrawal, that prices include VAT and the total with delivery.
 */
export default function SummaryRoute({ loaderData }: Route.ComponentProps) {
  const alias = useAlias();
  const order = useFetcher<typeof clientAction>();
  const pending = order.state !== 'idle';
  const error = pending ? null : (order.data?.error ?? null);
  const { state } = loaderData;
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useZodForm(OrderTermsSchema, { AkceptacjaRegulaminu: false as unknown as true });

  // The API refuses the order too; here the buyer learns it before filling anything in.
  const closed = !loaderData.seller.Uzupelnione;
  const placeOrder = () => {
    if (state.status !== 'ready' || pending || closed) return;
    const { Expire: _expire, ...delivery } = state.address;
    // A failed order changes nothing the page shows: no loader runs again.
    void order.submit(delivery, {
      method: 'post',
      encType: 'application/json',
      defaultShouldRevalidate: false,
    });
  };

  return (
    <CheckoutPage title={checkoutUi.summaryTitle}>
      {state.status === 'error' ? (
        <CheckoutStatus error={state.message} />
      ) : state.status === 'empty' ? (
        <EmptyCartNote />
      ) : (
        <div className="grid gap-6 lg:grid-cols-3 lg:gap-8">
          {closed && (
            <FormAlert kind="error" className="lg:col-span-3">
              {msg.shopNotReady}
            </FormAlert>
          )}
          <div className="grid min-w-0 content-start gap-4 lg:col-span-2">
            <OrderReview
              data={state.address}
              paidByCard={toPayAfterCardZl(state.cart, state.address.SposobDostawy) === 0}
              shippingCost={Math.round(
                shippingCostZl(state.address.SposobDostawy, state.cart, loaderData.freeShippingFrom) * 100,
              )}
            />
            <OrderLegalInfo seller={loaderData.seller} />
          </div>
          <div className="min-w-0">
            <form
              noValidate
              onSubmit={handleSubmit(placeOrder)}
              className="grid gap-4 lg:sticky lg:top-4"
              aria-label={checkoutUi.placeOrder}
            >
              <ProductsSummary
                cart={state.cart}
                alias={alias}
                shipping={state.address.SposobDostawy}
                freeShippingFrom={loaderData.freeShippingFrom}
                toPayRow={false}
              />
              <div className="rounded-lg border border-gray-200 p-4">
                <p className="flex flex-wrap items-baseline justify-between gap-x-4 text-lg">
                  <span className="font-bold">{checkoutUi.toPay}</span>
                  <span className="font-extrabold text-primary" data-testid="summary-to-pay">
                    {formatPrice(
                      orderTotalZl(state.cart, state.address.SposobDostawy, loaderData.freeShippingFrom),
                    )}
                  </span>
                </p>
                <p className="mt-1 text-sm text-muted">{checkoutUi.vatNote}</p>
              </div>
              <CheckboxField
                name="AkceptacjaRegulaminu"
                register={register}
                required
                error={errors.AkceptacjaRegulaminu}
                label={
                  <>
                    {checkoutUi.termsBefore}
                    <Link
                      to={TERMS_PATH}
                      target="_blank"
                      className="font-semibold text-primary underline underline-offset-2 hover:text-primary-dark"
                    >
                      {checkoutUi.termsLink}
                      <span className="sr-only"> {checkoutUi.newTab}</span>
                    </Link>
                    {checkoutUi.termsAfter}
                  </>
                }
              />
              <FormAlert kind="error">{error}</FormAlert>
              <div>
                <button
                  type="submit"
                  className={`btn-primary w-full py-3 text-lg disabled:opacity-70 ${closed ? 'disabled:cursor-not-allowed' : 'disabled:cursor-wait'}`}
                  disabled={pending || closed}
                  aria-describedby="place-order-note"
                >
                  {pending ? checkoutUi.placingOrder : checkoutUi.placeOrder}
                </button>
                <p id="place-order-note" className="mt-2 text-sm text-muted">
                  {checkoutUi.placeOrderNote}
                </p>
              </div>
            </form>
          </div>
        </div>
      )}
    </CheckoutPage>
  );
}
