import type { ReactNode } from 'react';
import { TableScroll } from './Pager.tsx';

export type Column = { label: string /** Right-aligned (amounts, counts). */; numeric?: boolean };

/**
 * A list screen's table: the scroll region a phone needs, the column headings, then the rows.
 * `minWidth` is a whole Tailwind class (e.g. 'min-w-[40rem]'), so the build finds it.
 */
export const DataTable = ({
  label,
  columns,
  minWidth,
  children,
}: {
  label: string;
  columns: Column[];
  minWidth: string;
  children: ReactNode;
}) => (
  <TableScroll label={label}>
    <table className={`w-full ${minWidth} text-left`}>
      <thead className="bg-gray-100 text-sm">
        <tr>
          {columns.map((c) => (
            <th key={c.label} scope="col" className={c.numeric ? 'px-3 py-2 text-right' : 'px-3 py-2'}>
              {c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-gray-200">{children}</tbody>
    </table>
  </TableScroll>
);
