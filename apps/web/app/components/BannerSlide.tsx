import type { BannerSlide as Slide } from '@club/contract';
import {
  BANNER_MOBILE_QUERY,
  maskOpacity,
  type Placement,
  safeColor,
  slideImages,
  textBoxStyle,
  textPlacement,
} from '../lib/banner.ts';
import { linkTarget } from '../lib/menu-links.ts';
import { ui } from '../texts.ts';

type Props = {
  slide: Slide;
  bannerId: number;
  alias: string;
  /**
   * The first slide's image is the page's largest paint: loaded eagerly with high priority. The
   * others lie under it, in the viewport, where Chrome would raise them to high priority too.
   */
  first: boolean;
  /** Used as the image's text when the slide has no text of its own. */
  fallbackLabel: string;
  /** Intrinsic size hint for the desktop image. */
  height: number;
};

const JUSTIFY: Record<Placement, string> = {
  start: 'justify-start',
  center: 'justify-center',
  end: 'justify-end',
};
const ALIGN: Record<Placement, string> = { start: 'items-start', center: 'items-center', end: 'items-end' };
const TEXT_ALIGN: Record<Placement, string> = {
  start: 'text-left',
  center: 'text-center',
  end: 'text-right',
};

/**
 * One banner slide (spec 2 'Banner'): desktop and mobile image, optional colour mask, optional
 * text box on a 3x3 grid, the whole slide linking to its Url in a new tab.
 */
export function BannerSlide({ slide, bannerId, alias, first, fallbackLabel, height }: Props) {
  const { desktop, mobile, desktopWebp, mobileWebp } = slideImages(alias, bannerId, slide);
  const title = slide.Nazwa.trim();
  const text = slide.Tresc.trim();
  const hasText = Boolean(title || text);
  const place = textPlacement(slide.PolozenieTextX, slide.PolozenieTextY);
  const box = textBoxStyle(slide.KolorText, slide.BgOpacity);
  const target = linkTarget(slide.Url);

  const content = (
    <>
      <picture>
        {/* The first source that fits wins: a phone's image before the desktop one, WebP before JPEG. */}
        {mobileWebp && <source media={BANNER_MOBILE_QUERY} type="image/webp" srcSet={mobileWebp} />}
        {mobile && <source media={BANNER_MOBILE_QUERY} srcSet={mobile} />}
        {desktopWebp && <source type="image/webp" srcSet={desktopWebp} />}
        <img
          src={desktop}
          alt={hasText ? '' : title || fallbackLabel}
          width={1920}
          height={height}
          loading={first ? 'eager' : 'lazy'}
          fetchPriority={first ? 'high' : 'low'}
          decoding={first ? 'sync' : 'async'}
          className="absolute inset-0 h-full w-full object-cover"
        />
      </picture>
      {slide.IsKolorMaski && (
        <div
          aria-hidden="true"
          className="absolute inset-0"
          style={{
            backgroundColor: safeColor(slide.KolorMaski, '#000000'),
            opacity: maskOpacity(slide.BanerGrafikaPrzezroczystoscMaski),
          }}
        />
      )}
      {hasText && (
        <div
          className={`absolute inset-0 flex px-14 pt-5 pb-16 sm:px-20 sm:pt-8 lg:px-24 ${JUSTIFY[place.x]} ${ALIGN[place.y]}`}
        >
          <div
            className={`max-w-xl rounded-lg px-5 py-4 sm:px-7 sm:py-6 ${TEXT_ALIGN[place.x]}`}
            style={{
              color: box.color,
              backgroundColor: box.background,
              textShadow: box.shadow ? '0 1px 3px rgba(0, 0, 0, 0.65)' : undefined,
            }}
          >
            {title && (
              <h2 className="text-balance text-2xl font-extrabold leading-tight sm:text-3xl lg:text-4xl">
                {title}
              </h2>
            )}
            {text && <p className="mt-2 text-base leading-snug sm:text-lg">{text}</p>}
          </div>
        </div>
      )}
    </>
  );

  if (target.kind === 'none') return <div className="absolute inset-0">{content}</div>;
  return (
    <a
      href={target.kind === 'internal' ? target.to : target.href}
      target="_blank"
      rel="noopener noreferrer"
      className="absolute inset-0 block focus-visible:outline-accent focus-visible:outline-offset-[-6px]"
    >
      {content}
      <span className="sr-only"> {ui.chrome.newWindow}</span>
    </a>
  );
}
