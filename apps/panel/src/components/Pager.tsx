import { Link, useLocation } from 'react-router';
import { ui } from '../texts.ts';

/** Previous/next links over a `{ Items, Total }` list; the page lives in the address (`offset`). */
export const Pager = ({ offset, count, total }: { offset: number; count: number; total: number }) => {
  const location = useLocation();
  const to = (o: number) => {
    const p = new URLSearchParams(location.search);
    if (o > 0) p.set('offset', String(o));
    else p.delete('offset');
    const q = p.toString();
    return q ? `${location.pathname}?${q}` : location.pathname;
  };
  const from = total === 0 ? 0 : offset + 1;
  const until = Math.min(offset + count, total);
  return (
    <nav aria-label={ui.list.paging} className="flex flex-wrap items-center justify-between gap-3">
      <p aria-live="polite">{ui.list.range(from, until, total)}</p>
      <div className="flex gap-2">
        {offset > 0 && (
          <Link to={to(Math.max(0, offset - count))} className="btn-secondary">
            {ui.list.previous}
          </Link>
        )}
        {offset + count < total && (
          <Link to={to(offset + count)} className="btn-secondary">
            {ui.list.next}
          </Link>
        )}
      </div>
    </nav>
  );
};

/** A wide table scrolls sideways on a phone; the region is focusable so a keyboard can scroll it. */
export const TableScroll = ({ label, children }: { label: string; children: React.ReactNode }) => (
  <section
    aria-label={label}
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
    tabIndex={0}
    className="overflow-x-auto rounded-lg border border-gray-200 bg-white"
  >
    {children}
  </section>
);
