import type { MenuItem } from '@club/contract';
import { menuLinkTarget } from '../lib/menu-links.ts';
import { ui } from '../texts.ts';
import { ExternalIcon } from './ChromeIcons.tsx';
import { NavLink } from './Link.tsx';

type Props = { item: Pick<MenuItem, 'Tytul' | 'Url' | 'OtworzWNowymOknie'>; className?: string };

/**
 * One CMS menu link (spec 2 'Header'): internal paths through the router (with aria-current on
 * the current page), external addresses as plain anchors, new-window items with target=_blank
 * and a spoken hint. An empty or unsafe address renders as text.
 */
export function MenuLink({ item, className = '' }: Props) {
  const target = menuLinkTarget(item);
  if (target.kind === 'none') return <span className={className}>{item.Tytul}</span>;
  if (target.newWindow) {
    return (
      <a
        href={target.kind === 'internal' ? target.to : target.href}
        target="_blank"
        rel="noopener noreferrer"
        className={className}
      >
        {item.Tytul}
        <span className="sr-only"> {ui.chrome.newWindow}</span>
        <ExternalIcon className="ml-1 inline-block shrink-0 align-[-2px] opacity-80" />
      </a>
    );
  }
  if (target.kind === 'external') {
    return (
      <a href={target.href} className={className}>
        {item.Tytul}
      </a>
    );
  }
  return (
    <NavLink to={target.to} className={className} end={target.to === '/'}>
      {item.Tytul}
    </NavLink>
  );
}
