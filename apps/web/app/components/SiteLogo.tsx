import { Link } from './Link.tsx';

type Props = { shop: string; src: string };

/** Header logo: a link home whose name is the shop's (the image's alt; the word mark is decoration). */
export function SiteLogo({ shop, src }: Props) {
  return (
    <Link to="/" className="flex min-w-0 items-center gap-3 rounded-md text-white">
      <img
        src={src}
        alt={shop}
        width={56}
        height={56}
        decoding="async"
        // Small, and React would otherwise preload it ahead of the page's large image.
        fetchPriority="low"
        className="h-12 w-12 shrink-0 object-contain sm:h-14 sm:w-14"
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
