import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { NavLink, Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import { api } from '../api.ts';
import { ComplaintsBadge, InboxBadge, OrdersBadge } from '../components/NavCounts.tsx';
import { SessionExpiredProvider } from '../components/SessionExpired.tsx';
import { UnsavedGuardProvider } from '../components/useUnsavedGuard.tsx';
import { useSession } from '../session.ts';
import { ui } from '../texts.ts';

const t = ui.nav;

const LINKS = [
  { to: '/', label: t.dashboard, end: true },
  { to: '/produkty', label: t.products },
  { to: '/kategorie', label: t.categories },
  { to: '/promocje', label: t.promotions },
  { to: '/karty-podarunkowe', label: t.giftCards },
  { to: '/grupy-klientow', label: t.customerGroups },
  { to: '/zamowienia', label: t.orders, badge: 'orders' },
  { to: '/przedsprzedaz', label: t.preorders },
  { to: '/zwroty', label: t.returns },
  { to: '/nadruki', label: t.printing },
  { to: '/reklamacje', label: t.complaints, badge: 'complaints' },
  { to: '/klienci', label: t.customers },
  // panel: inbox with its unread count
  { to: '/skrzynka', label: t.inbox, badge: 'inbox' },
  { to: '/dziennik', label: t.audit },
  // panel: staff screen (H1): only the owner manages the team.
  { to: '/zespol', label: t.staff, ownerOnly: true },
  // panel: shipping and payments; payments are the owner's.
  { to: '/dostawa', label: t.shipping },
  { to: '/platnosci', label: t.payments, ownerOnly: true },
  // panel: site settings and seller data: both read by managers; domains and
  // the seller's data are saved by the owner only (the screens say so).
  { to: '/ustawienia', label: t.settings },
  { to: '/dane-sprzedawcy', label: t.seller },
];

const BADGES: Record<string, ReactNode> = {
  orders: <OrdersBadge />,
  complaints: <ComplaintsBadge />,
  inbox: <InboxBadge />,
};

// panel: content screens
const CONTENT_LINKS = [
  { to: '/tresci/baner', label: t.banner },
  { to: '/tresci/menu', label: t.menus },
  { to: '/tresci/media-spolecznosciowe', label: t.social },
  // panel: sub-pages
  { to: '/tresci/strony', label: t.pages },
];

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2 font-medium ${
    isActive ? 'bg-white text-primary-dark' : 'text-white hover:bg-primary-dark'
  }`;

/** After a navigation the new screen's heading takes the focus, so keyboard and screen reader users start there. */
const useFocusOnNavigation = () => {
  const location = useLocation();
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each navigation
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    document.querySelector<HTMLElement>('main h1')?.focus();
  }, [location.pathname]);
};

/** The signed-in frame: navigation (a sidebar on a laptop, a menu button on a phone), the user and the screen. */
export const Layout = () => {
  const session = useSession();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const navId = useId();
  useFocusOnNavigation();
  // A chosen link closes the phone's menu (on the click too: a screen with unsaved changes may
  // keep the manager there, and the form should not stay pushed down under the menu).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each navigation
  useEffect(() => setOpen(false), [location.pathname]);

  const logout = async () => {
    try {
      await api.call('panelLogout');
    } finally {
      navigate('/logowanie?powod=wylogowano', { replace: true });
    }
  };

  const name = [session.Imie, session.Nazwisko].filter(Boolean).join(' ') || session.Email;
  return (
    <div className="min-h-screen lg:flex">
      <a
        href="#tresc"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:text-primary"
      >
        {ui.skipToContent}
      </a>
      {/* The green column runs the page's full height; its contents stay in view while the page scrolls. */}
      <header className="on-dark bg-primary text-white lg:w-64 lg:shrink-0">
        <div className="lg:sticky lg:top-0 lg:flex lg:h-screen lg:flex-col lg:overflow-y-auto">
          <div className="flex items-center justify-between gap-3 px-4 py-3 lg:block lg:py-5">
            <p className="text-lg font-bold">{ui.appName}</p>
            <button
              type="button"
              className="btn min-h-11 border border-white/70 text-white lg:hidden"
              aria-expanded={open}
              aria-controls={navId}
              onClick={() => setOpen((v) => !v)}
            >
              {open ? t.close : t.open}
            </button>
          </div>
          <nav
            id={navId}
            aria-label={t.label}
            className={`${open ? 'block' : 'hidden'} px-3 pb-4 lg:flex lg:flex-1 lg:flex-col lg:pb-5`}
          >
            <ul className="space-y-1">
              {LINKS.filter((l) => !('ownerOnly' in l) || session.Rola === 'owner').map((l) => (
                <li key={l.to}>
                  <NavLink to={l.to} end={l.end} className={linkClass} onClick={() => setOpen(false)}>
                    {l.label}
                    {'badge' in l && l.badge && BADGES[l.badge]}
                  </NavLink>
                </li>
              ))}
            </ul>
            <p
              id={`${navId}-content`}
              className="mt-4 px-3 text-sm font-semibold tracking-wide text-white uppercase"
            >
              {t.content}
            </p>
            <ul className="mt-1 space-y-1" aria-labelledby={`${navId}-content`}>
              {CONTENT_LINKS.map((l) => (
                <li key={l.to}>
                  <NavLink to={l.to} className={linkClass} onClick={() => setOpen(false)}>
                    {l.label}
                  </NavLink>
                </li>
              ))}
            </ul>
            <div className="mt-4 border-t border-white/30 pt-4 lg:mt-auto">
              <p className="px-3 text-sm text-white">
                {t.signedInAs} <span className="font-semibold">{name}</span>
                {ui.roles[session.Rola] && <span className="block">{ui.roles[session.Rola]}</span>}
              </p>
              <button
                type="button"
                onClick={logout}
                className="mt-3 block w-full rounded-md px-3 py-2 text-left font-medium text-white hover:bg-primary-dark"
              >
                {t.logout}
              </button>
            </div>
          </nav>
        </div>
      </header>
      <main
        id="tresc"
        className="min-w-0 flex-1 px-4 py-6 sm:px-6 lg:px-10 lg:py-8"
        aria-busy={navigation.state === 'loading'}
      >
        <SessionExpiredProvider email={session.Email}>
          <UnsavedGuardProvider>
            <Outlet />
          </UnsavedGuardProvider>
        </SessionExpiredProvider>
      </main>
    </div>
  );
};
