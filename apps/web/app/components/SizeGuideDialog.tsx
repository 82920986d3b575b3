import type { SizeGuide } from '@club/contract';
import { useId, useRef, useState } from 'react';
import { shopUi } from '../texts/shop.ts';
import { ModalDialog } from './ModalDialog.tsx';

const t = shopUi.sizeGuide;

/**
 * "Tabela rozmiarów" beside the size selector: a dialog with the guide as a real table (first
 * column the row's heading). The table is in the server's HTML; on a phone it scrolls sideways
 * inside the dialog, which a keyboard reaches too (the scrolling box takes the focus).
 */
export function SizeGuideDialog({ guide, productName }: { guide: SizeGuide; productName: string }) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const captionId = useId();
  const productId = useId();
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        className="mt-2 inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-primary underline underline-offset-2"
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" className="shrink-0">
          <path
            d="M2 8h20v8H2zM6 8v3M10 8v4M14 8v3M18 8v4"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
        </svg>
        {t.open}
      </button>
      <ModalDialog
        open={open}
        onClose={() => setOpen(false)}
        titleId={titleId}
        describedBy={productId}
        returnFocus={buttonRef}
        width="max-w-2xl"
      >
        <h2 id={titleId} className="pr-10 text-lg font-bold text-primary sm:text-xl">
          {t.title}
        </h2>
        <p id={productId} className="mt-1 pr-10 text-muted">
          {productName}
        </p>
        <section
          aria-labelledby={captionId}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must be reachable by keyboard (WCAG 2.1.1)
          tabIndex={0}
          // `relative`: the hidden caption (absolutely placed) scrolls with the table, not past the page.
          className="relative mt-4 max-h-[70vh] overflow-auto rounded-md border border-gray-200"
        >
          <table className="w-full border-collapse text-left text-sm">
            {/* Said by screen readers; the product's name is shown above, where it wraps on a phone. */}
            <caption id={captionId} className="sr-only">
              {t.caption(productName)}
            </caption>
            <thead className="bg-gray-100">
              <tr>
                {guide.Kolumny.map((heading, c) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a column is its place
                  <th key={c} scope="col" className="px-3 py-2 font-semibold whitespace-nowrap">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {guide.Wiersze.map((row, r) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a row is its place
                <tr key={r} className="border-t border-gray-200 even:bg-gray-50">
                  {row.map((cell, c) =>
                    c === 0 ? (
                      // biome-ignore lint/suspicious/noArrayIndexKey: see above
                      <th key={c} scope="row" className="px-3 py-2 font-semibold whitespace-nowrap">
                        {cell}
                      </th>
                    ) : (
                      // biome-ignore lint/suspicious/noArrayIndexKey: see above
                      <td key={c} className="px-3 py-2 whitespace-nowrap">
                        {cell}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </ModalDialog>
    </>
  );
}
