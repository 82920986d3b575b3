import { useNavigate } from 'react-router';
import { useSession } from '../lib/session.tsx';
import { ui } from '../texts.ts';
import { LogoutIcon, UserIcon } from './ChromeIcons.tsx';
import { NavLink } from './Link.tsx';

type Props = { variant: 'bar' | 'drawer' };

const styles = {
  bar: {
    box: 'flex min-w-52 items-center justify-end gap-1',
    link: 'inline-flex h-9 items-center gap-1.5 rounded px-2 text-sm font-medium text-on-primary hover:bg-on-primary/10 hover:underline aria-[current=page]:text-highlight',
  },
  drawer: {
    box: 'flex min-h-12 flex-wrap items-center gap-2',
    link: 'inline-flex h-11 items-center gap-2 rounded-md border border-on-primary/30 px-4 font-semibold text-on-primary hover:bg-on-primary/10 aria-[current=page]:border-highlight',
  },
} as const;

/**
 * Spec 2 'Header': 'Moje konto' and 'Wyloguj' when logged in, 'Zaloguj' otherwise. The session
 * lives in localStorage, so the links appear after hydration in a box that keeps its size.
 */
export function AccountLinks({ variant }: Props) {
  const { ready, loggedIn, logout } = useSession();
  const navigate = useNavigate();
  const s = styles[variant];
  if (!ready) return <div className={s.box} aria-hidden="true" />;
  return (
    <div className={s.box}>
      {loggedIn ? (
        <>
          <NavLink to="/moje-konto" className={s.link}>
            <UserIcon width="16" height="16" />
            {ui.chrome.myAccount}
          </NavLink>
          <button
            type="button"
            className={`${s.link} cursor-pointer`}
            onClick={async () => {
              // Leave a guarded page first, or its login guard would send the visitor to /logowanie.
              await navigate('/');
              await logout();
            }}
          >
            <LogoutIcon width="16" height="16" />
            {ui.chrome.logout}
          </button>
        </>
      ) : (
        <NavLink to="/logowanie" className={s.link}>
          <UserIcon width="16" height="16" />
          {ui.chrome.login}
        </NavLink>
      )}
    </div>
  );
}
