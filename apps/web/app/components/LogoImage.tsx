import type { ImgHTMLAttributes } from 'react';
import type { LogoSources } from '../lib/logo.ts';

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'alt'> & {
  logo: LogoSources;
  /** The shop's name in the header; '' beside the name in the footer. */
  alt: string;
};

/**
 * The club's logo as pages show it: its small WebP copy (an upload may be up to 800 x 400 px,
 * shown at 72 px at most), the logo itself for a browser without WebP.
 */
export function LogoImage({ logo, alt, className, ...img }: Props) {
  return (
    <picture className="shrink-0">
      <source type="image/webp" srcSet={logo.shown} />
      <img src={logo.src} alt={alt} className={className} {...img} />
    </picture>
  );
}
