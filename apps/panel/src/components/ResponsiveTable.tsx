import { Fragment, type ReactNode } from 'react';
import { type Column, DataTable } from './DataTable.tsx';

/** Where a cell is drawn: ids inside a cell must differ between the two (both are in the page). */
export type RowView = 'card' | 'table';

export type ResponsiveColumn<T> = Column & { cell: (row: T, view: RowView) => ReactNode };

/**
 * A table from `sm` on; below it each row is a card (the first column as its title, the others as
 * label and value), so nothing is cut off at the right edge of a phone. Only one of the two is
 * displayed, so assistive technology meets each row once.
 */
export const ResponsiveTable = <T,>({
  label,
  labelledBy,
  columns,
  rows,
  rowKey,
  minWidth,
}: {
  /** The table's scroll region's name. */
  label: string;
  /** The heading that names the list of cards (else `label` does). */
  labelledBy?: string;
  columns: ResponsiveColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  minWidth: string;
}) => {
  const [first, ...rest] = columns;
  if (!first) return null;
  return (
    <>
      <ul
        className="space-y-3 sm:hidden"
        {...(labelledBy ? { 'aria-labelledby': labelledBy } : { 'aria-label': label })}
      >
        {rows.map((row) => (
          <li key={rowKey(row)} className="card">
            <div className="font-semibold break-words">{first.cell(row, 'card')}</div>
            <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 gap-y-2">
              {rest.map((c) => (
                <Fragment key={c.label}>
                  <dt className="text-muted">{c.label}</dt>
                  <dd className="min-w-0 break-words">{c.cell(row, 'card')}</dd>
                </Fragment>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      <div className="hidden sm:block">
        <DataTable label={label} columns={columns} minWidth={minWidth}>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              <th scope="row" className="px-3 py-2 text-left font-semibold">
                {first.cell(row, 'table')}
              </th>
              {rest.map((c) => (
                <td
                  key={c.label}
                  className={c.numeric ? 'px-3 py-2 text-right whitespace-nowrap' : 'px-3 py-2'}
                >
                  {c.cell(row, 'table')}
                </td>
              ))}
            </tr>
          ))}
        </DataTable>
      </div>
    </>
  );
};
