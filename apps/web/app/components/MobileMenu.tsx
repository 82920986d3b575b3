import type { MenuItem } from '@club/contract';
import { ui } from '../texts.ts';
import { AccountLinks } from './AccountLinks.tsx';
import { MenuLink } from './MenuLink.tsx';
import { SideMenu } from './SideMenu.tsx';

type Props = { id: string; open: boolean; mainItems: MenuItem[]; sideItems: MenuItem[] };

const link =
  'flex min-h-11 items-center rounded-md px-3 font-semibold text-on-primary hover:bg-on-primary/10 aria-[current=page]:text-highlight aria-[current=page]:underline';
const subLink =
  'flex min-h-11 items-center rounded-md px-3 text-on-primary hover:bg-on-primary/10 aria-[current=page]:text-highlight aria-[current=page]:underline';

function NestedList({ items, depth = 0 }: { items: MenuItem[]; depth?: number }) {
  return (
    <ul className={depth === 0 ? 'grid gap-1' : 'ml-4 grid gap-1 border-l border-on-primary/20 pl-2'}>
      {items.map((item) => (
        <li key={item.Id}>
          <MenuLink item={item} className={depth === 0 ? link : subLink} />
          {item.Podrzedne.length > 0 && <NestedList items={item.Podrzedne} depth={depth + 1} />}
        </li>
      ))}
    </ul>
  );
}

/**
 * The drawer of narrow screens (spec 2 'Header': mobile menu toggle): menu 10 as a nested list,
 * menu 20 and the account links. It pushes the page down; the header closes it on navigation and Esc.
 * Its content exists only while it is open: closed, it is hidden, and every link in it is in the
 * header too, so each page was rendering and hydrating a tenth of its elements for nothing.
 */
export function MobileMenu({ id, open, mainItems, sideItems }: Props) {
  return (
    <div id={id} hidden={!open} className="border-t border-on-primary/15 bg-primary-dark lg:hidden">
      {open && (
        <div className="container-page grid gap-5 py-4">
          {mainItems.length > 0 && (
            <nav aria-label={ui.chrome.mainNav}>
              <NestedList items={mainItems} />
            </nav>
          )}
          {sideItems.length > 0 && (
            <div className="border-t border-on-primary/15 pt-4">
              <SideMenu items={sideItems} variant="drawer" />
            </div>
          )}
          <div className="border-t border-on-primary/15 pt-4">
            <AccountLinks variant="drawer" />
          </div>
        </div>
      )}
    </div>
  );
}
