import { useId, useRef, useState } from 'react';
import { api } from '../lib/browser-api.ts';
import { buildCategoryTree, type CategoryNode, categoryPath } from '../lib/category-tree.ts';
import { shopUi } from '../texts/shop.ts';
import { ui } from '../texts.ts';
import { Link } from './Link.tsx';

type Props = { tree: CategoryNode[]; currentId: number | null };

const linkClass =
  'flex min-w-0 flex-1 items-baseline justify-between gap-2 rounded px-2 py-1.5 hover:bg-primary-light ' +
  'aria-[current=page]:bg-primary aria-[current=page]:font-semibold aria-[current=page]:text-on-primary';

function Chevron({ open }: { open: boolean }) {
  return (
    <svg
      viewBox="0 0 20 20"
      width="16"
      height="16"
      aria-hidden="true"
      className={`transition-transform ${open ? 'rotate-90' : ''}`}
    >
      <path d="M7 4l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

function Branch({
  node,
  currentId,
  expanded,
  toggle,
}: {
  node: CategoryNode;
  currentId: number | null;
  expanded: Set<number>;
  toggle(id: number, needsChildren: boolean): void;
}) {
  const subId = useId();
  const open = expanded.has(node.id);
  const hasChildren = node.children.length > 0 || (node.more ?? 0) > 0;
  // A branch of a big tree that came without its subcategories: they are on their way.
  const waiting = open && node.children.length === 0;
  return (
    <li>
      <div className="flex items-center gap-1">
        <Link
          to={`/produkty/${node.id}`}
          aria-current={node.id === currentId ? 'page' : undefined}
          className={linkClass}
        >
          <span className="min-w-0 break-words">{node.name}</span>
          <span className="shrink-0 text-sm tabular-nums">({node.count})</span>
        </Link>
        {hasChildren ? (
          <button
            type="button"
            aria-expanded={open}
            aria-controls={subId}
            aria-label={shopUi.subcategories(node.name)}
            onClick={() => toggle(node.id, node.children.length === 0)}
            className="grid size-8 shrink-0 place-items-center rounded text-primary hover:bg-primary-light"
          >
            <Chevron open={open} />
          </button>
        ) : (
          <span aria-hidden="true" className="size-8 shrink-0" />
        )}
      </div>
      {hasChildren && (
        <ul
          id={subId}
          hidden={!open}
          aria-busy={waiting || undefined}
          className="ml-3 mt-1 space-y-1 border-l border-gray-200 pl-2"
        >
          {waiting && (
            <li role="status" className="px-2 py-1.5 text-sm text-muted">
              {ui.loading}
            </li>
          )}
          {node.children.map((child) => (
            <Branch key={child.id} node={child} currentId={currentId} expanded={expanded} toggle={toggle} />
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * Spec 'Product list': the category tree with counts (non-empty categories only), parents
 * collapsible, 'Pokaż wszystko'. The branch of the current category starts expanded. Below the
 * lg breakpoint the tree folds into a disclosure above the products.
 */
export function CategoryTree({ tree: pageTree, currentId }: Props) {
  const panelId = useId();
  const headingId = useId();
  // The whole tree, fetched the first time a branch the page left out is opened.
  const [fullTree, setFullTree] = useState<CategoryNode[] | null>(null);
  const loading = useRef(false);
  const tree = fullTree ?? pageTree;
  const loadFullTree = () => {
    if (fullTree || loading.current) return;
    loading.current = true;
    Promise.all([api.call('getCategories'), api.call('getCategoryCounts')])
      .then(([categories, counts]) => setFullTree(buildCategoryTree(categories, counts)))
      .catch(() => {
        loading.current = false;
      });
  };
  const [expanded, setExpanded] = useState(() => new Set(categoryPath(tree, currentId)));
  const [mobileOpen, setMobileOpen] = useState(false);
  // Another category of the same page (client navigation): open its branch, fold the mobile panel.
  const [shownFor, setShownFor] = useState(currentId);
  if (shownFor !== currentId) {
    setShownFor(currentId);
    setExpanded((prev) => new Set([...prev, ...categoryPath(tree, currentId)]));
    setMobileOpen(false);
  }
  const toggle = (id: number, needsChildren: boolean) => {
    if (needsChildren) loadFullTree();
    setExpanded((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  };

  return (
    <nav aria-labelledby={headingId} className="lg:sticky lg:top-4">
      <h2 id={headingId} className="sr-only lg:not-sr-only lg:mb-3 lg:block lg:text-lg lg:font-bold">
        {shopUi.categories}
      </h2>
      <button
        type="button"
        aria-expanded={mobileOpen}
        aria-controls={panelId}
        onClick={() => setMobileOpen((o) => !o)}
        className="flex w-full items-center justify-between rounded-md border border-gray-300 bg-white px-4 py-3 font-semibold lg:hidden"
      >
        {shopUi.categories}
        <span className={mobileOpen ? '-rotate-90' : 'rotate-90'}>
          <Chevron open={false} />
        </span>
      </button>
      <div
        id={panelId}
        className={`${mobileOpen ? 'block' : 'hidden'} mt-2 rounded-md border border-gray-200 p-2 lg:mt-0 lg:block lg:border-0 lg:p-0`}
      >
        <ul className="space-y-1">
          <li>
            <Link
              to="/produkty"
              aria-current={currentId === null ? 'page' : undefined}
              className={`${linkClass} mr-9 font-medium`}
            >
              {shopUi.showAll}
            </Link>
          </li>
          {tree.map((node) => (
            <Branch key={node.id} node={node} currentId={currentId} expanded={expanded} toggle={toggle} />
          ))}
        </ul>
      </div>
    </nav>
  );
}
