import type { ReactNode } from 'react';
import { Form, Link } from 'react-router';
import { ui } from '../texts.ts';

/** Whole Tailwind classes per number of columns (so the build finds them). */
const GRID = {
  2: { form: 'sm:grid-cols-2', actions: 'sm:col-span-2' },
  3: { form: 'sm:grid-cols-2 lg:grid-cols-3', actions: 'sm:col-span-2 lg:col-span-3' },
  5: { form: 'sm:grid sm:grid-cols-2 lg:grid-cols-5', actions: 'sm:col-span-2 lg:col-span-5' },
} as const;

/**
 * A list's filters as a GET form: they go to the address and the loader reads them there (a
 * filtered list can be bookmarked, the back button works). Apply and reset come last, then `actions`.
 */
export const FilterForm = ({
  id,
  label,
  columns,
  display = 'grid',
  resetTo,
  texts = ui.list,
  actions,
  children,
}: {
  id?: string;
  label: string;
  columns: keyof typeof GRID;
  /** 'hidden' folds the form away on a phone (from `sm` on it is always shown). */
  display?: 'grid' | 'hidden';
  resetTo: string;
  texts?: { apply: string; reset: string };
  actions?: ReactNode;
  children: ReactNode;
}) => (
  <Form
    id={id}
    method="get"
    role="search"
    aria-label={label}
    className={`card ${display} gap-4 ${GRID[columns].form}`}
  >
    {children}
    <FilterActions
      className={`flex flex-wrap items-end gap-3 ${GRID[columns].actions}`}
      resetTo={resetTo}
      apply={texts.apply}
      reset={texts.reset}
    >
      {actions}
    </FilterActions>
  </Form>
);

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

/** A filter form's search box, with its hint under it. */
export const SearchField = ({
  id,
  label,
  value,
  hint,
  className,
}: {
  id: string;
  label: string;
  value?: string;
  hint?: string;
  className?: string;
}) => (
  <div className={className}>
    <label htmlFor={id} className="mb-1 block font-semibold">
      {label}
    </label>
    <input
      id={id}
      name="q"
      type="search"
      defaultValue={value ?? ''}
      className="field"
      aria-describedby={hint ? `${id}-hint` : undefined}
    />
    {hint && (
      <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
        {hint}
      </p>
    )}
  </div>
);

/** A filter form's choice; `all` is the first option, the empty value (no filter). */
export const SelectField = ({
  id,
  name,
  label,
  value,
  all,
  options,
}: {
  id: string;
  name: string;
  label: string;
  value?: string;
  all?: string;
  options: readonly (readonly [string | number, string | undefined])[];
}) => (
  <div>
    <label htmlFor={id} className="mb-1 block font-semibold">
      {label}
    </label>
    <select id={id} name={name} defaultValue={value ?? ''} className="field">
      {all !== undefined && <option value="">{all}</option>}
      {options.map(([v, text]) => (
        <option key={v} value={v}>
          {text}
        </option>
      ))}
    </select>
  </div>
);
