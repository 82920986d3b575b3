import type { LogoSources } from '../lib/logo.ts';
import { Link } from './Link.tsx';
import { LogoImage } from './LogoImage.tsx';

type Props = { shop: string; logo: LogoSources };

/** Header logo: a link home whose name is the shop's (the image's alt; the word mark is decoration). */
export function SiteLogo({ shop, logo }: Props) {
  return (
    <Link to="/" className="flex min-w-0 items-center gap-3 rounded-md text-on-primary">
      <LogoImage
        logo={logo}
        alt={shop}
        width={56}
        height={56}
        decoding="async"
        // Small, and React would otherwise preload it ahead of the page's large image.
        fetchPriority="low"
        className="h-12 w-12 object-contain sm:h-14 sm:w-14"
      />
      <span
        aria-hidden="true"
        className="hidden truncate text-lg font-extrabold uppercase leading-tight tracking-wide sm:block lg:hidden xl:block"
      >
        {shop}
      </span>
    </Link>
  );
}
