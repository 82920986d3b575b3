import {
  fillMessage,
  formatPrice,
  msg,
  PaymentMethod,
  type PaymentOutcome,
  PaymentTokenSchema,
  paymentMethodLabel,
  THANK_YOU_REDIRECT_MS,
} from '@club/contract';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '../components/Link.tsx';
import { RetryPaymentButton } from '../components/payment/RetryPaymentButton.tsx';
import { requestApi } from '../lib/api.server.ts';
import { useCart } from '../lib/cart.tsx';
import { formatDateTime } from '../lib/dates.ts';
import { pageTitle } from '../lib/seo.ts';
import { useSession } from '../lib/session.tsx';
import { storage } from '../lib/storage.ts';
import { checkoutUi } from '../texts/checkout.ts';
import type { Route } from './+types/thank-you';

/**
 * The return URL names the order by a signed token (`?z=`, made by the API, bound to the club):
 * only the buyer it was sent to sees the order. Without one, or with one that is not genuine,
 * the page is the neutral thank-you of the spec.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = requestApi({ request, context });
  const token = PaymentTokenSchema.safeParse(new URL(request.url).searchParams.get('z'));
  const [settings, order] = await Promise.all([
    api.settings(),
    token.success ? api.call('getPaymentOutcome', { params: { token: token.data } }).catch(() => null) : null,
  ]);
  return { shop: settings.Nazwa, order, token: order ? token.data! : null };
}

const failed = (o: PaymentOutcome | null) => o?.Wynik === 'nieudana' || o?.Wynik === 'anulowane';

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const title = failed(loaderData?.order ?? null) ? checkoutUi.paymentFailedTitle : checkoutUi.thankYouTitle;
  return [{ title: pageTitle(title, loaderData?.shop) }, { name: 'robots', content: 'noindex' }];
};

/** The outcome's big round icon: a tinted circle and the mark drawn on it. */
function OutcomeIcon({
  tone,
  fill,
  mark,
  rounded,
}: {
  tone: string;
  fill: string;
  mark: string;
  rounded?: boolean;
}) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 64 64"
      width="96"
      height="96"
      className={`mx-auto ${tone}`}
      fill="none"
      stroke="currentColor"
      strokeWidth="4"
      strokeLinecap="round"
      strokeLinejoin={rounded ? 'round' : undefined}
    >
      <circle cx="32" cy="32" r="29" className={fill} />
      <path d={mark} />
    </svg>
  );
}

const VerifiedIcon = () => (
  <OutcomeIcon tone="text-primary" fill="fill-primary-light" mark="M19 33.5 28 42l17-19" rounded />
);

const FailedIcon = () => (
  <OutcomeIcon tone="text-red-700" fill="fill-red-50" mark="M23 23l18 18M41 23 23 41" />
);

/** Number, amount, payment method and state of the buyer's order. */
function OrderFacts({ order, withState }: { order: PaymentOutcome; withState: boolean }) {
  const t = checkoutUi;
  const state = order.PotwierdzDo
    ? t.stateHeld
    : order.Platnosc === PaymentMethod.cashOnDelivery
      ? t.stateCashOnDelivery
      : order.Wynik === 'oplacone'
        ? t.statePaid
        : t.stateAwaitingPayment;
  const rows: [string, string][] = [
    [t.orderNumber, order.NrZamowienia],
    [t.orderAmount, formatPrice(order.Kwota)],
    [t.orderPaymentMethod, paymentMethodLabel[order.Platnosc] ?? ''],
    ...(withState ? [[t.orderState, state] as [string, string]] : []),
  ];
  return (
    <dl
      className="mx-auto mt-6 grid max-w-sm grid-cols-1 text-left sm:grid-cols-[auto_minmax(0,1fr)] sm:gap-x-4 sm:gap-y-2"
      data-testid="order-facts"
    >
      {/* On a phone each value goes under its label: side by side, the order number ran out of the card at 320 px. */}
      {rows.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-sm text-muted sm:text-base">{k}</dt>
          <dd className="mb-3 font-semibold break-words text-ink sm:mb-0">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A cash-on-delivery order held until the buyer confirms it: what to do and by when. The club
 * does not ship it before, and without the confirmation it is cancelled.
 */
function HeldNotice({ until }: { until: string }) {
  return (
    <div
      className="mt-6 rounded-lg border-2 border-amber-600 bg-amber-50 px-4 py-4 text-left"
      data-testid="order-held"
    >
      <h2 className="font-bold text-ink">{checkoutUi.heldTitle}</h2>
      <p className="mt-1 text-ink">{fillMessage(msg.orderHeldNotice, { termin: formatDateTime(until) })}</p>
    </div>
  );
}

/**
 * Spec 'potwierdenie-platnosci' (spelling kept), outside the default layout: a verified icon,
 * 'Dziękujemy za zakupy w naszym sklepie', the 'Mój profil' link and a redirect to /moje-konto
 * after 5 s. The order is placed, so the cart guid and the stored address go, and the count resets.
 * A guest (no session) is neither redirected nor offered 'Mój profil': both would end on /logowanie.
 * A held order (cash on delivery, to be confirmed from the e-mail) says so and is not redirected:
 * the buyer has to read what to do.
 */
export default function ThankYouRoute({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const { refresh } = useCart();
  // The session lives in localStorage: known only after hydration, so nothing account-bound before.
  const { ready, loggedIn } = useSession();
  const { order, token } = loaderData;
  const isFailed = failed(order);
  // A failed payment is not redirected away: the buyer needs 'Ponów płatność' here.
  const customer = ready && loggedIn && !isFailed;
  const heldUntil = order?.PotwierdzDo ?? null;
  const redirect = customer && !heldUntil;

  useEffect(() => {
    storage.clearCartGuid();
    storage.clearAddress();
    void refresh();
  }, [refresh]);

  useEffect(() => {
    if (!redirect) return;
    const timer = window.setTimeout(() => navigate('/moje-konto'), THANK_YOU_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [redirect, navigate]);

  if (isFailed && order) {
    return (
      <main
        id="main"
        className="flex min-h-screen items-center justify-center bg-primary-light/50 px-4 py-12"
      >
        <div className="w-full max-w-lg rounded-2xl bg-white px-5 py-8 text-center shadow-lg sm:p-10">
          <p className="mb-6 text-sm font-semibold uppercase tracking-wide text-primary">{loaderData.shop}</p>
          <FailedIcon />
          <h1 className="mt-6 text-2xl font-bold sm:text-3xl">{checkoutUi.paymentFailedTitle}</h1>
          <p className="mt-3 text-muted">
            {order.MoznaPonowic ? checkoutUi.paymentFailedText : checkoutUi.orderClosedText}
          </p>
          <OrderFacts order={order} withState={false} />
          <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
            {order.MoznaPonowic && token && <RetryPaymentButton token={token} />}
            <Link to="/" className="btn px-6 text-primary underline-offset-4 hover:underline">
              {checkoutUi.backToShop}
            </Link>
          </div>
        </div>
      </main>
    );
  }

  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-primary-light/50 px-4 py-12">
      <div className="w-full max-w-lg rounded-2xl bg-white px-5 py-8 text-center shadow-lg sm:p-10">
        <p className="mb-6 text-sm font-semibold uppercase tracking-wide text-primary">{loaderData.shop}</p>
        <VerifiedIcon />
        <h1 className="mt-6 text-2xl font-bold sm:text-3xl">{msg.thankYou}</h1>
        {heldUntil && <HeldNotice until={heldUntil} />}
        {order && (
          <>
            <OrderFacts order={order} withState />
            {!heldUntil && <p className="mt-4 text-sm text-muted">{checkoutUi.confirmationSent}</p>}
          </>
        )}
        <p className="mt-3 min-h-6 text-muted" role="status">
          {redirect ? checkoutUi.thankYouRedirect : ''}
        </p>
        <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
          {customer ? (
            <>
              <Link to="/moje-konto" className="btn-primary px-6">
                {checkoutUi.myProfile}
              </Link>
              <Link to="/" className="btn px-6 text-primary underline-offset-4 hover:underline">
                {checkoutUi.backToShop}
              </Link>
            </>
          ) : (
            <Link to="/" className="btn-primary px-6">
              {checkoutUi.backToShop}
            </Link>
          )}
        </div>
      </div>
    </main>
  );
}
