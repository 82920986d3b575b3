import type { ImgHTMLAttributes } from 'react';
import { type PhotoSources, PRODUCT_PHOTO_SIZE } from '../lib/images.ts';

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'width' | 'height'> & {
  photo: PhotoSources;
  /** How wide the image is shown, for the browser to pick a size (`sizes`). */
  sizes: string;
};

/**
 * A product photo as `<picture>`: WebP in every size for browsers that take it, the spec's
 * 600x600 JPEG as `src` for the others. Markup only, no script.
 */
export function ProductPicture({ photo, sizes, alt, ...img }: Props) {
  const image = (
    <img src={photo.src} alt={alt} width={PRODUCT_PHOTO_SIZE} height={PRODUCT_PHOTO_SIZE} {...img} />
  );
  if (!photo.webpSrcSet) return image;
  return (
    <picture>
      <source type="image/webp" srcSet={photo.webpSrcSet} sizes={sizes} />
      {image}
    </picture>
  );
}
