import type { MenuItem } from '@club/contract';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { LogoSources } from '../lib/logo.ts';
import { ui } from '../texts.ts';
import { AccountLinks } from './AccountLinks.tsx';
import { CartLink } from './CartLink.tsx';
import { CloseIcon, MenuIcon } from './ChromeIcons.tsx';
import { MainMenu } from './MainMenu.tsx';
import { MobileMenu } from './MobileMenu.tsx';
import { SearchBox } from './SearchBox.tsx';
import { SideMenu } from './SideMenu.tsx';
import { SiteLogo } from './SiteLogo.tsx';

export type HeaderProps = { shop: string; logo: LogoSources; mainMenu: MenuItem[]; sideMenu: MenuItem[] };

/**
 * The header is on every page once, so its ids are fixed rather than `useId`'s: the server renders
 * it once per club and menu state and reuses the HTML (render/fragment-cache.server.ts), which must not
 * depend on how many ids the page rendered before it.
 */
const DRAWER_ID = 'site-drawer';

/**
 * Spec 2 'Header': logo, menu 10 with sub-menus, side menu 20, account links, cart link and the
 * mobile menu toggle. Wide screens: a slim bar (menu 20, account) over the green main bar.
 */
export function SiteHeader({ shop, logo, mainMenu, sideMenu }: HeaderProps) {
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  // Following a link closes the drawer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation on purpose.
  useEffect(() => setOpen(false), [location.key]);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <header className="on-dark bg-primary text-on-primary">
      <div className="hidden bg-primary-dark lg:block">
        <div className="container-page flex h-10 items-center justify-between gap-4">
          <SideMenu items={sideMenu} variant="bar" />
          {/* Search: in this bar on wide screens (the main bar is the menu's), in a row of its own below on narrow ones. */}
          <SearchBox id="search-bar" compact className="ml-auto w-72" />
          <AccountLinks variant="bar" />
        </div>
      </div>
      <div className="container-page flex h-18 items-center gap-3 sm:h-20 lg:gap-6">
        <SiteLogo shop={shop} logo={logo} />
        <div className="flex flex-1 justify-center">
          <MainMenu items={mainMenu} />
        </div>
        <CartLink />
        <button
          ref={toggleRef}
          type="button"
          aria-expanded={open}
          aria-controls={DRAWER_ID}
          aria-label={ui.chrome.menu}
          onClick={() => setOpen((o) => !o)}
          className="flex h-11 w-11 shrink-0 items-center justify-center rounded-md border border-on-primary/30 hover:bg-on-primary/10 lg:hidden"
        >
          {open ? <CloseIcon width="24" height="24" /> : <MenuIcon width="24" height="24" />}
        </button>
      </div>
      <div className="container-page pb-3 lg:hidden">
        <SearchBox id="search-row" />
      </div>
      <div className="h-1 bg-accent" aria-hidden="true" />
      <MobileMenu id={DRAWER_ID} open={open} mainItems={mainMenu} sideItems={sideMenu} />
    </header>
  );
}
