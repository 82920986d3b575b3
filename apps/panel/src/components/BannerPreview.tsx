import type { Banner, BannerSlide } from '@club/contract';
import { BannerCarousel } from '@storefront/components/BannerCarousel.tsx';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { ui } from '../texts.ts';

const t = ui.banner;

/** An empty standards-mode page: the frame's own width is the "screen" its media queries see. */
const FRAME_DOC = '<!doctype html><html lang="pl"><head></head><body></body></html>';

/**
 * A page of `width` px shown scaled down to the space it has: the storefront's markup renders
 * inside an iframe, so its breakpoints (Tailwind's `sm:`, the banner's `<picture>` sources) answer
 * to that width, not to the panel's window. The panel's stylesheet (which includes the
 * storefront banner's classes) is copied in. Inert: a picture, not a second set of controls.
 */
const ScaledFrame = ({ width, title, children }: { width: number; title: string; children: ReactNode }) => {
  const box = useRef<HTMLDivElement>(null);
  const [body, setBody] = useState<HTMLElement | null>(null);
  const [scale, setScale] = useState(1);
  const [height, setHeight] = useState(0);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setScale(Math.min(1, el.clientWidth / width)));
    observer.observe(el);
    return () => observer.disconnect();
  }, [width]);

  useEffect(() => {
    if (!body) return;
    const win = body.ownerDocument.defaultView;
    if (!win) return;
    const observer = new win.ResizeObserver(() => setHeight(body.scrollHeight));
    observer.observe(body);
    return () => observer.disconnect();
  }, [body]);

  const onLoad = (frame: HTMLIFrameElement) => {
    const doc = frame.contentDocument;
    if (!doc) return;
    for (const sheet of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) {
      const copy = doc.createElement('link');
      copy.rel = 'stylesheet';
      copy.href = sheet.href;
      doc.head.append(copy);
    }
    // In development Vite injects the styles as <style> elements.
    for (const style of document.querySelectorAll('style')) doc.head.append(style.cloneNode(true));
    setBody(doc.body);
  };

  return (
    <div ref={box} className="w-full overflow-hidden" style={{ height: height * scale || undefined }}>
      <iframe
        title={title}
        srcDoc={FRAME_DOC}
        inert
        tabIndex={-1}
        onLoad={(e) => onLoad(e.currentTarget)}
        className="block origin-top-left border-0"
        style={{ width, height: height || 1, transform: `scale(${scale})` }}
      />
      {body && createPortal(children, body)}
    </div>
  );
};

export const PREVIEW_DESKTOP_WIDTH = 1280;
export const PREVIEW_PHONE_WIDTH = 390;

/**
 * The slide as the storefront's home page shows it, by the storefront's own banner component, at
 * a laptop's width and at a phone's.
 */
export const BannerPreview = ({
  slide,
  bannerId,
  height,
  alias,
}: {
  slide: BannerSlide;
  bannerId: number;
  height: number;
  alias: string;
}) => {
  const banner: Banner = { Id: bannerId, Rodzaj: 10, Wysokosc: height, Grafiki: [slide] };
  return (
    <div className="grid gap-4 xl:grid-cols-[minmax(0,3fr)_minmax(0,1fr)]">
      <figure className="min-w-0">
        <figcaption className="mb-1 text-sm font-semibold">{t.previewDesktop}</figcaption>
        <ScaledFrame width={PREVIEW_DESKTOP_WIDTH} title={t.previewDesktopFrame}>
          <BannerCarousel banner={banner} alias={alias} />
        </ScaledFrame>
      </figure>
      <figure className="min-w-0 max-w-[390px]">
        <figcaption className="mb-1 text-sm font-semibold">{t.previewPhone}</figcaption>
        <ScaledFrame width={PREVIEW_PHONE_WIDTH} title={t.previewPhoneFrame}>
          <BannerCarousel banner={banner} alias={alias} />
        </ScaledFrame>
      </figure>
    </div>
  );
};
