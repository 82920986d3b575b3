import type { MenuItem } from '@club/contract';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { menuLinkTarget } from '../lib/menu-links.ts';
import { ui } from '../texts.ts';
import { ChevronDownIcon } from './ChromeIcons.tsx';
import { MenuLink } from './MenuLink.tsx';

const topLink =
  'flex h-11 items-center rounded-md px-3 font-semibold text-on-primary transition-colors hover:bg-on-primary/10 ' +
  'aria-[current=page]:text-highlight aria-[current=page]:underline';
const subLink =
  'block rounded px-4 py-2 text-ink transition-colors hover:bg-primary-light hover:text-primary-dark ' +
  'aria-[current=page]:font-bold aria-[current=page]:text-primary';

/** Menu 10 on wide screens (spec 2 'Header'): a bar of links, items with Podrzedne open a dropdown. */
export function MainMenu({ items }: { items: MenuItem[] }) {
  if (items.length === 0) return null;
  return (
    <nav aria-label={ui.chrome.mainNav} className="hidden lg:block">
      <ul className="flex items-center gap-1">
        {items.map((item) =>
          item.Podrzedne.length > 0 ? (
            <Dropdown key={item.Id} item={item} />
          ) : (
            <li key={item.Id}>
              <MenuLink item={item} className={topLink} />
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}

/** Nested levels below a dropdown, as indented lists. */
function SubList({ items, nested = false }: { items: MenuItem[]; nested?: boolean }) {
  return (
    <ul className={nested ? 'ml-3 border-l border-gray-200 pl-1' : ''}>
      {items.map((sub) => (
        <li key={sub.Id}>
          <MenuLink item={sub} className={subLink} />
          {sub.Podrzedne.length > 0 && <SubList items={sub.Podrzedne} nested />}
        </li>
      ))}
    </ul>
  );
}

const HOVER_CLOSE_MS = 150;

/**
 * Disclosure navigation (WAI-ARIA APG): the item's link stays a link, a separate button with
 * aria-expanded opens the sub-menu. Opens on hover and by keyboard (Enter/Space, ArrowDown
 * focuses the first entry); Esc closes and returns focus; leaving with Tab or clicking outside closes.
 */
function Dropdown({ item }: { item: MenuItem }) {
  const [open, setOpen] = useState(false);
  // Fixed, as the header's other ids are (SiteHeader): menu items' ids are unique.
  const listId = `menu-sub-${item.Id}`;
  const rootRef = useRef<HTMLLIElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const closeTimer = useRef<number | undefined>(undefined);
  const focusFirst = useRef(false);
  const { pathname } = useLocation();
  const hasLink = menuLinkTarget(item).kind !== 'none';

  // A followed link closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation on purpose.
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    if (focusFirst.current) {
      focusFirst.current = false;
      rootRef.current?.querySelector<HTMLElement>(`[id="${listId}"] a`)?.focus();
    }
    const onPointer = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open, listId]);

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && open) {
      e.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    }
  };
  const onButtonKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      focusFirst.current = true;
      if (open) rootRef.current?.querySelector<HTMLElement>(`[id="${listId}"] a`)?.focus();
      else setOpen(true);
    }
  };

  return (
    <li
      ref={rootRef}
      className="relative"
      onMouseEnter={() => {
        window.clearTimeout(closeTimer.current);
        setOpen(true);
      }}
      onMouseLeave={() => {
        closeTimer.current = window.setTimeout(() => setOpen(false), HOVER_CLOSE_MS);
      }}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
      onKeyDown={onKeyDown}
    >
      <div className="flex items-center">
        {hasLink && <MenuLink item={item} className={`${topLink} pr-1`} />}
        <button
          ref={buttonRef}
          type="button"
          aria-expanded={open}
          aria-controls={listId}
          aria-label={hasLink ? ui.chrome.submenu(item.Tytul) : undefined}
          onClick={() => setOpen((o) => !o)}
          onKeyDown={onButtonKeyDown}
          className="flex h-11 min-w-8 items-center justify-center gap-1 rounded-md px-1.5 font-semibold text-on-primary transition-colors hover:bg-on-primary/10"
        >
          {!hasLink && item.Tytul}
          <ChevronDownIcon
            className={`transition-transform ${open ? 'rotate-180' : ''}`}
            width="18"
            height="18"
          />
        </button>
      </div>
      <div
        id={listId}
        hidden={!open}
        className="on-light absolute left-0 top-full z-50 min-w-60 rounded-lg border border-gray-200 bg-white p-2 shadow-xl"
      >
        <SubList items={item.Podrzedne} />
      </div>
    </li>
  );
}
