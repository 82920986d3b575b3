import { type ReactNode, useId } from 'react';
import { Form, Link } from 'react-router';
import { ui } from '../texts.ts';

/** A list's search box and sort, sent to the address as a GET form (the loader reads them there). */
export const SearchForm = ({
  label,
  hint,
  q,
  sort,
  sorts,
  resetTo,
}: {
  label: string;
  hint?: string;
  q?: string;
  sort?: string;
  sorts: Record<string, string>;
  resetTo: string;
}) => {
  const id = useId();
  return (
    <Form method="get" role="search" aria-label={label} className="card grid gap-4 sm:grid-cols-2">
      <div>
        <label htmlFor={`${id}-q`} className="mb-1 block font-semibold">
          {ui.list.search}
        </label>
        <input
          id={`${id}-q`}
          name="q"
          type="search"
          defaultValue={q ?? ''}
          className="field"
          aria-describedby={hint ? `${id}-hint` : undefined}
        />
        {hint && (
          <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
            {hint}
          </p>
        )}
      </div>
      <div>
        <label htmlFor={`${id}-sort`} className="mb-1 block font-semibold">
          {ui.list.sort}
        </label>
        <select id={`${id}-sort`} name="sort" defaultValue={sort ?? Object.keys(sorts)[0]} className="field">
          {Object.entries(sorts).map(([value, name]) => (
            <option key={value} value={value}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <FilterActions className="flex flex-wrap gap-3 sm:col-span-2" resetTo={resetTo} />
    </Form>
  );
};

/** offset, q and sort (one of `sorts`) from a list's address. */
export const listParams = <S extends string>(url: string, sorts: readonly S[]) => {
  const p = new URL(url).searchParams;
  const sort = p.get('sort') ?? '';
  return {
    offset: Math.max(0, Number(p.get('offset')) || 0),
    q: p.get('q')?.trim() || undefined,
    sort: (sorts as readonly string[]).includes(sort) ? (sort as S) : undefined,
  };
};

/** A filter form's buttons: apply, and a link back to the unfiltered list; `children` add more. */
export const FilterActions = ({
  className,
  resetTo,
  apply = ui.list.apply,
  reset = ui.list.reset,
  children,
}: {
  className: string;
  resetTo: string;
  apply?: string;
  reset?: string;
  children?: ReactNode;
}) => (
  <div className={className}>
    <button type="submit" className="btn-primary">
      {apply}
    </button>
    <Link to={resetTo} className="btn-secondary">
      {reset}
    </Link>
    {children}
  </div>
);
