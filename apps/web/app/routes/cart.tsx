import type { Cart, CartLine as CartLineData } from '@club/contract';
import { formatPrice } from '@club/contract';
import { type Ref, useEffect, useRef, useState } from 'react';
import { useRouteLoaderData } from 'react-router';
import { CartCode } from '../components/CartCode.tsx';
import { CartDelivery } from '../components/CartDelivery.tsx';
import { CartDiscounts } from '../components/CartDiscounts.tsx';
import { CartGiftCard, GiftCardRow } from '../components/CartGiftCard.tsx';
import { CartLine } from '../components/CartLine.tsx';
import { FormAlert } from '../components/form/FormAlert.tsx';
import { serverMessage } from '../components/form/server-error.ts';
import { Link } from '../components/Link.tsx';
import { LoadingBlock } from '../components/LoadingBlock.tsx';
import { PreorderShippingNote } from '../components/PreorderNote.tsx';
import { requestApi } from '../lib/api.server.ts';
import { api } from '../lib/browser-api.ts';
import { useCart } from '../lib/cart.tsx';
import { cartDelivery, cheapestDelivery, freeShippingFrom, guestCheckoutAllowed } from '../lib/delivery.ts';
import { privatePageMeta } from '../lib/private-meta.ts';
import { useSession } from '../lib/session.tsx';
import { storage } from '../lib/storage.ts';
import type { loader as rootLoader } from '../root.tsx';
import { giftCardUi } from '../texts/gift-card.ts';
import { shopUi } from '../texts/shop.ts';
import type { Route } from './+types/cart';

/** Quantity changes wait this long before going to the server (typing '12' sends one update). */
const CART_UPDATE_DEBOUNCE_MS = 400;

const EMPTY_CART: Cart = { Guid: '', Koszt: 0, Pozycje: [] };

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta(matches, shopUi.cartTitle);

/**
 * Whether guests may order, the cheapest delivery and the free-shipping threshold (grosze): read on
 * every visit, so a change in the panel shows at once.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = requestApi({ request, context });
  const [settings, shipping] = await Promise.all([api.settings(), api.call('getShipping')]);
  return {
    guestCheckout: guestCheckoutAllowed(settings.Opcje),
    deliveryFrom: cheapestDelivery(shipping),
    freeShippingFrom: freeShippingFrom(settings.Opcje),
  };
}

type CartRead = { cart: Cart; error: string };

/** The cart behind the stored guid (none: the empty cart); a failed read shows the empty cart with the error. */
const readCart = async (): Promise<CartRead> => {
  const guid = storage.cartGuid();
  if (!guid) return { cart: EMPTY_CART, error: '' };
  try {
    return { cart: await api.call('getCart', { params: { guid } }), error: '' };
  } catch (err) {
    return { cart: EMPTY_CART, error: serverMessage(err) };
  }
};

/** The cart guid lives in localStorage: the cart is read in the browser. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [server, first] = await Promise.all([serverLoader(), readCart()]);
  return { ...server, first };
}
clientLoader.hydrate = true as const;

/** The page keeps its cart itself after the first read: each change reads it anew (see CartPage). */
export const shouldRevalidate = () => false;

function CartHeading({ headingRef }: { headingRef?: Ref<HTMLHeadingElement> }) {
  return (
    <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold focus:outline-none sm:text-3xl">
      {shopUi.cartTitle}
    </h1>
  );
}

/** The page's frame, its status region empty, until the cart is read. */
export function HydrateFallback() {
  return (
    <div className="container-page py-6 sm:py-8">
      <CartHeading />
      <p className="sr-only" role="status" />
      <div className="mt-6">
        <LoadingBlock minHeight="min-h-[22rem]" label={shopUi.cartLoading} />
      </div>
    </div>
  );
}

/** Under the order button: a guest learns before going on whether they must log in. */
function CheckoutNote({ guestCheckout }: { guestCheckout: boolean }) {
  const session = useSession();
  if (!session.ready || session.loggedIn) return null;
  if (guestCheckout) return <p className="mt-3 text-center text-sm text-muted">{shopUi.guestCheckoutNote}</p>;
  return (
    <p className="mt-3 text-center text-sm" data-testid="cart-login-note">
      {shopUi.loginToOrder}{' '}
      <Link
        to="/logowanie"
        onClick={() => storage.setRedirectTarget('/dostawa-i-platnosc')}
        className="font-semibold text-primary underline underline-offset-2 hover:text-primary-dark"
      >
        {shopUi.loginToOrderLink}
      </Link>
    </p>
  );
}

/**
 * Spec 'Cart'. The cart guid lives in localStorage, so the cart loads after hydration; the page
 * reserves its height meanwhile. Quantity changes SET the line's quantity (POST with the line's
 * Id); removing a line DELETEs it; the header count is refreshed after both.
 */
export default function CartPage({ loaderData }: Route.ComponentProps) {
  const alias = useRouteLoaderData<typeof rootLoader>('root')?.alias ?? '';
  const { refresh, rememberGuid } = useCart();
  const [cart, setCart] = useState<Cart>(loaderData.first.cart);
  const [error, setError] = useState(loaderData.first.error);
  const [status, setStatus] = useState('');
  const [removing, setRemoving] = useState<number | null>(null);
  const [resetVersion, setResetVersion] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const loadSeq = useRef(0);

  /** Reads the cart again after a change; only the newest of overlapping reads is shown. */
  const load = async () => {
    const seq = ++loadSeq.current;
    const next = await readCart();
    if (seq !== loadSeq.current) return;
    if (next.error) setError(next.error);
    setCart(next.cart);
  };

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const t of pending.values()) clearTimeout(t);
    };
  }, []);

  const sendQuantity = async (line: CartLineData, quantity: number) => {
    setError('');
    try {
      const guid = await api.call('addToCart', {
        params: { guid: storage.cartGuid() },
        body: [
          {
            Id: line.Id,
            IdWyrob: line.Wyrob.Id,
            Ilosc: quantity,
            Parametr: line.Parametr ? { Id: line.Parametr.Id, Nazwa: line.Parametr.Nazwa } : null,
          },
        ],
      });
      rememberGuid(guid.trim());
    } catch (err) {
      setError(serverMessage(err));
      // The lines show the server's quantities again, even where it kept the old one.
      setResetVersion((v) => v + 1);
    }
    await Promise.all([load(), refresh()]);
  };

  const onQuantity = (line: CartLineData, quantity: number) => {
    clearTimeout(timers.current.get(line.Id));
    timers.current.set(
      line.Id,
      setTimeout(() => {
        timers.current.delete(line.Id);
        void sendQuantity(line, quantity);
      }, CART_UPDATE_DEBOUNCE_MS),
    );
  };

  const onRemove = async (line: CartLineData) => {
    clearTimeout(timers.current.get(line.Id));
    timers.current.delete(line.Id);
    setError('');
    setRemoving(line.Id);
    try {
      const next = await api.call('removeCartLine', {
        params: { guid: storage.cartGuid(), positionId: line.Id },
      });
      loadSeq.current++;
      setCart(next);
      setStatus(shopUi.removed(line.Produkt));
      headingRef.current?.focus();
      await refresh();
    } catch (err) {
      setError(serverMessage(err));
    } finally {
      setRemoving(null);
    }
  };

  /** The cart as a code's or a card's change answered it: newer than any read still under way. */
  const onServerCart = (next: Cart, message: string) => {
    loadSeq.current++;
    setCart(next);
    setStatus(message);
  };

  const lines = cart.Pozycje;
  return (
    <div className="container-page py-6 sm:py-8">
      <CartHeading headingRef={headingRef} />
      <p className="sr-only" role="status">
        {status}
      </p>
      <FormAlert kind="error" className="mt-4">
        {error}
      </FormAlert>
      <div className="mt-6">
        {lines.length === 0 ? (
          <div className="rounded-lg border border-dashed border-gray-300 bg-gray-50 px-4 py-12 text-center">
            <p className="text-lg font-semibold">{shopUi.cartEmpty}</p>
            <Link to="/produkty" className="btn-primary mt-6">
              {shopUi.browseProducts}
            </Link>
          </div>
        ) : (
          <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
            <section aria-labelledby="cart-lines-title">
              <h2 id="cart-lines-title" className="sr-only">
                {shopUi.product}
              </h2>
              <div
                aria-hidden="true"
                className="hidden grid-cols-[2.5rem_5rem_minmax(0,1fr)_7rem_auto_7rem] gap-x-4 border-b border-gray-200 pb-2 text-sm font-semibold text-muted sm:grid"
              >
                <span />
                <span />
                <span>{shopUi.product}</span>
                <span className="text-right">{shopUi.price}</span>
                <span className="w-[8.25rem] text-center">{shopUi.quantity}</span>
                <span className="text-right">{shopUi.value}</span>
              </div>
              <ul className="divide-y divide-gray-200">
                {lines.map((line) => (
                  <CartLine
                    key={`${line.Id}:${resetVersion}`}
                    line={line}
                    alias={alias}
                    busy={removing === line.Id}
                    onQuantity={onQuantity}
                    onRemove={onRemove}
                  />
                ))}
              </ul>
              <PreorderShippingNote lines={lines} className="mt-3" />
            </section>
            <aside
              aria-labelledby="cart-summary-title"
              className="h-fit rounded-lg border border-gray-200 bg-gray-50 p-5 lg:sticky lg:top-4"
            >
              <h2 id="cart-summary-title" className="text-lg font-bold">
                {shopUi.summary}
              </h2>
              <dl className="mt-4 space-y-2 border-t border-gray-300 pt-4">
                <CartDiscounts cart={cart} />
                <div className="flex items-baseline justify-between gap-4 text-lg">
                  <dt className="font-bold">{shopUi.total}</dt>
                  <dd className="font-extrabold text-primary" data-testid="cart-total">
                    {formatPrice(cart.KosztPoRabatach ?? cart.Koszt)}
                  </dd>
                </div>
                {/* A card pays for the order, it takes nothing off its value: after 'Razem'. */}
                <GiftCardRow card={cart.KartaPodarunkowa} />
              </dl>
              <CartCode cart={cart} onChange={onServerCart} />
              <CartGiftCard cart={cart} onChange={onServerCart} />
              {cart.TylkoKartyPodarunkowe ? (
                <p className="mt-4 text-sm" data-testid="gift-card-delivery">
                  {giftCardUi.deliveryNote}
                </p>
              ) : (
                <CartDelivery
                  state={cartDelivery(cart, loaderData.deliveryFrom, loaderData.freeShippingFrom)}
                />
              )}
              <Link to="/dostawa-i-platnosc" className="btn-primary mt-5 w-full py-3">
                {shopUi.toOrder}
              </Link>
              <CheckoutNote guestCheckout={loaderData.guestCheckout} />
            </aside>
          </div>
        )}
      </div>
    </div>
  );
}
