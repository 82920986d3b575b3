import { SIZE_GUIDE_CELL_MAX, type SizeGuide } from '@club/contract';
import { ui } from '../../texts.ts';
import type { FieldMessages } from '../useAction.ts';

const t = ui.sizeGuide;

const invalid = (fields: FieldMessages, key: string) =>
  fields[key] ? { 'aria-invalid': true as const } : {};

/**
 * The table being edited: a heading input over each column, a cell input in each row, each input
 * labelled with its column and row; buttons remove a column or a row. Scrolls sideways on a phone.
 */
export const GuideTable = ({
  id,
  guide,
  fields,
  onHeading,
  onCell,
  onRemoveColumn,
  onRemoveRow,
}: {
  id: string;
  guide: SizeGuide;
  /** The contract's messages by path (`Kolumny.1`, `Wiersze.0.2`, `Wiersze.3`): the inputs they mark. */
  fields: FieldMessages;
  onHeading: (column: number, value: string) => void;
  onCell: (row: number, column: number, value: string) => void;
  onRemoveColumn: (column: number) => void;
  onRemoveRow: (row: number) => void;
}) => {
  const headingOf = (c: number) => guide.Kolumny[c]?.trim() || t.column(c + 1);
  return (
    // `relative`: the screen-reader-only texts inside (absolutely placed) scroll with the table
    // instead of widening the page on a phone.
    <div className="relative overflow-x-auto">
      <table className="border-separate border-spacing-1">
        <caption className="sr-only">{t.title}</caption>
        <thead>
          <tr>
            <th scope="col" className="px-1 text-left text-sm font-semibold">
              {t.rowNumber}
            </th>
            {guide.Kolumny.map((heading, c) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: columns have no identity but their place
              <th key={c} scope="col" className="align-top font-normal">
                <input
                  id={`${id}-h-${c}`}
                  aria-label={t.heading(c + 1)}
                  value={heading}
                  maxLength={SIZE_GUIDE_CELL_MAX}
                  onChange={(e) => onHeading(c, e.target.value)}
                  className="field w-36 font-semibold"
                  {...invalid(fields, `Kolumny.${c}`)}
                />
                {guide.Kolumny.length > 2 && (
                  <button
                    type="button"
                    className="btn-secondary mt-1 min-h-9 w-full px-2 py-1 text-sm"
                    onClick={() => onRemoveColumn(c)}
                  >
                    <span aria-hidden="true">✕ </span>
                    <span className="sr-only">{t.removeColumn(headingOf(c))}</span>
                    <span aria-hidden="true">{t.column(c + 1)}</span>
                  </button>
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {guide.Wiersze.map((row, r) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
            <tr key={r}>
              <th scope="row" className="px-1 text-left text-sm font-semibold">
                {r + 1}
              </th>
              {row.map((cell, c) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <td key={c}>
                  <input
                    id={`${id}-c-${r}-${c}`}
                    aria-label={t.cell(headingOf(c), r + 1)}
                    value={cell}
                    maxLength={SIZE_GUIDE_CELL_MAX}
                    onChange={(e) => onCell(r, c, e.target.value)}
                    className="field w-36"
                    {...invalid(fields, `Wiersze.${r}.${c}`)}
                    {...invalid(fields, `Wiersze.${r}`)}
                  />
                </td>
              ))}
              <td>
                {guide.Wiersze.length > 1 && (
                  <button
                    type="button"
                    className="btn-secondary min-h-9 px-2 py-1 text-sm whitespace-nowrap"
                    onClick={() => onRemoveRow(r)}
                  >
                    {t.removeRow(r + 1)}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
};
