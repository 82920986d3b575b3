import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import type { PhotoSources } from '../lib/images.ts';
import { shopUi } from '../texts/shop.ts';
import { ProductPicture } from './ProductPicture.tsx';

type Props = {
  /** Photos (600x600 JPEG, smaller and WebP variants); the placeholder alone when the product has none. */
  images: PhotoSources[];
  name: string;
};

const GAP_PX = 10;

/**
 * Spec 'Product detail page' gallery (section 9: main slider 1.25 slides per view below 640 px,
 * 1 from 640 px, spacing 10; thumbnails 4 per view). Native scroll snapping instead of a slider
 * library: swipe and scroll work without script; thumbnails are buttons (arrow keys move between
 * them too). A single image shows without thumbnails. The first image loads eagerly at high priority.
 */
export function ProductGallery({ images, name }: Props) {
  const [active, setActive] = useState(0);
  const trackRef = useRef<HTMLDivElement>(null);
  const thumbsRef = useRef<HTMLUListElement>(null);
  const n = images.length;
  const many = n > 1;

  // The main track scrolled by touch or keyboard: the thumbnail follows.
  useEffect(() => {
    const track = trackRef.current;
    if (!track || !many) return;
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const slides = Array.from(track.children) as HTMLElement[];
        const left = track.scrollLeft;
        let best = 0;
        slides.forEach((s, i) => {
          if (Math.abs(s.offsetLeft - left) < Math.abs(slides[best]!.offsetLeft - left)) best = i;
        });
        setActive(best);
      });
    };
    track.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      track.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, [many]);

  // Keep the active thumbnail in the visible part of the strip.
  useEffect(() => {
    const strip = thumbsRef.current;
    const thumb = strip?.children[active] as HTMLElement | undefined;
    if (!strip || !thumb) return;
    const start = thumb.offsetLeft;
    if (start < strip.scrollLeft || start + thumb.offsetWidth > strip.scrollLeft + strip.clientWidth) {
      strip.scrollTo({ left: start, behavior: 'smooth' });
    }
  }, [active]);

  const show = (i: number) => {
    setActive(i);
    const track = trackRef.current;
    const slide = track?.children[i] as HTMLElement | undefined;
    if (track && slide) track.scrollTo({ left: slide.offsetLeft, behavior: 'smooth' });
  };

  const onThumbKey = (e: KeyboardEvent<HTMLButtonElement>, i: number) => {
    const next =
      e.key === 'ArrowRight'
        ? (i + 1) % n
        : e.key === 'ArrowLeft'
          ? (i - 1 + n) % n
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? n - 1
              : -1;
    if (next < 0) return;
    e.preventDefault();
    show(next);
    (thumbsRef.current?.children[next]?.querySelector('button') as HTMLButtonElement | null)?.focus();
  };

  return (
    <div className="min-w-0">
      <div
        ref={trackRef}
        className={`relative flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain rounded-lg [scrollbar-width:none] ${many ? '' : 'justify-center'}`}
        style={{ gap: GAP_PX }}
        {...(many && { role: 'region', 'aria-label': shopUi.gallery, tabIndex: 0 })}
      >
        {images.map((photo, i) => (
          <div
            key={photo.src}
            className={`shrink-0 snap-start ${many ? 'basis-[80%] sm:basis-full' : 'basis-full'}`}
          >
            <ProductPicture
              photo={photo}
              sizes="(min-width: 1280px) 600px, (min-width: 768px) 50vw, 100vw"
              alt={shopUi.photoAlt(name, i + 1, n)}
              loading={i === 0 ? 'eager' : 'lazy'}
              // The next photos peek in on a phone: not before the first one has painted.
              fetchPriority={i === 0 ? 'high' : 'low'}
              decoding={i === 0 ? 'sync' : 'async'}
              className="aspect-square h-auto w-full rounded-lg border border-gray-200 bg-gray-50 object-cover"
            />
          </div>
        ))}
      </div>
      {many && (
        <ul
          ref={thumbsRef}
          className="relative mt-3 flex snap-x overflow-x-auto pb-1 [scrollbar-width:thin]"
          style={{ gap: GAP_PX }}
        >
          {images.map((photo, i) => (
            <li
              key={photo.src}
              className="shrink-0 snap-start p-1"
              style={{ flexBasis: `calc((100% - ${3 * GAP_PX}px) / 4)` }}
            >
              <button
                type="button"
                onClick={() => show(i)}
                onKeyDown={(e) => onThumbKey(e, i)}
                aria-label={shopUi.showPhoto(i + 1, n)}
                aria-current={i === active ? 'true' : undefined}
                className={`block w-full overflow-hidden rounded-md border-2 ${i === active ? 'border-primary' : 'border-transparent opacity-80 hover:opacity-100'}`}
              >
                <ProductPicture
                  photo={photo}
                  sizes="(min-width: 768px) 150px, 25vw"
                  alt=""
                  loading="lazy"
                  fetchPriority="low"
                  decoding="async"
                  className="aspect-square h-auto w-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
