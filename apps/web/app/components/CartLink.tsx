import { useCart } from '../lib/cart.tsx';
import { ui } from '../texts.ts';
import { CartIcon } from './ChromeIcons.tsx';
import { NavLink } from './Link.tsx';

/** Spec 2 'Header': cart link with the piece count in brackets when above 0 ('Koszyk (3)'). */
export function CartLink() {
  const { count } = useCart();
  return (
    <NavLink
      to="/koszyk"
      className="btn-accent h-11 min-w-[8.5rem] whitespace-nowrap px-3 tabular-nums shadow-sm sm:min-w-[9.5rem] sm:px-4"
    >
      <CartIcon />
      {ui.chrome.cartWithCount(count)}
    </NavLink>
  );
}
