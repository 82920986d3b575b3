import { type AnchorHTMLAttributes, createContext, type MouseEvent, type ReactNode, useContext } from 'react';
import { type NavigateFunction, useLocation, useNavigate } from 'react-router';

/**
 * The shop's links to its own pages (decision 81). React Router's `Link` resolves its target
 * against the route tree and sets up a click handler, a navigate function and prefetch state for
 * every link: on the home page that was 29 % of what a render allocated and about a tenth of its
 * time, and it is paid again at hydration. Every target here is an
 * absolute path ('/produkt/1', '/szukaj?q=...'), so the href is the target itself and one
 * navigate function, taken once by `LinkNavigation` at the root, serves all links.
 */
const NavigateContext = createContext<NavigateFunction | null>(null);

/** Gives the links below the router's navigate function (one hook for the whole page). */
export function LinkNavigation({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  return <NavigateContext.Provider value={navigate}>{children}</NavigateContext.Provider>;
}

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** An absolute path within the shop, with its query if any. */
  to: string;
};

/** A click the browser would turn into a navigation of this tab (as React Router decides it). */
const isPlainClick = (event: MouseEvent<HTMLAnchorElement>) => {
  const target = event.currentTarget.getAttribute('target');
  return (
    event.button === 0 &&
    (!target || target === '_self') &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
};

/**
 * An `<a href>` that the router follows without reloading the page; a middle click, a modifier
 * or `target=_blank` is left to the browser, and without `LinkNavigation` (a component rendered
 * on its own) the browser follows it as a plain link.
 */
export function Link({ to, onClick, ...rest }: LinkProps) {
  const navigate = useContext(NavigateContext);
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || !navigate || !isPlainClick(event)) return;
    event.preventDefault();
    const { pathname, search, hash } = window.location;
    // As React Router does: a link to the page one is on replaces the history entry.
    void navigate(to, { replace: pathname + search + hash === to });
  };
  // No data-discover, unlike the router's own links: only lazy route discovery looks for it, and
  // the whole manifest ships with the page (react-router.config.ts).
  return <a {...rest} href={to} onClick={handleClick} />;
}

const pathOf = (to: string) => to.replace(/[?#].*$/, '');
const comparable = (path: string) => {
  try {
    return decodeURI(path).toLowerCase();
  } catch {
    return path.toLowerCase();
  }
};

/** Whether a link to `to` is the current page (`end`) or one of its ancestors, as React Router's NavLink decides it. */
export const isActivePath = (to: string, locationPathname: string, end: boolean) => {
  const here = comparable(locationPathname);
  const target = comparable(pathOf(to));
  const endSlash = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  return here === target || (!end && here.startsWith(target) && here.charAt(endSlash) === '/');
};

type NavLinkProps = LinkProps & { end?: boolean; className?: string };

/** A menu link: `aria-current="page"` and the class `active` while its page (or one below it, unless `end`) is shown. */
export function NavLink({ end = false, className = '', ...rest }: NavLinkProps) {
  const { pathname } = useLocation();
  const active = isActivePath(rest.to, pathname, end);
  return (
    <Link
      {...rest}
      aria-current={active ? 'page' : undefined}
      className={active ? [className, 'active'].filter(Boolean).join(' ') : className}
    />
  );
}
