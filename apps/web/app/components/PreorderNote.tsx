import { type Preorder, preorderLabel, preorderShippingNote } from '@club/contract';

/** A pre-order line's label with its expected shipping date (decision 144). */
export function PreorderLabel({ preorder }: { preorder?: Preorder }) {
  if (!preorder) return null;
  return <p className="mt-1 text-sm font-semibold text-gray-900">{preorderLabel(preorder.DataWysylki)}</p>;
}

/** How an order with pre-order lines ships, said before the buyer pays; nothing without pre-orders. */
export function PreorderShippingNote({
  lines,
  className = '',
}: {
  lines: { Przedsprzedaz?: Preorder }[];
  className?: string;
}) {
  const note = preorderShippingNote(
    lines.map((l) => l.Przedsprzedaz?.DataWysylki),
    lines.some((l) => !l.Przedsprzedaz),
  );
  if (!note) return null;
  return (
    <p
      className={`rounded-md border border-gray-300 bg-white p-3 text-sm ${className}`}
      data-testid="preorder-note"
    >
      {note}
    </p>
  );
}
