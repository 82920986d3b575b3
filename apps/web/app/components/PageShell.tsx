import type { ReactNode } from 'react';
import { ui } from '../texts.ts';
import { SiteFooter } from './SiteFooter.tsx';
import { SiteHeader } from './SiteHeader.tsx';

/** The default layout: skip link, header, the page, footer. */
export function PageShell({ shop, year, children }: { shop: string; year: number; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2"
      >
        {ui.skipToContent}
      </a>
      <SiteHeader shop={shop} />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <SiteFooter shop={shop} year={year} />
    </div>
  );
}
