import { shopUi } from '../texts/shop.ts';
import { Link } from './Link.tsx';

export type BreadcrumbItem = { label: string; to?: string };

type Props = { items: BreadcrumbItem[]; className?: string };

/** The trail with its leading 'Home' (spec: starts with 'Home' linking to /). */
export const withHome = (items: BreadcrumbItem[]): BreadcrumbItem[] => [
  { label: shopUi.breadcrumbHome, to: '/' },
  ...items,
];

/**
 * Spec 'Sub-page template' breadcrumbs: 'Home' (link to /) first, then the given items; items
 * with `to` are links, the last item is plain text marked as the current page.
 */
export function Breadcrumbs({ items, className = '' }: Props) {
  const trail = withHome(items);
  return (
    <nav aria-label={shopUi.breadcrumbs} className={`text-sm ${className}`}>
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1 text-muted">
        {trail.map((item, i) => {
          const last = i === trail.length - 1;
          return (
            <li key={item.to ?? `page:${item.label}`} className="flex min-w-0 items-center gap-2">
              {i > 0 && (
                <span aria-hidden="true" className="select-none text-gray-400">
                  /
                </span>
              )}
              {item.to && !last ? (
                <Link to={item.to} className="text-primary underline-offset-4 hover:underline">
                  {item.label}
                </Link>
              ) : (
                <span aria-current={last ? 'page' : undefined} className={last ? 'font-medium text-ink' : ''}>
                  {item.label}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
