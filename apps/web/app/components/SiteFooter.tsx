import type { MenuItem, SocialLink } from '@club/contract';
import type { LogoSources } from '../lib/logo.ts';
import { ui } from '../texts.ts';
import { Link } from './Link.tsx';
import { LogoImage } from './LogoImage.tsx';
import { MenuLink } from './MenuLink.tsx';
import { SocialIcons } from './SocialIcons.tsx';

export type FooterProps = {
  shop: string;
  year: number;
  logo: LogoSources;
  menu: MenuItem[];
  social: SocialLink[];
  /** Tresc of the 'tekst-stopka' sub-page, sanitised by the API; empty when there is none. */
  text: string;
};

const footerText =
  'max-w-prose text-sm leading-relaxed text-on-primary [&_a]:font-semibold [&_a]:text-on-primary [&_a]:underline ' +
  '[&_a:hover]:text-highlight [&_p]:my-2 [&_ul]:my-2 [&_ul]:list-disc [&_ul]:pl-5 [&>:first-child]:mt-0';

const footerLink =
  'inline-flex min-h-9 items-center text-on-primary hover:text-highlight hover:underline aria-[current=page]:text-highlight';

/** Menu 30 with its sub-items (`Podrzedne`) as nested lists, indented under their parent. */
function FooterMenuList({ items, nested = false }: { items: MenuItem[]; nested?: boolean }) {
  return (
    <ul className={nested ? 'ml-4 grid gap-1 border-l border-on-primary/20 pl-3 text-sm' : 'grid gap-1'}>
      {items.map((item) => (
        <li key={item.Id}>
          <MenuLink item={item} className={footerLink} />
          {item.Podrzedne.length > 0 && <FooterMenuList items={item.Podrzedne} nested />}
        </li>
      ))}
    </ul>
  );
}

/**
 * Spec 2 'Footer': logo, social icons, menu 30 (with its sub-items), copyright with the year, the 'tekst-stopka' text,
 * the privacy link and a credit line.
 */
export function SiteFooter({ shop, year, logo, menu, social, text }: FooterProps) {
  // Fixed ids, as the header's are (SiteHeader): the footer is on every page once.
  const menuHeading = 'footer-menu-heading';
  const socialHeading = 'footer-social-heading';
  return (
    <footer className="on-dark mt-16 bg-primary-dark text-on-primary">
      <div className="h-1 bg-accent" aria-hidden="true" />
      <div className="container-page grid gap-10 py-12 md:grid-cols-[2fr_1fr_1fr]">
        <div className="grid content-start gap-4">
          <div className="flex items-center gap-4">
            <LogoImage
              logo={logo}
              alt=""
              width={72}
              height={72}
              loading="lazy"
              decoding="async"
              className="h-18 w-18 object-contain"
            />
            <p className="text-xl font-extrabold uppercase tracking-wide">{shop}</p>
          </div>
          {text && (
            <div
              className={footerText}
              data-testid="footer-text"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised CMS HTML (DESIGN.md 'Storefront').
              dangerouslySetInnerHTML={{ __html: text }}
            />
          )}
        </div>
        {menu.length > 0 && (
          <nav aria-labelledby={menuHeading}>
            <h2 id={menuHeading} className="mb-3 text-sm font-bold uppercase tracking-wider text-highlight">
              {ui.chrome.footerNav}
            </h2>
            <FooterMenuList items={menu} />
          </nav>
        )}
        {social.length > 0 && (
          <section aria-labelledby={socialHeading}>
            <h2 id={socialHeading} className="mb-3 text-sm font-bold uppercase tracking-wider text-highlight">
              {ui.chrome.followUs}
            </h2>
            <SocialIcons links={social} />
          </section>
        )}
      </div>
      <div className="border-t border-on-primary/15">
        <div className="container-page flex flex-col gap-3 py-5 text-sm text-on-primary md:flex-row md:items-center md:justify-between">
          <p>{ui.copyright(year, shop)}</p>
          <Link
            to="/polityka-prywatnosci"
            className="font-semibold text-on-primary underline-offset-4 hover:underline"
          >
            {ui.chrome.privacy}
          </Link>
          <Link
            to="/karta-podarunkowa"
            className="font-semibold text-on-primary underline-offset-4 hover:underline"
          >
            {ui.chrome.giftCardBalance}
          </Link>
          <p>{ui.chrome.credit}</p>
        </div>
      </div>
    </footer>
  );
}
