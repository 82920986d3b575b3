import type { MenuItem } from '@club/contract';
import { ui } from '../texts.ts';
import { MenuLink } from './MenuLink.tsx';

type Props = { items: MenuItem[]; variant: 'bar' | 'drawer' };

/** Menu 20 (spec 2 'Header'): a slim bar above the header on wide screens, a list in the mobile drawer. */
export function SideMenu({ items, variant }: Props) {
  if (items.length === 0) return null;
  const bar = variant === 'bar';
  return (
    <nav aria-label={ui.chrome.sideNav}>
      <ul className={bar ? 'flex flex-wrap items-center gap-x-1' : 'grid gap-1'}>
        {items.map((item) => (
          <li key={item.Id}>
            <MenuLink
              item={item}
              className={
                bar
                  ? 'inline-flex h-9 items-center rounded px-2 text-sm text-on-primary hover:bg-on-primary/10 hover:text-on-primary hover:underline aria-[current=page]:text-highlight aria-[current=page]:underline'
                  : 'flex min-h-11 items-center rounded-md px-3 text-on-primary hover:bg-on-primary/10 aria-[current=page]:text-highlight aria-[current=page]:underline'
              }
            />
          </li>
        ))}
      </ul>
    </nav>
  );
}
