import { msg, THANK_YOU_REDIRECT_MS } from '@club/contract';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { getApi } from '../lib/api.server.ts';
import { useCart } from '../lib/cart.tsx';
import { storage } from '../lib/storage.ts';
import { ui } from '../texts.ts';
import type { Route } from './+types/thank-you';

export async function loader({ request, context }: Route.LoaderArgs) {
  return { shop: (await getApi(request, context).settings()).Nazwa };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${ui.checkout.thankYouTitle} | ${loaderData.shop}` : ui.checkout.thankYouTitle },
  { name: 'robots', content: 'noindex' },
];

function VerifiedIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 64 64"
      width="96"
      height="96"
      className="mx-auto text-primary"
      fill="none"
      stroke="currentColor"
      strokeWidth="4"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <circle cx="32" cy="32" r="29" className="fill-primary-light" />
      <path d="M19 33.5 28 42l17-19" />
    </svg>
  );
}

/**
 * Spec 'potwierdenie-platnosci' (spelling kept), outside the default layout: a verified icon,
 * 'Dziękujemy za zakupy w naszym sklepie', the 'Mój profil' link and a redirect to /moje-konto
 * after 5 s. The order is placed, so the cart guid and the stored address go, and the count resets.
 */
export default function ThankYouRoute({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const { refresh } = useCart();

  useEffect(() => {
    storage.clearCartGuid();
    storage.clearAddress();
    void refresh();
    const timer = window.setTimeout(() => navigate('/moje-konto'), THANK_YOU_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [navigate, refresh]);

  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-primary-light/50 px-4 py-12">
      <div className="w-full max-w-lg rounded-2xl bg-white p-8 text-center shadow-lg sm:p-10">
        <p className="mb-6 text-sm font-semibold uppercase tracking-wide text-primary">{loaderData.shop}</p>
        <VerifiedIcon />
        <h1 className="mt-6 text-2xl font-bold sm:text-3xl">{msg.thankYou}</h1>
        <p className="mt-3 text-muted" role="status">
          {ui.checkout.thankYouRedirect}
        </p>
        <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <Link to="/moje-konto" className="btn-primary px-6">
            {ui.checkout.myProfile}
          </Link>
          <Link to="/" className="btn px-6 text-primary underline-offset-4 hover:underline">
            {ui.checkout.backToShop}
          </Link>
        </div>
      </div>
    </main>
  );
}
