import { BANNER_AUTOPLAY_MS, type Banner } from '@club/contract';
import {
  type CSSProperties,
  type KeyboardEvent,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { bannerHeight, wrapIndex } from '../lib/banner.ts';
import { ui } from '../texts.ts';
import { BannerSlide } from './BannerSlide.tsx';
import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from './ChromeIcons.tsx';

type Props = { banner: Banner; alias: string };

/** The frame's size comes from CSS variables, so the server-rendered page does not shift. */
const frameStyle = (banner: Banner): CSSProperties =>
  ({
    '--banner-h': `${bannerHeight(banner.Wysokosc)}px`,
    '--banner-mobile-ratio': banner.Grafiki.some((s) => s.GrafikaMobile) ? '1 / 1' : '16 / 9',
  }) as CSSProperties;

/**
 * Spec 2 'Banner': one slide is shown as it is; more become a carousel that autoplays every
 * 8 s, loops, and has clickable bullets. WCAG: pause/play control, paused on hover and focus,
 * no autoplay with prefers-reduced-motion, arrow keys, APG carousel roles.
 */
export function BannerCarousel({ banner, alias }: Props) {
  if (banner.Grafiki.length === 1) {
    return (
      <section aria-label={ui.banner.label} className="banner-frame" style={frameStyle(banner)}>
        <BannerSlide
          slide={banner.Grafiki[0]!}
          bannerId={banner.Id}
          alias={alias}
          first
          fallbackLabel={ui.banner.label}
          height={bannerHeight(banner.Wysokosc)}
        />
      </section>
    );
  }
  return <Carousel banner={banner} alias={alias} />;
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
/** prefers-reduced-motion; false on the server and during hydration. */
const usePrefersReducedMotion = () => {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const m = window.matchMedia(REDUCED_MOTION);
    const update = () => setReduced(m.matches);
    update();
    m.addEventListener('change', update);
    return () => m.removeEventListener('change', update);
  }, []);
  return reduced;
};

const SWIPE_PX = 40;

function Carousel({ banner, alias }: Props) {
  const slides = banner.Grafiki;
  const count = slides.length;
  const height = bannerHeight(banner.Wysokosc);
  const slidesId = useId();
  const [index, setIndex] = useState(0);
  /** The visitor's choice from the pause/play button; null until they use it. */
  const [chosen, setChosen] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const playing = chosen ?? !reducedMotion;
  const running = playing && !hovered && !focused;
  const bullets = useRef<(HTMLButtonElement | null)[]>([]);
  const touchX = useRef<number | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a slide change (also by hand) restarts the 8 s wait.
  useEffect(() => {
    if (!running) return;
    const t = window.setTimeout(() => setIndex((i) => wrapIndex(i + 1, count)), BANNER_AUTOPLAY_MS);
    return () => window.clearTimeout(t);
  }, [running, index, count]);

  const go = useCallback((i: number) => setIndex(wrapIndex(i, count)), [count]);

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    e.preventDefault();
    const next = wrapIndex(index + (e.key === 'ArrowRight' ? 1 : -1), count);
    setIndex(next);
    // On the bullets, focus follows the current slide.
    if (bullets.current.includes(document.activeElement as HTMLButtonElement)) bullets.current[next]?.focus();
  };

  const controlBtn =
    'flex items-center justify-center rounded-full bg-white/90 text-ink shadow-md transition-colors hover:bg-accent hover:text-on-accent';

  return (
    <section
      aria-roledescription="carousel"
      aria-label={ui.banner.label}
      className="banner-frame group"
      style={frameStyle(banner)}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
      onKeyDown={onKeyDown}
      onTouchStart={(e) => {
        touchX.current = e.touches[0]?.clientX ?? null;
      }}
      onTouchEnd={(e) => {
        const start = touchX.current;
        const end = e.changedTouches[0]?.clientX;
        touchX.current = null;
        if (start === null || end === undefined || Math.abs(end - start) < SWIPE_PX) return;
        go(index + (end < start ? 1 : -1));
      }}
    >
      {/* APG: the rotation control comes first. */}
      <button
        type="button"
        onClick={() => setChosen(!playing)}
        aria-label={playing ? ui.banner.pause : ui.banner.play}
        className={`${controlBtn} absolute bottom-3 left-3 z-20 h-10 w-10`}
      >
        {playing ? <PauseIcon /> : <PlayIcon />}
      </button>

      <div id={slidesId} className="absolute inset-0" aria-live={running ? 'off' : 'polite'}>
        {slides.map((slide, i) => {
          const current = i === index;
          return (
            // biome-ignore lint/a11y/useSemanticElements: APG carousel slide (group + aria-roledescription), not a form group.
            <div
              key={slide.Id}
              role="group"
              aria-roledescription="slide"
              aria-label={ui.banner.slideGroup(i + 1, count)}
              inert={!current}
              data-current={current || undefined}
              className={`absolute inset-0 transition-opacity duration-700 ease-out motion-reduce:transition-none ${
                current ? 'z-10 opacity-100' : 'z-0 opacity-0'
              }`}
            >
              <BannerSlide
                slide={slide}
                bannerId={banner.Id}
                alias={alias}
                first={i === 0}
                fallbackLabel={ui.banner.slide(i + 1, count)}
                height={height}
              />
            </div>
          );
        })}
      </div>

      <button
        type="button"
        onClick={() => go(index - 1)}
        aria-controls={slidesId}
        aria-label={ui.banner.previous}
        className={`${controlBtn} absolute left-2 top-1/2 z-20 h-11 w-11 -translate-y-1/2 sm:left-4`}
      >
        <ChevronLeftIcon width="24" height="24" />
      </button>
      <button
        type="button"
        onClick={() => go(index + 1)}
        aria-controls={slidesId}
        aria-label={ui.banner.next}
        className={`${controlBtn} absolute right-2 top-1/2 z-20 h-11 w-11 -translate-y-1/2 sm:right-4`}
      >
        <ChevronRightIcon width="24" height="24" />
      </button>

      {/* biome-ignore lint/a11y/useSemanticElements: a group of buttons, not form fields (no fieldset). */}
      <div
        role="group"
        aria-label={ui.banner.slides}
        className="absolute bottom-3 left-1/2 z-20 flex -translate-x-1/2 items-center gap-1 rounded-full bg-black/50 px-2 py-1"
      >
        {slides.map((slide, i) => (
          <button
            key={slide.Id}
            ref={(el) => {
              bullets.current[i] = el;
            }}
            type="button"
            onClick={() => go(i)}
            aria-controls={slidesId}
            aria-label={ui.banner.slide(i + 1, count)}
            aria-current={i === index ? 'true' : undefined}
            className="flex h-7 w-7 items-center justify-center rounded-full"
          >
            <span
              aria-hidden="true"
              className={`block h-3 rounded-full transition-all motion-reduce:transition-none ${
                i === index ? 'w-6 bg-accent' : 'w-3 bg-white/80 hover:bg-white'
              }`}
            />
          </button>
        ))}
      </div>
    </section>
  );
}
