import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { type Column, DataTable } from './DataTable.tsx';
import { Pager } from './Pager.tsx';
import { PageTitle } from './PageTitle.tsx';

/**
 * A list screen's frame: the title (with an "add" link when there is one), what comes before the
 * list (filters, notices, the list's heading), the list or the empty text, the pager, then `after`
 * (a dialog).
 */
export const ListScreen = ({
  title,
  documentTitle = title,
  add,
  top,
  empty,
  count,
  page,
  after,
  children,
}: {
  title: string;
  /** The browser tab's title, when it says more than the heading. */
  documentTitle?: string;
  add?: { to: string; label: string };
  top: ReactNode;
  /** Shown instead of the list when it has no rows. */
  empty: string;
  /** The rows on this page. */
  count: number;
  page: { offset: number; count: number; total: number };
  after?: ReactNode;
  children: ReactNode;
}) => {
  const heading = <PageTitle title={documentTitle}>{title}</PageTitle>;
  return (
    <div className="space-y-5">
      {add ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          {heading}
          <Link to={add.to} className="btn-primary">
            {add.label}
          </Link>
        </div>
      ) : (
        heading
      )}
      {top}
      {count === 0 ? <p className="card">{empty}</p> : children}
      <Pager {...page} />
      {after}
    </div>
  );
};

/**
 * On a phone each row is a card (`card` draws its inside), from a tablet up a table row (`row`
 * draws its cells).
 */
export const CardsOrTable = <T,>({
  label,
  columns,
  minWidth,
  rows,
  rowKey,
  card,
  row,
}: {
  label: string;
  columns: Column[];
  minWidth: string;
  rows: T[];
  rowKey: (row: T) => string | number;
  card: (row: T) => ReactNode;
  row: (row: T) => ReactNode;
}) => (
  <>
    <ul className="space-y-3 sm:hidden">
      {rows.map((r) => (
        <li key={rowKey(r)} className="card">
          {card(r)}
        </li>
      ))}
    </ul>
    <div className="hidden sm:block">
      <DataTable label={label} minWidth={minWidth} columns={columns}>
        {rows.map((r) => (
          <tr key={rowKey(r)}>{row(r)}</tr>
        ))}
      </DataTable>
    </div>
  </>
);
