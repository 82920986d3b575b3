import { formatPrice, type ProductListItem, SEARCH_MIN_LENGTH, SEARCH_SUGGESTIONS } from '@club/contract';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { api } from '../lib/browser-api.ts';
import { searchUi } from '../texts/search.ts';
import { SearchIcon } from './ChromeIcons.tsx';

/** Typing pauses this long before suggestions are asked for. */
const DEBOUNCE_MS = 250;

/**
 * The header's search: a plain GET form to /szukaj (works without JavaScript) whose field is an
 * ARIA 1.2 combobox with product suggestions while typing. Arrows move through them, Enter opens
 * the chosen product (or submits the form when none is chosen), Escape closes the list.
 */
export function SearchBox({
  id,
  className = '',
  compact = false,
}: {
  /** Unique in the page: the field's, the list's and the options' ids start with it. */
  id: string;
  className?: string;
  compact?: boolean;
}) {
  const listId = `${id}-list`;
  const location = useLocation();
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const [items, setItems] = useState<ProductListItem[] | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const asked = useRef(0);
  // Suggestions follow typing only: the query a results page puts in the box asks for none.
  const typed = useRef(false);
  const root = useRef<HTMLFormElement>(null);

  // The results page shows its query in the box; any navigation closes the list.
  useEffect(() => {
    setOpen(false);
    setActive(-1);
    typed.current = false;
    asked.current++;
    setItems(null);
    if (location.pathname === '/szukaj') setValue(new URLSearchParams(location.search).get('q') ?? '');
  }, [location.pathname, location.search]);

  const q = value.trim();
  useEffect(() => {
    const ticket = ++asked.current;
    if (!typed.current || q.length < SEARCH_MIN_LENGTH) {
      setItems(null);
      return;
    }
    const timer = setTimeout(() => {
      api
        .call('searchProducts', { query: { q, count: String(SEARCH_SUGGESTIONS) } })
        // An answer to an older query (typing went on) is dropped.
        .then((r) => {
          if (ticket !== asked.current) return;
          setItems(r.Produkty);
          setActive(-1);
        })
        .catch(() => {
          if (ticket === asked.current) setItems(null);
        });
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [q]);

  const shown = open && items !== null && q.length >= SEARCH_MIN_LENGTH;
  const optionId = (i: number) => `${id}-opt-${i}`;
  const go = (p: ProductListItem) => {
    setOpen(false);
    navigate(`/produkt/${p.Id}`);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const n = items?.length ?? 0;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!n) return;
      e.preventDefault();
      if (!shown) setOpen(true);
      const step = e.key === 'ArrowDown' ? 1 : -1;
      // -1 is the field itself: past the last option (or above the first) the choice goes back there.
      setActive((a) => {
        if (!shown) return step > 0 ? 0 : n - 1;
        const next = a + step;
        return next >= n ? -1 : next < -1 ? n - 1 : next;
      });
    } else if (e.key === 'Escape') {
      if (shown) {
        e.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (value) {
        e.preventDefault();
        setValue('');
      }
    } else if (e.key === 'Enter' && shown && active >= 0 && items?.[active]) {
      e.preventDefault();
      go(items[active]);
    }
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is too new for some readers still in use; the role says the same.
    <form
      ref={root}
      role="search"
      action="/szukaj"
      method="get"
      className={`relative ${className}`}
      onBlur={(e) => {
        if (!root.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <label htmlFor={`${id}-q`} className="sr-only">
        {searchUi.label}
      </label>
      <div
        className={`flex ${compact ? 'h-8' : 'h-10'} items-stretch overflow-hidden rounded-md bg-white text-gray-900 ring-1 ring-on-primary/40 focus-within:ring-2 focus-within:ring-accent`}
      >
        <input
          id={`${id}-q`}
          // A text box, not type=search: HTML allows the combobox role only on text-like inputs.
          type="text"
          inputMode="search"
          name="q"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={shown}
          aria-controls={listId}
          aria-activedescendant={shown && active >= 0 ? optionId(active) : undefined}
          autoComplete="off"
          enterKeyHint="search"
          required
          minLength={SEARCH_MIN_LENGTH}
          maxLength={100}
          placeholder={searchUi.placeholder}
          value={value}
          onChange={(e) => {
            typed.current = true;
            setValue(e.currentTarget.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onKeyDown={onKeyDown}
          className={`min-w-0 flex-1 bg-transparent px-3 outline-none placeholder:text-gray-600 ${compact ? 'text-sm' : 'text-base'}`}
        />
        <button
          type="submit"
          aria-label={searchUi.submit}
          className={`flex ${compact ? 'w-9' : 'w-11'} shrink-0 items-center justify-center bg-accent text-on-accent hover:bg-accent-dark`}
        >
          <SearchIcon />
        </button>
      </div>
      <div
        id={listId}
        role="listbox"
        aria-label={searchUi.suggestions}
        hidden={!shown || !items?.length}
        className="absolute inset-x-0 top-full z-40 mt-1 overflow-hidden rounded-md border border-gray-200 bg-white py-1 text-gray-900 shadow-lg"
      >
        {items?.map((p, i) => (
          // biome-ignore lint/a11y/useFocusableInteractive lint/a11y/useKeyWithClickEvents: options are chosen with the field's arrow keys (aria-activedescendant), focus stays in the field.
          <div
            key={p.Id}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            // mousedown would blur the field first and close the list before the click lands.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => go(p)}
            onMouseMove={() => setActive(i)}
            className="flex cursor-pointer items-baseline justify-between gap-3 px-3 py-2 aria-selected:bg-gray-100"
          >
            <span className="min-w-0 truncate">{p.Nazwa}</span>
            <span className="shrink-0 text-sm text-gray-700">{formatPrice(p.CenaBrutto)}</span>
          </div>
        ))}
      </div>
      <p className="sr-only" aria-live="polite">
        {shown ? searchUi.suggestionsCount(items?.length ?? 0) : ''}
      </p>
    </form>
  );
}
