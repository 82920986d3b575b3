import { options } from 'preact';

/**
 * The page's scripts (React Router's ~100 kB of modules, which only hydrate a page that is readable
 * without them) start once the first screen's images are in and painted, or at the shopper's first
 * touch or key, whichever comes first (decision 91), and at low priority (decision 87). Fetched alongside, they shared a phone's bandwidth with
 * those images; Lighthouse's simulation counted them before the largest paint (LCP 1.6-2.4 s with
 * them at low priority, decision 87). Server only: the browser hydrates the same elements.
 *
 * React Router writes `<link rel="modulepreload">`s and an inline module script importing the
 * route modules. The links go out without `rel` (so nothing is fetched) and the module script as
 * a classic script that holds its source and inserts it, with its own nonce, when the time comes.
 */
/**
 * Runs in the browser as written (plain ES2017, nothing from outside: it is sent as its source).
 * `source` is React Router's module script; `nonce` comes from this script's own element.
 */
function boot(source: string) {
  const nonce = (document.currentScript as HTMLScriptElement).nonce;
  const inputs = ['pointerdown', 'keydown', 'touchstart'];
  let started = false;
  let painted: PerformanceObserver | undefined;
  const start = () => {
    if (started) return;
    started = true;
    painted?.disconnect();
    for (const k of inputs) removeEventListener(k, start, true);
    for (const link of document.querySelectorAll<HTMLLinkElement>('link[data-modulepreload]'))
      link.rel = 'modulepreload';
    const script = document.createElement('script');
    script.type = 'module';
    script.nonce = nonce;
    script.textContent = source;
    document.body.appendChild(script);
  };
  // After the frame that shows the images (requests that end before the largest paint count
  // against it in Lighthouse's simulation): the next largest-paint entry, or else the frame after
  // the next. Under a paused clock (tests) there are no frames or timers, but paint entries.
  // `buffered`: a paint that happened before this script ran counts.
  const afterPaint = (buffered: boolean) => {
    requestAnimationFrame(() => setTimeout(start, 0));
    try {
      painted = new PerformanceObserver(start);
      painted.observe({ type: 'largest-contentful-paint', buffered });
    } catch {}
  };
  const waiting = Array.prototype.filter.call(
    document.images,
    (img: HTMLImageElement) => img.loading !== 'lazy' && !img.complete,
  ) as HTMLImageElement[];
  let left = waiting.length;
  const one = () => {
    if (--left === 0) afterPaint(false);
  };
  if (left === 0) afterPaint(true);
  for (const img of waiting) {
    img.addEventListener('load', one);
    img.addEventListener('error', one);
  }
  for (const k of inputs) addEventListener(k, start, { capture: true, passive: true });
  // A button tapped before the page has hydrated has no handler yet: its clicks are kept and
  // clicked again once it has (`replayEarlyClicks`, root.tsx). Links and forms work without script.
  const early: HTMLButtonElement[] = [];
  const keep = (e: Event) => {
    const button = (e.target as Element | null)?.closest?.('button');
    if (button && button.type === 'button') early.push(button);
  };
  addEventListener('click', keep, true);
  (window as unknown as Record<string, unknown>).__replayEarlyClicks = () => {
    removeEventListener('click', keep, true);
    for (const button of early.splice(0)) if (button.isConnected && !button.disabled) button.click();
  };
  // A background tab paints no frames; a stalled image must not keep the page unhydrated.
  setTimeout(start, 4000);
}

/** The inline script that starts React Router's module script `source` when the time comes. */
export const bootScript = (source: string) =>
  `(${boot.toString()})(${JSON.stringify(source).replace(/</g, '\\u003c')})`;

const previousVnode = options.vnode;
options.vnode = (vnode) => {
  const props = vnode.props as Record<string, unknown>;
  // A link never needs the nonce (script-src allows 'self'), and every nonce is one more place a
  // cached page is cut at for each response's own (page-cache.ts).
  if (vnode.type === 'link') props.nonce = undefined;
  if (vnode.type === 'link' && props.rel === 'modulepreload') {
    props.rel = undefined;
    props['data-modulepreload'] = '';
    props.fetchpriority = 'low';
  } else if (vnode.type === 'script' && props.type === 'module') {
    const html = props.dangerouslySetInnerHTML as { __html: string } | undefined;
    if (html) {
      props.type = undefined;
      props.async = undefined;
      props.dangerouslySetInnerHTML = { __html: bootScript(html.__html) };
    }
  }
  previousVnode?.(vnode);
};
