import { listedProductFields, type Product } from '@club/contract';

/**
 * The product's listed details (packages/contract/src/product-field-list.ts) under their labels; the
 * API leaves empty ones out, and with none there is nothing to render.
 */
export const ProductDetails = ({ product, className = '' }: { product: Product; className?: string }) => {
  const shown = listedProductFields.flatMap((f) => {
    const value = product[f.key as keyof Product];
    return typeof value === 'string' && value !== '' ? [{ ...f, value }] : [];
  });
  if (shown.length === 0) return null;
  return (
    <dl className={`grid gap-x-4 gap-y-2 sm:grid-cols-[max-content_1fr] ${className}`}>
      {shown.map((d) => (
        <div key={d.key} className="contents">
          <dt className="font-semibold">{d.label}</dt>
          <dd className="whitespace-pre-line break-words">{d.value}</dd>
        </div>
      ))}
    </dl>
  );
};
