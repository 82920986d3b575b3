import type { PhotoRef } from '@club/contract';
import { productPhotoUrl } from '../lib/images.ts';

const SIZES = {
  /** A summary's line (checkout, order history). */
  sm: { px: 56, className: 'size-14 shrink-0 rounded border border-gray-200 bg-white object-cover' },
  /** A cart line. */
  md: { px: 80, className: 'size-20 rounded-md border border-gray-200 bg-gray-50 object-cover' },
} as const;

/** A line item's product photo: decorative, since the product's name stands next to it. */
export function LinePhoto({
  alias,
  product,
  size,
}: {
  alias: string;
  product: { Id: number; Zdjecie?: PhotoRef | null };
  size: keyof typeof SIZES;
}) {
  const { px, className } = SIZES[size];
  return (
    <img
      src={productPhotoUrl(alias, product.Id, product.Zdjecie)}
      alt=""
      width={px}
      height={px}
      loading="lazy"
      decoding="async"
      className={className}
    />
  );
}

/** A value with its name for screen readers only, where a column or the layout shows what it is. */
export const Labelled = ({ label, children }: { label: string; children: string }) => (
  <>
    <span className="sr-only">{label}: </span>
    {children}
  </>
);
