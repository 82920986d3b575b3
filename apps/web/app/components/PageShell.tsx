import type { MenuItem, SocialLink } from '@club/contract';
import type { ReactNode } from 'react';
import { useFocusHeadingOnNavigation } from '../lib/focus-on-navigation.ts';
import type { LogoSources } from '../lib/logo.ts';
import { ui } from '../texts.ts';
import { SiteFooter } from './SiteFooter.tsx';
import { SiteHeader } from './SiteHeader.tsx';

/** What the shop layout loads for the header and footer. */
export type Chrome = {
  shop: string;
  year: number;
  logo: { main: LogoSources; footer: LogoSources };
  menus: { main: MenuItem[]; side: MenuItem[]; footer: MenuItem[] };
  social: SocialLink[];
  footerText: string;
};

/** The default layout: skip link, header, the page, footer. */
export function PageShell({ chrome, children }: { chrome: Chrome; children: ReactNode }) {
  useFocusHeadingOnNavigation('main');
  return (
    <div className="flex min-h-screen flex-col overflow-x-clip">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:text-ink"
      >
        {ui.skipToContent}
      </a>
      <SiteHeader
        shop={chrome.shop}
        logo={chrome.logo.main}
        mainMenu={chrome.menus.main}
        sideMenu={chrome.menus.side}
      />
      <main id="main" tabIndex={-1} className="flex-1 focus:shadow-none focus:outline-none">
        {children}
      </main>
      <SiteFooter
        shop={chrome.shop}
        year={chrome.year}
        logo={chrome.logo.footer}
        menu={chrome.menus.footer}
        social={chrome.social}
        text={chrome.footerText}
      />
    </div>
  );
}
